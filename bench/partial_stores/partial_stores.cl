// partial_stores.cl - store patterns behind the L2 partial-store figure
// (docs/model.md, "Finite caches"); plan: bench/partial_stores/plan.sh.
// psN: each work-item rewrites 4 B at a stride of N bytes (volatile);
// psregions: 8 regions of 128-B lines, each written once per rep; fs: full
// sectors (consecutive floats) for comparison.
__kernel void ps32(volatile __global float *out, int iters) {
  size_t i = get_global_id(0); float v = (float)i;
  for (int k = 0; k < iters; ++k) { out[i * 8] = v; v += 1.0f; }
}
__kernel void ps128(volatile __global float *out, int iters) {
  size_t i = get_global_id(0); float v = (float)i;
  for (int k = 0; k < iters; ++k) { out[i * 32] = v; v += 1.0f; }
}
__kernel void ps1k(volatile __global float *out, int iters) {
  size_t i = get_global_id(0); float v = (float)i;
  for (int k = 0; k < iters; ++k) { out[i * 256] = v; v += 1.0f; }
}
__kernel void psregions(volatile __global float *out, int reps) {
  size_t i = get_global_id(0), n = get_global_size(0); float v = (float)i;
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < 8; ++k) { out[(k * n + i) * 32] = v; v += 1.0f; }
}
__kernel void fs(volatile __global float *out, int iters) {
  size_t i = get_global_id(0); float v = (float)i;
  for (int k = 0; k < iters; ++k) { out[i] = v; v += 1.0f; }
}

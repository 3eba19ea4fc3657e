// l2_store_width.cl - the L2's rate for stores that write through L1, by
// the bytes each lane stores and with or without a load of them between
// (bench/l2_store_width/plan.sh): calibrate's l2_store (cache.l2_bandwidth)
// stores a float4 per lane; the chains of store_reload store a float and
// load it back.

// Each work-item rewrites its own float, iters times (one full 128-byte
// line per wavefront store).
__kernel void rewrite_float(volatile __global float *out, int iters) {
  size_t i = get_global_id(0);
  float v = (float)i;
  for (int k = 0; k < iters; ++k) {
    out[i] = v;
    v += 1.0f;
  }
}

// The same with a float2 and a float4 (two and four lines a wavefront).
__kernel void rewrite_float2(volatile __global float2 *out, int iters) {
  size_t i = get_global_id(0);
  float2 v = (float2)((float)i);
  for (int k = 0; k < iters; ++k) {
    out[i] = v;
    v += 1.0f;
  }
}

__kernel void rewrite_float4(volatile __global float4 *out, int iters) {
  size_t i = get_global_id(0);
  float4 v = (float4)((float)i);
  for (int k = 0; k < iters; ++k) {
    out[i] = v;
    v += 1.0f;
  }
}

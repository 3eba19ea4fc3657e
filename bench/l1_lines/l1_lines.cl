// l1_lines.cl - L1 throughput in cache lines per warp load: each work-item
// reads a 16 KiB window (resident in L1; 64 MiB in all) at a lane stride of S floats, so a
// 32-wide warp's load touches 1 (S=1), 8 (S=8), 16 (S=16) or 32 (S=32)
// distinct 128-B lines; plan: bench/l1_lines/plan.sh.
__kernel void l1_lines(__global const float *in, __global float *out,
                       int stride, int iters) {
  uint lane = get_local_id(0);
  uint base = get_group_id(0) * 4096u;   // this group's 16 KiB window
  float acc = 0.0f;
  for (int k = 0; k < iters; ++k)
    acc += in[base + ((lane * (uint)stride + (uint)k * 32u) & 4095u)];
  out[get_global_id(0)] = acc;
}

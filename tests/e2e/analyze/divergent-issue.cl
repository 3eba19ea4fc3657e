// A wavefront whose work-items go both ways at a branch on the id issues
// both sides. Both kernels run the 64 multiply-adds in half of their
// work-items (32 fp32 lane-ops per item on average). In `alternate`, with
// 8 integer lane-ops outside the branch (40 per item), every wavefront has
// items on both sides, so it issues 8 + 64 = 72 per item: 72 / 40 = 1.8
// times what the items run. In `halves` (6 integer lane-ops, 38 per item)
// the first 32 items of each group of 64 take the branch: wavefronts of 32
// (H100) never split; wavefronts of 64 (HD 4870) always do, and issue
// 6 + 64 = 70 per item: 70 / 38 = 1.84 times.
// RUN: clspread analyze %s --global 65536 --local 64 --profile nvidia-h100-sxm --kernel alternate | FileCheck --check-prefix=ALT %s
// RUN: clspread analyze %s --global 65536 --local 64 --profile nvidia-h100-sxm --kernel halves | FileCheck --check-prefix=W32 %s
// RUN: clspread analyze %s --global 65536 --local 64 --profile hd4870 --kernel halves | FileCheck --check-prefix=W64 %s
// A condition on the id and on data (`threshold`) is counted at the
// default 50% of work-items, and assumed to split every wavefront: each
// wavefront issues the 64 multiply-adds, 2 x the 32 per item.
// RUN: clspread analyze %s --global 65536 --local 64 --profile nvidia-h100-sxm --kernel threshold | FileCheck --check-prefix=DATA %s

__kernel void alternate(__global float *out, __global const float *in) {
  size_t i = get_global_id(0);
  float v = in[i];
  if (get_local_id(0) % 2 == 0)
    for (int k = 0; k < 64; ++k)
      v = v * 1.0001f + 0.5f;
  out[i] = v;
}

__kernel void halves(__global float *out, __global const float *in) {
  size_t i = get_global_id(0);
  float v = in[i];
  if (get_local_id(0) < 32)
    for (int k = 0; k < 64; ++k)
      v = v * 1.0001f + 0.5f;
  out[i] = v;
}

__kernel void threshold(__global float *out, __global const float *in,
                        __global const uint *lim) {
  size_t i = get_global_id(0);
  float v = in[i];
  if (get_local_id(0) > lim[0])
    for (int k = 0; k < 64; ++k)
      v = v * 1.0001f + 0.5f;
  out[i] = v;
}

// ALT: ALU lane-ops 40 (int_simple 8, fp32 32)
// ALT: divergence: branches on the work-item id split wavefronts of 32, which issue both sides: 1.8x the ALU and __local instructions the work-items run

// W32: ALU lane-ops 38 (int_simple 6, fp32 32)
// W32-NOT: divergence:

// W64: divergence: branches on the work-item id split wavefronts of 64, which issue both sides: 1.84x the ALU and __local instructions the work-items run

// 6 + 32 = 38 lane-ops per item; a wavefront issues 6 + 64 = 70: 1.84x.
// DATA: ALU lane-ops 38 (int_simple 6, fp32 32)
// DATA: divergent-issue.cl:40: branch depends on data; assumed taken by 50% of work-items
// DATA-NEXT: divergent-issue.cl:40: branch computes on the work-item id and on values not known before the run; assumed to split every wavefront that reaches it
// DATA: divergence: branches on the work-item id split wavefronts of 32, which issue both sides: 1.84x the ALU and __local instructions the work-items run

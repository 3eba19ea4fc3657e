// A wavefront whose load starts 16 bytes into a line touches two lines,
// and shares the second with the next wavefront. All wavefronts of a
// round run at about the same time, so the shared line is in flight when
// each needs it: the round waits on DRAM every time, not at the share of
// sectors DRAM serves (about 4 of each wavefront's 5).
//
// On the H200 profile (lines of 128 B), 8650752 work-items are 32 waves
// of 2048 on each of 132 compute units, and the 33 MiB of `in` and of
// `out` are past what L2 keeps between launches: 1 round x
// memory.latency 782.3 ns x 32 waves = 25.03 us (at the share of
// sectors, the model before this rule: 20.31 us).
// RUN: clspread analyze %s --global 8650752 --local 256 --profile nvidia-h200 | FileCheck %s
// CHECK: max of {{.*}} 25.03 us latency
//
// The same load starting on a line (in[i + 32]): one line a wavefront,
// every sector from DRAM, the same 25.03 us.
// RUN: sed 's/in\[i + 4\]/in[i + 32]/' %s > %t.cl
// RUN: clspread analyze %t.cl --global 8650752 --local 256 --profile nvidia-h200 | FileCheck %s

__kernel void shifted_copy(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i + 4];
}

// Three loads of one buffer in one round share their lines: each line of
// `in` is loaded by three wavefronts (i, i + 64 and i + 128 are whole
// lines apart); the first to reach it brings it from DRAM and the other
// two hit it. Each load is served by DRAM for a third of its sectors,
// and the round waits on DRAM every time (the buffer's shares add, up to
// one), not 1 - (2/3)^3 = 70% of the time (17.6 us below) as three
// independent loads would.
//
// On the H200 profile, 8650752 work-items are 32 waves of 2048 on each of
// 132 compute units, and 33 MiB of `in` and of `out` are past what L2
// keeps between launches: 1 round x memory.latency 782.3 ns x 32 waves =
// 25.03 us (as the round of one streaming load in round-slowest-load.cl).
// RUN: clspread analyze %s --global 8650752 --local 256 --profile nvidia-h200 | FileCheck %s
// CHECK: global loads 3 (12 B)
// CHECK: bytes moved (DRAM) 8 B (requested 16 B)
// CHECK: max of {{.*}} 25.03 us latency

__kernel void three_taps(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] + in[i + 64] + in[i + 128];
}

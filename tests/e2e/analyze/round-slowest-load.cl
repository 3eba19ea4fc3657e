// A round of loads waits for its slowest: each work-item loads a float it
// streams from DRAM beside one of a 1 KiB table the caches keep, in one
// round, and waits the DRAM round trip, not a share of it by bytes.
//
// On the H200 profile (cache.l2 50 MiB, 132 compute units, 2048 resident
// work-items each): 8650752 work-items are 32 waves a compute unit; `in`
// and `out` are 33 MiB each, past what L2 keeps between launches, so
// every `in` load reaches DRAM and the round does: 1 round x
// memory.latency 782.3 ns x 32 waves = 25.03 us. (By the share of bytes
// moved, 8 of the 12 B requested, it was 16.69 us.)
// RUN: clspread analyze %s --global 8650752 --local 256 --profile nvidia-h200 | FileCheck --check-prefix=COLD %s
// COLD: bytes moved (DRAM) 8 B (requested 12 B)
// COLD: max of 16.4 us DRAM bandwidth, {{.*}} 25.03 us latency
//
// 270336 work-items (one wave) move 2.1 MB, which L2 keeps between
// launches: the round is served by L2 and waits cache.l2_latency, 193.1 ns
// x 1 wave. (By the share of bytes, the 4 B stored of 12: 260.8 ns.)
// RUN: clspread analyze %s --global 270336 --local 256 --profile nvidia-h200 | FileCheck --check-prefix=WARM %s
// WARM: bytes moved (DRAM) 4 B (requested 12 B)
// WARM: max of {{.*}} 193.1 ns latency


__kernel void stream_plus_table(__global const float *in,
                                __global const float *table,
                                __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] + table[get_local_id(0)];
}

// A repeated launch whose data fits what L2 keeps between launches
// (cache.l2_warm_footprint, 34 MiB on the H100) loads from L2; DRAM moves
// only what it stores. Each work-item reads a float4 (16 B) and stores
// its sum (4 B).
//
// 524288 work-items: 8 MiB read, 2 MiB stored, 10 MiB in all (and the
// 2 MiB the runner restores, under cache.l2_warm_rewrite's 13 MiB): warm,
// so 4 B per work-item from DRAM (the stores), 20 B from L2.
// RUN: clspread analyze %s --global 524288 --local 256 --profile nvidia-h100-sxm | FileCheck --check-prefix=WARM %s
// WARM: bytes moved (DRAM) 4 B (requested 20 B)
// WARM: the launch's 10 MiB of data fit the 34 MiB a repeated launch finds in L2 (cache.l2_warm_footprint): it loads from L2, and DRAM moves only what it stores
//
// 2097152 work-items: 32 MiB read, 8 MiB stored, 40 MiB in all: past
// 34 MiB, every byte moves from DRAM: 20 B per work-item.
// RUN: clspread analyze %s --global 2097152 --local 256 --profile nvidia-h100-sxm | FileCheck --check-prefix=COLD %s
// COLD: bytes moved (DRAM) 20 B (requested 20 B)
// COLD-NOT: cache.l2_warm_footprint
//
// Measured on the H100 (docs/results/nvidia-h100-sxm/latency/
// measured-stream-sweep.json, bench/latency's stream_sum): up to 25 MiB
// of footprint the launch runs near L2's time, from 35 MiB near DRAM's;
// calibrate's footprint sweep puts the step at 34 MiB.

__kernel void stream_sum(__global const float4 *in, __global float *out) {
  size_t i = get_global_id(0);
  float4 v = in[i];
  out[i] = v.x + v.y + v.z + v.w;
}

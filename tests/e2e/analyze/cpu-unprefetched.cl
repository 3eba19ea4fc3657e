// A load that misses L2 where no prefetcher follows waits for its line
// (docs/model.md, "CPU caches"): the core's prefetchers follow streams
// within 4 KiB regions and on into the region beside, so a column walked
// 8 KiB apart puts every load on a region where no recent access, nor
// one beside it, touched, and a stream only its very first.
// The profile: the analyze tests' one core at 1 GHz (2 instructions a
// clock, 4 clocks on a recurrence) with a 32 KiB 8-way L1 and a 2 MiB
// 16-way L2; then 100 clocks a line no prefetcher fetched.
//
// RUN: sed -e 's/^occupancy:$/cache:\n  line: 64 B\n  l1: 32 KiB\n  l1_ways: 8\n  l2: 2 MiB\n  l2_ways: 16\n\noccupancy:/' -e 's/^sources:$/sources:\n  cache.line: "test"\n  cache.l1: "test"\n  cache.l1_ways: "test"\n  cache.l2: "test"\n  cache.l2_ways: "test"/' %S/Inputs/cpu/one-core.yaml > %t.caches.yaml
// RUN: sed -e 's/^cache:$/cache:\n  unprefetched_line_cycles: 100/' -e 's/^sources:$/sources:\n  cache.unprefetched_line_cycles: "test"/' %t.caches.yaml > %t.cold.yaml
//
// column: one work-item, 64 loads 8 KiB apart, each on a region of its
// own: 64 loads that miss L2 where no prefetcher follows. Its
// instructions: per step the load, the add, the index's and the
// counter's adds, compare and branch, and the store: 6 x 64 + 1 = 385,
// 192.5 cycles at 2 a clock, under its recurrence's 64 x 4 = 256 without
// the figure; with it, the loads' waits add to the issue: 192.5 + 64 x
// 100 = 6592.5 cycles, 6.593 us.
// RUN: clspread analyze %s --kernel column --global 1 --local 1 --profile %t.caches.yaml | FileCheck --check-prefix=COLUMN %s
// COLUMN: T_ALU 256 ns
// COLUMN: ; 64 loads a work-item that miss L2 where no prefetcher follows
// COLUMN: CPU code for skylake: 385 instructions per work-item, 1 lanes each on average, 64 of them on loop recurrences: 256 cycles
// RUN: clspread analyze %s --kernel column --global 1 --local 1 --profile %t.cold.yaml | FileCheck --check-prefix=COLD %s
// COLD: T_ALU 6.593 us
//
// Where the launch's lines and what the runner restores fit the bytes the
// last level keeps from one launch to the next (cache.llc_warm_bytes), the
// line comes from there at a line's price from beyond L2
// (cache.l3_refetch_cycles, 20 here): 192.5 + 64 x 20 = 1472.5 cycles.
// Its 64 lines and its output are 4 KiB and more: past 1 KiB, cold again.
// RUN: sed -e 's/^  unprefetched_line_cycles: 100$/  unprefetched_line_cycles: 100\n  l3_refetch_cycles: 20\n  llc_warm_bytes: 1 MiB/' -e 's/^sources:$/sources:\n  cache.l3_refetch_cycles: "test"\n  cache.llc_warm_bytes: "test"/' %t.cold.yaml > %t.warm.yaml
// RUN: clspread analyze %s --kernel column --global 1 --local 1 --profile %t.warm.yaml | FileCheck --check-prefix=WARM %s
// WARM: T_ALU 1.473 us
// RUN: sed -e 's/llc_warm_bytes: 1 MiB/llc_warm_bytes: 1 KiB/' %t.warm.yaml > %t.small.yaml
// RUN: clspread analyze %s --kernel column --global 1 --local 1 --profile %t.small.yaml | FileCheck --check-prefix=COLD %s
//
// stream: 4096 floats one after another, four regions each beside the
// last: only the first load is on a region nothing touched, 1; 100
// cycles beside its 5 x 4096 + 1 instructions' 10240.5 leave its
// recurrence, 4096 x 4 = 16384 cycles, the bound either way.
// RUN: clspread analyze %s --kernel stream --global 1 --local 1 --profile %t.cold.yaml | FileCheck --check-prefix=STREAM %s
// STREAM: T_ALU 16.38 us
// STREAM: 1 loads a work-item that miss L2 where no prefetcher follows

__kernel void column(__global const float *a, __global float *out) {
  float s = 0.0f;
  for (int k = 0; k < 64; ++k)
    s += a[k * 2048];
  out[get_global_id(0)] = s;
}

__kernel void stream(__global const float *a, __global float *out) {
  float s = 0.0f;
  for (int k = 0; k < 4096; ++k)
    s += a[k];
  out[get_global_id(0)] = s;
}

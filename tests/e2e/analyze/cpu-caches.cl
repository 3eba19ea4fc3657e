// A CPU profile that gives its caches' ways runs one hardware thread's
// accesses through an L1 and an L2 of LRU sets and charges the lines a
// conflict makes it fetch again (docs/model.md, "CPU caches").
//
// column: 16 work-items (one group) each walk a column of 64 floats a page
// (1024 floats) apart, 8 times. A page apart, all 64 lines fall into one
// set of the 8-way L1 (32 KiB: 64 sets of 64 B, a set every 4 KiB), which
// keeps 8 of them; a fully associative L1 of 512 lines would keep all 64,
// so every miss after a line's first is a conflict. Work-item 0 misses on
// its 64 lines once each (compulsory), then on every access of its 7 more
// passes (LRU over 64 lines in 8 ways: 448 conflicts); work-items 1..15
// share those lines (4 bytes further) and find the set holding the last 8
// of the column when they start at its first: 512 conflicts each. 448 +
// 15 x 512 = 8128 conflicts over 16 work-items = 508 a work-item (the
// store, one line in another set, is a first touch). The 2 MiB L2 of 16
// ways keeps 512 lines of each page offset (32 frames' sets): the column
// stays there, nothing from beyond it.
// RUN: sed -e 's/^occupancy:$/cache:\n  line: 64 B\n  l1: 32 KiB\n  l1_ways: 8\n  l2: 2 MiB\n  l2_ways: 16\n\noccupancy:/' -e 's/^sources:$/sources:\n  cache.line: "test"\n  cache.l1: "test"\n  cache.l1_ways: "test"\n  cache.l2: "test"\n  cache.l2_ways: "test"/' %S/Inputs/cpu/one-core.yaml > %t.yaml
// RUN: clspread analyze %s --global 16 --local 16 --arg pitch=1024 --profile %t.yaml --kernel column | FileCheck --check-prefix=SET %s
// SET: caches: 8208 accesses of one compute unit's work-groups through L1 (32 KiB, 8 ways) and L2 (2048 KiB, 16 ways): 508 lines a work-item lost to a conflict and fetched again from L2, 0 from beyond it
//
// At 1040 floats apart (65 lines) the 64 lines fall into 64 sets: L1 keeps
// them, and only the 64 first touches miss.
// RUN: clspread analyze %s --global 16 --local 16 --arg pitch=1040 --profile %t.yaml --kernel column | FileCheck --check-prefix=SPREAD %s
// SPREAD: 0 lines a work-item lost to a conflict and fetched again from L2, 0 from beyond it
//
// Each conflict at 10 clocks (cache.l2_refetch_cycles): 508 x 10 = 5080
// clocks a work-item, more than its 512 loads and adds issued at 2 a clock
// (at most 1024 with the loop's counting) or its recurrence (512 adds at 4
// clocks, 2048); 16 work-items on one core at 1 GHz: T_ALU = 16 x 5080
// cycles = 81.28 us.
// RUN: sed -e 's/^memory:$/measured:\n  cache.l2_refetch_cycles:\n    value: 10\n    command: "test"\n    device: "test"\n    date: 2026-11-28\n\nmemory:/' %t.yaml > %t.refetch.yaml
// RUN: clspread analyze %s --global 16 --local 16 --arg pitch=1024 --profile %t.refetch.yaml --kernel column | FileCheck --check-prefix=COST %s
// COST: T_ALU 81.28 us
//
// serial_cdf: work-item 0 alone runs a loop of 400000 (Rodinia's
// particlefilter builds its CDF so); on average a pass of it runs once in
// 400000 per work-item. The walk is bounded by the sites it visits, not
// only by the accesses it counts, so it ends (it took minutes when every
// work-item stepped through the whole loop); `timeout` fails the test if
// it does not end within a minute.
// RUN: timeout 60 clspread analyze %s --global 400384 --local 512 --arg n=400000 --profile %t.yaml --kernel serial_cdf | FileCheck --check-prefix=SERIAL %s
// SERIAL: caches: {{[0-9]+}} accesses of one compute unit's work-groups
//
// A GPU profile's caches are the layer conditions' (CacheModel.h): no
// simulation there.
// RUN: clspread analyze %s --global 16 --local 16 --arg pitch=1024 --profile nvidia-h100-sxm --kernel column | FileCheck --check-prefix=GPU %s
// GPU-NOT: lost to a conflict

__kernel void column(__global const float *in, __global float *out,
                     int pitch) {
  size_t i = get_global_id(0);
  float s = 0.0f;
  for (int r = 0; r < 8; ++r)
    for (int k = 0; k < 64; ++k)
      s += in[k * pitch + i];
  out[i + 512] = s; // 2 KiB into the page: L1's set 32, not the column's
}

__kernel void serial_cdf(__global const float *w, __global float *cdf, int n) {
  if (get_global_id(0) == 0) {
    cdf[0] = w[0];
    for (int x = 1; x < n; ++x)
      cdf[x] = cdf[x - 1] + w[x];
  }
}

// The simulated CPU caches also count what a store leaves behind and what
// the TLB loses (docs/model.md, "CPU caches"): a load of a line L1 had
// evicted dirty (cache.dirty_refetch_cycles on top of the level's refetch)
// and a walk of the page tables for a page the TLB lost
// (cache.page_walk_cycles, with cache.tlb_pages).
//
// scan: 16 work-items (one group) each scan a column of 32 uints a page
// (1024 uints) apart in place, 16 sharing each line. A page apart, the 32
// lines fall into one set of the 8-way L1, which keeps 8; a fully
// associative L1 of 512 lines would keep all 32, so every miss after a
// line's first is a conflict, and the 2 MiB L2 of 16 ways keeps the
// column (cpu-caches.cl). Work-item 0 misses on its 32 lines once each
// (compulsory) and writes each after reading it, so L1 evicts them dirty.
// Work-items 1..15 find the set holding the last 8 rows when they start
// at row 0: each of their 32 loads misses, is served by L2 again, and
// finds a line that left L1 dirty: 15 x 32 = 480 conflicts over 16
// work-items = 30 a work-item, all 30 loads of dirty lines (the stores
// hit the line their load just brought; the result's store, 2 KiB into
// its page, is in another set). Accesses: 16 x (32 loads + 32 stores + 1)
// = 1040. Only the first work-item's first load misses L2 on a 4 KiB
// region none beside which was touched: each next row's region lies
// beside the last, which the prefetchers follow. 1 in 16 work-items,
// 0.0625.
// RUN: sed -e 's/^occupancy:$/cache:\n  line: 64 B\n  l1: 32 KiB\n  l1_ways: 8\n  l2: 2 MiB\n  l2_ways: 16\n  tlb_pages: 16\n\noccupancy:/' -e 's/^sources:$/sources:\n  cache.line: "test"\n  cache.l1: "test"\n  cache.l1_ways: "test"\n  cache.l2: "test"\n  cache.l2_ways: "test"\n  cache.tlb_pages: "test"/' %S/Inputs/cpu/one-core.yaml > %t.yaml
// RUN: clspread analyze %s --global 16 --local 16 --arg pitch=1024 --profile %t.yaml --kernel scan | FileCheck --check-prefix=SET %s
// SET: caches: 1040 accesses of one compute unit's work-groups through L1 (32 KiB, 8 ways) and L2 (2048 KiB, 16 ways): 30 lines a work-item lost to a conflict and fetched again from L2, 0 from beyond it, 30 of them loads of lines L1 evicted dirty; 0.0625 loads a work-item that miss L2 where no prefetcher follows; 33 page walks a work-item (33 pages touched, a TLB of 16)
//
// The TLB of 16 pages: each work-item touches the column's 32 pages and
// the result's page, one after another, 33 pages in a cycle longer than
// the TLB, so under LRU every page misses on every work-item: 33 walks a
// work-item (a store finds the page its load just translated). The first
// work-item's 33 are first touches; they count because the 33 pages
// outnumber the TLB's 16 (launch after launch, none is left).
//
// At 1040 uints apart (65 lines) the 32 lines fall into 32 sets: L1 keeps
// them, nothing is fetched again and no line leaves dirty before the
// launch ends; the pages are the same 33, and so is the one load the
// prefetchers do not follow (each row's region still beside the last).
// RUN: clspread analyze %s --global 16 --local 16 --arg pitch=1040 --profile %t.yaml --kernel scan | FileCheck --check-prefix=SPREAD %s
// SPREAD: 0 lines a work-item lost to a conflict and fetched again from L2, 0 from beyond it; 0.0625 loads a work-item that miss L2 where no prefetcher follows; 33 page walks a work-item (33 pages touched, a TLB of 16)
//
// A TLB of 64 pages holds all 33: only first touches miss, and launch
// after launch they find their pages again, so no walk counts.
// RUN: sed -e 's/^  tlb_pages: 16$/  tlb_pages: 64/' %t.yaml > %t.64.yaml
// RUN: clspread analyze %s --global 16 --local 16 --arg pitch=1024 --profile %t.64.yaml --kernel scan | FileCheck --check-prefix=FITS %s
// FITS: 30 of them loads of lines L1 evicted dirty; 0.0625 loads a work-item that miss L2 where no prefetcher follows; 0 page walks a work-item (33 pages touched, a TLB of 64)
//
// The cost, at 10 clocks a refetch from L2, 20 more a dirty line and 5 a
// walk: 30 x 10 + 30 x 20 + 33 x 5 = 1065 clocks a work-item, more than
// its instructions (32 loads, stores and adds, at 2 a clock) or its
// recurrence (32 adds at 4 clocks, 128); 16 work-items on one core at 1
// GHz: T_ALU = 16 x 1065 cycles = 17.04 us.
// RUN: sed -e 's/^memory:$/measured:\n  cache.l2_refetch_cycles:\n    value: 10\n    command: "test"\n    device: "test"\n    date: 2026-11-29\n  cache.dirty_refetch_cycles:\n    value: 20\n    command: "test"\n    device: "test"\n    date: 2026-11-29\n  cache.page_walk_cycles:\n    value: 5\n    command: "test"\n    device: "test"\n    date: 2026-11-29\n\nmemory:/' %t.yaml > %t.cost.yaml
// RUN: clspread analyze %s --global 16 --local 16 --arg pitch=1024 --profile %t.cost.yaml --kernel scan | FileCheck --check-prefix=COST %s
// COST: T_ALU 17.04 us

__kernel void scan(__global uint *a, __global uint *out, int pitch) {
  int i = get_global_id(0);
  uint s = 0;
  for (int k = 0; k < 32; ++k) {
    uint x = a[k * pitch + i];
    a[k * pitch + i] = s;
    s += x;
  }
  out[i + 512] = s;
}

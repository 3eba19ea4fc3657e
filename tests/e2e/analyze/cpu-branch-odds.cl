// The CPU code's branches on a work-item's id take the odds of that id
// (docs/model.md, "CPU profiles"): `get_global_id(0) == 0` holds for one
// work-item of the launch, `get_local_id(0) == 0` for one of each
// work-group. (LLVM's own odds would run a loop that only global
// work-item 0 enters for half the work-items: Rodinia's particlefilter
// normalizes 400000 weights so, and was estimated 1700x too slow.)
//
// first_item: 65536 work-items in groups of 256; work-item 0 runs 65536
// iterations of a running sum through memory. Per work-item, the
// work-item loop issues 6 instructions (the id test: or, compare,
// branch; the loop's step: add, compare, branch) and the sum's 6 x
// 65536 (add, load, add, store, compare, branch) once in the launch: 6
// more a work-item, 12. Its recurrences: the work-item loop's counter,
// 1 a work-item, and the sum's add, 1 an iteration, 65536 / 65536: 2,
// at the profile's 4 clocks: 8 cycles (the 12 instructions issue in 6).
// 65536 x 8 cycles at 1 GHz: T_ALU 524.288 us.
// RUN: clspread analyze %s --global 65536 --local 256 --arg n=65536 --profile %S/Inputs/cpu/one-core.yaml --kernel first_item | FileCheck --check-prefix=ITEM %s
// ITEM: T_ALU 524.3 us
// ITEM: CPU code for skylake: 12 instructions per work-item, 1 lanes each on average, 2 of them on loop recurrences: 8 cycles
//
// first_of_group: work-item 0 of each of the 256 groups runs it: 6 +
// 6 x 65536 / 256 = 1542 instructions a work-item (the loop's preheader
// load once a group: 1541.x as printed), 1 + 65536 / 256 = 257 on
// recurrences, 1028 cycles: T_ALU 65536 x 1028 / 1e9 = 67.37 ms.
// RUN: clspread analyze %s --global 65536 --local 256 --arg n=65536 --profile %S/Inputs/cpu/one-core.yaml --kernel first_of_group | FileCheck --check-prefix=GROUP %s
// GROUP: T_ALU 67.37 ms
// GROUP: 257 of them on loop recurrences: 1028 cycles

__kernel void first_item(__global float *a, int n) {
  if (get_global_id(0) == 0)
    for (int k = 0; k < n; ++k)
      a[k + 1] += a[k];
}

__kernel void first_of_group(__global float *a, int n) {
  if (get_local_id(0) == 0)
    for (int k = 0; k < n; ++k)
      a[k + 1] += a[k];
}

// The CPU code's guards and loop trips that depend on the work-item's id
// take their share of the launch's work-items (docs/model.md, "CPU
// profiles"); LLVM's own odds take an `if (gid < n)` half the time, and a
// grid-stride loop has no constant trip count where ids are the
// work-item loop's counters.
//
// guarded: the 16 steps of x * x + 1 (one on the recurrence each) run
// for the work-items below n. The recurrences a work-item: 16 x the
// share that passes, and the work-item loop's counter, 1. At the
// profile's 4 clocks (longer than its 2 instructions a clock), on one
// core at 1 GHz, 1024 work-items:
//   n = 1024: all pass, 17 on recurrences, 68 cycles, T_ALU 69.63 us
//   n = 512:  half,      9,                36 cycles, T_ALU 36.86 us
// (LLVM's odds gave 9 at any n.)
// RUN: clspread analyze %s --kernel guarded --global 1024 --local 64 --arg n=1024 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=ALL %s
// ALL: T_ALU 69.63 us
// ALL: 17 of them on loop recurrences: 68 cycles
// RUN: clspread analyze %s --kernel guarded --global 1024 --local 64 --arg n=512 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=HALF %s
// HALF: T_ALU 36.86 us
// HALF: 9 of them on loop recurrences: 36 cycles
//
// strided_sum: 1024 work-items step through 65536 floats 1024 apart: 64
// iterations each, an add on the recurrence each, and the counter: 65 on
// recurrences, 260 cycles; each iteration issues a load, the add, the
// index's add, a compare and a branch: 5 x 64 = 320 and 9 more (the id's
// add, the guard's compare and branch, the index's sign extension as two
// shifts, the store, the work-item loop's add, compare and branch).
// T_ALU 1024 x 260 cycles = 266.2 us. (The default trip count, 16, gave
// 17 and 69.)
// RUN: clspread analyze %s --kernel strided_sum --global 1024 --local 64 --arg n=65536 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=STRIDE %s
// STRIDE: T_ALU 266.2 us
// STRIDE: CPU code for skylake: 329 instructions per work-item, 1 lanes each on average, 65 of them on loop recurrences: 260 cycles
//
// strided_sum_wide steps by get_global_size(0) itself: a 64-bit size
// added to the 32-bit index, which may wrap, so SCEV gives no count
// unless it may assume it does not (as the vectorizer's run-time check
// does). Its 64 iterations each sign-extend the index (shift left, shift
// right), load, add, step, truncate, compare and branch: 8 x 64 = 512
// and 7 more; on the recurrence the index's shift, shift and add, 3 x
// 64, and the counter: 193, 772 cycles (longer than 519 / 2), T_ALU 1024
// x 772 cycles = 790.5 us. (Without the assumption: 16 trips.)
// RUN: clspread analyze %s --kernel strided_sum_wide --global 1024 --local 64 --arg n=65536 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=WIDE %s
// WIDE: T_ALU 790.5 us
// WIDE: CPU code for skylake: 519 instructions per work-item, 1 lanes each on average, 193 of them on loop recurrences: 772 cycles

// guarded_sum: the optimizer unswitches the work-item loop on `n > 0`
// (its copy's counter is lid.x.us), and the guard `g < n` inside holds
// for 768 of the 1024 work-items, 0.75 (LLVM's odds: half). Per group of
// 64: the guard's add, compare and branch, 3 x 64; the sum's 768 steps
// of a load, an add, the index's add, a compare and a branch for 48
// work-items, 5 x 768 x 48 = 184320; their store's two shifts and the
// store, 3 x 48; the work-item loop's add, compare and branch, 3 x 64:
// 184848, 2888 a work-item. On the recurrence the sum's add, 768 x 0.75,
// and the counter: 577, 2308 cycles (longer than 2888 / 2), T_ALU 1024 x
// 2308 ns = 2.363 ms. (At LLVM's odds: 385, 1.577 ms.)
// RUN: clspread analyze %s --kernel guarded_sum --global 1024 --local 64 --arg n=768 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=UNSWITCHED %s
// UNSWITCHED: T_ALU 2.363 ms
// UNSWITCHED: CPU code for skylake: 2888 instructions per work-item, 1 lanes each on average, 577 of them on loop recurrences: 2308 cycles

__kernel void guarded(__global float *a, __global float *out, int n) {
  int g = get_global_id(0);
  if (g < n) {
    float x = a[g];
    for (int k = 0; k < 16; ++k)
      x = x * x + 1.0f;
    out[g] = x;
  }
}

__kernel void strided_sum(__global float *a, __global float *out, int n) {
  float s = 0.0f;
  int step = get_global_size(0);
  for (int i = get_global_id(0); i < n; i += step)
    s += a[i];
  out[get_global_id(0)] = s;
}

__kernel void strided_sum_wide(__global float *a, __global float *out, int n) {
  float s = 0.0f;
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    s += a[i];
  out[get_global_id(0)] = s;
}

__kernel void guarded_sum(__global const float *a, __global float *out,
                          int n) {
  int i = get_global_id(0);
  if (i < n) {
    float s = 0.0f;
    for (int j = 0; j < n; j++)
      s += a[j];
    out[i] = s;
  }
}

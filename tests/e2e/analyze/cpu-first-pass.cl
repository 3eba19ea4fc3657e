// PoCL optimizes the single work-item kernel before it builds the
// work-item loop (docs/model.md, "CPU profiles"). What its SLP vectorizer
// packs then is a vector the loop vectorizer cannot widen later, and the
// work-item loop runs one work-item at a time. PoCL 3.1 on the build
// machine (POCL_VECTORIZER_REMARKS=1, a 1048576-item launch of each):
// pair_scale "vectorized loop (vectorization width: 8)"; pair_poly
// "Stores SLP vectorized with cost -6 and with tree size 12", then "loop
// not vectorized: instruction return type cannot be vectorized", and its
// code has no ymm register.
// xor_chains (calibrate's cpu_issue in small): "vectorized loop
// (vectorization width: 8)"; LLVM 19's SLP vectorizer would pack its xor
// of 8 chains first, PoCL's LLVM 15 does not, and neither does the model
// (it leaves horizontal reductions to the loop vectorizer).
//
// On the one-core test profile (2 instructions a clock, 4 clocks on a
// recurrence, 1 GHz), 1024 work-items in groups of 64:
//
// pair_scale: the work-item loop 8 wide, its 8 work-items' two floats as
// one <16 x float>: the id's add, the index's shift and or, the load, the
// multiply, the store, the loop's add, compare and branch: 9 for 8
// work-items, 1.125; per group, the vectorizer's run-time check that b
// does not overlap a (nothing says the buffers do not, as nothing tells
// PoCL's compiler): the first id's shift and add, two compares, an and,
// the branch, 6 for 64 work-items: 1.21875; on the recurrence the
// loop's counter, 1/8. 0.609375 cycles (1.21875 / 2), T_ALU 1024 x
// 0.609375 ns = 624 ns. Lanes: per 8 work-items, 1 + 1 + 16 + 1 + 16 +
// 16 + 1 over 7 (the branch and compare carry none), and the check's
// shift and add: (8 x 52 + 2) / (8 x 7 + 2) = 7.21.
// RUN: clspread analyze %s --kernel pair_scale --global 1024 --local 64 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=SCALE %s
// SCALE: T_ALU 624 ns
// SCALE: CPU code for skylake: 1.219 instructions per work-item, 7.21 lanes each on average, 0.125 of them on loop recurrences: 0.6094 cycles
//
// pair_poly: its pair packed as <2 x float>, one work-item an iteration:
// the id's add, the index's shift, the load, four fused multiply-adds,
// the store, the loop's add, compare and branch: 11. Lanes over the
// instructions that produce or store a value: 1 + 1 + 2 + 4 x 2 + 2 + 1
// over 9, 1.67. 5.5 cycles (11 / 2, longer than the counter's 4), T_ALU
// 1024 x 5.5 ns = 5.632 us. (Built the work-item loop first, LLVM
// vectorizes it 8 wide: 2.375 instructions a work-item.)
// RUN: clspread analyze %s --kernel pair_poly --global 1024 --local 64 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=POLY %s
// POLY: T_ALU 5.632 us
// POLY: CPU code for skylake: 11 instructions per work-item, 1.67 lanes each on average, 1 of them on loop recurrences: 5.5 cycles
//
// border_rows: optimized alone, the kernel's `y == 0 || y == h - 1` is
// one frozen `or`, which LLVM moves out of the x loop, before two x loops
// vectorized 8 wide (interior rows, border rows' copy; b may overlap a,
// so the copy is no memcpy), each behind the run-time check that it
// does not. The odds are the ids': each comparison holds for one row in
// 64, the `or` for 1 - (63/64)^2 = 0.0310059 of the rows. Per group of
// 16x4: 4 before the y loop (the checks' two subtractions and two
// compares; h - 1 folds to 63); a row's test, 7 (the id's add, the row's
// shift and or, two compares, the or, the branch), its check's branch,
// 1, and its latch, 3; an interior row 2 x 7 (add, load, fused
// multiply-add, store, the loop's add, compare, branch), a border row
// 2 x 6 (no fma): 4 + 4 x (7 + 1 + 3 + 0.968994 x 14 + 0.0310059 x 12) =
// 103.75, 1.621 a work-item. On recurrences, the y loop's counter and
// the x loops' two steps, 12 a group, 0.1875. 0.8106 cycles (1.621 / 2,
// longer than 0.1875 x 4), T_ALU 4096 x 0.8106 ns = 3.32 us.
// xor_chains: the work-item loop 8 wide. Per 8 work-items: the id's
// add, the load, the 7 adds that make the other chains, 4 steps of 8
// chains of an xor, a shift and an add (96), the 7 xors that join them,
// the store, the loop's add, compare and branch: 116; per group of 64,
// `r`'s load and its broadcast (insert, shuffle), 3, and the run-time
// checks that out's range overlaps neither in's range nor in[0] (the
// offset's shift and add, four compares, two ands, an or, the branch),
// 10. 116 / 8 + 13 / 64 = 14.70 a work-item; lanes (1 + 8 + 56 + 768 +
// 56 + 8 + 1) x 8 + 17 + 2 over 114 x 8 + 3 + 2, 7203 / 917 = 7.85.
// 7.352 cycles, T_ALU 1024 x 7.352 ns = 7.528 us. (Packed first by LLVM
// 19's SLP: 34.06 a work-item.)
// RUN: clspread analyze %s --kernel xor_chains --global 1024 --local 64 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=XOR %s
// XOR: T_ALU 7.528 us
// XOR: CPU code for skylake: 14.7 instructions per work-item, 7.85 lanes each on average, 0.125 of them on loop recurrences: 7.352 cycles
//
// RUN: clspread analyze %s --kernel border_rows --global 64x64 --local 16x4 --arg h=64 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=BORDER %s
// BORDER: T_ALU 3.32 us
// BORDER: CPU code for skylake: 1.621 instructions per work-item, {{.*}}, 0.1875 of them on loop recurrences: 0.8106 cycles

__kernel void pair_scale(__global const float *a, __global float *b) {
  size_t i = get_global_id(0);
  b[2 * i] = a[2 * i] * 3.0f;
  b[2 * i + 1] = a[2 * i + 1] * 3.0f;
}

__kernel void pair_poly(__global const float *a, __global float *b) {
  size_t i = get_global_id(0);
  float x = a[2 * i], y = a[2 * i + 1];
  x = x * 1.5f + 0.25f;
  y = y * 1.5f + 0.25f;
  x = x * x + 2.0f;
  y = y * y + 2.0f;
  x = x * 0.5f - 1.0f;
  y = y * 0.5f - 1.0f;
  x = x * x + 3.0f;
  y = y * y + 3.0f;
  b[2 * i] = x;
  b[2 * i + 1] = y;
}

__kernel void border_rows(__global const float *a, __global float *b,
                          ulong h) {
  size_t x = get_global_id(0), y = get_global_id(1);
  size_t i = y * get_global_size(0) + x;
  if (y == 0 || y == h - 1)
    b[i] = a[i];
  else
    b[i] = a[i] * 0.5f + 1.0f;
}

#define XSTEP                                                                  \
  u0 = (u0 ^ r) + (u0 >> 3);                                                   \
  u1 = (u1 ^ r) + (u1 >> 3);                                                   \
  u2 = (u2 ^ r) + (u2 >> 3);                                                   \
  u3 = (u3 ^ r) + (u3 >> 3);                                                   \
  u4 = (u4 ^ r) + (u4 >> 3);                                                   \
  u5 = (u5 ^ r) + (u5 >> 3);                                                   \
  u6 = (u6 ^ r) + (u6 >> 3);                                                   \
  u7 = (u7 ^ r) + (u7 >> 3);

__kernel void xor_chains(__global const uint *in, __global uint *out) {
  size_t i = get_global_id(0);
  uint r = in[0];
  uint u0 = in[i], u1 = u0 + 1, u2 = u0 + 2, u3 = u0 + 3, u4 = u0 + 4,
       u5 = u0 + 5, u6 = u0 + 6, u7 = u0 + 7;
  XSTEP XSTEP XSTEP XSTEP
  out[i] = u0 ^ u1 ^ u2 ^ u3 ^ u4 ^ u5 ^ u6 ^ u7;
}

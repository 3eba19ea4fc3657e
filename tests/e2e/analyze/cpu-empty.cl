// A kernel whose work-item loop the CPU compiler removes costs no ALU
// time: PoCL's code for it issues nothing a work-item (docs/model.md,
// "CPU profiles"). The guard below holds for no work-item of 65536, so
// LLVM deletes the store and the loop around it: 0 instructions, T_ALU 0.
// (The CPU code's count used to fall back, at 0 instructions, to the
// lane-ops at the class rates: the guard's 2 int_simple lane-ops x 65536
// at 8 a clock on one core at 1 GHz, 16.38 us; calibrate then found no
// work_group.dispatch_cycles that fit a measured empty launch shorter
// than that.)
// RUN: clspread analyze %s --global 65536 --local 256 --profile %S/Inputs/cpu/one-core.yaml | FileCheck %s
// CHECK: ALU lane-ops 2 (int_simple 2)
// CHECK: T_ALU 0 s
// CHECK: CPU code for skylake: 0 instructions per work-item

__kernel void empty(__global float *out) {
  if (get_global_id(0) == 0x7fffffff)
    out[0] = 1.0f;
}

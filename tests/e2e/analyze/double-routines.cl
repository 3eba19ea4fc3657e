// Double-precision math runs as software (no GPU has a double special-
// function unit): a call costs the lane-ops of libclc's routine, which
// tools/double_routines.py counts from libclc's own code (checked against
// lib/Analysis/DoubleRoutines.def by the double-routines test).
//
// exp(double): libclc's routine is 21.5 fp64, 41.5 integer and 2
// conversion lane-ops (one side of its final branch half the time); the
// load's and store's address adds an add and a shift: 43.5 integer.
// RUN: clspread analyze %s --kernel dexp --global 64 --local 32 --format json | FileCheck --check-prefix=EXP %s
// EXP: "conversion": 2,
// EXP-NEXT: "fp32": 0,
// EXP-NEXT: "fp32_div_sqrt": 0,
// EXP-NEXT: "fp64": 21.5,
// EXP-NEXT: "int_div": 0,
// EXP-NEXT: "int_mul": 0,
// EXP-NEXT: "int_simple": 43.5,
// EXP-NEXT: "transcendental": 0
//
// A double divide and square root are what LLVM's AMDGPU back end expands
// them into: a / b 11 fp64 lane-ops, sqrt 14 fp64 and 9 integer; with the
// add, 26 fp64, and with the addresses of a, b and c (an add and a shift
// each), 15 integer.
// RUN: clspread analyze %s --kernel ddiv --global 64 --local 32 --format json | FileCheck --check-prefix=DIV %s
// DIV: "fp64": 26,
// DIV-NEXT: "int_div": 0,
// DIV-NEXT: "int_mul": 0,
// DIV-NEXT: "int_simple": 15,
//
// A whole constant power is not multiplied out: NVIDIA's OpenCL compiler
// runs pow(x, 2.0) as the routine (bench/latency's pow2_chain_double takes
// 784 clocks an iteration on the H100, measured-pow-chains.json). So
// pow(x, 2.0) is the pow routine (62.5 fp64, 149.5 integer, 3 conversion)
// and pown(x, -2) the pown routine (62.5, 104.5, 6); with the add and the
// addresses (2 integer): 126 fp64, 256 integer, 9 conversion.
// RUN: clspread analyze %s --kernel dpowers --global 64 --local 32 --format json | FileCheck --check-prefix=DPOW %s
// DPOW: "conversion": 9,
// DPOW-NEXT: "fp32": 0,
// DPOW-NEXT: "fp32_div_sqrt": 0,
// DPOW-NEXT: "fp64": 126,
// DPOW-NEXT: "int_div": 0,
// DPOW-NEXT: "int_mul": 0,
// DPOW-NEXT: "int_simple": 256,
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void dexp(__global double *v) {
  size_t i = get_global_id(0);
  v[i] = exp(v[i]);
}

__kernel void ddiv(__global const double *a, __global const double *b,
                   __global double *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] / b[i] + sqrt(a[i]);
}

__kernel void dpowers(__global double *v) {
  size_t i = get_global_id(0);
  double x = v[i];
  v[i] = pow(x, 2.0) + pown(x, -2);
}

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
// A whole constant power is multiplied out by squaring, as compilers do:
// pow(x, 2) one multiply, pown(x, 5) three (x^2, x^4, x^4 * x), pow(x, -2)
// one and a divide; with the two adds: 7 fp32 and 1 divide, no
// special-function op.
// RUN: clspread analyze %s --kernel powers --global 64 --local 32 --format json | FileCheck --check-prefix=POW %s
// POW: "fp32": 7,
// POW-NEXT: "fp32_div_sqrt": 1,
// POW-NEXT: "fp64": 0,
// POW: "transcendental": 0
//
// The same on doubles comes before the routine: pow(x, 2.0) one multiply,
// pown(x, -2) one and a divide (11 fp64, as above), with the add: 14 fp64
// and no more integer lane-ops than the addresses' 2.
// RUN: clspread analyze %s --kernel dpowers --global 64 --local 32 --format json | FileCheck --check-prefix=DPOW %s
// DPOW: "fp64": 14,
// DPOW-NEXT: "int_div": 0,
// DPOW-NEXT: "int_mul": 0,
// DPOW-NEXT: "int_simple": 2,
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

__kernel void powers(__global float *v) {
  size_t i = get_global_id(0);
  float x = v[i];
  v[i] = pow(x, 2.0f) + pown(x, 5) + pow(x, -2.0f);
}

__kernel void dpowers(__global double *v) {
  size_t i = get_global_id(0);
  double x = v[i];
  v[i] = pow(x, 2.0) + pown(x, -2);
}

// Work that one work-item of one work-group does (Rodinia's myocyte runs
// its ODEs so: `if (bx == 0) { if (tx == 0) ecc(); } else if (bx == 1) {
// if (tx == 0) cam(); }`), counted in the CPU code at the launch's odds.
//
// two_groups: 4 work-items in groups of 2. Group 0's first work-item calls
// pow twice, group 1's once: 3 calls over 4 work-items, 0.75 a work-item.
// `get_group_id(0) == 0` holds for one group of the launch's 2 (it was
// taken for a comparison with a constant, 1 time in 64: 0.508).
// RUN: clspread analyze %s --kernel two_groups --global 4 --local 2 --profile %S/Inputs/cpu/one-core.yaml --format json | FileCheck --check-prefix=TWO %s
// TWO: "cpu_calls": {
// TWO-NEXT: "pow": 0.75
//
// long_first: the same with 300 calls in group 0's branch. The body is
// too large for the optimizer to peel the work-item loop's first
// iteration, so it writes `tx == 0` as a flag that is true on the loop's
// first visit and false on its second, where the branch leaves the loop:
// the loop runs twice, the work once (SCEV cannot count it; the
// analysis' default of 16 trips counted 8 times the work). 300 + 1
// calls over 4 work-items: 75.25 a work-item.
// RUN: clspread analyze %s --kernel long_first --global 4 --local 2 --profile %S/Inputs/cpu/one-core.yaml --format json | FileCheck --check-prefix=LONG %s
// LONG: "cpu_calls": {
// LONG-NEXT: "pow": 75.25

__kernel void two_groups(__global const float *in, __global float *out) {
  int bx = get_group_id(0), tx = get_local_id(0);
  if (bx == 0) {
    if (tx == 0)
      out[0] = pow(in[0], 0.75f) + pow(in[1], 0.75f);
  } else if (bx == 1) {
    if (tx == 0)
      out[1] = pow(in[2], 0.75f);
  }
}

#define T(i) s = s * in[i] + pow(in[(i) + 1], 0.75f);
#define T10(i)                                                                 \
  T(i) T(i + 1) T(i + 2) T(i + 3) T(i + 4) T(i + 5) T(i + 6) T(i + 7) T(i + 8) \
      T(i + 9)
#define T100(i)                                                                \
  T10(i) T10(i + 10) T10(i + 20) T10(i + 30) T10(i + 40) T10(i + 50)           \
      T10(i + 60) T10(i + 70) T10(i + 80) T10(i + 90)

__kernel void long_first(__global const float *in, __global float *out) {
  int bx = get_group_id(0), tx = get_local_id(0);
  if (bx == 0) {
    if (tx == 0) {
      float s = 0.0f;
      T100(0) T100(100) T100(200)
      out[0] = s;
    }
  } else if (bx == 1) {
    if (tx == 0)
      out[1] = pow(in[2], 0.75f);
  }
}

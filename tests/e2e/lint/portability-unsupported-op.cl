// A profile whose device has no unit for a class: the work is left out of
// T_ALU and reported as an error. Inputs/no-intdiv.yaml is mali-g76 with
// int_div: none.
// RUN: not clspread lint %s --rules=portability-unsupported-op --profile %S/Inputs/no-intdiv.yaml | FileCheck %s --implicit-check-not=error:
// RUN: clspread lint %s --rules=portability-unsupported-op --profile mali-g76 | count 0
// clspread: launch global=4096 local=64 args=d=7
__kernel void divide(__global int *p, int d) { // CHECK: unsupported-op.cl:[[@LINE]]:1: error: the kernel does 1 int_div lane-ops per work-item but Test GPU without an integer divider has no int_div unit (alu.rates.int_div: none); they are left out of T_ALU [portability-unsupported-op]
  p[get_global_id(0)] = p[get_global_id(0)] / d;
}

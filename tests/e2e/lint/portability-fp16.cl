// Arithmetic on half needs cl_khr_fp16 (OpenCL C 1.2, 9.5). The H100's
// OpenCL does not offer it (alu.fp16: false): an error at the first half
// operation, and lint exits 1. Mali-G76 offers it (alu.fp16: true):
// nothing. A profile that does not say (no alu.fp16) is not judged.
// RUN: not clspread lint %s --rules=portability-fp16 --profile nvidia-h100-sxm | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: clspread lint %s --rules='portability-*' --profile mali-g76 | count 0
// RUN: sed -e '/^  fp16:/d' -e '/^  alu.fp16:/d' %profiles/nvidia-h100-sxm.yaml > %t.yaml
// RUN: clspread lint %s --rules='portability-*' --profile %t.yaml | count 0
// The rule is in the default set.
// RUN: not clspread lint %s --profile nvidia-h100-sxm | FileCheck --check-prefix=DEFAULT %s
// DEFAULT: portability-fp16.cl:[[@LINE+6]]:15: error: half-precision arithmetic {{.*}}[portability-fp16]
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// half in, half out, computed in half.
__kernel void scale(__global half *p, half s) {
  size_t i = get_global_id(0);
  p[i] = p[i] * s; // CHECK: portability-fp16.cl:[[@LINE]]:15: error: half-precision arithmetic (1 lane-ops per work-item) on NVIDIA H100 SXM5 80GB (Hopper), whose OpenCL does not offer cl_khr_fp16 (alu.fp16: false): the kernel does not build there; compute in float: read with vload_half into float, write back with vstore_half [portability-fp16]
}

// The fix: half in memory, float in registers. Silent everywhere.
__kernel void scalef(__global half *p, float s) {
  size_t i = get_global_id(0);
  vstore_half(vload_half(i, p) * s, i, p);
}

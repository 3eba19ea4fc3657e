// RUN: clspread lint %s --rules=portability-fp64 --profile hd4870 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// On a profile without fp64 the same use is an error, and lint exits 1.
// RUN: not clspread lint %s --rules=portability-fp64 --profile mali-g76 | FileCheck --check-prefix=MALI %s
__kernel void scale(__global double *p) {
  size_t i = get_global_id(0);
  p[i] = p[i] * 2.5; // CHECK: portability-fp64.cl:[[@LINE]]:10: warning: double is used but cl_khr_fp64 is not enabled; OpenCL C 1.x requires '#pragma OPENCL EXTENSION cl_khr_fp64 : enable' [portability-fp64]
  // CHECK-NEXT: portability-fp64.cl:1:1: note: fix: insert '#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n'
  // MALI: portability-fp64.cl:[[@LINE-2]]:10: error: double-precision arithmetic on Arm Mali-G76 MP12 (Bifrost, Exynos 9820), which has no fp64 unit (alu.rates.fp64: none): the kernel does not build there; use float [portability-fp64]
}

// float only: silent.
__kernel void scalef(__global float *p) { p[get_global_id(0)] *= 2.5f; }

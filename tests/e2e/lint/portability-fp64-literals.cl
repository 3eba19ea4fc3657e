// RUN: clspread lint %s --rules=portability-fp64 --profile mali-g76 | FileCheck --check-prefix=HD %s --allow-empty --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: clspread lint %s --rules=portability-fp64 --profile hd4870 | FileCheck --check-prefix=HD %s --allow-empty --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// Unsuffixed literals without cl_khr_fp64 enabled are float (OpenCL C 1.2
// 6.1.1.1): no double arithmetic, on any device. (Clang, which enables
// cl_khr_fp64 for spir, computes x * 0.3 in double.)
// HD-NOT: portability-fp64
__kernel void blend(__global const float *a, __global const float *b,
                    __global float *out) {
  size_t i = get_global_id(0);
  out[i] = a[i] * 0.3 + b[i] * 0.7; /* a comment saying double */
}

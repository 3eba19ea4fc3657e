// RUN: clspread lint %s --profile mali-g76 --rules=portability-fp64,clang-diagnostic-* --fail-on error | FileCheck %s --allow-empty --implicit-check-not=warning: --implicit-check-not=error:
// RUN: clspread lint %s --profile mali-g76 -DUSE_DOUBLE --rules=portability-fp64 --fail-on never | FileCheck --check-prefix=TAKEN %s
// A library that builds every kernel for float or double puts the pragma
// under the macro that selects double. Built for float on a device without
// fp64, the pragma is not there after preprocessing: the unsuffixed
// literal is float, as the device's compiler builds it, and sqrt(float)
// is called. (Seen before as "call to 'sqrt' is ambiguous": the literal
// stayed double because the pragma's text was in the file.)
#ifdef USE_DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
// clspread: launch global=4096 local=64
__kernel void flux(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  float g = in[i] * in[i];
#ifndef USE_DOUBLE
  out[i] = sqrt(1.0e-10 + g);
#else
  // With the pragma on, literals are double again, and reported.
  out[i] = 1.0e-10 + g;
  // TAKEN: portability-fp64-pragma-not-taken.cl:[[@LINE-1]]:{{[0-9]+}}: warning: unsuffixed floating-point literals are double where cl_khr_fp64 is enabled
#endif
}

// RUN: clspread lint %s --rules=portability-fp64 --profile mali-g76 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// With the pragma the literals are double where the device has fp64; the
// Mali compiler ignores the pragma (with a warning) and builds them as
// float, so it is a warning, and the fix is the 'f' suffix.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void blend(__global const float *a, __global const float *b,
                    __global float *out) {
  size_t i = get_global_id(0);
  out[i] = a[i] * 0.3 + b[i] * 0.7; // CHECK: fp64-pragma-literals.cl:[[@LINE]]:{{[0-9]+}}: warning: unsuffixed floating-point literals are double where cl_khr_fp64 is enabled, and Arm Mali-G76 MP12 (Bifrost, Exynos 9820) has no fp64 unit (alu.rates.fp64: none): its compiler builds them as float, other devices run them in double; write them with an 'f' suffix [portability-fp64]
  // CHECK-NEXT: fp64-pragma-literals.cl:[[@LINE-1]]:22: note: fix: insert 'f'
  // CHECK-NEXT: fp64-pragma-literals.cl:[[@LINE-2]]:35: note: fix: insert 'f'
}

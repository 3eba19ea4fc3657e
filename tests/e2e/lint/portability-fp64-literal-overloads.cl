// Without fp64 (mali-g76) an unsuffixed literal is float (OpenCL C 1.2,
// 6.1.1.1), so float overloads serve: `sqrt(1.0e-10 + g)` builds there, as
// the device's compiler builds it. Once cl_khr_fp64 was undefined for such
// profiles, Clang (whose header declares the double overloads only under
// cl_khr_fp64) found it ambiguous -- the shape of a real library's kernel.
// RUN: clspread lint %s --profile mali-g76 --rules 'clang-diagnostic-*,portability-*' | count 0
// RUN: clspread analyze %s --profile mali-g76 --global 1024 --format json | FileCheck %s
// CHECK-NOT: "fp64": {{[1-9]}}
__kernel void literal(__global float *p) {
  float g = p[get_global_id(0)];
  p[get_global_id(0)] = sqrt(1.0e-10 + g);
}

// A device without double precision (mali-g76: alu.rates.fp64 none) does
// not define cl_khr_fp64, so code under `#ifdef cl_khr_fp64` is left out
// as its compiler leaves it out: no portability-fp64 error for the guarded
// kernel (the shape of a benchmark's double-precision variants). Unguarded
// double is still reported. On the H100, which has fp64, the guarded code
// is built and is fine.
// RUN: not clspread lint %s --profile mali-g76 | FileCheck --check-prefix=MALI %s
// MALI-NOT: :[[@LINE+10]]:
// MALI: portability-fp64-guarded.cl:[[@LINE+15]]:{{[0-9]+}}: error: double-precision arithmetic on Arm Mali-G76
// RUN: clspread lint %s --profile nvidia-h100-sxm --rules 'portability-*' | count 0
// The guard's other branch is what Mali builds: float only.
// RUN: clspread analyze %s --profile mali-g76 --kernel scale --global 1024 --format json | FileCheck --check-prefix=FLOAT %s
// FLOAT: "fp32": 1
// FLOAT-NOT: "fp64": {{[1-9]}}

#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void scale(__global double *a) { a[get_global_id(0)] *= 2.0; }
#else
__kernel void scale(__global float *a) { a[get_global_id(0)] *= 2.0f; }
#endif

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void unguarded(__global double *a) { a[get_global_id(0)] += 1.0; }

// Without cl_khr_fp16, half is a storage format (OpenCL C 1.2, 9.5):
// vload_half/vstore_half convert to and from float on every device, so
// they are no finding on the H100 (alu.fp16: false), nor on Mali.
// RUN: clspread lint %s --rules='portability-*' --profile nvidia-h100-sxm | count 0
// RUN: clspread lint %s --rules='portability-*' --profile mali-g76 | count 0
// A profile without the extension builds without the cl_khr_fp16 macro, so
// the half kernel under `#ifdef cl_khr_fp16` is left out, as NVIDIA's
// compiler leaves it out (on Mali it is built, and fine). Defined by hand,
// the macro brings it back, and its half arithmetic is reported, counted
// per lane: a half4 multiply-add in a loop of 8 is 32 lane-ops.
// RUN: not clspread lint %s --rules='portability-*' --profile nvidia-h100-sxm -D cl_khr_fp16 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: clspread analyze %s --profile mali-g76 --kernel axpy4 --global 1024 > /dev/null
// RUN: not clspread analyze %s --profile nvidia-h100-sxm --kernel axpy4 --global 1024 2>&1 | FileCheck --check-prefix=GONE %s
// GONE: no kernel named 'axpy4' (kernels: halve, halve4)

__kernel void halve(__global const half *in, __global half *out) {
  size_t i = get_global_id(0);
  vstore_half(vload_half(i, in) * 0.5f, i, out);
}

__kernel void halve4(__global const half *in, __global half *out) {
  size_t i = get_global_id(0);
  vstore_half4_rte(vload_half4(i, in) * 0.5f, i, out);
}

#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void axpy4(__global half4 *y, __global const half4 *x, half a) {
  size_t i = get_global_id(0);
  half4 acc = y[i];
  for (int k = 0; k < 8; ++k)
    acc = acc * a + x[i]; // CHECK: portability-fp16-storage.cl:[[@LINE]]:19: error: half-precision arithmetic (32 lane-ops per work-item) on NVIDIA H100 SXM5 80GB (Hopper){{.*}}[portability-fp16]
  y[i] = acc;
}
#endif

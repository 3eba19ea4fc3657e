// vecadd.cl - element-wise c = a + b on floats: scalar vs float4 accesses.
//
// Models the float4 advice of Intel's OpenCL optimization guide ("consider
// using float4 data type, which gets four times as much data in one load")
// and AMD's talk "AMD and OpenCL" ("Prefer int4 / float4 ... Memory system
// prefers 128-bit load/stores"). Pure streaming: memory bound on every GPU.
//
// Job "vecadd" over n floats:
//   vecadd_scalar - global = n,     one float (32-bit accesses) per work-item
//   vecadd_float4 - global = n / 4, one float4 (128-bit accesses) per work-item
// No branches; the launch covers the buffers exactly.

__kernel void vecadd_scalar(__global const float *a, __global const float *b,
                            __global float *c) {
  const size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}

__kernel void vecadd_float4(__global const float4 *a, __global const float4 *b,
                            __global float4 *c) {
  const size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}

// RUN: clspread lint %s --rules=perf-scalar-global-access --profile hd4870 | FileCheck %s --allow-empty --implicit-check-not=warning:
// An image kernel over a 4096x4096 frame: DRAM bandwidth bounds it on the
// HD 4870, and 128-bit accesses move the same bytes. The rule's own model
// predicts no gain, so it gives no advice (it used to).
// CHECK-NOT: perf-scalar-global-access
// clspread: launch global=4096x4096 local=16x16 args=width=4096
__kernel void exposure(__global const float *src, __global float *dst,
                       float gain, int width) {
  int x = get_global_id(0), y = get_global_id(1);
  dst[y * width + x] = src[y * width + x] * gain;
}

// RUN: clspread lint %s --rules=perf-scalar-global-access --profile nvidia-h100-sxm | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: clspread lint %s --rules=perf-scalar-global-access --profile hd4870 | FileCheck --check-prefix=HD %s --allow-empty --implicit-check-not=warning:
// Launches of 16M work-items: past the 30 MiB a repeated launch finds in
// L2 on the H100 (cache.l2_warm_footprint), where the bytes cost DRAM.
// saxpy moves 12 B per 2 flops: MEM-bound on both profiles. On the H100
// this launch's T_MEM is set by latency (too few loads in flight), which
// float4 accesses cut; each of its two buffers is reported once, at its
// first access (y's load comes before its store), with the model's gain.
// On the HD 4870 T_MEM is DRAM bandwidth, the same bytes either way: the
// model predicts no gain, so nothing is reported there (it used to be).
// HD-NOT: perf-scalar-global-access

// clspread: launch global=16777216 local=256 args=a=2.0
__kernel void saxpy(__global const float *x, __global float *y, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
  // CHECK: scalar-global-access.cl:[[@LINE-1]]:14: warning: each work-item loads one 4-byte element of 'x' and its neighbours the next ones; in this MEM-bound kernel, loading a float4/int4 (16 B) per work-item and doing four elements' work uses the 128-bit path [perf-scalar-global-access]
  // CHECK-NEXT: note: at most: estimated gain on nvidia-h100-sxm: {{.*}} (fewer fetches and round trips; the bytes moved stay the same)
  // CHECK: scalar-global-access.cl:[[@LINE-3]]:21: warning: each work-item loads one 4-byte element of 'y'
  // CHECK-NEXT: note: at most: estimated gain
}

// float4: silent. An ALU-bound kernel with scalar loads: silent.
// clspread: launch global=262144 local=256 args=a=2.0
__kernel void saxpy4(__global const float4 *x, __global float4 *y, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
// clspread: launch global=16777216 local=256
__kernel void heavy(__global float *p) {
  size_t i = get_global_id(0);
  float v = p[i];
  for (int k = 0; k < 64; ++k)
    v = sin(v) * cos(v) + 1.0f;
  p[i] = v;
}

// RUN: clspread lint %s --rules=perf-barrier-large-work-group --profile mali-g76 | FileCheck %s --implicit-check-not=warning:
// Arm's advice only: silent on the HD 4870.
// RUN: clspread lint %s --rules=perf-barrier-large-work-group --profile hd4870 | count 0
// clspread: launch global=65536 local=256
__kernel void shared(__global float *p, __local float *t) { // CHECK: barrier-large-work-group.cl:[[@LINE]]:1: warning: 1 barriers per work-item with work-groups of 256; on Arm Mali-G76 MP12 (Bifrost, Exynos 9820) smaller groups (at most 64) wait less at each barrier [perf-barrier-large-work-group]
  size_t l = get_local_id(0), i = get_global_id(0);
  t[l] = p[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  p[i] = t[(l + 1) % 256];
}

// clspread: launch global=65536 local=64
__kernel void small(__global float *p, __local float *t) {
  size_t l = get_local_id(0), i = get_global_id(0);
  t[l] = p[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  p[i] = t[(l + 1) % 64];
}

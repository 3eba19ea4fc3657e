// RUN: not clspread lint %s --rules=perf-low-occupancy | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// HD 4870: 16 KiB of LDS per SIMD. A group allocating 5120 floats = 20 KiB
// cannot be placed: the launch fails (an error). 3072 floats = 12 KiB: one
// group of 256 = 4 wavefronts fits, and 4 is waves_per_cu_latency: silent.

// clspread: launch global=65536 local=256
__kernel void too_much(__global float *p) { // CHECK: low-occupancy.cl:[[@LINE]]:1: error: 0 wavefronts per compute unit, limited by local memory: a work-group allocates 20 KiB, more than the 16 KiB a compute unit has, so the launch fails; 4 or more are needed to hide latency [perf-low-occupancy]
  __local float t[5120];
  t[get_local_id(0)] = p[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  p[get_global_id(0)] = t[255 - get_local_id(0)];
}

// clspread: launch global=65536 local=256
__kernel void fits(__global float *p) {
  __local float t[3072];
  t[get_local_id(0)] = p[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  p[get_global_id(0)] = t[255 - get_local_id(0)];
}

// RUN: clspread lint %s --rules=perf-private-array-scratch | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// clspread: launch global=1024
__kernel void hist(__global const int *idx, __global float *out) {
  // By hand: the zeroing loop becomes one memset (not a load or store);
  // 8 increments (a load and a store each) and the final t[3] load make 17
  // accesses of 4 B = 68 B per work-item; 1024 x 68 B = 68 KiB. The frontend
  // emits line tables only, so the array is placed at its first access.
  float t[16];
  for (int k = 0; k < 16; ++k)
    t[k] = 0;
  for (int k = 0; k < 8; ++k)
    t[idx[get_global_id(0) * 8 + k] & 15] += 1.0f; // CHECK: scratch.cl:[[@LINE]]:43: warning: private array 't' (64 B per work-item) is indexed at run time and lives in scratch memory: 17 accesses, 68 B per work-item [perf-private-array-scratch]
  // CHECK-NEXT: note: 1024 work-items move 68 KiB through scratch
  out[get_global_id(0)] = t[3];
}

// Constant indices only: the array becomes registers, silent.
__kernel void unrolled(__global float *out) {
  float t[4] = {1, 2, 3, 4};
  float s = 0;
  for (int k = 0; k < 4; ++k)
    s += t[k];
  out[get_global_id(0)] = s;
}

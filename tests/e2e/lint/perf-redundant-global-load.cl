// RUN: clspread lint %s --rules=perf-redundant-global-load | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// clspread: launch global=4096 args=n=100
__kernel void rowsum(__global const float *x, __global float *y, int n) {
  int i = get_global_id(0);
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += x[k]; // CHECK: redundant-global-load.cl:[[@LINE]]:10: warning: every work-item loads the same element of 'x' on each iteration of the loop at line [[@LINE-1]] (100 loads per work-item); load a tile into __local memory once per work-group [perf-redundant-global-load]
  // CHECK-NEXT: note: kernels/matmul.cl
  y[i] = s;
}

// The same address on every iteration of one work-item's loop.
// clspread: launch global=4096 args=n=100
__kernel void accumulate(__global float *out, __global const float *w, int n) {
  int i = get_global_id(0);
  for (int k = 0; k < n; ++k)
    out[i] += w[i] * k; // CHECK: :[[@LINE]]:12: warning: 'out' is loaded at the same address on every iteration of the loop at line [[@LINE-1]] (100 times per work-item); load it once before the loop [perf-redundant-global-load]
    // CHECK-NEXT: :[[@LINE-1]]:15: warning: 'w' is loaded at the same address on every iteration of the loop at line [[@LINE-2]] (100 times per work-item); load it once before the loop [perf-redundant-global-load]
}

// Each iteration a different element, each work-item its own: silent.
// clspread: launch global=4096 args=n=100
__kernel void strided(__global const float *x, __global float *y, int n) {
  int i = get_global_id(0);
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += x[k * 4096 + i];
  y[i] = s;
}

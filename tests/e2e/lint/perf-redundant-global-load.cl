// RUN: clspread lint %s --rules=perf-redundant-global-load | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// Every work-item of a 16x16 group's row loads the same element of 'a' on
// each iteration: a __local tile serves the row.
// clspread: launch global=256x256 local=16x16 args=n=256
__kernel void matmul_rows(__global const float *a, __global const float *b,
                          __global float *c, int n) {
  int col = get_global_id(0), row = get_global_id(1);
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += a[row * n + k] * b[k * n + col]; // CHECK: redundant-global-load.cl:[[@LINE]]:10: warning: every work-item loads the same element of 'a' on each iteration of the loop at line [[@LINE-1]] (256 loads per work-item); load a tile into __local memory once per work-group [perf-redundant-global-load]
  // CHECK-NEXT: note: kernels/matmul.cl
  c[row * n + col] = s;
}

// The same address on every iteration of one work-item's loop. 'out' is
// written by the loop too (the value changes): no advice for it (it was
// reported before, a false positive the real-world corpus showed).
// clspread: launch global=4096 args=n=100
__kernel void accumulate(__global float *out, __global const float *w, int n) {
  int i = get_global_id(0);
  for (int k = 0; k < n; ++k)
    out[i] += w[i] * k; // CHECK: :[[@LINE]]:15: warning: 'w' is loaded at the same address on every iteration of the loop at line [[@LINE-1]] (100 times per work-item); load it once before the loop [perf-redundant-global-load]
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

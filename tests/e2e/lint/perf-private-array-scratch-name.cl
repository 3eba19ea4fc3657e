// RUN: clspread lint %s --rules=perf-private-array-scratch | FileCheck %s --implicit-check-not=warning:
// The finding names the array (debug info has line tables only: the name
// comes from the source at the array's first access, the store of the
// first loop: the variable left of its '=').
// clspread: launch global=4096 args=n=64
__kernel void pick_nth(__global const float *in, __global const int *rank,
                       __global float *out, int n) {
  int i = get_global_id(0);
  float window[9];
  for (int k = 0; k < 9; ++k)
    window[k] = in[i + k]; // CHECK: scratch-name.cl:[[@LINE]]:15: warning: private array 'window' (36 B per work-item) is indexed at run time
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += window[rank[k] % 9];
  out[i] = s;
}

// A histogram of vectors counted through a swizzle (GEGL's oilify): the
// access is placed at the member `.x`, and the array is `hist`, not 'x'.
// clspread: launch global=4096
__kernel void histogram(__global const float4 *in, __global float4 *out) {
  int i = get_global_id(0);
  float4 hist[64];
  for (int k = 0; k < 64; ++k)
    hist[k] = 0.0f;
  for (int k = 0; k < 16; ++k) {
    float4 p = in[i + k];
    hist[(int)(clamp(p.x, 0.f, 1.f) * 63)].x += 1; // CHECK: scratch-name.cl:[[@LINE]]:46: warning: private array 'hist' (1024 B per work-item) is indexed at run time
  }
  out[i] = hist[i & 63];
}

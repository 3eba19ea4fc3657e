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

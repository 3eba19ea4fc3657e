// RUN: clspread lint %s --rules=perf-redundant-global-load | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// Loads repeated in a loop that the rule must not advise hoisting or
// tiling: the value changes, another work-item changes it, or
// the hardware already broadcasts it. One case at the end that is still
// reported checks the name printed for a pointer that is not an argument.

// A tree reduction in global memory: the loop writes a[i] itself.
// clspread: launch global=4096 local=256
__kernel void reduce_in_place(__global float *a, int first) {
  int lid = get_local_id(0);
  int i = get_global_id(0);
  for (int s = first; s > 0; s >>= 1) {
    if (lid < s)
      a[i] += a[i + s];
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
}

// An atomic_cmpxchg retry loop: hoisting the load would retry forever.
// clspread: launch global=4096
__kernel void atomic_add_float(__global volatile int *sum,
                               __global const float *x) {
  float v = x[get_global_id(0)];
  int old, upd;
  do {
    old = sum[0];
    upd = as_int(as_float(old) + v);
  } while (atomic_cmpxchg(sum, old, upd) != old);
}

// A spin-wait on a flag another work-item sets.
// clspread: launch global=256 local=256
__kernel void wait_for_leader(__global int *flag, __global float *data) {
  int i = get_global_id(0);
  if (i == 0) {
    data[0] = 42.0f;
    atomic_xchg(flag, 1);
  }
  while (flag[0] == 0)
    ;
  data[i + 1] = data[0];
}

// A volatile buffer: every load is meant.
// clspread: launch global=4096 args=n=1000
__kernel void poll(__global volatile const int *status, __global int *out,
                   int n) {
  int seen = 0;
  for (int k = 0; k < n; ++k)
    seen += status[0];
  out[get_global_id(0)] = seen;
}

// Across a barrier, in a kernel that writes the buffer: another
// work-item's store becomes visible.
// clspread: launch global=256 local=256 args=n=1000
__kernel void stages(__global float *buf, int n) {
  int i = get_global_id(0);
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    acc += buf[0];
    if (i == k)
      buf[0] = acc;
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
  buf[i + 1] = acc;
}

// __constant data: the constant cache broadcasts it; and data every
// work-item reads at the same address: the hardware broadcasts it.
__constant float taps[8] = {0.1f, 0.2f, 0.3f, 0.4f, 0.4f, 0.3f, 0.2f, 0.1f};
// clspread: launch global=4096 args=n=1000
__kernel void fir(__global const float *in, __constant float *w,
                  __global const float *gain, __global float *out, int n) {
  int i = get_global_id(0);
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += in[i + k] * w[k] * taps[k & 7] * gain[k];
  out[i] = s;
}

// Still reported: the same address on every iteration, through a pointer
// chosen at run time; named from the source.
// clspread: launch global=4096 args=n=1000
__kernel void pick_scale(__global const float *a, __global const float *b,
                         __global float *out, int n, int pick) {
  int i = get_global_id(0);
  __global const float *src = pick ? a : b;
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += src[i] * k;
  out[i] = s;
  // CHECK: :[[@LINE-2]]:10: warning: 'src' is loaded at the same address on every iteration of the loop at line [[@LINE-3]] (1000 times per work-item); load it once before the loop [perf-redundant-global-load]
}

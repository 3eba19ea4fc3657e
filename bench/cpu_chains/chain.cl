// chain.cl - two loop-carried sums, kept in global memory or in registers
// (bench/cpu_chains/suite.yaml, docs/results/pocl-cpu/outside-polybench).
//
// Each work-item sums its row of two n x n matrices times a vector, into
// s[i] and t[i]. sums_memory adds into s[i] and t[i] at every step, as
// several PolyBench-ACC kernels do: the buffers may alias, so the store to
// t[i] may have changed s[i], and the compiler loads s[i] again after it
// each iteration; each step waits for the last one's store. (With one sum
// there is no other store between, and LLVM keeps it in a register.)
// sums_register keeps both in registers and stores them once. The same
// loads, the same arithmetic.

__kernel void sums_memory(__global const float *a, __global const float *b,
                          __global const float *v, __global float *s,
                          __global float *t, int n) {
  int i = get_global_id(0);
  if (i < n) {
    s[i] = 0.0f;
    t[i] = 0.0f;
    for (int j = 0; j < n; j++) {
      s[i] += a[i * n + j] * v[j];
      t[i] += b[i * n + j] * v[j];
    }
  }
}

__kernel void sums_register(__global const float *a, __global const float *b,
                            __global const float *v, __global float *s,
                            __global float *t, int n) {
  int i = get_global_id(0);
  if (i < n) {
    float x = 0.0f, y = 0.0f;
    for (int j = 0; j < n; j++) {
      x += a[i * n + j] * v[j];
      y += b[i * n + j] * v[j];
    }
    s[i] = x;
    t[i] = y;
  }
}

// vectorize.cl - whether a CPU OpenCL runtime runs work-items as SIMD
// lanes, and what a work-item's own dependences cost there
// (bench/cpu_vectorize/plan.sh; docs/results/pocl-cpu/vectorize/).
//
// Every kernel does 256 fp32 multiply-adds per work-item (a float4 one
// counts four), one after another (chain) or in 8 independent
// accumulators (indep), written out in full (flat) or in a loop whose
// count the compiler cannot see (loop). PoCL runs a work-group's
// work-items in a loop and leaves its vectorizing to LLVM's loop
// vectorizer, which takes innermost loops only: a kernel with a loop of
// its own, or one written in vector types, is expected to run one
// work-item at a time.

#define FMA4(x) x = fma(x, a, b); x = fma(x, a, b); x = fma(x, a, b); x = fma(x, a, b);
#define FMA16(x) FMA4(x) FMA4(x) FMA4(x) FMA4(x)
#define FMA64(x) FMA16(x) FMA16(x) FMA16(x) FMA16(x)
#define STEP8 FMA4(x0) FMA4(x1) FMA4(x2) FMA4(x3) FMA4(x4) FMA4(x5) FMA4(x6) FMA4(x7)

__kernel void flat_chain(__global const float *in, __global float *out,
                         float a, float b) {
  size_t i = get_global_id(0);
  float x = in[i];
  FMA64(x) FMA64(x) FMA64(x) FMA64(x)
  out[i] = x;
}

__kernel void loop_chain(__global const float *in, __global float *out,
                         float a, float b, int iters) {
  size_t i = get_global_id(0);
  float x = in[i];
  for (int k = 0; k < iters; ++k) {
    FMA4(x)
  }
  out[i] = x;
}

__kernel void flat_chain4(__global const float4 *in, __global float4 *out,
                          float a, float b) {
  size_t i = get_global_id(0);
  float4 x = in[i];
  FMA16(x) FMA16(x) FMA16(x) FMA16(x)
  out[i] = x;
}

__kernel void loop_chain4(__global const float4 *in, __global float4 *out,
                          float a, float b, int iters) {
  size_t i = get_global_id(0);
  float4 x = in[i];
  for (int k = 0; k < iters; ++k) {
    FMA4(x)
  }
  out[i] = x;
}

__kernel void flat_indep(__global const float *in, __global float *out,
                         float a, float b) {
  size_t i = get_global_id(0);
  float x0 = in[i], x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3, x4 = x0 + 4,
        x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;
  STEP8 STEP8 STEP8 STEP8 STEP8 STEP8 STEP8 STEP8
  out[i] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
}

__kernel void loop_indep(__global const float *in, __global float *out,
                         float a, float b, int iters) {
  size_t i = get_global_id(0);
  float x0 = in[i], x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3, x4 = x0 + 4,
        x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;
  for (int k = 0; k < iters; ++k) {
    STEP8
  }
  out[i] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
}

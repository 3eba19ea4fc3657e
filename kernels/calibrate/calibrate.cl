// calibrate.cl - micro-benchmarks for `clspread calibrate`.
//
// Each kernel isolates one figure of a device profile. clspread analyzes
// them like any kernel, so the work each launch does (bytes, lane-ops by
// class) comes from the analysis, and calibrate divides it by the measured
// time. Chains are independent (ILP 8) and long enough that the loop
// overhead is a small share of the ALU work; inputs come from memory so
// the compiler cannot fold the chains away, and one store per work-item
// keeps them alive.

// DRAM bandwidth: one 16-byte read and one 16-byte write per work-item.
__kernel void copy_float4(__global const float4 *in, __global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}

// DRAM latency: 4-byte accesses, one load round trip per work-item. With
// few bytes in flight the copy is latency-bound; calibrate solves
// time = rounds x (N / resident work-items) x latency for the latency.
__kernel void copy_float(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}

// Where the latency and bandwidth limits meet: 8 bytes read and 4 written
// per work-item in one load round trip, so that on a GPU the two limits of
// T_MEM are about equal; calibrate solves T = (T_bw^p + T_lat^p)^(1/p) for
// memory.overlap_exponent p.
__kernel void copy_knee(__global const float2 *in, __global float *out) {
  size_t i = get_global_id(0);
  float2 v = in[i];
  out[i] = v.x + v.y;
}

// Launch overhead: a launch that does nothing measurable.
__kernel void empty(__global float *out) {
  if (get_global_id(0) == 0x7fffffff)
    out[0] = 1.0f;
}

#define CHAINS8(OP)                                                            \
  a0 = OP(a0); a1 = OP(a1); a2 = OP(a2); a3 = OP(a3);                          \
  a4 = OP(a4); a5 = OP(a5); a6 = OP(a6); a7 = OP(a7);
#define LOAD8(T, SRC)                                                          \
  T a0 = SRC, a1 = a0 + (T)1, a2 = a0 + (T)2, a3 = a0 + (T)3,                  \
    a4 = a0 + (T)4, a5 = a0 + (T)5, a6 = a0 + (T)6, a7 = a0 + (T)7;
#define SUM8 (a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7)

// CPU issue: 16 independent chains of 16 steps, float multiply-adds and
// integer xor-shifts, written out (no loop), so that a CPU compiler makes
// work-items SIMD lanes and the core is bound by issuing, not by a chain
// (PoCL: docs/results/pocl-cpu/vectorize). calibrate solves
// alu.instructions_per_clock on t_alu_issue with the compiler's
// instruction count.
#define STEP4(OP) OP OP OP OP
#define FSTEP a0 = mad(a0, s, t); a1 = mad(a1, s, t); a2 = mad(a2, s, t);      \
  a3 = mad(a3, s, t); a4 = mad(a4, s, t); a5 = mad(a5, s, t);                  \
  a6 = mad(a6, s, t); a7 = mad(a7, s, t);
#define ISTEP u0 = (u0 ^ r) + (u0 >> 3); u1 = (u1 ^ r) + (u1 >> 3);            \
  u2 = (u2 ^ r) + (u2 >> 3); u3 = (u3 ^ r) + (u3 >> 3);                        \
  u4 = (u4 ^ r) + (u4 >> 3); u5 = (u5 ^ r) + (u5 >> 3);                        \
  u6 = (u6 ^ r) + (u6 >> 3); u7 = (u7 ^ r) + (u7 >> 3);
__kernel void cpu_issue(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  LOAD8(float, in[i])
  float s = in[0], t = in[1];
  uint r = as_uint(in[2]);
  uint u0 = as_uint(a0), u1 = u0 + 1, u2 = u0 + 2, u3 = u0 + 3, u4 = u0 + 4,
       u5 = u0 + 5, u6 = u0 + 6, u7 = u0 + 7;
  STEP4(STEP4(FSTEP ISTEP))
  out[i] = SUM8 + (float)(u0 ^ u1 ^ u2 ^ u3 ^ u4 ^ u5 ^ u6 ^ u7);
}

// fp32 rate: fused multiply-adds.
__kernel void fp32_fma(__global const float *in, __global float *out,
                       int iters) {
  size_t i = get_global_id(0);
  LOAD8(float, in[i])
  float s = in[0], t = in[1];
#define FMA(x) mad(x, s, t)
  for (int k = 0; k < iters; ++k) {
    CHAINS8(FMA)
  }
  out[i] = SUM8;
}

// Transcendental rate: the functions kernels call (not native_), mixed.
__kernel void transcendental_mix(__global const float *in, __global float *out,
                                 int iters) {
  size_t i = get_global_id(0);
  LOAD8(float, in[i])
  for (int k = 0; k < iters; ++k) {
    a0 = sin(a0); a1 = cos(a1); a2 = exp(a2 * 0.001f); a3 = log(a3 + 2.0f);
    a4 = sin(a4); a5 = cos(a5); a6 = exp(a6 * 0.001f); a7 = log(a7 + 2.0f);
  }
  out[i] = SUM8;
}

// A CPU library's own time for each function a CPU profile may price
// (alu.call_cycles_<fn>): 8 independent calls an iteration, each fed its
// own result, kept in the range kernels call it on (no special-case
// inputs, no overflow). PoCL 3.1 on Zen 4 takes 9x as long for a pow as
// for a sin, a fifth of it for an exp: one rate for all cannot hold.
#define CALLS8(T, OP)                                                          \
  size_t i = get_global_id(0);                                                 \
  LOAD8(T, in[i] * (T)0.001)                                                   \
  for (int k = 0; k < iters; ++k) {                                            \
    CHAINS8(OP)                                                                \
  }                                                                            \
  out[i] = SUM8;
#define SIN_OP(x) sin((x) + 1.0f)
#define COS_OP(x) cos((x) + 1.0f)
#define TAN_OP(x) tan((x) * 0.25f + 0.5f)
#define EXP_OP(x) exp((x) * -0.5f)
#define EXP2_OP(x) exp2((x) * -0.5f)
#define LOG_OP(x) log(fabs(x) + 2.0f)
#define LOG2_OP(x) log2(fabs(x) + 2.0f)
#define LOG10_OP(x) log10(fabs(x) + 2.0f)
#define POW_OP(x) pow(fabs(x) + 1.0f, 0.75f)
__kernel void call_sin(__global const float *in, __global float *out,
                       int iters) {
  CALLS8(float, SIN_OP)
}
__kernel void call_cos(__global const float *in, __global float *out,
                       int iters) {
  CALLS8(float, COS_OP)
}
__kernel void call_tan(__global const float *in, __global float *out,
                       int iters) {
  CALLS8(float, TAN_OP)
}
__kernel void call_exp(__global const float *in, __global float *out,
                       int iters) {
  CALLS8(float, EXP_OP)
}
__kernel void call_exp2(__global const float *in, __global float *out,
                        int iters) {
  CALLS8(float, EXP2_OP)
}
__kernel void call_log(__global const float *in, __global float *out,
                       int iters) {
  CALLS8(float, LOG_OP)
}
__kernel void call_log2(__global const float *in, __global float *out,
                        int iters) {
  CALLS8(float, LOG2_OP)
}
__kernel void call_log10(__global const float *in, __global float *out,
                         int iters) {
  CALLS8(float, LOG10_OP)
}
__kernel void call_pow(__global const float *in, __global float *out,
                       int iters) {
  CALLS8(float, POW_OP)
}

// The same in double precision (alu.call_cycles_<fn>_fp64), where the
// device has doubles (CALLS8 above, of doubles).
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define SIN_FP64_OP(x) sin((x) + 1.0)
#define COS_FP64_OP(x) cos((x) + 1.0)
#define TAN_FP64_OP(x) tan((x) * 0.25 + 0.5)
#define EXP_FP64_OP(x) exp((x) * -0.5)
#define EXP2_FP64_OP(x) exp2((x) * -0.5)
#define LOG_FP64_OP(x) log(fabs(x) + 2.0)
#define LOG2_FP64_OP(x) log2(fabs(x) + 2.0)
#define LOG10_FP64_OP(x) log10(fabs(x) + 2.0)
#define POW_FP64_OP(x) pow(fabs(x) + 1.0, 0.75)
__kernel void call_sin_fp64(__global const double *in, __global double *out,
                            int iters) {
  CALLS8(double, SIN_FP64_OP)
}
__kernel void call_cos_fp64(__global const double *in, __global double *out,
                            int iters) {
  CALLS8(double, COS_FP64_OP)
}
__kernel void call_tan_fp64(__global const double *in, __global double *out,
                            int iters) {
  CALLS8(double, TAN_FP64_OP)
}
__kernel void call_exp_fp64(__global const double *in, __global double *out,
                            int iters) {
  CALLS8(double, EXP_FP64_OP)
}
__kernel void call_exp2_fp64(__global const double *in, __global double *out,
                             int iters) {
  CALLS8(double, EXP2_FP64_OP)
}
__kernel void call_log_fp64(__global const double *in, __global double *out,
                            int iters) {
  CALLS8(double, LOG_FP64_OP)
}
__kernel void call_log2_fp64(__global const double *in, __global double *out,
                             int iters) {
  CALLS8(double, LOG2_FP64_OP)
}
__kernel void call_log10_fp64(__global const double *in, __global double *out,
                              int iters) {
  CALLS8(double, LOG10_FP64_OP)
}
__kernel void call_pow_fp64(__global const double *in, __global double *out,
                            int iters) {
  CALLS8(double, POW_FP64_OP)
}
#endif

// fp32 divide / square root rate.
__kernel void fp32_div_sqrt(__global const float *in, __global float *out,
                            int iters) {
  size_t i = get_global_id(0);
  LOAD8(float, in[i] + 1.0f)
  float s = in[0] + 3.0f;
  for (int k = 0; k < iters; ++k) {
    a0 = s / a0; a1 = sqrt(a1); a2 = s / a2; a3 = sqrt(a3);
    a4 = s / a4; a5 = sqrt(a5); a6 = s / a6; a7 = sqrt(a7);
  }
  out[i] = SUM8;
}

// Simple integer rate: add, xor, shift.
__kernel void int_simple(__global const uint *in, __global uint *out,
                         int iters) {
  size_t i = get_global_id(0);
  LOAD8(uint, in[i])
  uint s = in[0];
#define IOP(x) (((x) ^ s) + ((x) >> 3))
  for (int k = 0; k < iters; ++k) {
    CHAINS8(IOP)
  }
  out[i] = SUM8;
}

// 32-bit integer multiply rate.
__kernel void int_mul(__global const uint *in, __global uint *out, int iters) {
  size_t i = get_global_id(0);
  LOAD8(uint, in[i])
  uint s = in[0] | 1u;
#define IMUL(x) ((x) * s)
  for (int k = 0; k < iters; ++k) {
    CHAINS8(IMUL)
  }
  out[i] = SUM8;
}

// int <-> float conversion rate.
__kernel void conversion(__global const float *in, __global float *out,
                         int iters) {
  size_t i = get_global_id(0);
  LOAD8(float, in[i])
#define CVT(x) convert_float(convert_int(x))
  for (int k = 0; k < iters; ++k) {
    CHAINS8(CVT)
  }
  out[i] = SUM8;
}

// How ALU classes on different pipes overlap: 8 independent chains, each
// iteration converting float -> int -> float (conversion pipe), two integer
// ops and three fp32 ops. calibrate compares the time with the busiest
// pipe's cycles and with the sum of all classes' cycles and writes where it
// falls between them as alu.pipe_overlap (0: full overlap, 1: none).
__kernel void alu_mix(__global const float *in, __global float *out,
                      int iters) {
  size_t i = get_global_id(0);
  LOAD8(float, in[i])
  int s = (int)in[0] | 1;
#define MIX(x) x = mad((float)(((int)(x) ^ s) >> 1), 0.5f, (x) * 0.999f + 1.0f);
  for (int k = 0; k < iters; ++k) {
    MIX(a0) MIX(a1) MIX(a2) MIX(a3) MIX(a4) MIX(a5) MIX(a6) MIX(a7)
  }
  out[i] = SUM8;
}

// What the schedulers sustain (alu.issue_per_clock): 8 independent chains
// of two fp32 multiply-adds (FMA pipe) beside 8 of an integer rotate by an
// amount the compiler does not know (integer pipe, one instruction each;
// nothing folds or fuses them). Neither pipe is full: two fp32 lane-ops
// to one integer one keep each below the one instruction per scheduler
// per clock that issuing all three takes, so the issue is the limit.
// calibrate solves alu.issue_per_clock on t_alu_issue.
__kernel void alu_issue(__global const float *in, __global float *out,
                        int iters) {
  size_t i = get_global_id(0);
  LOAD8(float, in[i])
  float s = in[0], t = in[1];
  uint r = as_uint(in[2]);
  uint u0 = as_uint(a0), u1 = u0 + 1, u2 = u0 + 2, u3 = u0 + 3, u4 = u0 + 4,
       u5 = u0 + 5, u6 = u0 + 6, u7 = u0 + 7;
#define FMA2(x) mad(mad(x, s, t), s, t)
#define ROT(u) u = rotate(u, r);
  for (int k = 0; k < iters; ++k) {
    CHAINS8(FMA2)
    ROT(u0) ROT(u1) ROT(u2) ROT(u3) ROT(u4) ROT(u5) ROT(u6) ROT(u7)
  }
  out[i] = SUM8 + (float)(u0 ^ u1 ^ u2 ^ u3 ^ u4 ^ u5 ^ u6 ^ u7);
}

// __local bandwidth: 16-byte reads of a work-group tile, 8 independent
// accumulators; the integer index work is small beside the LDS traffic.
__kernel void lds_read(__global const float4 *in, __global float4 *out,
                       int iters) {
  __local float4 tile[256];
  size_t l = get_local_id(0);
  tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 a0 = 0, a1 = 0, a2 = 0, a3 = 0;
  for (int k = 0; k < iters; k += 4) {
    a0 += tile[(l + k) & 255];
    a1 += tile[(l + k + 1) & 255];
    a2 += tile[(l + k + 2) & 255];
    a3 += tile[(l + k + 3) & 255];
  }
  out[get_global_id(0)] = a0 + a1 + a2 + a3;
}

__constant sampler_t calib_sampler =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

// Image fetch rate: read_imagef from a small neighbourhood (cache hits),
// four independent sums.
__kernel void image_fetch(__read_only image2d_t img, __global float4 *out,
                          int iters) {
  int x = get_global_id(0), y = get_global_id(1);
  float4 a0 = 0, a1 = 0, a2 = 0, a3 = 0;
  for (int k = 0; k < iters; k += 4) {
    a0 += read_imagef(img, calib_sampler, (int2)(x + k, y));
    a1 += read_imagef(img, calib_sampler, (int2)(x, y + k));
    a2 += read_imagef(img, calib_sampler, (int2)(x - k, y));
    a3 += read_imagef(img, calib_sampler, (int2)(x, y - k));
  }
  out[y * get_global_size(0) + x] = a0 + a1 + a2 + a3;
}

// Barrier cost: a loop of barriers around a trivial __local exchange, so
// the compiler keeps every barrier; the exchange's LDS traffic is small.
__kernel void barrier_loop(__global const float *in, __global float *out,
                           int iters) {
  __local float tile[256];
  size_t l = get_local_id(0);
  float v = in[get_global_id(0)];
  for (int k = 0; k < iters; ++k) {
    tile[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    v += tile[(l + 1) & 255];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = v;
}

// L2 bandwidth: every work-item stores 16 bytes to its own address, again
// and again (volatile, so each store is kept). L1 is write-through on the
// GPUs whose profiles give cache sizes, so every store reaches L2, while
// the buffer (16 B x work-items) fits in L2 and leaves DRAM nearly idle;
// calibrate divides the cache model's L2 bytes by the time. The same with
// 4 bytes per work-item (cache.l2_narrow_store_bandwidth): a wavefront's
// store is one whole line, and L2 takes such stores at about twice the
// float4's byte rate (bench/l2_store_width).
__kernel void l2_store(volatile __global float4 *out, int iters) {
  size_t i = get_global_id(0);
  float4 v = (float4)((float)i);
  for (int k = 0; k < iters; ++k) {
    out[i] = v;
    v += 1.0f;
  }
}

__kernel void l2_narrow_store(volatile __global float *out, int iters) {
  size_t i = get_global_id(0);
  float v = (float)i;
  for (int k = 0; k < iters; ++k) {
    out[i] = v;
    v += 1.0f;
  }
}

// L2 rate for sectors a store writes only part of: each work-item stores 4
// bytes into its own 128-byte line, again and again (volatile). The lines
// (128 B x work-items) stay in L2; a wavefront's store touches one sector
// in each of 32 lines and fills none, as a naive transpose's column writes
// do. (Partial sectors that share lines go faster: 4 lanes per line
// measured 1.6x this rate on an H100, bench/partial_stores.sh.)
__kernel void l2_partial_store(volatile __global float *out, int iters) {
  size_t i = get_global_id(0);
  float v = (float)i;
  for (int k = 0; k < iters; ++k) {
    out[i * 32] = v;
    v += 1.0f;
  }
}

// How barrier-separated phases combine: each work-group loads a tile from
// global memory, then reads it from __local with a barrier per step. Sized
// so that the model's T_ALU (LDS and barriers) and T_MEM are about equal;
// calibrate solves T = (T_ALU^p + T_MEM^p)^(1/p) for barrier.phase_exponent.
__kernel void phase_mix(__global const float4 *in, __global float4 *out,
                        int iters) {
  __local float4 tile[256];
  size_t l = get_local_id(0);
  tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 a = 0;
  for (int k = 0; k < iters; ++k) {
    a += tile[(l + k) & 255];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = a;
}

// Chains through memory: in a loop that stores to global memory, each
// iteration's loads wait for the iteration before (the compiler may not
// move a load above a store that may write its bytes, and the store waits
// for the loaded value). One work-group of 64, so the chain and not the
// traffic sets the time; calibrate solves each level's round trip on the
// model's t_chain.
//
// L1: in[i] is the same 4 bytes on every iteration and the store goes to
// another buffer, so every load after the first hits L1.
__kernel void chain_l1(__global const float *in, __global float *out,
                       int iters) {
  size_t i = get_global_id(0);
  for (int k = 0; k < iters; ++k)
    out[(k & 255) * 64 + i] = in[i] * (float)k;
}

// L2: the accumulator chains (the load of a, which may be acc, keeps the
// compiler from holding acc[i] in a register), and each iteration also
// loads a line per work-item: 64 lines per iteration, 256 iterations' lines
// (2 MiB) cycled over, more than an L1 holds and little for an L2. (A load
// of what the previous iteration stored is no test of L2: an H100 serves
// it as fast as an L1 hit, measured.)
__kernel void chain_l2(__global const float *a, __global float *acc,
                       int reps) {
  size_t i = get_global_id(0);
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < 256; ++k)
      acc[i] += a[(k * 64 + i) * 32];
}

// DRAM: the accumulator chains as above, and each iteration also loads a
// new row of the matrix a (iters rows of the launch's work-items: 128 MiB
// at the full launch, more than any L2, so that launch after launch the
// rows come from DRAM). 8192 work-items keep about two wavefronts per
// compute unit: still the chain, not the traffic, sets the time.
__kernel void chain_dram(__global const float *a, __global float *acc,
                         int iters) {
  size_t i = get_global_id(0);
  size_t n = get_global_size(0);
  for (int k = 0; k < iters; ++k)
    acc[i] += a[k * n + i];
}

// Loads one work-item keeps in flight in a loop with no global store: the
// iterations' loads are independent (the sum stays in a register), so the
// compiler may unroll the loop and issue several before the first use.
// One work-item, so nothing else hides the wait; each iteration loads a new
// 128-byte line of a region of iters lines (128 MiB at the full launch,
// more than any L2), so that launch after launch the lines come from DRAM,
// whose round trip is long enough to set the time rather than the loop's
// ALU path. Calibrate solves how many loads are in flight on the model's
// t_item at memory.dram_latency. (bench/latency checks the figures on a
// loop stepping 4 bytes, which L1 and L2 serve in turn.)
__kernel void item_loads_dram(__global const float *a, __global float *out,
                              int iters) {
  float s = 0;
  for (int k = 0; k < iters; ++k)
    s += a[k * 32];
  out[get_global_id(0)] = s;
}

// The same loop served by L1 and by L2: a lone work-item keeps fewer
// loads to L1 in flight than misses to DRAM (the loop's own issue and the
// registers its unrolling takes set the pace), so each level has its own
// figure. item_loads_l1 cycles over 4 KiB, which L1 holds after the first
// pass; item_loads_l2 takes a new 128-byte line of a 1 MiB region per
// iteration (8192 lines, more than an L1 holds and little for an L2),
// cycled reps times. Calibrate solves each on t_item.
__kernel void item_loads_l1(__global const float *a, __global float *out,
                            int reps) {
  float s = 0;
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < 1024; ++k)
      s += a[k];
  out[get_global_id(0)] = s;
}

__kernel void item_loads_l2(__global const float *a, __global float *out,
                            int reps) {
  float s = 0;
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < 8192; ++k)
      s += a[k * 32];
  out[get_global_id(0)] = s;
}

// One work-item's ALU path: a loop of dependent multiply-adds (each needs
// the one before), with nothing else to overlap. Calibrate solves the
// clocks per lane-op, the loop's own counting included, on t_item.
__kernel void alu_chain(__global const float *in, __global float *out,
                        int iters) {
  float x = in[0], a = in[1], b = in[2];
  for (int k = 0; k < iters; ++k)
    x = mad(x, a, b);
  out[get_global_id(0)] = x;
}

// The same loop of fused multiply-adds (fma(), which CPUs run as one
// instruction): on a CPU profile whose compiler's code the model counts,
// the clocks of an fma on a loop's recurrence (alu.fma_latency_cycles).
__kernel void fma_chain(__global const float *in, __global float *out,
                        int iters) {
  float x = in[0], a = in[1], b = in[2];
  for (int k = 0; k < iters; ++k)
    x = fma(x, a, b);
  out[get_global_id(0)] = x;
}

// Two sums of fused multiply-adds kept in memory, each added into its
// own buffer at every step. The buffers may alias, so the store to t[0]
// may have changed s[0] and the compiler loads s[0] again after it: each
// step waits for the last step's store to reach its load. On a CPU
// profile whose compiler's code the model counts, the clocks of that
// wait beyond the fma's own (cache.store_forward_cycles; the sums of
// PolyBench's gesummv, bench/cpu_chains).
__kernel void store_chain(__global const float *in, __global float *s,
                          __global float *t, int iters) {
  float a = in[0], b = in[1];
  s[0] = in[2];
  t[0] = in[3];
  for (int k = 0; k < iters; ++k) {
    s[0] = fma(s[0], a, b);
    t[0] = fma(t[0], a, b);
  }
}

// A CPU core's caches fetching lines again (Model/CpuCaches.h): each
// work-item walks a column of `rows` floats `pitch` apart, `reps` times;
// 16 neighbouring work-items share its lines. Calibrate's pitch is a
// page (4 KiB, 1024 floats). A page apart, the
// column falls into one set of an L1 whose ways are at most a page, which
// keeps 8 to 12 of its lines, while pages land on any frame, and so on
// any of L2's sets that hold that offset (32 of them on a 1 MiB L2 of 8
// ways). With 32 rows, L2 keeps the column and L1 does not: after the
// first pass each load is a line fetched again from L2
// (cache.l2_refetch_cycles). With 2048 rows (8 MiB, within any L3) L2
// cannot keep it either: a line fetched again from beyond L2
// (cache.l3_refetch_cycles). With a pitch of a page and a line (1040
// floats) the column spreads over L1's sets, and with 8192 rows over more
// pages than a core's TLB holds: each load walks the page tables
// (cache.page_walk_cycles).
__kernel void refetch(__global const float *in, __global float *out, int rows,
                      int reps, int pitch) {
  size_t i = get_global_id(0);
  uint s = 0;
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < rows; ++k)
      s += as_uint(in[k * pitch + i]);
  out[i] = as_float(s);
}

// The same column scanned in place (refetch's walk of 32 rows a page
// apart, each element replaced by the sum before it): each load fetches
// again a line that L1 evicted dirty, which costs a core more than a clean
// line (cache.dirty_refetch_cycles, added to cache.l2_refetch_cycles).
__kernel void refetch_dirty(__global uint *a, int rows, int reps, int pitch) {
  size_t i = get_global_id(0);
  uint s = 0;
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < rows; ++k) {
      uint x = a[k * pitch + i];
      a[k * pitch + i] = s;
      s += x;
    }
}

// The same path through the classes that wait longer: dependent
// exponentials (alu.transcendental_latency_cycles) and, where the device
// has doubles, dependent double multiply-adds (alu.fp64_latency_cycles).
// The loops' own counting runs at alu.latency_cycles, solved before.
__kernel void exp_chain(__global const float *in, __global float *out,
                        int iters) {
  float x = in[0];
  for (int k = 0; k < iters; ++k)
    x = exp(-x);
  out[get_global_id(0)] = x;
}

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void alu_chain_fp64(__global const double *in, __global double *out,
                             int iters) {
  double x = in[0], a = in[1], b = in[2];
  for (int k = 0; k < iters; ++k)
    x = fma(x, a, b);
  out[get_global_id(0)] = x;
}
#endif

// __local round trip: one work-item follows indexes through a __local
// table (each load's address is the load before's value), so nothing
// overlaps. The table holds i + 1 mod 256, written after a barrier the
// compiler cannot see through. Calibrate solves lds.latency on t_item.
__kernel void lds_chain(__global int *out, int iters) {
  __local int next[256];
  int l = get_local_id(0);
  for (int k = l; k < 256; k += get_local_size(0))
    next[k] = (k + 1) & 255;
  barrier(CLK_LOCAL_MEM_FENCE);
  int p = l;
  for (int k = 0; k < iters; ++k)
    p = next[p];
  out[get_global_id(0)] = p;
}

// Requests to one address: every work-item stores to the same int (a
// "found" flag, a "not done" marker). A wavefront's lanes merge into one
// store, and the wavefronts' stores meet at the one L2 slice that holds
// the address. Calibrate solves cache.same_address_store_cycles on
// t_event, where the term t_same_address sets the time.
__kernel void same_address_store(__global int *flag) {
  flag[0] = (int)get_global_id(0);
}

// The same for an atomic counter every work-item increments
// (cache.same_address_atomic_cycles).
__kernel void same_address_atomic(__global int *count) { atomic_inc(count); }

// The sweeps: one kernel at several launches, whose times calibrate reads
// together (CalibrateDriver's sweeps; bench/latency checks the same
// kernels at other launches).
//
// A chain whose loads are what the previous iteration stored, plus a
// broadcast element every lane shares (a matrix product's c and a), at
// 2 to 64 wavefronts per compute unit: the round trip of a chain behind
// stores grows from L1's to L2's as the compute unit fills, then queues
// (cache.chain_l1_waves, cache.chain_l2_waves, cache.chain_queue_per_wave).
__kernel void store_reload(__global const float *b, __global float *acc,
                           int reps) {
  size_t i = get_global_id(0);
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < 256; ++k)
      acc[i] += b[k];
}

// One work-item walks a column of a 2048 x 2048 float matrix (an 8 KiB
// step through 16 MiB, whose 2048 lines fit an L2) beside a buffer it
// writes, which the runner restores before every launch: up to some size
// of that buffer the repeated launch still finds the column in L2
// (cache.l2_warm_rewrite).
__kernel void column_walk_restored(__global const float *a,
                                   __global float *big) {
  float s = 0;
  for (int k = 0; k < 2048; ++k)
    s += a[k * 2048];
  big[get_global_id(0) * 2048] = s;
}

// A stream that reads four times what it stores, repeated (its output
// restored before each launch): up to some footprint the repeated launch
// loads from L2 and DRAM moves only its stores (cache.l2_warm_footprint).
__kernel void stream_sum(__global const float4 *in, __global float *out) {
  size_t i = get_global_id(0);
  float4 v = in[i];
  out[i] = v.x + v.y + v.z + v.w;
}

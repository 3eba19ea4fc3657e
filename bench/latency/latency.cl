// latency.cl - kernels that check the model's latency terms away from the
// micro-benchmarks they were calibrated on (bench/latency/latency.yaml).

// One work-item steps through a buffer 4 bytes at a time, summing in a
// register: eight loads per 32-byte sector, so the longest work-item's
// path has one L2 round in eight (t_item's own-stride odds), a mix of the
// two levels calibrate measures apart (item_loads_l1, item_loads_l2).
__kernel void item_loads_seq(__global const float *a, __global float *out,
                             int reps) {
  float s = 0;
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < 262144; ++k)
      s += a[k];
  out[get_global_id(0)] = s;
}

// A running sum written back in place, as a column scan does
// (a[j] = sum so far): each iteration stores where it just loaded, so no
// later iteration reads what an earlier one stored and the loads of
// several iterations may be in flight at once, store or not.
__kernel void scan_in_place(__global float *a, int n) {
  float s = 0;
  for (int j = get_global_id(0); j < n; j += get_global_size(0)) {
    float x = a[j];
    a[j] = s;
    s += x;
  }
}

// The same walk, but each iteration adds into the element the next one
// loads: that load waits for this store, a chain through memory.
__kernel void scan_forward(__global float *a, int n) {
  const int g = get_global_size(0);
  for (int j = get_global_id(0); j + g < n; j += g)
    a[j + g] += a[j];
}

// A load per iteration of a loop around an inner loop whose trip count
// the loaded value decides (a retry or a digit loop; one trip with values
// below 256): the next iteration's load is not issued before the inner
// loop ends.
__kernel void load_then_digits(__global const uint *a, __global uint *out,
                               int n) {
  uint h = 0;
  for (int j = get_global_id(0); j < n; j += get_global_size(0)) {
    uint v = a[j];
    do {
      h = h * 31u + (v & 255u);
      v >>= 8;
    } while (v != 0);
  }
  out[get_global_id(0)] = h;
}

// The same loop with the inner loop's one trip written out: no inner loop,
// so the loads of several iterations may be in flight together.
__kernel void load_then_digit(__global const uint *a, __global uint *out,
                              int n) {
  uint h = 0;
  for (int j = get_global_id(0); j < n; j += get_global_size(0))
    h = h * 31u + (a[j] & 255u);
  out[get_global_id(0)] = h;
}

// The three loops above with a literal step (the launch has 1024
// work-items, so the addresses are the same): the device compiler sees the
// step and may unroll the loop, issuing several iterations' loads at once
// where no store feeds them and no inner loop comes between.
__kernel void scan_in_place_fixed(__global float *a, int n) {
  float s = 0;
  for (int j = get_global_id(0); j < n; j += 1024) {
    float x = a[j];
    a[j] = s;
    s += x;
  }
}

__kernel void load_then_digits_fixed(__global const uint *a,
                                     __global uint *out, int n) {
  uint h = 0;
  for (int j = get_global_id(0); j < n; j += 1024) {
    uint v = a[j];
    do {
      h = h * 31u + (v & 255u);
      v >>= 8;
    } while (v != 0);
  }
  out[get_global_id(0)] = h;
}

__kernel void load_then_digit_fixed(__global const uint *a,
                                    __global uint *out, int n) {
  uint h = 0;
  for (int j = get_global_id(0); j < n; j += 1024)
    h = h * 31u + (a[j] & 255u);
  out[get_global_id(0)] = h;
}

// load-then-digit-fixed with an exit on the loaded value (a search that,
// with values below 256 and limit 1000, never stops early): the next
// iteration's load may not run before this one's test.
__kernel void search_fixed(__global const uint *a, __global uint *out,
                           uint limit) {
  uint h = 0;
  int k = 0;
  for (; k < 256; ++k) {
    uint v = a[get_global_id(0) + k * 1024];
    if (v > limit)
      break;
    h = h * 31u + v;
  }
  out[get_global_id(0)] = h + k;
}

// A pointer chase, 256 steps a work-item: each load's address is the
// value the last one brought, through the loop's variable.
__kernel void chase_loop(__global const uint *next, __global uint *out) {
  uint p = get_global_id(0);
  for (int k = 0; k < 256; ++k)
    p = next[p];
  out[get_global_id(0)] = p;
}

// An index, then what it indexes, 256 times a work-item: the two loads of
// an iteration wait for each other, the iterations do not.
__kernel void gather_pairs(__global const uint *idx, __global const uint *a,
                           __global uint *out) {
  uint h = 0;
  for (int k = 0; k < 256; ++k)
    h += a[idx[get_global_id(0) + k * 1024]];
  out[get_global_id(0)] = h;
}

// A search through a 1 KiB table that every work-item reads the same way
// (broadcast loads L1 keeps), never stopping early: at 4 and at 64
// wavefronts per compute unit, to see whether a chain of loads with no
// store waits in the stores' queue as the compute units fill.
__kernel void search_table(__global const uint *t, __global uint *out,
                           uint limit) {
  uint h = 0;
  int k = 0;
  for (; k < 256; ++k) {
    uint v = t[k];
    if (v > limit)
      break;
    h = h * 31u + v;
  }
  out[get_global_id(0)] = h + k;
}

// Stores every work-item makes to one address (a "found" flag, a "not
// done" marker): each wavefront's lanes merge into one store, and the
// wavefronts' stores meet at the one L2 slice that holds the address.
__kernel void same_address_store(__global int *flag) {
  flag[0] = (int)get_global_id(0);
}

// The same flag beside a store of each work-item's own byte (a frontier
// update): whether the flag's stores wait behind the streamed ones or
// beside them.
__kernel void own_and_flag(__global char *own, __global char *flag) {
  own[get_global_id(0)] = 1;
  flag[0] = 1;
}

// An atomic counter every work-item increments.
__kernel void same_address_atomic(__global int *count) { atomic_inc(count); }

// One work-item adds up a buffer, the trip count a kernel argument (the
// compiler unrolls a loop whose count it does not know by a factor of its
// own): floats and doubles over the same 256 KiB.
__kernel void item_sum_float(__global const float *a, __global float *out,
                             int n) {
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += a[k];
  out[get_global_id(0)] = s;
}

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void item_sum_double(__global const double *a, __global double *out,
                              int n) {
  double s = 0;
  for (int k = 0; k < n; ++k)
    s += a[k];
  out[get_global_id(0)] = s;
}

// One work-item's dependent exponentials in double precision (calibrate
// measures them in single precision: exp_chain).
__kernel void exp_chain_double(__global const double *in,
                               __global double *out, int iters) {
  double x = in[0];
  for (int k = 0; k < iters; ++k)
    x = exp(-x);
  out[get_global_id(0)] = x;
}

// Double exponentials and logarithms at full occupancy, each work-item's
// own chain: the throughput of the routines' fp64 and integer lane-ops.
__kernel void exp_many_double(__global const double *in,
                              __global double *out, int iters) {
  double x = in[get_global_id(0)];
  for (int k = 0; k < iters; ++k)
    x = exp(-x);
  out[get_global_id(0)] = x;
}

__kernel void log_many_double(__global const double *in,
                              __global double *out, int iters) {
  double x = in[get_global_id(0)];
  for (int k = 0; k < iters; ++k)
    x = log(x + 2.0);
  out[get_global_id(0)] = x;
}

// Whether the device compiler multiplies out a whole constant power
// (docs/counting.md): one work-item's dependent pow(x, 2), which is two
// dependent operations an iteration if it does and the pow routine's
// length if it does not. x stays in [0.25, 0.75].
__kernel void pow2_chain_double(__global const double *in,
                                __global double *out, int iters) {
  double x = in[0];
  for (int k = 0; k < iters; ++k)
    x = pow(x, 2.0) * 0.5 + 0.25;
  out[get_global_id(0)] = x;
}

__kernel void pow2_chain_float(__global const float *in, __global float *out,
                               int iters) {
  float x = in[0];
  for (int k = 0; k < iters; ++k)
    x = pow(x, 2.0f) * 0.5f + 0.25f;
  out[get_global_id(0)] = x;
}

// Streams over data whose launch fits L2, repeated (and the written
// buffer restored before each launch, docs/runner.md): what a warm launch
// reads from L2 and what its stores still cost. (Their sum, stream_sum,
// and the chain store_reload are calibrate's: kernels/calibrate.)
__kernel void stream_copy(__global const float4 *in, __global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}

// One work-item walks a column of a 2048 x 2048 float matrix (a 8 KiB step
// through 16 MiB: PolyBench's gramschmidt kernel 1), with and without
// (calibrate's column_walk_restored) a 16 MiB buffer the kernel writes,
// which the runner restores before every launch: whether the walk is
// served by L2 on repeated launches.
__kernel void column_walk(__global const float *a, __global float *out) {
  float s = 0;
  for (int k = 0; k < 2048; ++k)
    s += a[k * 2048];
  out[get_global_id(0)] = s;
}

// The same walk through the buffer the runner restores: whether the
// restore leaves that buffer's own lines in L2.
__kernel void column_walk_own(__global float *big) {
  float s = 0;
  for (int k = 0; k < 2048; ++k)
    s += big[k * 2048];
  big[get_global_id(0) * 2048 + 1] = s;
}

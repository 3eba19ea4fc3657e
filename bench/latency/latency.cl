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

// A chain whose loads are what the previous iteration stored, plus a
// broadcast element every lane shares (a matrix product's c and a): at
// one wavefront per compute unit and at full occupancy, to see how the
// round trip of a chain grows as the compute unit fills.
__kernel void store_reload(__global const float *b, __global float *acc,
                           int reps) {
  size_t i = get_global_id(0);
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < 256; ++k)
      acc[i] += b[k];
}

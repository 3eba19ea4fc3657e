// load_pattern.cl - the same copy with three ways of assigning elements to
// work-items: contiguous, blocked (CUB WARP_LOAD_DIRECT) and striped
// (CUB WARP_LOAD_STRIPED).
//
// Models CUB's cub::WarpLoadAlgorithm documentation: with a blocked ("direct")
// arrangement each work-item owns ITEMS consecutive elements, so
// neighbouring work-items are ITEMS * 4 bytes apart and "the utilization of
// memory transactions (coalescing) decreases as the access stride between
// threads increases"; with a striped arrangement item k of every work-item
// in a work-group lies in one contiguous run, so coalescing "doesn't depend
// on the number of items per thread".
//
// Job "load-pattern": out[j] = a * in[j] for all j < n.
//   load_contiguous - global = n, one element per work-item (stride 4 B)
//   load_direct     - global = n / ITEMS, ITEMS consecutive elements per
//                     work-item (stride ITEMS * 4 B between work-items)
//   load_striped    - global = n / ITEMS, element k of work-item l in group
//                     g is g * L * ITEMS + k * L + l (L = local size)
// ITEMS is a build option (-DITEMS=4, default 4). The per-item loops have
// the constant trip count ITEMS; there are no branches.
// Note: Clang -O2 (spir64) keeps load_direct's ITEMS consecutive scalar
// loads as separate 32-bit loads; a driver compiler may still fuse them into
// one vector load, which is what CUB calls WARP_LOAD_VECTORIZE.

#ifndef ITEMS
#define ITEMS 4
#endif

__kernel void load_contiguous(__global const float *in, __global float *out,
                              float a) {
  const size_t j = get_global_id(0);
  out[j] = a * in[j];
}

__kernel void load_direct(__global const float *in, __global float *out,
                          float a) {
  const size_t base = get_global_id(0) * ITEMS;
  float items[ITEMS];
  for (int k = 0; k < ITEMS; ++k) // blocked: ITEMS consecutive elements
    items[k] = in[base + k];
  for (int k = 0; k < ITEMS; ++k)
    out[base + k] = a * items[k];
}

__kernel void load_striped(__global const float *in, __global float *out,
                           float a) {
  const size_t L = get_local_size(0);
  const size_t base = get_group_id(0) * L * ITEMS + get_local_id(0);
  float items[ITEMS];
  for (int k = 0; k < ITEMS; ++k) // striped: runs of L elements per k
    items[k] = in[base + k * L];
  for (int k = 0; k < ITEMS; ++k)
    out[base + k * L] = a * items[k];
}

// columns.cl - column walks for bench/cpu_memory (docs/results/pocl-cpu/
// memory): each work-item walks a column of `rows` uints `pitch` apart,
// 16 neighbouring work-items sharing its lines, as Rodinia's hybridsort
// bucketprefixoffset walks its offsets (a page apart) and scans them in
// place.

// Sums the column; with `rw`, writes the running sum back over each
// element (an exclusive scan in place), so each line is read, then
// written, then evicted dirty.
__kernel void column_scan(__global uint *a, __global uint *out, int rows,
                          int pitch, int rw) {
  int i = get_global_id(0);
  uint sum = 0;
  for (int r = 0; r < rows; ++r) {
    uint x = a[r * pitch + i];
    if (rw)
      a[r * pitch + i] = sum;
    sum += x;
  }
  out[i] = sum;
}

// Adds one to each element, `reps` times: a store that waits on its own
// load (calibrate's refetch_dirty scans instead: its store does not).
__kernel void column_add(__global uint *a, int rows, int reps, int pitch) {
  size_t i = get_global_id(0);
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < rows; ++k)
      a[k * pitch + i] += 1;
}

// Only writes the column, `reps` times: each line is fetched for the
// store (read for ownership) and evicted dirty, and no load waits for it.
__kernel void column_store(__global uint *a, int rows, int reps, int pitch) {
  size_t i = get_global_id(0);
  for (int r = 0; r < reps; ++r)
    for (int k = 0; k < rows; ++k)
      a[k * pitch + i] = k + r;
}

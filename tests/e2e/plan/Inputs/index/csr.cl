// Gather kernels whose indices come from buffers. Each work-item also
// counts, in bad[i], the indices that would have been out of bounds (they
// are not dereferenced), so the run's output says whether the fill was
// valid: all zeros.
__kernel void spmv(__global const int *row_ptr, __global const int *col,
                   __global const float *val, __global const float *x,
                   __global float *y, __global int *bad, int n, int nnz) {
  int i = get_global_id(0);
  int b = row_ptr[i], e = row_ptr[i + 1], errs = 0;
  if (b < 0 || e > nnz || b > e || (i == 0 && b != 0) || (i == n - 1 && e != nnz)) {
    errs++;
    e = b;
  }
  float s = 0;
  for (int j = b; j < e; j++) {
    int c = col[j];
    if (c < 0 || c >= n)
      errs++;
    else
      s += val[j] * x[c];
  }
  y[i] = s;
  bad[i] = errs;
}

__kernel void scatter(__global const int *perm, __global const float *in,
                      __global float *out, __global int *bad, int n) {
  int i = get_global_id(0);
  int p = perm[i];
  // A permutation of n: in range, and distinct (seen once: atomic count).
  if (p < 0 || p >= n)
    atomic_inc(&bad[0]);
  else
    out[p] = in[i];
}

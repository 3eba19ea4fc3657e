// column_access.cl - one 4-byte element per lane, each lane of a warp on its
// own row (rows `pitch` floats apart, dimension 0 across rows), the access
// of Rodinia's Fan2: every warp access touches 32 lines and 32 sectors. The
// matrix (2048 x 2048 floats, 16 MiB) stays in the 50 MiB L2 between
// launches, so the figures are L1 lookups, L2 sector reads and L2 partial
// sector writes, alone and together; plan: bench/column_access/plan.sh.
__kernel void col_read(__global const float *a, __global float *out,
                       int pitch) {
  size_t x = get_global_id(0), y = get_global_id(1);
  float v = a[x * pitch + y];
  if (v == -12345.0f) // never: keeps the load without a store
    out[0] = v;
}
__kernel void col_write(__global float *a, int pitch) {
  size_t x = get_global_id(0), y = get_global_id(1);
  a[x * pitch + y] = (float)y;
}
__kernel void col_rmw(__global float *a, int pitch) {
  size_t x = get_global_id(0), y = get_global_id(1);
  a[x * pitch + y] -= 1.0f;
}
// Fan2's statement without its guards: the column of m is the same for
// every y, the element of r the same for every x.
__kernel void col_fan2(__global const float *m, __global float *a,
                       __global const float *r, int pitch) {
  size_t x = get_global_id(0), y = get_global_id(1);
  a[x * pitch + y] -= m[x * pitch] * r[y];
}
// The same read-modify-write along rows (coalesced), for comparison.
__kernel void row_rmw(__global float *a, int pitch) {
  size_t x = get_global_id(0), y = get_global_id(1);
  a[y * pitch + x] -= 1.0f;
}

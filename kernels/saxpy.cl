// saxpy.cl - y = a * x + y with a bounds guard.
//
// The BLAS level-1 streaming kernel, used here for the `if (i < n)` guard,
// which the analysis counts exactly over the NDRange (the condition depends
// only on ids, sizes and scalar args): the suite rounds the global size up to
// a multiple of the work-group size, with n a little smaller, so the last
// work-group has idle work-items. Streaming access like CUB's coalesced
// (WARP_LOAD_STRIPED) loads: neighbouring work-items touch neighbouring
// floats. The only branch depends on the work-item id and the scalar n.

__kernel void saxpy(float a, __global const float *x, __global float *y,
                    int n) {
  const int i = get_global_id(0);
  if (i < n)
    y[i] = a * x[i] + y[i];
}

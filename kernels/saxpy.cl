// saxpy.cl - y = a * x + y with a bounds guard.
//
// The BLAS level-1 streaming kernel, used here for the `if (i < n)` guard
// that DESIGN.md ("Execution counts") says the analysis counts exactly over
// the NDRange: the suite launches a global size rounded up to a multiple of
// the work-group size, with n a little smaller, so the last work-group has
// idle work-items. Streaming access in the manner of seeds/004's coalesced
// (striped) loads: neighbouring work-items touch neighbouring floats.
// The only branch depends on the work-item id and the scalar n.

__kernel void saxpy(float a, __global const float *x, __global float *y,
                    int n) {
  const int i = get_global_id(0);
  if (i < n)
    y[i] = a * x[i] + y[i];
}

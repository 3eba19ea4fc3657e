// A valid kernel, the base of the launch and output cases.
__kernel void scale(__global float *a, int n, float f) {
  size_t i = get_global_id(0);
  if (i < n)
    a[i] *= f;
}

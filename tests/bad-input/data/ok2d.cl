// A valid 2-D kernel.
__kernel void k2(__global float *a, int w) {
  a[get_global_id(1) * w + get_global_id(0)] = 0.0f;
}

// overhead.cl - what a small launch costs beside an empty one
// (bench/launch_overhead/plan.sh): kernels with 1, 2, 4 and 8 buffer arguments
// that touch none, and 2048-item copies, stores and sums, one wavefront of
// loads each.
__kernel void b1(__global float *a) {
  if (get_global_id(0) == 0x7fffffff)
    a[0] = 1.0f;
}
__kernel void b2(__global float *a, __global float *b) {
  if (get_global_id(0) == 0x7fffffff) {
    a[0] = 1.0f;
    b[0] = 1.0f;
  }
}
__kernel void b4(__global float *a, __global float *b, __global float *c,
                 __global float *d) {
  if (get_global_id(0) == 0x7fffffff) {
    a[0] = 1.0f;
    b[0] = 1.0f;
    c[0] = 1.0f;
    d[0] = 1.0f;
  }
}
__kernel void b8(__global float *a, __global float *b, __global float *c,
                 __global float *d, __global float *e, __global float *f,
                 __global float *g, __global float *h) {
  if (get_global_id(0) == 0x7fffffff) {
    a[0] = 1.0f;
    b[0] = 1.0f;
    c[0] = 1.0f;
    d[0] = 1.0f;
    e[0] = 1.0f;
    f[0] = 1.0f;
    g[0] = 1.0f;
    h[0] = 1.0f;
  }
}
__kernel void copy1(__global const float *a, __global float *b) {
  size_t i = get_global_id(0);
  b[i] = a[i];
}
__kernel void store1(__global float *b) {
  size_t i = get_global_id(0);
  b[i] = 1.0f;
}
__kernel void sum3(__global const float *a, __global float *b) {
  size_t i = get_global_id(0);
  b[i] = a[i] + a[i + 1] + a[i + 2];
}
__kernel void read4(__global const float *a, __global const float *c,
                    __global const float *d, __global const float *e,
                    __global float *b) {
  size_t i = get_global_id(0);
  b[i] = a[i] + c[i] + d[i] + e[i];
}

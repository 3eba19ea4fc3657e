// One work-item walks a column of a 2048 x 2048 matrix and writes one
// float of another buffer (rewrite.test).
__kernel void walk(__global const float *a, __global float *out) {
  float s = 0;
  for (int k = 0; k < 2048; ++k)
    s += a[k * 2048];
  out[get_global_id(0) * 2048] = s;
}

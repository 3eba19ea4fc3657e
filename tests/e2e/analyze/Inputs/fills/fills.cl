// Branches on values the launch fills over a range (fill-odds.test).
__kernel void neighbours(__global const int *nb, __global const float *v,
                         __global float *out) {
  size_t i = get_global_id(0);
  int n = nb[i];
  float s = 0;
  if (n >= 0)
    s = v[n];
  out[i] = s;
}

__kernel void threshold(__global const float *x, __global const float *w,
                        __global float *out) {
  size_t i = get_global_id(0);
  float s = 0;
  if (x[i] < 0.25f)
    s = w[i];
  out[i] = s;
}

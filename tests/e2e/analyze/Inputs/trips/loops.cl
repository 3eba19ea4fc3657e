// Loops whose counts come from data (suite kernels).
__kernel void gather(__global const int *len, __global float *a) {
  size_t g = get_global_id(0);
  float s = 0;
  for (int i = 0; i < len[g]; i++)
    s += a[(g + i) % 1024];
  a[g] = s;
}

__kernel void doubling(__global float *a, int n) {
  int g = get_global_id(0);
  float s = 0;
  for (int i = g + 1; i < n; i *= 2)
    s += a[i % 1024];
  a[g] = s;
}

__kernel void bounded(__global float *a, __global const int *cnt) {
  size_t g = get_global_id(0);
  int m = cnt[g] & 255;
  float s = 0;
  for (int i = 0; i <= m; i++)
    s += a[(g + i) % 1024];
  a[g] = s;
}

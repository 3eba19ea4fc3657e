// A helper and a kernel that included-files.test's main file includes.
inline float column_at(__global const float *img, int x, int y, int w) {
  return img[x * w + y];
}

__kernel void in_header(__global const float *img, __global float *out, int w) {
  int x = get_global_id(0);
  out[x] = img[x * w]; // NOLINT(perf-uncoalesced-access)
}

// Two kernels meant for different launches: 'copy' takes one work-item per
// float, 'copy4' one per float4, so the launch of 'copy' leaves three
// quarters of 'copy4's work-items past its bound. 'clip' branches on data.
__kernel void copy(__global const float *in, __global float *out, int n) {
  int i = get_global_id(0);
  if (i < n)
    out[i] = in[i];
}

__kernel void copy4(__global const float4 *in, __global float4 *out, int n) {
  int i = get_global_id(0);
  if (i < n / 4)
    out[i] = in[i];
}

__kernel void clip(__global float *p, int n) {
  int i = get_global_id(0);
  if (i < n && p[i] > 1.0f)
    p[i] = 1.0f;
}

// 'group_sums' reads in a grid-stride loop and only the first work-item of
// each group stores: every work-item works, though the one access outside
// the loop is reached by 1 in 256 at --local 256. No warning.
__kernel void group_sums(__global const float *in, __global float *out, int n) {
  float s = 0.0f;
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    s += in[i];
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = s;
}

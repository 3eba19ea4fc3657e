// clspread: launch global=16777216 local=256
__kernel void copy(__global const float *in, __global float *out) {
  int i = get_global_id(0);
  out[i] = in[i];
}

// clspread: launch global=16777216 local=256
__kernel void scale(__global const float *in, __global float *out) {
  int i = get_global_id(0);
  out[i] = 2.0f * in[i];
}

// copy.cl with the store of 'copy' made strided: 32 floats apart, each
// work-item's store takes a sector of its own.
// clspread: launch global=16777216 local=256
__kernel void copy(__global const float *in, __global float *out) {
  int i = get_global_id(0);
  out[i * 32] = in[i];
}

// clspread: launch global=16777216 local=256
__kernel void scale(__global const float *in, __global float *out) {
  int i = get_global_id(0);
  out[i] = 2.0f * in[i];
}

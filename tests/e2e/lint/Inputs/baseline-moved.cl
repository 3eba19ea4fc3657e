// The kernels of baseline.cl, swapped, lines inserted above each, and the
// index renamed in one of them: the same two problems.

// clspread: launch global=4096 local=64
__kernel void other(__global const float *b, __global float *o) {
  int i = get_global_id(0);

  o[i] = b[i * 64];
}


// clspread: launch global=4096 local=64
__kernel void col(__global const float *a, __global float *out) {
  int gid = get_global_id(0);
  out[gid] = a[gid * 64];
}

// A table lookup and a gather through a random index (gathers.test).
__kernel void lookup(__global const uint *in, __global const uint *table,
                     __global uint *out) {
  size_t i = get_global_id(0);
  out[i] = table[in[i] & 1023u];
}

__kernel void gather(__global const uint *idx, __global const float *a,
                     __global float *out) {
  size_t i = get_global_id(0);
  out[i] = a[idx[i]];
}

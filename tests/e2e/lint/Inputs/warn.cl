// One warning (hd4870, no launch): loads 64 B apart per work-item, uncoalesced.
__kernel void amp(__global const uint *in, __global uint *out) {
  size_t i = get_global_id(0);
  uint p = in[i * 16];
  out[i] = p + 1;
}

// One warning on hd4870: a uchar4 buffer read one element per work-item.
__kernel void amp(__global const uchar4 *in, __global uint *out) {
  size_t i = get_global_id(0);
  uchar4 p = in[i];
  out[i] = p.x + p.y + p.z + p.w;
}

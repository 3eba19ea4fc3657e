// Builds only with BLOCK defined, the way a host's clBuildProgram passes it.
#ifndef BLOCK
#error BLOCK is not defined
#endif
__kernel void scale(__global float *x, float f) {
  x[get_global_id(0)] = x[get_global_id(0)] * f * BLOCK;
}

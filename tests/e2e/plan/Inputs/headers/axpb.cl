#include "common.h"

__kernel void axpb(__global const float *x, __global float *y) {
  size_t i = get_global_id(0);
  y[i] = SCALE * x[i] + SHIFT;
}

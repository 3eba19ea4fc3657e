#include "inc/pixels.h"

__kernel void uses_helper(__global const float *img, __global float *out, int w) { // NOLINT(perf-uncoalesced-access)
  int x = get_global_id(0), y = get_global_id(1);
  out[x * w + y] = column_at(img, x, y, w);
}

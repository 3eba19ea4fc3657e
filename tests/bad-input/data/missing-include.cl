// Bad input: an #include that does not exist.
#include "no-such-header.h"
__kernel void k(__global float *a) { a[0] = 1.0f; }

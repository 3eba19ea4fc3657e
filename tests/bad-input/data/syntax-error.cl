// Bad input: a missing semicolon (one syntax error, line 3).
__kernel void k(__global float *a) {
  a[0] = 1.0f
}

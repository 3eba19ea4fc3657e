// Bad input: recursion, which OpenCL C forbids.
int f(int n) { return n <= 1 ? 1 : n * f(n - 1); }
__kernel void k(__global int *p) { p[0] = f(p[1]); }

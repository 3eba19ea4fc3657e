// Bad input: an unknown type name.
__kernel void k(__global foo_t *a) {
  a[0] = 1;
}

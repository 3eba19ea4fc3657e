// Bad input: helper functions only, no __kernel.
int add1(int x) { return x + 1; }

// A small source whose macros expand to 120,000 statements: past the
// instruction cap in lib/Frontend (tests/bad-input, kernel/macro-expansion).
#define A s = s * 1.0001f + a[1];
#define B A A A A A A A A A A
#define C B B B B B B B B B B
#define D C C C C C C C C C C
#define E D D D D D D D D D D D D
#define F E E E E E E E E E E
__kernel void k(__global float *a) {
  float s = a[0];
  F
  a[1] = s;
}

// bench/stencil_taps/stencil_taps.cl - one output a work-item over a 2-D
// array, from 1 to 9 inputs around it: taps along the row (the same
// lines), across rows (lines of other rows), and both (a 3x3 stencil, as
// PolyBench-ACC's conv2d). `in` has two rows and four columns of margin
// on every side, pitch p floats; `out` is w wide.
// (docs/results/nvidia-h200/stencil-taps)

#define AT(dy, dx) in[(get_global_id(1) + 2 + (dy)) * p + get_global_id(0) + 4 + (dx)]
#define OUT out[get_global_id(1) * w + get_global_id(0)]

__kernel void tap1(__global const float *in, __global float *out, int w, int p) {
  OUT = AT(0, 0);
}

__kernel void row3(__global const float *in, __global float *out, int w, int p) {
  OUT = AT(0, -1) + AT(0, 0) + AT(0, 1);
}

__kernel void col3(__global const float *in, __global float *out, int w, int p) {
  OUT = AT(-1, 0) + AT(0, 0) + AT(1, 0);
}

__kernel void col5(__global const float *in, __global float *out, int w, int p) {
  OUT = AT(-2, 0) + AT(-1, 0) + AT(0, 0) + AT(1, 0) + AT(2, 0);
}

__kernel void box9(__global const float *in, __global float *out, int w, int p) {
  OUT = AT(-1, -1) + AT(-1, 0) + AT(-1, 1) + AT(0, -1) + AT(0, 0) +
        AT(0, 1) + AT(1, -1) + AT(1, 0) + AT(1, 1);
}

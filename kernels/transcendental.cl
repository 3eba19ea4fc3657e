// transcendental.cl - a loop of sin, cos, exp, log, sqrt and pow per element.
//
// The ALU-bound end of the suite, heavy in the transcendental class that the
// analysis counts as its own ALU class (on TeraScale, the HD 4870 of AMD's
// talk "AMD and OpenCL", only the fifth "t" slot of each VLIW bundle runs
// these; on SIMT GPUs, the special-function units). Memory traffic is one
// float in and one out per work-item: the estimate should name ALU the bound.
//
// global = number of elements; `iters` sets the trip count of the loop
// (a scalar argument, so the analysis resolves it from the launch). The
// values stay finite for inputs of any sign and size: sin*cos is in
// [-0.5, 0.5], exp(-x*x) in (0, 1], and the log/sqrt/pow terms see
// 1 + |x| > 0. No data-dependent control flow.

__kernel void transcendental(__global const float *in, __global float *out,
                             int iters) {
  const size_t i = get_global_id(0);
  float x = in[i];
  for (int k = 0; k < iters; ++k) {
    float ax = fabs(x) + 1.0f;
    float t = sin(x) * cos(x) + exp(-x * x);
    t += 0.25f * (log(ax) + sqrt(ax) + pow(ax, 0.75f));
    x = 0.5f * t;
  }
  out[i] = x;
}

// A loop that, fully unrolled, is 4 million iterations of a multiply-add
// (16 million instructions); nested unrolled loops multiply to 64 million.
__kernel void k(__global float *a) {
  float s = 0.0f;
#pragma unroll
  for (int i = 0; i < 4000000; ++i)
    s += a[i & 1023] * 1.5f;
#pragma unroll
  for (int i = 0; i < 8000; ++i)
#pragma unroll
    for (int j = 0; j < 8000; ++j)
      s += a[(i ^ j) & 1023];
  a[0] = s;
}

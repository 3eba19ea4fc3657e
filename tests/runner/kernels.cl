// kernels.cl - small kernels for the clspread-run tests (tests/runner/*.json).
//
// Each exercises one runner path: float4 buffers, a read_write buffer that
// is accumulated into (must stay deterministic because the runner restores
// outputs before every launch), __local arguments in a 2-D launch, and an
// image read with a sampler.

__kernel void vecadd_float4(__global const float4 *a, __global const float4 *b,
                            __global float4 *c) {
  const size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}

// y += alpha * x, for the first n elements: y is read_write.
__kernel void saxpy_accumulate(__global const float *x, __global float *y,
                               const float alpha, const int n) {
  const int i = get_global_id(0);
  if (i < n)
    y[i] += alpha * x[i];
}

// Tiled transpose through __local memory; tile holds (TILE+1)*TILE floats
// (the +1 avoids bank conflicts on GPUs). width x height input.
#ifndef TILE
#define TILE 16
#endif
__kernel void transpose_tiled(__global const float *in, __global float *out,
                              const uint width, const uint height,
                              __local float *tile) {
  const uint gx = get_global_id(0), gy = get_global_id(1);
  const uint lx = get_local_id(0), ly = get_local_id(1);
  const uint lw = get_local_size(0);
  tile[ly * (lw + 1) + lx] = in[gy * width + gx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gx * height + gy] = tile[ly * (lw + 1) + lx];
}

// Integer histogram-free hash: uint in, uint out (checks integer fills).
__kernel void mix_uint(__global const uint *in, __global uint *out) {
  const size_t i = get_global_id(0);
  uint v = in[i];
  v ^= v >> 16;
  v *= 0x7feb352dU;
  v ^= v >> 15;
  out[i] = v;
}

// Image read through a sampler into a float4 buffer.
__kernel void image_copy(__read_only image2d_t src, sampler_t smp,
                         __global float4 *dst, const int width) {
  const int x = get_global_id(0), y = get_global_id(1);
  dst[y * width + x] = read_imagef(src, smp, (int2)(x, y));
}

// Busy loop for the watchdog test: n iterations per work-item.
__kernel void spin(__global float *out, const int n) {
  float acc = out[get_global_id(0)];
  for (int i = 0; i < n; ++i)
    acc = acc * 1.0000001f + 0.5f;
  out[get_global_id(0)] = acc;
}

// image.cl - 3x3 box blur read through the texture path (read_imagef).
//
// The TEX column of the spreadsheet in AMD's talk "AMD and OpenCL" (2009):
// "First-order bottlenecks: ALU, TEX, or MEM". Every image read is one fetch
// instruction however many channels it returns, and the sampler
// (clamp-to-edge addressing) handles the borders: no edge cases of its own.
//
// global = (width, height); the input image is width x height, CL_RGBA /
// CL_FLOAT (any image size is safe: coordinates outside it are clamped by
// the sampler); the output is a width x height float4 buffer, row-major.
// No branches; control flow depends on nothing.

__constant sampler_t boxSampler =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void box_blur(__read_only image2d_t src, __global float4 *dst,
                       int width) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  float4 sum = (float4)(0.0f);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      sum += read_imagef(src, boxSampler, (int2)(x + dx, y + dy));
  dst[y * width + x] = sum * (1.0f / 9.0f);
}

// l2_load_width.cl - L2's rate for loads, by their width.
//
// Each work-item reloads its own element `iters` times through a volatile
// pointer: NVIDIA's OpenCL makes those ld.volatile, which L1 does not
// serve, so every load reaches L2 (as calibrate's l2_store does for
// stores). The sum keeps the loads; its adds are one chain a work-item,
// which the other resident wavefronts hide. Bytes through L2 per launch:
// work-items x iters x the element's size.

__kernel void reload_float(volatile __global const float *in,
                           __global float *out, int iters) {
  size_t i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < iters; ++k)
    s += in[i];
  out[i] = s;
}

// The same with a float2 and a float4 (two and four lines a wavefront).
__kernel void reload_float2(volatile __global const float2 *in,
                            __global float2 *out, int iters) {
  size_t i = get_global_id(0);
  float2 s = (float2)(0.0f);
  for (int k = 0; k < iters; ++k)
    s += in[i];
  out[i] = s;
}

__kernel void reload_float4(volatile __global const float4 *in,
                            __global float4 *out, int iters) {
  size_t i = get_global_id(0);
  float4 s = (float4)(0.0f);
  for (int k = 0; k < iters; ++k)
    s += in[i];
  out[i] = s;
}

// launch.cl - the smallest launches, to see what a launch costs on a CPU
// device beside its work (bench/cpu_launch/suite.yaml,
// docs/results/pocl-cpu/launch).
//
// copy: one float a work-item, in to out.
__kernel void copy(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}

// Loops whose trip counts depend on work-item ids, sizes and arguments
// are counted exactly over the NDRange, and checked against
// oclgrind's dynamic counts by tests/oclgrind/check_counts.py.

// Grid-stride: item i runs ceil((n - i) / global_size) iterations.
__kernel void grid_stride(__global const float *x, __global float *y, int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    y[i] = 2.0f * x[i];
}

// A work-group strides through x: lid l runs ceil((n - l) / local_size).
__kernel void local_stride(__global const float *x, __global float *out, int n) {
  float s = 0;
  for (int i = get_local_id(0); i < n; i += get_local_size(0))
    s += x[i];
  out[get_global_id(0)] = s;
}

// Triangular: item i runs i iterations.
__kernel void triangular(__global const float *a, __global float *out) {
  int i = get_global_id(0);
  float s = 0;
  for (int j = 0; j < i; ++j)
    s += a[j];
  out[i] = s;
}

// Bounded by the local size, started at the group's first item.
__kernel void group_sum(__global const float *x, __global float *out) {
  size_t base = get_group_id(0) * get_local_size(0);
  float s = 0;
  for (size_t k = get_local_id(0); k < get_local_size(0); ++k)
    s += x[base + k];
  out[get_global_id(0)] = s;
}

// A load no store in the loop can change, in a block every iteration runs
// (a do-while's body is its header): compilers hoist it, and oclgrind's
// build executes scale[0] once per item, not n times.
__kernel void invariant_load(__global const float *x, __global const float *scale,
                             __global float *out, int n) {
  float s = 0;
  int i = 0;
  do {
    s += x[get_global_id(0) + i] * scale[0];
  } while (++i < n);
  out[get_global_id(0)] = s;
}

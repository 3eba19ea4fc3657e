// bench/group_shape/group_shape.cl - the same work in 1-D groups of 256
// and in 2-D groups of 32x8 (PolyBench-ACC's shape), 256x1 and 64x4: does
// a group's shape change what its launch costs beside the bytes it moves?
// (docs/results/nvidia-h200/group-shape)

// Nothing to do: what the groups' dispatch costs alone.
__kernel void empty(__global float *out) {
  if (get_global_id(0) == 0x7fffffff)
    out[0] = 1.0f;
}

// One float copied a work-item, indexed as a 1-D array.
__kernel void copy1d(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i];
}

// The same copy over a w-wide 2-D array, one element a work-item.
__kernel void copy2d(__global const float *in, __global float *out, int w) {
  size_t i = get_global_id(1) * w + get_global_id(0);
  out[i] = in[i];
}

// One float read and written back in place (gemver's and lu's update).
__kernel void update1d(__global float *a) {
  size_t i = get_global_id(0);
  a[i] = a[i] * 0.5f + 1.0f;
}

__kernel void update2d(__global float *a, int w) {
  size_t i = get_global_id(1) * w + get_global_id(0);
  a[i] = a[i] * 0.5f + 1.0f;
}

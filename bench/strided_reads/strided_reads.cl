// strided_reads.cl - reads (and read-modify-writes) of 4 B per work-item at a
// stride, the access of Rodinia's Fan2 and kmeans_swap (each lane of a warp
// on its own sector); plan: bench/strided_reads/plan.sh. The sizes put the
// footprint well past L2, so every sector comes from DRAM.
__kernel void sr(__global const float *in, __global float *out, int stride) {
  size_t i = get_global_id(0);
  out[i] = in[i * stride];
}
__kernel void srmw(__global float *a, int stride) {
  size_t i = get_global_id(0);
  a[i * stride] += 1.0f;
}

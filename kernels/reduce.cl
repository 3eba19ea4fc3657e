// reduce.cl - work-group sum reduction: one partial sum per work-group.
//
// A tree reduction in __local memory with a barrier per level, the pattern
// Arm's Mali GPU OpenCL Developer Guide means with "If you are using a
// barrier, a smaller workgroup size is better" and "Splitting a kernel can
// sometimes be beneficial if it enables you to remove a barrier": log2(local
// size) barriers per work-group, half of the work-items idle after each one.
//
// global = n (the number of floats), local = GROUP (a power of two, set with
// -DGROUP=..., default 256); writes n / GROUP partial sums. The loop runs
// log2(GROUP) times and its `if` depends only on the local id.

#ifndef GROUP
#define GROUP 256
#endif

__kernel __attribute__((reqd_work_group_size(GROUP, 1, 1))) void
reduce_sum(__global const float *in, __global float *partial) {
  __local float scratch[GROUP];
  const int lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = GROUP / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}

// Two kernels meant for different launches: 'tile' only runs in groups of
// 64 x 1 x 1; 'scale' runs anywhere.
__kernel void scale(__global float *p) { p[get_global_id(0)] *= 2.0f; }

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void tile(__global float *p) { p[get_global_id(0)] += 1.0f; }

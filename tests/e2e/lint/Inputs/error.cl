// An error on hd4870 (at most 256 work-items per group).
__attribute__((reqd_work_group_size(512, 1, 1)))
__kernel void big(__global float *p) { p[get_global_id(0)] = 1.0f; }

__kernel void clean(__global float4 *p) { p[get_global_id(0)] *= 2.0f; }

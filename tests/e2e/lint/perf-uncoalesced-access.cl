// RUN: clspread lint %s --rules=perf-uncoalesced-access --profile hd4870 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// HD 4870: wavefront 64, 64-byte transactions. In 16x16 groups a wavefront
// is 16x4 work-items: 16 columns 16384 B apart, each 4 rows of 4 B = 16 B,
// inside one transaction: 16 per wavefront; contiguous, 64 x 4 B = 256 B = 4
// transactions. (No gain note: the kernel
// is ALU-bound on the HD 4870 and the footprint cap already charges each
// byte once.)

// clspread: launch global=4096x4096 local=16x16 args=width=4096,height=4096
__kernel void transpose_naive(__global const float *in, __global float *out,
                              int width, int height) {
  int x = get_global_id(0), y = get_global_id(1);
  out[x * height + y] = in[y * width + x]; // CHECK: uncoalesced-access.cl:[[@LINE]]:23: warning: store of 'out' is uncoalesced: each wavefront of 64 (16x4 work-items of the 16x16 group) issues 16 transactions of 64 B for this 4-byte access at a stride of 16384 B; contiguous access would need 4 [perf-uncoalesced-access]
  // CHECK-NEXT: :[[@LINE-1]]:23: note: make neighbouring work-items touch neighbouring elements
}

// Contiguous in x: silent.
// clspread: launch global=4096x4096 local=16x16 args=width=4096,height=4096
__kernel void copy(__global const float *in, __global float *out, int width,
                   int height) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * width + x] = in[y * width + x];
}

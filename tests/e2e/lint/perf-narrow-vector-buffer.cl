// RUN: clspread lint %s --rules=perf-narrow-vector-buffer --profile nvidia-h100-sxm | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// Launches of 16M work-items: past the 30 MiB a repeated launch finds in
// L2 on the H100 (cache.l2_warm_footprint), where the bytes cost DRAM.
// On the H100 this launch is latency-limited: fewer, wider accesses gain,
// so the rule speaks (it is silent where the model predicts no gain:
// perf-narrow-vector-buffer-no-gain.cl).
// clspread: launch global=16777216 local=256
__kernel void amp_uchar4(__global const uchar4 *in, __global uchar4 *out) {
  size_t i = get_global_id(0);
  uchar4 p = in[i]; // CHECK: narrow-vector-buffer.cl:[[@LINE]]:14: warning: 'in' is a uchar4 buffer read one 4-byte element per work-item; load and store uint4 (16 B, 4 elements) and unpack by hand [perf-narrow-vector-buffer]
  // CHECK-NEXT: note: 4-byte accesses use a quarter or less of the 128-bit load/store path
  // CHECK-NEXT: note: at most: estimated gain on nvidia-h100-sxm:
  out[i] = p + (uchar4)(1); // CHECK: :[[@LINE]]:10: warning: 'out' is a uchar4 buffer written
  // CHECK-NEXT: note:
  // CHECK-NEXT: note: at most: estimated gain
}

// 128-bit accesses: silent.
// clspread: launch global=262144 local=256
__kernel void amp_uint4(__global const uint4 *in, __global uint4 *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] + (uint4)(1);
}

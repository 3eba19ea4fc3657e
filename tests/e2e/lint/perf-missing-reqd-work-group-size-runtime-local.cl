// RUN: clspread lint %s --rules=perf-missing-reqd-work-group-size --profile mali-g76 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// Hosts that pass a NULL local size (an image library's point filters) or
// tune it at run time (a password cracker's auto-tuning) cannot take a
// fixed reqd_work_group_size: the rule speaks only where the launch is
// known and names its local size.

// No launch at all: the host's choice is unknown. Silent.
__kernel void point_filter(__global const float4 *in, __global float4 *out,
                           float gain) {
  size_t i = get_global_id(0);
  out[i] = in[i] * gain;
}

// A launch without a local size (NULL local size): silent.
// clspread: launch global=65536 args=rounds=64
__kernel void crack(__global const uint *keys, __global uint *hashes,
                    uint rounds) {
  size_t i = get_global_id(0);
  uint h = keys[i];
  for (uint r = 0; r < rounds; ++r)
    h = rotate(h, 5u) ^ (h * 2654435761u);
  hashes[i] = h;
}

// A fixed launch with its local size: reported, with the attribute.
// clspread: launch global=65536 local=128
__kernel void fixed_size(__global float *p) { p[get_global_id(0)] *= 2.0f; } // CHECK: runtime-local.cl:[[@LINE]]:1: warning: kernel 'fixed_size' has no reqd_work_group_size
// CHECK-NEXT: note: fix: insert '__attribute__((reqd_work_group_size(128, 1, 1))) '

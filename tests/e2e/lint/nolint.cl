// NOLINT forms (clang-tidy's): on the line, with rule globs, on the next
// line, and around a region; an unmatched BEGIN is an error finding.
// RUN: not clspread lint %s --rules=perf-uncoalesced-access | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
__kernel void a(__global const uint *in, __global uint *out) {
  size_t i = get_global_id(0);
  uint p = in[i * 16]; // NOLINT
  out[i] = p;
}
__kernel void b(__global const uint *in, __global uint *out) {
  size_t i = get_global_id(0);
  uint p = in[i * 16]; // NOLINT(perf-narrow-vector-buffer)
  // CHECK: nolint.cl:[[@LINE-1]]:12: warning: load of 'in' is uncoalesced
  out[i] = p;
}
__kernel void c(__global const uint *in, __global uint *out) {
  size_t i = get_global_id(0);
  // NOLINTNEXTLINE(perf-uncoalesced-*)
  uint p = in[i * 16];
  out[i] = p;
}
// NOLINTBEGIN(perf-uncoalesced-access)
__kernel void d(__global const uint *in, __global uint *out) {
  out[get_global_id(0)] = in[get_global_id(0) * 16];
}
// NOLINTEND(perf-uncoalesced-access)
// NOLINTBEGIN(perf-*)
// (The expectation spells the markers as regexes so it is no marker itself.)
// CHECK: nolint.cl:[[@LINE-2]]:4: error: unmatched NOLINT{{BEGIN}} without a subsequent NOLINT{{END}}(perf-*) [clspread-nolint]
__kernel void e(__global const uint *in, __global uint *out) {
  out[get_global_id(0)] = in[get_global_id(0) * 16];
  // CHECK: nolint.cl:[[@LINE-1]]:27: warning: load of 'in' is uncoalesced
}

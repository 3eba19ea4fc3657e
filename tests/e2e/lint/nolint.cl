// NOLINT forms (clang-tidy's): on the line, with rule globs, on the next
// line, and around a region; an unmatched BEGIN is an error finding.
// RUN: not clspread lint %s --rules=perf-narrow-vector-buffer | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
__kernel void a(__global const uchar4 *in, __global uint *out) {
  size_t i = get_global_id(0);
  uchar4 p = in[i]; // NOLINT
  out[i] = p.x;
}
__kernel void b(__global const uchar4 *in, __global uint *out) {
  size_t i = get_global_id(0);
  uchar4 p = in[i]; // NOLINT(perf-uncoalesced-access)
  // CHECK: nolint.cl:[[@LINE-1]]:14: warning: 'in' is a uchar4 buffer
  out[i] = p.x;
}
__kernel void c(__global const uchar4 *in, __global uint *out) {
  size_t i = get_global_id(0);
  // NOLINTNEXTLINE(perf-narrow-*)
  uchar4 p = in[i];
  out[i] = p.x;
}
// NOLINTBEGIN(perf-narrow-vector-buffer)
__kernel void d(__global const uchar4 *in, __global uint *out) {
  out[get_global_id(0)] = in[get_global_id(0)].x;
}
// NOLINTEND(perf-narrow-vector-buffer)
// NOLINTBEGIN(perf-*)
// (The expectation spells the markers as regexes so it is no marker itself.)
// CHECK: nolint.cl:[[@LINE-2]]:4: error: unmatched NOLINT{{BEGIN}} without a subsequent NOLINT{{END}}(perf-*) [clspread-nolint]
__kernel void e(__global const uchar4 *in, __global uint *out) {
  out[get_global_id(0)] = in[get_global_id(0)].x;
  // CHECK: nolint.cl:[[@LINE-1]]:27: warning: 'in' is a uchar4 buffer
}

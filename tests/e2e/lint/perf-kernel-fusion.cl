// RUN: clspread lint %s --suite %S/Inputs/fusion.yaml --rules=perf-kernel-fusion --profile nvidia-h100-sxm | FileCheck %s --implicit-check-not=warning:
// Inputs/fusion.yaml lists two pipelines over 16M work-items (the two
// launches' data exceed what L2 keeps between launches, 30 MiB on the H100:
// at 1M work-items a repeated launch finds 'lum' in L2 and fusing gains
// little):
//   gray -> threshold: 'lum' is stored once per work-item (4 B, contiguous)
//     and loaded once per work-item at the same stride: fusable; the
//     intermediate is 16777216 x 4 B = 64 MiB.
//   gray -> blur3: blur3 reads three neighbours of 'lum': a widening
//     dependency (another work-item wrote them), silent.
// On the H100 both stages are memory-bound: without the intermediate,
// threshold loads nothing and waits for no load round trip.

__kernel void gray(__global const uchar4 *rgba, __global float *lum) { // CHECK: fusion.cl:[[@LINE]]:1: warning: consider fusing 'gray' into 'threshold' (pipeline 'binarize'): 'lum' (64 MiB) is written by one and read back one element per work-item by the other, a round trip through DRAM [perf-kernel-fusion]
  // CHECK-NEXT: note: estimated gain on nvidia-h100-sxm: {{[0-9.]+}} us of {{[0-9.]+}} us for the two launches ({{[0-9]+}}%)
  // CHECK-NEXT: note: Arm's guide: 'If combining kernels requires a barrier, it is probably better to keep them separate'
  size_t i = get_global_id(0);
  float4 c = convert_float4(rgba[i]);
  lum[i] = 0.299f * c.x + 0.587f * c.y + 0.114f * c.z;
}

__kernel void threshold(__global const float *lum, __global uchar *mask,
                        float t) {
  size_t i = get_global_id(0);
  mask[i] = lum[i] > t ? 255 : 0;
}

__kernel void blur3(__global const float *lum, __global float *out, int n) {
  size_t i = get_global_id(0);
  size_t l = i > 0 ? i - 1 : 0, r = i + 1 < n ? i + 1 : i;
  out[i] = (lum[l] + lum[i] + lum[r]) / 3.0f;
}

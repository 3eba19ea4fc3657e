// RUN: clspread lint %S/../../../kernels/median.cl --rules=perf-low-work-per-item | FileCheck %s --implicit-check-not=note: --implicit-check-not=warning:
// kernels/median.cl at its suite launches (kernels/suite.yaml beside it):
// median_1 reads a 3x3 neighbourhood of a 4096x4096 image, one pixel out per
// work-item: 9 loads of 4 B per item over a footprint of about 4 B per item
// (the border items load less, 8.992 loads on average), so each byte is
// requested by about 9 work-items. median_x4 writes four pixels per
// work-item: silent.
// By hand: 8.992 loads x 4 B x 16777216 items over a footprint bounded by
// 67125252 B (the image plus the border rows' reach) = 8.99.
// CHECK: median.cl:{{[0-9]+}}:1: warning: each work-item writes one output and its loads are shared: every byte read is requested by 8.99 work-items on average{{.*}} [perf-low-work-per-item]

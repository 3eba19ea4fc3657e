// RUN: clspread lint %s --rules=perf-work-group-size-multiple --profile hd4870 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: clspread lint %s --rules=perf-work-group-size-multiple --profile mali-g76 | FileCheck --check-prefix=MALI %s --implicit-check-not=warning:
// HD 4870, wavefront 64: a group of 100 runs as 2 wavefronts, 128 lanes,
// 28 idle. Mali: multiple of 4 and 4..64, or 128/256 (Arm OpenCL guide 101574).

// clspread: launch global=1000 local=100
__kernel void hundred(__global float *p) { p[get_global_id(0)] = 0; } // CHECK: size-multiple.cl:[[@LINE]]:1: warning: work-group size 100 is not a multiple of the wavefront (64) on ATI Radeon HD 4870 (RV770, TeraScale 1); use a multiple of 64 [perf-work-group-size-multiple]
// CHECK-NEXT: note: each group runs 2 wavefronts with 28 of their 128 lanes idle
// MALI: size-multiple.cl:[[@LINE-2]]:1: warning: work-group size 100 is outside the range Arm Mali-G76 MP12 (Bifrost, Exynos 9820) recommends (4 to 64; 128 or 256 preferred)

// The size comes from the attribute: reported there.
__attribute__((reqd_work_group_size(48, 1, 1))) // CHECK: size-multiple.cl:[[@LINE]]:16: warning: work-group size 48 is not a multiple of the wavefront (64)
__kernel void fortyeight(__global float *p) { p[get_global_id(0)] = 0; }
// CHECK-NEXT: note: each group runs 1 wavefronts with 16 of their 64 lanes idle

// clspread: launch global=65536 local=256
__kernel void good(__global float *p) { p[get_global_id(0)] = 0; }

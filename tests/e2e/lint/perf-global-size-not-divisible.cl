// RUN: not clspread lint %s --rules=perf-global-size-not-divisible | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// OpenCL C 2.0: non-uniform work-groups, a warning.
// RUN: clspread lint %s -cl-std=CL2.0 --rules=perf-global-size-not-divisible | FileCheck --check-prefix=CL20 %s
// Mali, local size left to the driver, 1002 not a multiple of 4.
// RUN: clspread lint %s --rules=perf-global-size-not-divisible --profile mali-g76 --global 1002 | FileCheck --check-prefix=MALI %s
// clspread: launch global=1000 local=64
__kernel void ragged(__global float *p) { p[get_global_id(0)] = 0; } // CHECK: not-divisible.cl:[[@LINE]]:1: error: global size 1000 is not a multiple of local size 64 in dimension 0: OpenCL C 1.x fails the launch (CL_INVALID_WORK_GROUP_SIZE) [perf-global-size-not-divisible]
// CHECK-NEXT: note: pad the global size
// CL20: not-divisible.cl:[[@LINE-2]]:1: warning: global size 1000 is not a multiple of local size 64 in dimension 0; the last work-group runs partly empty
// MALI: not-divisible.cl:[[@LINE-3]]:1: warning: global size 1002 is not a multiple of 4 in dimension 0, and the local size is left to the driver of Arm Mali-G76 MP12 (Bifrost, Exynos 9820), which must then pick small work-groups

// clspread: launch global=1024 local=64
__kernel void even(__global float *p) { p[get_global_id(0)] = 0; }

// RUN: clspread lint %s --rules=perf-missing-reqd-work-group-size --profile mali-g76 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// Only Mali's profile advises it: silent on the H100.
// RUN: clspread lint %s --rules=perf-missing-reqd-work-group-size --profile nvidia-h100-sxm | count 0
// clspread: launch global=4096 local=64
__kernel void plain(__global float *p) { p[get_global_id(0)] = 0; } // CHECK: reqd-work-group-size.cl:[[@LINE]]:1: warning: kernel 'plain' has no reqd_work_group_size; the Arm Mali-G76 MP12 (Bifrost, Exynos 9820) compiler can size registers for the declared work-group size [perf-missing-reqd-work-group-size]
// CHECK-NEXT: reqd-work-group-size.cl:[[@LINE-1]]:1: note: fix: insert '__attribute__((reqd_work_group_size(64, 1, 1))) '

__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void sized(__global float *p) { p[get_global_id(0)] = 0; }

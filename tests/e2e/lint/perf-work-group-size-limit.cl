// RUN: not clspread lint %s --rules=perf-work-group-size-limit --profile hd4870 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// HD 4870: max_work_group_size 256.
__attribute__((reqd_work_group_size(512, 1, 1))) // CHECK: size-limit.cl:[[@LINE]]:16: error: reqd_work_group_size(512, 1, 1) asks for 512 work-items per group; ATI Radeon HD 4870 (RV770, TeraScale 1) launches at most 256 [perf-work-group-size-limit]
__kernel void too_big(__global float *p) { p[get_global_id(0)] = 0; }

// A launch whose local size differs from the attribute fails too.
// clspread: launch global=4096 local=128
__attribute__((reqd_work_group_size(64, 1, 1))) // CHECK: size-limit.cl:[[@LINE+1]]:1: error: the launch's local size 128 differs from the kernel's reqd_work_group_size(64, 1, 1): clEnqueueNDRangeKernel fails with CL_INVALID_WORK_GROUP_SIZE [perf-work-group-size-limit]
__kernel void mismatch(__global float *p) { p[get_global_id(0)] = 0; }
// CHECK-NEXT: size-limit.cl:[[@LINE-2]]:16: note: reqd_work_group_size is declared here

// 256 fits: silent.
__attribute__((reqd_work_group_size(256, 1, 1)))
__kernel void fits(__global float *p) { p[get_global_id(0)] = 0; }

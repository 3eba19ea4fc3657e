// RUN: clspread lint %s --rules=perf-work-group-dispatch --profile nvidia-h100-sxm | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: clspread lint %s --rules=perf-work-group-dispatch --profile hd4870 | FileCheck --allow-empty --check-prefix=NOFIGURE %s
// The H100 starts a work-group in work_group.dispatch_cycles = 162.1
// cycles per SM (measured-calibrate-dispatch.json). 2^22 work-items in
// groups of 32 are 131072 groups, 992.97 per SM: 992.97 x 162.1 / 1.98 GHz
// = 81.3 us, where the read-modify-write itself needs a few tens of us.
// (bench/column_access measured this access in groups of 32 and 256 on an
// H100: 84.9 and 15.7 us.) The hd4870 profile has no dispatch figure.

// clspread: launch global=4194304 local=32
__kernel void bump32(__global float *p) { // CHECK: dispatch.cl:[[@LINE]]:1: warning: 131072 work-groups of 32 work-items take 81.3 us to start (work_group.dispatch_cycles), longer than their work ({{[0-9.]+}} us MEM-bound): larger work-groups start fewer [perf-work-group-dispatch]
  p[get_global_id(0)] += 1.0f; // CHECK-NEXT: note: estimated gain on nvidia-h100-sxm: {{[0-9.]+}} us of 81.3 us ({{[0-9]+}}%) with local 256
}

// Groups of 256: 16384 groups, 10.2 us, below the work: silent.
// clspread: launch global=4194304 local=256
__kernel void bump256(__global float *p) { p[get_global_id(0)] += 1.0f; }

// The driver picks the local size: no group count, silent.
// clspread: launch global=4194304
__kernel void bump_any(__global float *p) { p[get_global_id(0)] += 1.0f; }

// 131071 groups of 32 (global 4194272, odd x 32): 131071 / 132 x 162.1 /
// 1.98 GHz = 81.3 us, but no larger group divides the global size, so no
// re-estimate and no note (--implicit-check-not=note: above).
// clspread: launch global=4194272 local=32
__kernel void bump_odd(__global float *p) { // CHECK: dispatch.cl:[[@LINE]]:1: warning: 131071 work-groups of 32 work-items take 81.3 us to start
  p[get_global_id(0)] += 1.0f;
}

// The same groups of 32 declared with reqd_work_group_size: the finding is
// at the attribute (column 25), and the suggestion is the attribute's new
// value, since a launch cannot pass another local size.
// clspread: launch global=4194304
__kernel __attribute__((reqd_work_group_size(32, 1, 1))) // CHECK: dispatch.cl:[[@LINE]]:25: warning: 131072 work-groups of 32 work-items take 81.3 us to start
void bump_reqd(__global float *p) { // CHECK-NEXT: note: estimated gain on nvidia-h100-sxm: {{[0-9.]+}} us of 81.3 us ({{[0-9]+}}%) with reqd_work_group_size(256, 1, 1)
  p[get_global_id(0)] += 1.0f;
}

// NOFIGURE-NOT: perf-work-group-dispatch

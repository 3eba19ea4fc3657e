// RUN: clspread lint %s --rules=perf-divergent-branch --profile hd4870 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: clspread lint %s --rules=perf-divergent-branch --profile mali-g76 | FileCheck --check-prefix=MALI %s --implicit-check-not=warning:
// By hand, local size 64: `lid % 2` splits every wavefront of any width;
// `lid < 16` splits the one 64-wide wavefront of each group (HD 4870) but
// none of Mali's 8-wide ones (0-7 and 8-15 all true, the rest all false);
// the border guard `gid < n` splits no wavefront: 4000 = 62.5 groups of 64,
// and the items past 4000 do not exist.

// clspread: launch global=4096 local=64
__kernel void odd(__global float *p) {
  if (get_local_id(0) % 2) // CHECK: divergent-branch.cl:[[@LINE]]:7: warning: this branch on the work-item id splits 100% of the wavefronts of 64 that reach it: they run both paths, with part of their lanes idle on each [perf-divergent-branch]
    // CHECK-NEXT: note: evaluated for every work-item of all work-groups at local size 64
    // MALI: divergent-branch.cl:[[@LINE-2]]:7: warning: this branch on the work-item id splits 100% of the wavefronts of 8
    p[get_global_id(0)] = sin(p[get_global_id(0)]);
}

// clspread: launch global=4096 local=64
__kernel void lower16(__global float *p) {
  if (get_local_id(0) < 16) // CHECK: divergent-branch.cl:[[@LINE]]:7: warning: this branch on the work-item id splits 100% of the wavefronts of 64
    // CHECK-NEXT: note:
    p[get_global_id(0)] = sin(p[get_global_id(0)]);
}

// clspread: launch global=4000 local=64 args=n=4000
__kernel void guard(__global float *p, int n) {
  if (get_global_id(0) < n)
    p[get_global_id(0)] = sin(p[get_global_id(0)]);
}

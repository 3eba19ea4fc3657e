// Where a kernel's launch comes from: the command line, the configuration,
// a comment directly above the kernel, the suite manifest; without one the
// rules that need it are skipped and --verbose says so.
// RUN: clspread lint %s --rules=perf-global-size-too-small --verbose 2> %t.err | FileCheck %s --implicit-check-not=warning:
// RUN: FileCheck --check-prefix=VERBOSE %s < %t.err
// RUN: clspread lint %s --rules=perf-global-size-too-small --global 100000 | count 0

// clspread: launch global=1000 local=100
__kernel void small(__global float *p) { p[get_global_id(0)] = 0; } // CHECK: launches.cl:[[@LINE]]:1: warning: 1000 work-items are fewer than the 1280
// VERBOSE: launches.cl:[[@LINE-1]]: kernel small: launch global 1000, local 100 from the source comment ({{.*}}launches.cl:[[@LINE-2]])

__kernel void nolaunch(__global float *p) { p[get_global_id(0)] = 0; }
// VERBOSE: launches.cl:[[@LINE-1]]: kernel nolaunch: no launch (command line, .clspread.yaml, `// clspread: launch` comment or suite manifest); skipped perf-global-size-too-small

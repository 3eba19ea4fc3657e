// RUN: clspread lint %s --rules=perf-global-size-too-small | FileCheck %s --implicit-check-not=warning:
// HD 4870: 10 SIMDs x 2 wavefronts x 64 = 1280 fill it; x 4 = 2560 hide
// latency (AMD's talk "AMD and OpenCL", 2009).

// clspread: launch global=1024 local=64
__kernel void tiny(__global float *p) { p[get_global_id(0)] = 0; } // CHECK: too-small.cl:[[@LINE]]:1: warning: 1024 work-items are fewer than the 1280 (10 compute units x 2 wavefronts x 64) needed to keep every compute unit of ATI Radeon HD 4870 (RV770, TeraScale 1) busy [perf-global-size-too-small]

// clspread: launch global=2048 local=64
__kernel void small(__global float *p) { p[get_global_id(0)] = 0; } // CHECK: too-small.cl:[[@LINE]]:1: warning: 2048 work-items fill ATI Radeon HD 4870 (RV770, TeraScale 1) but leave no spare wavefronts to hide memory latency; that needs 2560 (10 compute units x 4 wavefronts x 64) [perf-global-size-too-small]

// clspread: launch global=2560 local=64
__kernel void enough(__global float *p) { p[get_global_id(0)] = 0; }

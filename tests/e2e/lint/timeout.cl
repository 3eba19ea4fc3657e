// --timeout: a file whose analysis runs past the limit gets a located error
// finding at the kernel where it stopped, naming the kernels left, and the
// run goes on with the next file. A limit of a microsecond has passed by the
// time the first kernel is analyzed (the compile alone takes longer).
// RUN: not clspread lint %s %S/Inputs/clean.cl --timeout 0.000001 > %t.out
// RUN: FileCheck %s < %t.out
// CHECK: timeout.cl:[[@LINE+7]]:1: error: analysis of kernel 'first' stopped after the 1e-06 s limit for this file (--timeout); not analyzed: second [clspread-timeout]
// The next file is still linted (and stopped in its turn).
// CHECK-NEXT: clean.cl:1:1: error: analysis of kernel 'clean' stopped
// Without the limit (0) the same file is linted.
// RUN: clspread lint %s --timeout 0 --rules 'clspread-timeout' | count 0
// RUN: not clspread lint %s --timeout -1 2>&1 | FileCheck --check-prefix=NEG %s
// NEG: clspread: error: --timeout: expected a number of seconds, 0 or more; got '-1'
__kernel void first(__global float *p) { p[get_global_id(0)] = 1.0f; }

__kernel void second(__global float *p) { p[get_global_id(0)] = 2.0f; }

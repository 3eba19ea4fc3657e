// OpenCL C forbids recursion; Clang accepts it and -O2 may fold it away.
// clspread reports the first call of each cycle as a compile error (exit 1),
// as an OpenCL compiler would, in analyze and in lint.
// RUN: not clspread analyze %s 2> %t.err > %t.out
// RUN: count 0 < %t.out
// RUN: FileCheck %s < %t.err
// RUN: not clspread lint %s | FileCheck --check-prefix=LINT %s
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
// CHECK: recursion.cl:[[@LINE-1]]:43: error: 'fact' calls itself: OpenCL C does not allow recursion
// LINT: recursion.cl:[[@LINE-2]]:43: error: 'fact' calls itself: OpenCL C does not allow recursion [clang-diagnostic-error]
int ping(int n);
int pong(int n) { return n ? ping(n - 1) : 0; }
// CHECK: recursion.cl:[[@LINE-1]]:30: error: 'pong' calls 'ping', which calls it back: OpenCL C does not allow recursion
int ping(int n) { return n ? pong(n - 1) : 1; }
// CHECK: recursion.cl: 2 errors generated.
__kernel void k(__global int *p) { p[0] = fact(5) + ping(3); }

// A kernel that does not compile: Clang's diagnostic in gcc style, exit 1.
// RUN: not clspread analyze %s 2>&1 | FileCheck %s
// RUN: clspread analyze %s; test $? -eq 1

__kernel void broken(__global float *a) {
  a[get_global_id(0)] = undeclared_thing;
}

// CHECK: compile-error.cl:6:25: error: use of undeclared identifier 'undeclared_thing'
// CHECK: 1 error generated.

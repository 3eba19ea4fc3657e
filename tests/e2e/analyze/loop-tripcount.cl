// Trip counts come from ScalarEvolution once --arg makes the bound a
// constant: the loop runs n = 100 times, so 100 loads of x[k] (4 bytes,
// stride 0 between work-items: every item reads the same element) plus the
// load of y[i], and one store.
// RUN: clspread analyze %s --global 4096 --arg n=100 --format json | FileCheck %s
// Without n the trip count is a stated assumption, never silent: 16 loads
// of x (the default trip count) plus y[i], with the loop entered.
// RUN: clspread analyze %s --global 4096 --format json | FileCheck --check-prefix=GUESS %s

__kernel void rowsum(__global const float *x, __global float *y, int n) {
  int i = get_global_id(0);
  float s = y[i];
  for (int k = 0; k < n; ++k)
    s += x[k];
  y[i] = s;
}

// CHECK: "assumptions": [],
// CHECK: "global_load_bytes": 404,
// CHECK-NEXT: "global_loads": 101,
// CHECK-NEXT: "global_store_bytes": 4,
// CHECK-NEXT: "global_stores": 1,

// GUESS: "assumptions": [
// GUESS-NEXT: {
// GUESS-NEXT: "file": "{{.*}}loop-tripcount.cl",
// GUESS-NEXT: "kind": "branch",
// GUESS-NEXT: "line": 13,
// GUESS-NEXT: "message": "guard of a loop with an unknown trip count; assumed the loop is entered"
// GUESS-NEXT: },
// GUESS-NEXT: {
// GUESS-NEXT: "file": "{{.*}}loop-tripcount.cl",
// GUESS-NEXT: "kind": "loop-trip-count",
// GUESS-NEXT: "line": 13,
// GUESS-NEXT: "message": "loop trip count depends on argument 'n', not given with --arg; assumed 16 (state it with --trip FILE:13=N or a `// clspread: trip N` comment above the loop)"
// GUESS: "global_load_bytes": 68,
// GUESS-NEXT: "global_loads": 17,

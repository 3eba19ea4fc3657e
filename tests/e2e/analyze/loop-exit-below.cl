// A loop whose only exit is a `break` lines below its `for` (Rodinia's
// hotspot: `if (i == iteration - 1) break;`). The trip-count assumption is
// reported at the loop's line (13), the line its hint and --trip name, not
// at the `break` (15): the place shown and the fix offered agree.
// RUN: clspread analyze %s --global 4096 --format json | FileCheck %s
// Stating the count at that line replaces the assumption: 8 loads of x[k]
// in the loop plus one of y[i].
// RUN: clspread analyze %s --global 4096 --trip %s:13=8 --format json | FileCheck --check-prefix=STATED %s

__kernel void steps(__global const float *x, __global float *y, int iteration) {
  int i = get_global_id(0);
  float v = y[i];
  for (int k = 0;; k++) {
    v += x[k];
    if (k == iteration - 1)
      break;
  }
  y[i] = v;
}

// CHECK: "kind": "loop-trip-count",
// CHECK-NEXT: "line": 13,
// CHECK-NEXT: "message": "loop trip count depends on argument 'iteration', not given with --arg; assumed 16 (state it with --trip FILE:13=N or a `// clspread: trip N` comment above the loop)"
// CHECK: "global_loads": 17,

// STATED-NOT: "loop-trip-count"
// STATED: "kind": "stated",
// STATED-NEXT: "line": 13,
// STATED-NEXT: "message": "loop trip count 8 as stated
// STATED: "global_loads": 9,

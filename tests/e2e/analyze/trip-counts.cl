// Loops analysis cannot count: the assumption names the reason and the
// bound ScalarEvolution proves, and the user can state the count.
//
// Escape-time loop under `it < max_iter` (max_iter = 256): the reason is
// the float condition, the range [1, 256], the bound 256 assumed (it was 16).
// RUN: clspread analyze %s --kernel escape --global 1024 --arg max_iter=256 --format json | FileCheck --check-prefix=RANGE %s
// RANGE: "kind": "loop-trip-count",
// RANGE-NEXT: "line": 32,
// RANGE-NEXT: "message": "loop trip count depends on floating-point values the loop computes; trip count in [1, 256]; assumed 256 (the bound) (state it with --trip FILE:32=N or a `// clspread: trip N` comment above the loop)"
//
// The comment above `stated`'s loop says 100: two fp32 ops per iteration
// (x * x + c) plus one for c = 200 + 1 = 201, and it is listed as stated.
// RUN: clspread analyze %s --kernel stated --global 1024 --arg max_iter=256 --format json | FileCheck --check-prefix=STATED %s
// STATED: "kind": "stated",
// STATED-NEXT: "line": 43,
// STATED-NEXT: "message": "loop trip count 100 as stated (--trip or a `// clspread: trip` comment)"
// STATED: "fp32": 201,
// --trip overrides the comment: 10 iterations, 21 fp32 ops.
// RUN: clspread analyze %s --kernel stated --global 1024 --arg max_iter=256 --trip %s:43=10 --format json | FileCheck --check-prefix=OPTION %s
// OPTION: "fp32": 21,
// Without --arg, the reason is the argument.
// RUN: clspread analyze %s --kernel counted --global 1024 | FileCheck --check-prefix=ARG %s
// ARG: trip-counts.cl:51: loop trip count depends on argument 'n', not given with --arg; assumed 16
// A bad --trip is a usage error.
// RUN: clspread analyze %s --global 1024 --trip %s:x=3 2> %t.err; test $? -eq 2
// RUN: FileCheck --check-prefix=BAD %s < %t.err
// BAD: clspread: error: bad --trip '{{.*}}:x=3' (expected FILE:LINE=N, N a positive integer)

__kernel void escape(__global int *out, int max_iter) {
  float x = 0, c = get_global_id(0) * 0.001f;
  int it = 0;
  while (x < 4.0f && it < max_iter) {
    x = x * x + c;
    ++it;
  }
  out[get_global_id(0)] = it;
}

__kernel void stated(__global int *out, int max_iter) {
  float x = 0, c = get_global_id(0) * 0.001f;
  int it = 0;
  // clspread: trip 100
  while (x < 4.0f && it < max_iter) {
    x = x * x + c;
    ++it;
  }
  out[get_global_id(0)] = it;
}

__kernel void counted(__global float *p, int n) {
  for (int k = 0; k < n; ++k)
    p[k] += 1.0f;
}

// A search under a bound the analysis counts (x < 400) with the whole trip
// stated as 100: the data exit takes 1/100 - 1/400 of the iterations, the
// bound 1/400, so the loop runs 100 times (the frequency solver's rounding
// aside): 100 loads of 4 bytes. Without the bound's share it ran 80.
// RUN: clspread analyze %s --kernel search --global 1024 --format json | FileCheck --check-prefix=SEARCH %s
// SEARCH: "global_loads": {{100(\.[0-9]+)?}},
__kernel void search(__global const int *keys, __global int *out) {
  int x = 0;
  // clspread: trip 100
  for (; x < 400; ++x)
    if (keys[x] >= (int)get_global_id(0))
      break;
  out[get_global_id(0)] = x;
}

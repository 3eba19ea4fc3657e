// Preprocessor options reach Clang: -DNAME=VALUE, -D NAME=VALUE, and any
// argument after `--`. TRIPS is the trip count of a loop that loads x[k]:
// TRIPS loads of 4 B plus no other load, one store; the loop is unrolled or
// counted exactly since its bound is a constant, so no assumption.
// RUN: clspread analyze %s --global 1024 -DTRIPS=10 --format json | FileCheck --check-prefix=TEN %s
// RUN: clspread analyze %s --global 1024 -D TRIPS=7 --format json | FileCheck --check-prefix=SEVEN %s
// RUN: clspread analyze %s --global 1024 --format json -- -DTRIPS=3 | FileCheck --check-prefix=THREE %s
// -I: the same from a header in Inputs/ (TRIPS 5), included when USE_HEADER is set.
// RUN: clspread analyze %s --global 1024 -DUSE_HEADER -I %S/Inputs --format json | FileCheck --check-prefix=FIVE %s
// Without a definition the kernel does not compile (exit 1).
// RUN: not clspread analyze %s --global 1024 2>&1 | FileCheck --check-prefix=UNDEF %s
// The plan passes the definitions on to the runner's clBuildProgram.
// RUN: clspread plan %s --global 1024 -DTRIPS=10 | FileCheck --check-prefix=PLAN %s

#ifdef USE_HEADER
#include "cli-trips.h"
#endif

__kernel void rowsum(__global const float *x, __global float *y) {
  int i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < TRIPS; ++k)
    s += x[k];
  y[i] = s;
}

// TEN: "assumptions": [],
// TEN: "global_load_bytes": 40,
// TEN-NEXT: "global_loads": 10,
// TEN-NEXT: "global_store_bytes": 4,
// TEN-NEXT: "global_stores": 1,
// SEVEN: "assumptions": [],
// SEVEN: "global_load_bytes": 28,
// SEVEN-NEXT: "global_loads": 7,
// THREE: "assumptions": [],
// THREE: "global_load_bytes": 12,
// THREE-NEXT: "global_loads": 3,
// FIVE: "assumptions": [],
// FIVE: "global_load_bytes": 20,
// FIVE-NEXT: "global_loads": 5,
// UNDEF: defines.cl:[[@LINE-19]]:{{[0-9]+}}: error: use of undeclared identifier 'TRIPS'
// PLAN: "build_options": "-cl-std=CL1.2 -DTRIPS=10",

// -cl-std selects the OpenCL C version (default CL1.2). This kernel passes
// a __global pointer to a function whose parameter has no address space:
// under OpenCL C 1.2 that parameter is __private, a compile error (exit 1);
// under 2.0 (and 3.0 with its generic address space feature, which clspread's
// spir64 target has) it is a generic pointer and the kernel compiles.
// RUN: not clspread analyze %s --global 1024 2>&1 | FileCheck --check-prefix=CL12 %s
// RUN: clspread analyze %s --global 1024 > /dev/null 2>&1; test $? -eq 1
// RUN: not clspread analyze %s --global 1024 -cl-std=CL1.2 2>&1 | FileCheck --check-prefix=CL12 %s
// RUN: clspread analyze %s --global 1024 -cl-std=CL2.0 --format json | FileCheck --check-prefix=CL20 %s
// RUN: clspread analyze %s --global 1024 --cl-std=CL2.0 --format json | FileCheck --check-prefix=CL20 %s
// RUN: clspread analyze %s --global 1024 --cl-std CL3.0 --format json | FileCheck --check-prefix=CL20 %s
// The plan records the version for the runner's clBuildProgram.
// RUN: clspread plan %s --global 1024 -cl-std=CL2.0 | FileCheck --check-prefix=PLAN %s
// A version clspread does not know: exit 2.
// RUN: not clspread analyze %s -cl-std=CL9.9 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: clspread analyze %s -cl-std=CL9.9 2> /dev/null; test $? -eq 2

static void put(float *p, float v) { *p = v; }

__kernel void store_generic(__global float *out) {
  put(&out[get_global_id(0)], 2.0f);
}

// CL12: cl-std.cl:[[@LINE-3]]:{{[0-9]+}}: error: passing '__global float *' to parameter of type '__private float *' changes address space of pointer
// CL20: "name": "store_generic"
// CL20: "global_store_bytes": 4,
// CL20-NEXT: "global_stores": 1,
// PLAN: "build_options": "-cl-std=CL2.0",
// BAD: clspread: error: unknown OpenCL C version 'CL9.9' (expected CL1.2, CL2.0 or CL3.0)

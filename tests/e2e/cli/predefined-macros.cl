// The macros the OpenCL C specification requires (1.2, 6.10; 3.0, 6.13)
// are predefined for the chosen -cl-std: __OPENCL_VERSION__ (which Clang
// leaves to the driver) among them. Each check is an #error, so a missing
// or wrong one fails the build (exit 1).
// RUN: clspread analyze %s --global 64 -DV=120
// RUN: clspread analyze %s --global 64 -DV=200 -cl-std=CL2.0
// RUN: clspread analyze %s --global 64 -DV=300 --cl-std CL3.0
// RUN: not clspread analyze %s --global 64 -DV=110 2>&1 | FileCheck --check-prefix=WRONG %s
// WRONG: error: __OPENCL_VERSION__ is not V
// A host that defines __OPENCL_VERSION__ itself wins, without a
// redefinition warning.
// RUN: clspread analyze %s --global 64 -DV=110 -D__OPENCL_VERSION__=110 -D__OPENCL_C_VERSION_CHECK=0 2>&1 | FileCheck --check-prefix=OWN %s
// OWN-NOT: macro redefined
// lint builds the same way.
// RUN: clspread lint %s -DV=120 --fail-on error
// RUN: clspread lint %s -DV=300 -cl-std=CL3.0 --fail-on error
// A device without images (tex.images: false in its profile) does not
// define __IMAGE_SUPPORT__.
// RUN: sed -e 's/^  global_loads_use_tex: false/&\n  images: false/' -e 's/^sources:$/&\n  tex.images: "a test device without images"/' %profiles/mali-g76.yaml > %t.yaml
// RUN: not clspread lint %s -DV=120 --profile %t.yaml 2>&1 | FileCheck --check-prefix=NOIMG %s
// NOIMG: error: no __IMAGE_SUPPORT__

#if __OPENCL_VERSION__ != V
#error __OPENCL_VERSION__ is not V
#endif
#ifndef __OPENCL_C_VERSION_CHECK
#if __OPENCL_C_VERSION__ != V
#error __OPENCL_C_VERSION__ is not V
#endif
#endif
#if !defined(CL_VERSION_1_0) || !defined(CL_VERSION_1_1) || !defined(CL_VERSION_1_2)
#error CL_VERSION_1_x missing
#endif
#if V >= 200 && !defined(CL_VERSION_2_0)
#error CL_VERSION_2_0 missing
#endif
#if V >= 300 && !defined(CL_VERSION_3_0)
#error CL_VERSION_3_0 missing
#endif
#ifndef __ENDIAN_LITTLE__
#error no __ENDIAN_LITTLE__
#endif
#ifndef __IMAGE_SUPPORT__
#error no __IMAGE_SUPPORT__
#endif
#ifndef __kernel_exec
#error no __kernel_exec
#endif

__kernel void k(__global float *x) { x[get_global_id(0)] = 1.0f; }

//===- OpenCL.h - The one place that includes the OpenCL C API --*- C++ -*-===//
//
// The runner targets OpenCL 1.2 so the same source runs on NVIDIA's
// driver, PoCL and oclgrind: clCreateCommandQueue (not the 2.0
// ...WithProperties form) and no SVM. The build defines
// CL_TARGET_OPENCL_VERSION=120; the fallback here keeps a stray
// compile of one file from silently targeting 3.0.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_OPENCL_H
#define CLSPREAD_RUNTIME_OPENCL_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif

#ifdef __APPLE__
#include <OpenCL/cl.h>
#else
#include <CL/cl.h>
#endif

#endif

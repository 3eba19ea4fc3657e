// An OpenCL 2.0 __read_write image is read and written by the kernel, so its
// plan entry needs access "read_write": with "read" the runner creates it
// CL_MEM_READ_ONLY (undefined behaviour when the kernel writes it) and
// neither restores it before each launch nor checksums it.
// Once a bug: lib/Driver/PlanWriter.cpp mapped every access qualifier other
// than write_only to "read".
// RUN: clspread plan %s -cl-std=CL2.0 --global 16x8 | FileCheck %s

__kernel void double_in_place(__read_write image2d_t im) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(im, p, read_imagef(im, p) * 2.0f);
}

// CHECK: "access": "read_write",
// CHECK-NEXT: "channel_order": "RGBA",
// CHECK: "kind": "image2d",
// CHECK-NEXT: "name": "im",

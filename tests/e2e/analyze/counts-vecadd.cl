// Per-work-item counts of a plain vector add, derived by hand:
//   loads:  a[i], b[i]          -> 2 global loads, 8 bytes
//   stores: c[i]                -> 1 global store, 4 bytes
//   ALU:    1 fp32 add; 3 GEPs with a variable index, each an add and a
//           shift (4-byte elements) -> 6 int_simple; the sext of i is free
//   stride between neighbouring work-items: 4 bytes for every access
// RUN: clspread analyze %s --global 1048576 --local 256 --format json | FileCheck %s

__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c) {
  int i = get_global_id(0);
  c[i] = a[i] + b[i];
}

// JSON keys print in alphabetical order.
// CHECK: "assumptions": [],
// CHECK: "work_items": 1048576
// CHECK: "name": "vadd"
// CHECK: "per_item": {
// CHECK-NEXT: "alu_by_class": {
// CHECK-NEXT: "conversion": 0,
// CHECK-NEXT: "fp32": 1,
// CHECK-NEXT: "fp32_div_sqrt": 0,
// CHECK-NEXT: "fp64": 0,
// CHECK-NEXT: "int_div": 0,
// CHECK-NEXT: "int_mul": 0,
// CHECK-NEXT: "int_simple": 6,
// CHECK-NEXT: "transcendental": 0
// CHECK: "alu_ops": 7,
// CHECK: "global_load_bytes": 8,
// CHECK-NEXT: "global_loads": 2,
// CHECK-NEXT: "global_store_bytes": 4,
// CHECK-NEXT: "global_stores": 1,

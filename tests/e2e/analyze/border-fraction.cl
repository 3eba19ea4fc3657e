// Branches on work-item ids are counted exactly over the NDRange.
// A 3x3 stencil on a 100x60 grid: the border (x == 0, y == 0, x == 99,
// y == 59) has 100*60 - 98*58 = 316 work-items, the interior 5684.
//   loads per item = (316 * 1 + 5684 * 5) / 6000 = 28736 / 6000 = 4.789333...
//   stores per item = 1
// No assumption is needed: the branch depends on ids and arguments only.
// RUN: clspread analyze %s --global 100x60 --local 4x4 --arg w=100 --arg h=60 --format json | FileCheck %s

__kernel void cross5(__global const float *in, __global float *out, int w,
                     int h) {
  int x = get_global_id(0), y = get_global_id(1);
  int i = y * w + x;
  if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
    out[i] = in[i];
  } else {
    out[i] = in[i] + in[i - 1] + in[i + 1] + in[i - w] + in[i + w];
  }
}

// CHECK: "assumptions": [],
// CHECK: "name": "cross5"
// CHECK: "global_loads": 4.78933333
// CHECK-NEXT: "global_store_bytes": 4,
// CHECK-NEXT: "global_stores": 1,

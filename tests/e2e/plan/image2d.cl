// An image2d_t argument becomes kind "image2d", sized like the NDRange (one
// work-item per pixel): width = global x, height = global y, RGBA FLOAT;
// __read_only gives access "read", __write_only "write".
// RUN: clspread plan %s --global 64x32 --local 8x8 | FileCheck %s
// On a 1-D launch the height is 1.
// RUN: clspread plan %s --global 128 | FileCheck --check-prefix=ONE %s

__kernel void copy_image(__read_only image2d_t src, __write_only image2d_t dst) {
  const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                      CLK_FILTER_NEAREST;
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(dst, p, read_imagef(src, s, p));
}

// CHECK: "access": "read",
// CHECK-NEXT: "channel_order": "RGBA",
// CHECK-NEXT: "channel_type": "FLOAT",
// CHECK-NEXT: "height": 32,
// CHECK-NEXT: "index": 0,
// CHECK-NEXT: "kind": "image2d",
// CHECK-NEXT: "name": "src",
// CHECK-NEXT: "width": 64
// CHECK: "access": "write",
// CHECK-NEXT: "channel_order": "RGBA",
// CHECK-NEXT: "channel_type": "FLOAT",
// CHECK-NEXT: "height": 32,
// CHECK-NEXT: "index": 1,
// CHECK-NEXT: "kind": "image2d",
// CHECK-NEXT: "name": "dst",
// CHECK-NEXT: "width": 64
// CHECK: "dims": 2,

// ONE: "height": 1,
// ONE: "width": 128
// ONE: "height": 1,
// ONE: "width": 128

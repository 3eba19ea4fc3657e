// Buffers of structs: the plan carries the struct's layout from the
// module's type (clang's %struct.NAME), so the runner fills each field with
// values of its type and the padding with zeros. By hand, spir64 layout:
//   Particle   float x, y, z; int id          16 B: 0 4 8 12
//   Padded     char tag; float w; short s[2]  12 B: tag 0, w 4 (3 B pad),
//                                             s[0] 8, s[1] 10
// --global 1024: p spans 1024 x 16 = 16384 B; q 1024 x 12 = 12288 B.
// RUN: clspread plan %s --global 1024 --arg dt=0.5 | FileCheck %s
// CHECK: "elem": "Particle",
// CHECK-NEXT: "index": 0,
// CHECK-NEXT: "kind": "buffer",
// CHECK-NEXT: "name": "p",
// CHECK-NEXT: "struct": {
// CHECK-NEXT: "bytes": 16,
// CHECK-NEXT: "fields": [
// CHECK-NEXT: {
// CHECK-NEXT: "elem": "float",
// CHECK-NEXT: "offset": 0
// CHECK: "elem": "int",
// CHECK-NEXT: "offset": 12
// CHECK: "bytes": 12288,
// CHECK-NEXT: "elem": "struct Padded",
// CHECK: "bytes": 12,
// CHECK: "elem": "char",
// CHECK-NEXT: "offset": 0
// CHECK: "elem": "float",
// CHECK-NEXT: "offset": 4
// CHECK: "elem": "short",
// CHECK-NEXT: "offset": 8
// CHECK: "elem": "short",
// CHECK-NEXT: "offset": 10
//
// And it runs: `clspread measure` plans, runs on PoCL and prints the
// estimate beside the measurement (exit 0).
// RUN: clspread measure %s --global 1024 --arg dt=0.5 --repeats 3 | FileCheck --check-prefix=RAN %s
// RAN: estimates on pocl-cpu against
// RAN: {{^}}  advance {{.*}} {{ALU|MEM}} {{.*}}%
// RAN: {{^}}  scale_padded {{.*}}%

typedef struct { float x, y, z; int id; } Particle;
struct Padded { char tag; float w; short s[2]; };

__kernel void advance(__global Particle *p, float dt) {
  size_t i = get_global_id(0);
  p[i].x += dt;
  p[i].y += dt * 2.0f;
}

__kernel void scale_padded(__global struct Padded *q) {
  size_t i = get_global_id(0);
  q[i].w *= (float)q[i].s[1];
}

// `clspread plan` sizes each buffer from its footprint (the highest byte a
// launch touches, rounded up to 16 bytes) and takes its access from what the
// kernel does with it. --global 1000, one work-item per element:
//   x      float, read at x[i]                 1000 x 4 = 4000 B, read
//   y      float, y[i] += ...                  4000 B, read_write
//   flags  uchar, written at flags[i]          1000 B -> 1008 B, write
//   coef   __constant float, coef[0]           4 B -> 16 B, read
//   idx    int, read at idx[i]                 4000 B, read
//   scat   float, written at scat[idx[i]]      unknown: no "bytes", a warning
// RUN: clspread plan %s --global 1000 2> %t.err | FileCheck %s
// RUN: FileCheck --check-prefix=WARN %s < %t.err
//
// The bundled vecadd at --global 1024: three buffers of 1024 floats (4096 B)
// for the scalar kernel, of 1024 float4s (16384 B) for the float4 one.
// RUN: clspread plan %kernels/vecadd.cl --global 1024 | python3 -c "import json,sys; [print(k['kernel'], *('%%s:%%s:%%s:%%s' %% (a['name'], a['elem'], a['bytes'], a['access']) for a in k['args'])) for k in json.load(sys.stdin)['kernels']]" | FileCheck --check-prefix=VECADD %s
// VECADD: vecadd_scalar a:float:4096:read b:float:4096:read c:float:4096:write
// VECADD-NEXT: vecadd_float4 a:float4:16384:read b:float4:16384:read c:float4:16384:write

__kernel void acc(__global const float *x, __global float *y,
                  __global uchar *flags, __constant float *coef,
                  __global const int *idx, __global float *scat) {
  int i = get_global_id(0);
  y[i] += x[i] * coef[0];
  flags[i] = 1;
  scat[idx[i]] = 1.0f;
}

// CHECK: "access": "read",
// CHECK-NEXT: "bytes": 4000,
// CHECK-NEXT: "elem": "float",
// CHECK-NEXT: "index": 0,
// CHECK-NEXT: "kind": "buffer",
// CHECK-NEXT: "name": "x"
// CHECK: "access": "read_write",
// CHECK-NEXT: "bytes": 4000,
// CHECK-NEXT: "elem": "float",
// CHECK-NEXT: "index": 1,
// CHECK-NEXT: "kind": "buffer",
// CHECK-NEXT: "name": "y"
// CHECK: "access": "write",
// CHECK-NEXT: "bytes": 1008,
// CHECK-NEXT: "elem": "uchar",
// CHECK-NEXT: "index": 2,
// CHECK-NEXT: "kind": "buffer",
// CHECK-NEXT: "name": "flags"
// CHECK: "access": "read",
// CHECK-NEXT: "bytes": 16,
// CHECK-NEXT: "elem": "float",
// CHECK-NEXT: "index": 3,
// CHECK-NEXT: "kind": "buffer",
// CHECK-NEXT: "name": "coef"
// CHECK: "access": "read",
// CHECK-NEXT: "bytes": 4000,
// CHECK-NEXT: "elem": "int",
// CHECK-NEXT: "index": 4,
// CHECK-NEXT: "kind": "buffer",
// CHECK-NEXT: "name": "idx"
// CHECK: "access": "{{[a-z_]+}}",
// CHECK-NEXT: "elem": "float",
// CHECK-NEXT: "index": 5,
// CHECK-NEXT: "kind": "buffer",
// CHECK-NEXT: "name": "scat"

// WARN: clspread: warning: acc: argument 'scat': buffer size unknown (its accesses are not affine in ids; give it with --buffer scat=SIZE or in the manifest's buffers)

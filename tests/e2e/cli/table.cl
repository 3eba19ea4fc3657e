// The default table format: per kernel a header line, the launch, the
// per-work-item counts and the estimate rows T_ALU, T_TEX, T_MEM and
// Tkernel, the largest term marked "<- bound". One kernel per bound, on
// Inputs/minimal.yaml (4 CUs x 32 lanes, 1 GHz, one cycle per lane-op,
// 4 fetches per CU per clock, 100 GB/s; buffer loads do not use TEX).
// --global 1024 --local 64, by hand:
//   stream: c = a + b on floats: 7 lane-ops (1 fp32, 3 GEPs x 2 int_simple)
//     T_ALU = 1024 x 7 / 128 / 1 GHz = 56 ns; T_TEX = 0;
//     T_MEM = 1024 x 12 B / 100 GB/s = 122.88 ns            -> MEM
//   spin: 16 x (v * v + 1) contracted to llvm.fmuladd (1 fp32 each) and
//     one GEP (2 int_simple) for x[i]: 18 lane-ops,
//     T_ALU = 1024 x 18 / 128 / 1 GHz = 144 ns;
//     T_MEM = 1024 x 8 B / 100 GB/s = 81.92 ns               -> ALU
//   fetch: 4 read_imagef, 3 float4 adds (12 fp32) and one GEP (2): 14,
//     T_ALU = 1024 x 14 / 128 / 1 GHz = 112 ns;
//     T_TEX = 1024 x 4 / (4 CUs x 4) / 1 GHz = 256 ns;
//     T_MEM = 1024 x 16 B / 100 GB/s = 163.84 ns             -> TEX
// RUN: clspread analyze %s --global 1024 --local 64 --profile %S/Inputs/minimal.yaml | FileCheck %s

__kernel void stream(__global const float *a, __global const float *b,
                     __global float *c) {
  const size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}

__kernel void spin(__global float *x) {
  const size_t i = get_global_id(0);
  float v = x[i];
  v = v * v + 1.0f; v = v * v + 1.0f; v = v * v + 1.0f; v = v * v + 1.0f;
  v = v * v + 1.0f; v = v * v + 1.0f; v = v * v + 1.0f; v = v * v + 1.0f;
  v = v * v + 1.0f; v = v * v + 1.0f; v = v * v + 1.0f; v = v * v + 1.0f;
  v = v * v + 1.0f; v = v * v + 1.0f; v = v * v + 1.0f; v = v * v + 1.0f;
  x[i] = v;
}

__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE |
                           CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void fetch(__read_only image2d_t img, __global float4 *out) {
  const int x = get_global_id(0);
  float4 s = read_imagef(img, smp, (int2)(x, 0));
  s += read_imagef(img, smp, (int2)(x, 1));
  s += read_imagef(img, smp, (int2)(x, 2));
  s += read_imagef(img, smp, (int2)(x, 3));
  out[x] = s;
}

// CHECK: {{.*}}table.cl:[[@LINE-28]]: kernel stream on mini-gpu (Minimal test GPU)
// CHECK-NEXT: launch: global 1024, local 64 = 1024 work-items
// CHECK-NEXT: per work-item
// CHECK-NEXT: ALU lane-ops 7 (int_simple 6, fp32 1)
// CHECK: global loads 2 (8 B)
// CHECK-NEXT: global stores 1 (4 B)
// CHECK: estimate
// CHECK-NEXT: T_ALU 56 ns{{$}}
// CHECK-NEXT: T_TEX 0 s{{$}}
// CHECK-NEXT: T_MEM 122.9 ns <- bound
// CHECK-NEXT: Tkernel 122.9 ns MEM-bound

// CHECK: {{.*}}table.cl:[[@LINE-34]]: kernel spin on mini-gpu
// CHECK: ALU lane-ops 18 (int_simple 2, fp32 16)
// CHECK: estimate
// CHECK-NEXT: T_ALU 144 ns <- bound
// CHECK-NEXT: T_TEX 0 s{{$}}
// CHECK-NEXT: T_MEM 81.92 ns{{$}}
// CHECK-NEXT: Tkernel 144 ns ALU-bound

// CHECK: {{.*}}table.cl:[[@LINE-29]]: kernel fetch on mini-gpu
// CHECK: ALU lane-ops 14 (int_simple 2, fp32 12)
// CHECK: TEX fetches 4
// CHECK: estimate
// CHECK-NEXT: T_ALU 112 ns{{$}}
// CHECK-NEXT: T_TEX 256 ns <- bound
// CHECK-NEXT: T_MEM 163.8 ns{{$}}
// CHECK-NEXT: Tkernel 256 ns TEX-bound

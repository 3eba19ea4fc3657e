// A CPU's execution units, as LLVM's scheduling model of the CPU gives
// them (docs/model.md, "CPU profiles"): the machine code of the work-item
// loop holds each unit for the clocks the model says, and the busiest
// unit bounds a work-item's cycles from below, beside the issue rate.
//
// divide: LLVM makes 8 work-items one AVX2 vdivps, which holds
// Skylake's divider 5 clocks (Agner Fog's instruction tables, Skylake:
// VDIVPS y,y,y reciprocal throughput 5): 5 / 8 = 0.625 cycles a
// work-item, where its instructions issue in 0.51 at the profile's 2 a
// clock: one a work-item, and per group of 256 the vectorizer's
// run-time check that out overlaps neither input (two subtractions, two
// compares, an or, the branch: 6 / 256), 1.023. 65536 work-items on one
// core at 1 GHz: 40.96 us. (The check holds other units: the divider's
// 0.625 stays, to LLVM's rounding of a group's share.)
// RUN: clspread analyze %s --kernel divide --global 65536 --local 256 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=DIV %s
// DIV: T_ALU 40.96 us
// DIV: CPU code for skylake: 1.023 instructions per work-item, {{.*}}: 0.625 cycles (SKLFPDivider held 0.625 cycles a work-item, longer than its instructions take to issue)
// RUN: clspread analyze %s --kernel divide --global 65536 --local 256 --profile %S/Inputs/cpu/one-core.yaml --format json | FileCheck --check-prefix=JSON %s
// JSON: "cpu_port_bound": "SKLFPDivider",
// JSON-NEXT: "cpu_port_cycles": 0.62500{{[0-9]*}},
//
// add: the same with an add, which either of two ports takes each clock
// (Agner Fog, Skylake: VADDPS reciprocal throughput 0.5): the issue rate
// binds, 1.0234375 / 2 = 0.5117 cycles a work-item (65536 x 0.51171875
// ns = 33.54 us), and the note names no unit.
// RUN: clspread analyze %s --kernel add --global 65536 --local 256 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=ADD %s
// ADD: T_ALU 33.54 us
// ADD: CPU code for skylake: 1.023 instructions per work-item, {{.*}}: 0.5117 cycles{{$}}
//
// sample: an image is a type only a GPU's back end lowers; x86's code
// generator is not asked, and the note says so.
// RUN: clspread analyze %s --kernel sample --global 64 --local 64 --profile %S/Inputs/cpu/one-core.yaml | FileCheck --check-prefix=IMG %s
// IMG: (no execution ports: it takes images or samplers, which x86 code does not)

__kernel void divide(__global const float *in, __global const float *d,
                     __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] / d[i];
}

__kernel void add(__global const float *in, __global const float *d,
                  __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] + d[i];
}

__constant sampler_t Nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void sample(__read_only image2d_t img, __global float4 *out) {
  int i = get_global_id(0);
  out[i] = read_imagef(img, Nearest, (int2)(i, 0));
}

// A CPU's library takes a time of its own for each function (PoCL 3.1 on
// Zen 4, calibrate's call_<fn>: pow 388 clocks a lane, sin 40.5, exp 7.9;
// docs/model.md, "CPU profiles"). A profile that gives
// alu.call_cycles_<fn> (alu.call_cycles_<fn>_fp64 for doubles) charges
// that function's calls those clocks a lane, and their lane-ops leave
// the class rates; any other call stays at the class rates.
//
// powers: one pow (2 transcendental lane-ops) and one sin (1) a
// work-item. Without call figures: 3 lane-ops at 0.5 a clock = 6 cycles,
// beside the loop's own. Its machine code (x86's code generator, the
// scalar loop) stores 5 values a work-item: the result, the return
// address each of the two calls pushes, and the input and pow's result,
// which no register keeps across a call. Skylake stores one a clock (one
// store-data port, Intel's optimization manual), 5 cycles, longer than
// the recurrence (the work-item loop's counter, 1 instruction at 4
// clocks) or its 7 instructions at 2 a clock: 11 cycles; 256 work-items
// on one core at 1 GHz: 2.816 us.
// RUN: clspread analyze %s --global 256 --local 256 --profile %S/Inputs/cpu/one-core.yaml --kernel powers | FileCheck --check-prefix=RATE %s
// RATE: T_ALU 2.816 us
// RATE: 1 of them on loop recurrences: 11 cycles, 6 of them in library calls (SKLPort4 held 5 cycles a work-item
//
// pow at 400 clocks and sin at 40: 440 + 5 = 445 cycles, 113.92 us.
// RUN: sed -e 's/^  latency_cycles: 4$/  latency_cycles: 4\n  call_cycles_pow: 400\n  call_cycles_sin: 40/' -e 's/^sources:$/sources:\n  alu.call_cycles_pow: "a figure for the test"\n  alu.call_cycles_sin: "a figure for the test"/' %S/Inputs/cpu/one-core.yaml > %t.both.yaml
// RUN: clspread analyze %s --global 256 --local 256 --profile %t.both.yaml --kernel powers | FileCheck --check-prefix=BOTH %s
// BOTH: T_ALU 113.9 us
// BOTH: 445 cycles, 440 of them in library calls
//
// Only pow priced: 400, and sin's 1 lane-op at the class rate, 2: 407
// cycles, 104.192 us.
// RUN: sed -e 's/^  latency_cycles: 4$/  latency_cycles: 4\n  call_cycles_pow: 400/' -e 's/^sources:$/sources:\n  alu.call_cycles_pow: "a figure for the test"/' %S/Inputs/cpu/one-core.yaml > %t.pow.yaml
// RUN: clspread analyze %s --global 256 --local 256 --profile %t.pow.yaml --kernel powers | FileCheck --check-prefix=POW %s
// POW: T_ALU 104.2 us
// POW: 407 cycles, 402 of them in library calls
//
// The JSON counts the calls in lanes: a float4 pow is 4; a double pow is
// pow_fp64.
// RUN: clspread analyze %s --global 256 --local 256 --profile %t.both.yaml --kernel powers --format json | FileCheck --check-prefix=JSON %s
// JSON: "cpu_calls": {
// JSON-NEXT: "pow": 1,
// JSON-NEXT: "sin": 1
// JSON-NEXT: },
// RUN: clspread analyze %s --global 256 --local 256 --profile %t.both.yaml --kernel powers4 --format json | FileCheck --check-prefix=JSON4 %s
// JSON4: "cpu_calls": {
// JSON4-NEXT: "pow": 4
// JSON4-NEXT: },
// RUN: clspread analyze %s --global 256 --local 256 --profile %t.both.yaml --kernel powers_double --format json | FileCheck --check-prefix=JSONDBL %s
// JSONDBL: "cpu_calls": {
// JSONDBL-NEXT: "pow_fp64": 1
// JSONDBL-NEXT: },
//
// A double pow's lane-ops are its routine's (fp64, integer and
// conversion: LLVM's AMDGPU expansion, Builtins.h); priced at 500 clocks
// (alu.call_cycles_pow_fp64) they all leave the class rates: 500 + the
// work-item loop's 4 = 504 cycles, 256 x 504 / 1e9 = 129.024 us.
// RUN: sed -e 's/^  latency_cycles: 4$/  latency_cycles: 4\n  call_cycles_pow_fp64: 500/' -e 's/^sources:$/sources:\n  alu.call_cycles_pow_fp64: "a figure for the test"/' %S/Inputs/cpu/one-core.yaml > %t.dbl.yaml
// RUN: clspread analyze %s --global 256 --local 256 --profile %t.dbl.yaml --kernel powers_double | FileCheck --check-prefix=DBL %s
// DBL: T_ALU 129 us
// DBL: 504 cycles, 500 of them in library calls
//
// A GPU profile builds no CPU code: null.
// RUN: clspread analyze %s --global 256 --local 256 --profile nvidia-h100-sxm --kernel powers --format json | FileCheck --check-prefix=GPU %s
// GPU: "cpu_calls": null,
//
// Helpers are left to the optimizer's inliner, as PoCL leaves them to
// its own: called once, poly is inlined and the work-item loop
// vectorized (8 work-items to an AVX2 instruction); called four times, it
// stays a call, as PoCL's median_x4 calls its findMedian, the loop runs
// one work-item at a time and each call counts poly's body (over 20
// instructions: 80 and more a work-item).
// RUN: clspread analyze %s --global 256 --local 256 --profile %S/Inputs/cpu/one-core.yaml --kernel once | FileCheck --check-prefix=ONCE %s
// ONCE: CPU code for skylake: {{[0-9.]+}} instructions per work-item, {{[5-8](\.[0-9]+)?}} lanes each on average
// RUN: clspread analyze %s --global 256 --local 256 --profile %S/Inputs/cpu/one-core.yaml --kernel four | FileCheck --check-prefix=FOUR %s
// FOUR: CPU code for skylake: {{[89][0-9]|[1-9][0-9][0-9]}} instructions per work-item, 1{{(\.[0-9]+)?}} lanes each on average

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void powers(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = pow(in[i], 0.75f) + sin(in[i]);
}

__kernel void powers4(__global const float4 *in, __global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = pow(in[i], (float4)(0.75f));
}

__kernel void powers_double(__global const double *in, __global double *out) {
  size_t i = get_global_id(0);
  out[i] = pow(in[i], 0.75);
}

static float poly(float x) {
  float y = x;
  y = y * x + 1.0f; y = y * x + 2.0f; y = y * x + 3.0f; y = y * x + 4.0f;
  y = y * x + 5.0f; y = y * x + 6.0f; y = y * x + 7.0f; y = y * x + 8.0f;
  y = y / (x + 1.0f); y = y * x + 9.0f; y = y / (x + 2.0f); y = y * x + 10.0f;
  y = y / (x + 3.0f); y = y * x + 11.0f; y = y / (x + 4.0f); y = y * x + 12.0f;
  y = y / (x + 5.0f); y = y * x + 13.0f; y = y / (x + 6.0f); y = y * x + 14.0f;
  return y;
}

__kernel void once(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = poly(in[i]);
}

__kernel void four(__global const float4 *in, __global float *out) {
  size_t i = get_global_id(0);
  float4 v = in[i];
  out[i] = poly(v.x) + poly(v.y) + poly(v.z) + poly(v.w);
}

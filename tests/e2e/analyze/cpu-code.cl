// A CPU profile that names its compiler's CPU (alu.llvm_cpu) counts the
// instructions of LLVM's x86 code for one work-group (docs/model.md, "CPU
// profiles"). What PoCL itself built for such kernels on this project's
// build machine (docs/results/pocl-cpu/vectorize/README.md, read off its
// kernel cache): a kernel in scalars without a loop becomes 8 work-items
// to an AVX2 instruction; a float4 kernel runs one work-item at a time, a
// float4 an SSE instruction; a loop in the kernel runs one work-item at a
// time, in scalars.
//
// RUN: clspread analyze %s --global 65536 --local 256 --profile %S/Inputs/cpu/one-core.yaml --kernel flat | FileCheck --check-prefix=FLAT %s
// FLAT: CPU code for skylake: {{[0-9.]+}} instructions per work-item, {{[5-8](\.[0-9]+)?}} lanes each on average
// RUN: clspread analyze %s --global 65536 --local 256 --profile %S/Inputs/cpu/one-core.yaml --kernel flat4 | FileCheck --check-prefix=FLAT4 %s
// FLAT4: CPU code for skylake: {{[0-9.]+}} instructions per work-item, {{[34](\.[0-9]+)?}} lanes each on average
//
// One work-item (no work-item loop) runs 256 dependent mads, each a
// multiply and an add as PoCL builds mad (its kernel cache: vmulps and
// vaddps): the recurrence holds two instructions an iteration, 512 in
// all, at the profile's 4 clocks: 2048 cycles, more than the loop's
// instructions issued at 2 a clock (fewer than 4 an iteration: under
// 512 cycles). At 1 GHz on one core: T_ALU = 2048 cycles = 2.048 us.
// RUN: clspread analyze %s --global 1 --local 1 --profile %S/Inputs/cpu/one-core.yaml --kernel chain | FileCheck --check-prefix=CHAIN %s
// CHAIN: T_ALU 2.048 us
// CHAIN: CPU code for skylake: {{[0-9.]+}} instructions per work-item, 1 lanes each on average, 512 of them on loop recurrences: 2048 cycles
//
// The same loop with fma(): one instruction an iteration on the
// recurrence, 256 in all, each a fused multiply-add. Without
// alu.fma_latency_cycles it waits the profile's 4 clocks: 1024 cycles;
// with it at 6 clocks: 1536 cycles = 1.536 us at 1 GHz.
// RUN: clspread analyze %s --global 1 --local 1 --profile %S/Inputs/cpu/one-core.yaml --kernel fma_chain | FileCheck --check-prefix=FMA4 %s
// FMA4: T_ALU 1.024 us
// FMA4: 256 of them on loop recurrences: 1024 cycles
// RUN: sed -e 's/^  latency_cycles: 4$/  latency_cycles: 4\n  fma_latency_cycles: 6/' -e 's/^sources:$/sources:\n  alu.fma_latency_cycles: "a figure for the test"/' %S/Inputs/cpu/one-core.yaml > %t.fma.yaml
// RUN: clspread analyze %s --global 1 --local 1 --profile %t.fma.yaml --kernel fma_chain | FileCheck --check-prefix=FMA6 %s
// RUN: clspread analyze %s --global 1 --local 1 --profile %t.fma.yaml --kernel fma_chain --format json | FileCheck --check-prefix=FMAJSON %s
// FMA6: T_ALU 1.536 us
// FMA6: 256 of them on loop recurrences: 1536 cycles
// FMAJSON: "cpu_chain_fma_ops": 256
//
// Without an issue rate the built code cannot be timed: lane-ops at the
// class rates, and the note says why.
// RUN: sed -e '/instructions_per_clock/d' %S/Inputs/cpu/one-core.yaml > %t.yaml
// RUN: clspread analyze %s --global 65536 --local 256 --profile %t.yaml --kernel flat | FileCheck --check-prefix=NOIPC %s
// NOIPC: CPU code not modelled (the profile gives no alu.instructions_per_clock): ALU lane-ops at the class rates
//
// The GPU profiles are untouched: no CPU code is built for them.
// RUN: clspread analyze %s --global 65536 --local 256 --profile nvidia-h100-sxm --kernel flat | FileCheck --check-prefix=GPU %s
// GPU-NOT: CPU code
// GPU: T_ALU

__kernel void flat(__global const float *a, __global const float *b,
                   __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] * b[i] + 1.0f;
}

__kernel void flat4(__global const float4 *a, __global const float4 *b,
                    __global float4 *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] * b[i] + 1.0f;
}

__kernel void chain(__global const float *in, __global float *out) {
  float x = in[0], s = in[1], t = in[2];
  for (int k = 0; k < 256; ++k)
    x = mad(x, s, t);
  out[get_global_id(0)] = x;
}

__kernel void fma_chain(__global const float *in, __global float *out) {
  float x = in[0], s = in[1], t = in[2];
  for (int k = 0; k < 256; ++k)
    x = fma(x, s, t);
  out[get_global_id(0)] = x;
}

// A sum the compiler keeps in memory (docs/model.md, "CPU profiles"): two
// sums added into two buffers at each step. The buffers may alias, so
// after the store to t[0] the compiler must load s[0] again, and each
// step's load waits for the last step's store to reach it: a chain
// through memory, which PoCL's code has (bench/cpu_chains: 13.3 clocks a
// step on its Zen 4, against 4.6 with the sums in registers).
//
// store_pair's recurrence, by hand: per step, s[0]'s load, one fused
// multiply-add, s[0]'s store (t[0]'s is the same, beside it): 256 steps
// of one fma (the profile's 4 clocks, it gives no fma latency) and one
// load of a stored value (cache.store_forward_cycles, 5 here): 256 x 9 =
// 2304 cycles = 2.304 us at 1 GHz on one core. Without the figure the
// loads are free: 1024 cycles, less than the loop's instructions take
// to issue: per step two loads, two fmas, two stores, the counter's add,
// compare and branch, 9 x 256 and 2 around the loop, 2306 at 2 a clock,
// 1153 cycles.
// RUN: sed -e 's/^sources:$/cache:\n  store_forward_cycles: 5\nsources:\n  cache.store_forward_cycles: "a figure for the test"/' %S/Inputs/cpu/one-core.yaml > %t.yaml
// RUN: clspread analyze %s --global 1 --local 1 --profile %t.yaml --kernel store_pair | FileCheck --check-prefix=PAIR %s
// PAIR: T_ALU 2.304 us
// PAIR: 256 of them on loop recurrences: 2304 cycles
// RUN: clspread analyze %s --global 1 --local 1 --profile %t.yaml --kernel store_pair --format json | FileCheck --check-prefix=PAIRJSON %s
// PAIRJSON: "cpu_chain_fma_ops": 256
// PAIRJSON: "cpu_chain_store_loads": 256
// RUN: clspread analyze %s --global 1 --local 1 --profile %S/Inputs/cpu/one-core.yaml --kernel store_pair | FileCheck --check-prefix=NOFIG %s
// NOFIG: T_ALU 1.153 us
// NOFIG: CPU code for skylake: 2306 instructions per work-item, 1 lanes each on average, 256 of them on loop recurrences: 1153 cycles
//
// With restrict the buffers do not overlap, the compiler keeps both sums
// in registers, and nothing waits on a store: 256 fmas, 1024 cycles.
// RUN: clspread analyze %s --global 1 --local 1 --profile %t.yaml --kernel store_pair_restrict --format json | FileCheck --check-prefix=RESTRICT %s
// RESTRICT: "cpu_chain_fma_ops": 256
// RESTRICT: "cpu_chain_store_loads": 0
//
// gesummv's shape: each work-item sums its row of 64 into s[i] and t[i]
// (i moves with the work-item, not with the row's loop j): 64 loads of a
// stored value a work-item, at 4 + 5 clocks a step with the fma: 576
// cycles, and the work-item loop's own counter, one add (4 clocks): 580
// cycles a work-item, 256 of them on one core: 148480 cycles = 148.5 us.
// RUN: clspread analyze %s --global 256 --local 256 --profile %t.yaml --kernel row_sums --arg n=64 --format json | FileCheck --check-prefix=ROWS %s
// ROWS: "cpu_chain_ops": 65
// ROWS: "cpu_chain_store_loads": 64
// RUN: clspread analyze %s --global 256 --local 256 --profile %t.yaml --kernel row_sums --arg n=64 | FileCheck --check-prefix=ROWSALU %s
// ROWSALU: T_ALU 148.5 us

__kernel void store_pair(__global const float *in, __global float *s,
                         __global float *t) {
  float a = in[0], b = in[1];
  for (int k = 0; k < 256; ++k) {
    s[0] = fma(s[0], a, b);
    t[0] = fma(t[0], a, b);
  }
}

__kernel void store_pair_restrict(__global const float *restrict in,
                                  __global float *restrict s,
                                  __global float *restrict t) {
  float a = in[0], b = in[1];
  for (int k = 0; k < 256; ++k) {
    s[0] = fma(s[0], a, b);
    t[0] = fma(t[0], a, b);
  }
}

__kernel void row_sums(__global const float *a, __global const float *b,
                       __global const float *v, __global float *s,
                       __global float *t, int n) {
  int i = get_global_id(0);
  s[i] = 0.0f;
  t[i] = 0.0f;
  for (int j = 0; j < n; j++) {
    s[i] = fma(a[i * n + j], v[j], s[i]);
    t[i] = fma(b[i * n + j], v[j], t[i]);
  }
}

// The loop vectorizer guards its vector loop with run-time checks: here,
// that the three streams of `v`, n floats apart, do not overlap within a
// vector. At run time they pass (n = 1024), and the work-items run 8 to a
// vector instruction. LLVM's odds took the guard half the time, and half
// the work-items ran the scalar loop: 21.42 instructions a work-item, 1.18
// lanes each. On the vector path, each of the 8 vector iterations of a
// 64-item group issues the loads of `factors`, three of `old` and three
// of `flux`, the division, three multiply-adds and three stores (and the
// guard's mask): about 2 to 4 instructions a work-item, 5 to 8 lanes
// each; once a group, the checks that none of the nine streams the loop
// stores or loads overlaps another within a vector (nothing says the
// buffers do not overlap, as nothing tells PoCL's compiler), 18
// subtractions, compares and ors and their offsets, 1 to 2 a work-item
// of one lane (docs/model.md, "CPU profiles").
// RUN: clspread analyze %s --global 1024 --local 64 --arg n=1024 --arg j=1 --profile %S/Inputs/cpu/one-core.yaml | FileCheck %s
// CHECK: CPU code for skylake: {{[3-6]\.[0-9]+}} instructions per work-item, {{[4-7]\.[0-9]+}} lanes each on average

__kernel void soa(int j, int n, __global float *old, __global float *v,
                  __global float *factors, __global float *flux) {
  const int i = get_global_id(0);
  if (i >= n)
    return;
  float f = factors[i] / (float)(4 - j);
  v[i] = old[i] + f * flux[i];
  v[i + n] = old[i + n] + f * flux[i + n];
  v[i + 2 * n] = old[i + 2 * n] + f * flux[i + 2 * n];
}

// A program-scope __constant lookup table read inside a loop (the shape of
// a hash round's sigma/init table) is not a repeated load: its values are in
// the program, so the compiler folds loads at constant indices and the
// constant cache serves the rest. No finding for it; a loop-invariant load
// from a __global argument in the same loop is still reported.
// RUN: clspread lint %s --global 4096 --local 64 --arg n=64 --profile nvidia-h100-sxm --rules perf-redundant-global-load | FileCheck %s --implicit-check-not=warning:
__constant uint sigma[16] = {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15};

__kernel void rounds(__global uint *state, __global const uint *key, int n) {
  int i = get_global_id(0);
  uint s = state[i];
  for (int r = 0; r < n; ++r) {
    s = (s << 5 | s >> 27) ^ sigma[r & 15];
    s += sigma[3];
    // CHECK: constant-table.cl:[[@LINE+1]]:10: warning: 'key' is loaded at the same address on every iteration
    s ^= key[0];
  }
  state[i] = s;
}

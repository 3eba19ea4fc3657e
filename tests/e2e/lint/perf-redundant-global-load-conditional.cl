// RUN: clspread lint %s --rules=perf-redundant-global-load | count 0
// A hash chain in rounds: the input is read only on the first round, under
// `if (i == 0)`. The load runs once per work-item, not on every iteration;
// the branch guess charged it a fraction of the rounds and the rule told
// the user to hoist it. A load whose block runs on fewer iterations than
// its loop gets no hoisting advice.

#define R4(a, b) a += b; b = rotate(b, 7u) ^ a; a = rotate(a, 13u) + b; b ^= a * 5u
#define R16(a, b) R4(a, b); R4(b, a); R4(a, b); R4(b, a)

// clspread: launch global=65536 local=256
__kernel void chain(__global const uint *hashes, __global uint *out) {
  size_t g = get_global_id(0);
  uint x = (uint)g, y = 0x9e3779b9u;
  for (int i = 0; i < 13; i++) {
    R16(x, y); R16(y, x); R16(x, y); R16(y, x);
    if (i == 0) {
      x ^= hashes[g * 2];
      y ^= hashes[g * 2 + 1];
    }
  }
  out[g] = x ^ y;
}

// A program-scope table read inside a macro's expansion: once named after
// the macro ('MIX_ROUND'), now not reported at all -- its values are in the
// program (perf-redundant-global-load-constant-table.cl says why).
__constant uint sigma[4] = {0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au};
#define MIX_ROUND(v, t, r) v = rotate(v ^ (t)[g & 3], (r)) + (t)[(g + 1) & 3]

// clspread: launch global=65536 local=256 args=rounds=32
__kernel void mix(__global uint *state, uint rounds) {
  size_t g = get_global_id(0);
  uint v = state[g];
  for (uint r = 0; r < rounds; r++) {
    MIX_ROUND(v, sigma, 5u);
  }
  state[g] = v;
}

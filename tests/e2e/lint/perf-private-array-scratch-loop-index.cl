// RUN: clspread lint %s --rules=perf-private-array-scratch | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// Arrays indexed by the counter of a loop with a constant trip count, with
// or without #pragma unroll: GPU compilers unroll such loops fully, every
// index becomes a constant and the array stays in registers. Not reported
// (they were, as "indexed at run time").

// clspread: launch global=65536
__kernel void gather4(__global const float *in, __global const int *idx,
                      __global float *out) {
  size_t g = get_global_id(0);
  float a[4];
  for (int j = 0; j < 4; j++)
    a[j] = in[idx[g * 4 + j]];
  float s = 0;
  for (int j = 3; j >= 0; j--)
    s = s * 0.5f + a[j];
  out[g] = s;
}

// A message schedule: a 16-word block, then 2*j and 2*j+1 under #pragma
// unroll, and a 5-word state rotated by a 5-trip loop.
// clspread: launch global=65536
__kernel void schedule(__global const uint *msg, __global uint *digest) {
  size_t g = get_global_id(0);
  uint w[16];
  uint st[5] = {1u, 2u, 3u, 4u, 5u};
#pragma unroll
  for (int j = 0; j < 8; j++) {
    w[2 * j] = msg[g * 16 + 2 * j];
    w[2 * j + 1] = msg[g * 16 + 2 * j + 1] ^ w[2 * j];
  }
  for (int r = 0; r < 4; r++)
    for (int j = 0; j < 5; j++)
      st[j] = rotate(st[(j + 1) % 5], 5u) + w[r * 4 + (j & 3)];
  digest[g] = st[0] ^ st[4];
}

// Indexed by data: this one is in scratch, reported.
// clspread: launch global=65536
__kernel void lookup(__global const uchar *key, __global uint *out) {
  size_t g = get_global_id(0);
  uint t[8];
  for (int j = 0; j < 8; j++)
    t[j] = (uint)j * 2654435761u; // CHECK: loop-index.cl:[[@LINE]]:10: warning: private array 't' (32 B per work-item) is indexed at run time and lives in scratch memory
  // CHECK-NEXT: note: 65536 work-items move
  out[g] = t[key[g] & 7];
}

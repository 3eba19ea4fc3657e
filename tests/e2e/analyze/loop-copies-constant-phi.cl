// A loop of one block that runs exactly twice (a counter 0, 16 over a
// 32-word buffer) and tells its first pass apart (`i == 0`): -O2 keeps the
// loop (the body is too large to unroll) and turns the test into
// `phi i1 [true, %entry], [false, %body]`, a phi whose value on the back
// edge is a constant. When the dependence graph packed the second copy of
// the loop body, that phi got an empty producer list and the boolean `and`
// that reads it indexed it: a segfault (found by the real-world corpus, a password
// cracker's key-derivation kernels). It is now ready at the start of the copy.
// RUN: clspread analyze %s --global 4096 --local 64 | FileCheck %s
// RUN: clspread lint %s

#define MIX(a, b, r)                                                         \
  a = rotate(a, (uint)(r)) ^ (b + 0x9E3779B9u);                              \
  b = b * 3u + (a >> (r));
#define MIX4(a, b) MIX(a, b, 1) MIX(a, b, 2) MIX(a, b, 3) MIX(a, b, 4)
#define MIX16(a, b) MIX4(a, b) MIX4(a, b) MIX4(a, b) MIX4(a, b)

__kernel void two_passes(__global const uint *in, __global uint *out) {
  uint a = in[get_global_id(0)], b = 0, c = 0;
  for (uint i = 0; i < 32; i += 16) {
    c += ((i == 0) & (a > 7u)) ? 5u : 1u;
    MIX16(a, b)
  }
  out[get_global_id(0)] = a ^ b ^ c;
}

// CHECK: kernel two_passes
// CHECK: ALU lane-ops

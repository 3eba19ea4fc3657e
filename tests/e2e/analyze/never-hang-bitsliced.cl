// Never hang: a bitsliced-cipher-shaped kernel (64 rounds of s-box-like
// boolean gates over four words derived from the global id, each round
// reading every word of the round before several times) and a branch on the
// result. The branch's condition is a DAG more than 64 operations deep
// whose values are reused all over it: before the id evaluator remembered
// failures, it walked every path of that DAG (exponential; this file ran
// more than 60 s). Now it finishes at once, and the branch gets 50% with an
// assumption that names why.
// RUN: timeout 30 clspread analyze %s --global 65536 --local 64 --arg target=12345 | FileCheck %s
// RUN: timeout 30 clspread lint %s

#define SBOX(a, b, c, d)                                                     \
  {                                                                          \
    uint t0 = (a & b) ^ (~c | d);                                            \
    uint t1 = (a ^ d) | (b & ~c);                                            \
    uint t2 = (t0 & c) ^ (t1 | a);                                           \
    uint t3 = (t1 ^ b) & (t0 | d);                                           \
    a = t2 ^ t3;                                                             \
    b = t0 ^ t2;                                                             \
    c = t1 ^ t3;                                                             \
    d = t0 ^ t1 ^ a;                                                         \
  }
#define R4(a, b, c, d)                                                       \
  SBOX(a, b, c, d) SBOX(b, c, d, a) SBOX(c, d, a, b) SBOX(d, a, b, c)
#define R16(a, b, c, d)                                                      \
  R4(a, b, c, d) R4(a, b, c, d) R4(a, b, c, d) R4(a, b, c, d)
#define R64(a, b, c, d)                                                      \
  R16(a, b, c, d) R16(a, b, c, d) R16(a, b, c, d) R16(a, b, c, d)

__kernel void mix64(__global uint *found, uint target) {
  uint gid = get_global_id(0);
  uint a = gid, b = gid * 0x9E3779B9u, c = gid ^ 0x5bd1e995u,
       d = gid + 0x27d4eb2fu;
  R64(a, b, c, d)
  if ((a ^ b ^ c ^ d) == target)
    found[0] = gid;
}

// CHECK: kernel mix64
// CHECK: global stores 0.5
// CHECK: assumptions
// CHECK: never-hang-bitsliced.cl:35: branch condition too large to evaluate over the NDRange (more than 64 operations deep); assumed taken by 50% of work-items

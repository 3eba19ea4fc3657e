//===- HelperInliningTest.cpp - Helpers inlined before or after -O2 ------===//
//
// Pure helpers (value arguments only, no loop, no memory but their own
// private variables, only ALU builtins) are optimized once on their own and
// inlined after the optimizer; every other helper is inlined before it
// (lib/Analysis/HelperInlining.h). Either way the kernel is counted fully
// inlined: the tests compare a kernel calling a helper with the same kernel
// where the helper's body is written out by hand (a macro), and check the
// constant folding across the former call boundary by hand.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestUtil.h"

#include "Analysis/HelperInlining.h"

using namespace clspread;
using namespace clspread::test;

namespace {

/// How many helpers of \p Source markHelpersForInlining() defers for
/// kernel "k".
unsigned deferredIn(const std::string &Source) {
  auto U = compile(Source);
  if (!U)
    return ~0u;
  llvm::Function *K = U->Module->getFunction("k");
  EXPECT_NE(K, nullptr);
  return K ? markHelpersForInlining(*U->Module, *K) : ~0u;
}

unsigned packNodes(const KernelCounts &K) {
  unsigned N = 0;
  for (const auto &B : K.Blocks)
    N += unsigned(B.Nodes.size());
  return N;
}

// A compare-exchange network on luminance, the shape of median.cl: the
// helper is pure and called four times on overlapping inputs.
const char *MedianPrelude = R"(
static float lum(uint a) {
  return 0.3f * (float)(a & 0xffu) + 0.59f * (float)((a >> 8) & 0xffu);
}
static void cmpSwap(uint *a, uint *b) {
  uint x = *a, y = *b;
  int gt = lum(x) > lum(y);
  *a = gt ? y : x;
  *b = gt ? x : y;
}
)";

const char *MedianHelper = R"(
static uint med3(uint a, uint b, uint c) {
  cmpSwap(&a, &b);
  cmpSwap(&b, &c);
  cmpSwap(&a, &b);
  return b;
}
#define MED3(r, a0, b0, c0) { uint a = a0, b = b0, c = c0; \
  cmpSwap(&a, &b); cmpSwap(&b, &c); cmpSwap(&a, &b); r = b; }
)";

const char *MedianCalls = R"(
__kernel void k(__global const uint *in, __global uint *out) {
  int i = get_global_id(0);
  uint p0 = in[i], p1 = in[i + 1], p2 = in[i + 2], p3 = in[i + 3],
       p4 = in[i + 4], p5 = in[i + 5];
  out[4 * i] = med3(p0, p1, p2);
  out[4 * i + 1] = med3(p1, p2, p3);
  out[4 * i + 2] = med3(p2, p3, p4);
  out[4 * i + 3] = med3(p3, p4, p5);
})";

const char *MedianByHand = R"(
__kernel void k(__global const uint *in, __global uint *out) {
  int i = get_global_id(0);
  uint p0 = in[i], p1 = in[i + 1], p2 = in[i + 2], p3 = in[i + 3],
       p4 = in[i + 4], p5 = in[i + 5];
  uint r;
  MED3(r, p0, p1, p2); out[4 * i] = r;
  MED3(r, p1, p2, p3); out[4 * i + 1] = r;
  MED3(r, p2, p3, p4); out[4 * i + 2] = r;
  MED3(r, p3, p4, p5); out[4 * i + 3] = r;
})";

TEST(HelperInlining, PureHelpersAreDeferred) {
  // med3 takes values only and calls cmpSwap, whose pointers are private
  // (they point at med3's own variables): med3 is pure, and so is lum.
  // cmpSwap takes pointers and is inlined early (into med3).
  EXPECT_EQ(deferredIn(std::string(MedianPrelude) + MedianHelper + MedianCalls),
            2u);
}

TEST(HelperInlining, DeferredHelperCountsAsWrittenOutByHand) {
  auto Called = analyze(std::string(MedianPrelude) + MedianHelper + MedianCalls,
                        "k", Launch({1024}));
  auto ByHand =
      analyze(std::string(MedianPrelude) + MedianHelper + MedianByHand, "k",
              Launch({1024}));
  for (unsigned C = 0; C < NumAluClasses; ++C)
    EXPECT_EQ(Called.Alu[C], ByHand.Alu[C]) << aluClassName(AluClass(C));
  EXPECT_EQ(Called.GlobalLoads, 6.0);
  EXPECT_EQ(Called.GlobalStores, 4.0);
  EXPECT_EQ(Called.GlobalLoads, ByHand.GlobalLoads);
  EXPECT_EQ(Called.GlobalStores, ByHand.GlobalStores);
  EXPECT_EQ(packNodes(Called), packNodes(ByHand));
  EXPECT_EQ(Called.Blocks.size(), ByHand.Blocks.size());
  // Not vacuous: each of the six loaded pixels is converted (two channels)
  // at least once: 12 conversions or more.
  EXPECT_GE(Called.Alu[unsigned(AluClass::Conversion)], 12.0);
  EXPECT_TRUE(Called.Assumptions.empty()) << joined(Called.Assumptions);
}

TEST(HelperInlining, ConstantArgumentsFoldAfterInlining) {
  // Two calls with different constant modes: the optimizer cannot
  // specialize the helper for either, so only the cleanup after inlining
  // folds the selects. By hand: 2.0f * a[i] (1 fp32 mul), sqrt(b[i])
  // (1 fp32 sqrt), their sum (1 fp32 add); the discarded arms cost nothing.
  auto K = analyze(R"(
static float scale(float x, int mode) {
  return mode == 1 ? x * 2.0f : sqrt(x);
}
__kernel void k(__global const float *a, __global const float *b,
                __global float *o) {
  int i = get_global_id(0);
  o[i] = scale(a[i], 1) + scale(b[i], 2);
})",
                   "k", Launch({1024}));
  EXPECT_EQ(alu(K, AluClass::Fp32), 2.0);
  EXPECT_EQ(alu(K, AluClass::Fp32DivSqrt), 1.0);
  EXPECT_EQ(alu(K, AluClass::Transcendental), 0.0);
}

TEST(HelperInlining, ConstantArgumentsSimplifyAfterInlining) {
  // x * 4 and x * 8 become shifts once the constants reach the multiplies,
  // and InstCombine gathers the two constants: by hand (v << 2) + (w << 3)
  // + 12, 4 simple integer ops; Base is the same kernel with v + w (and the
  // same address arithmetic), 1 op.
  auto K = analyze(R"(
static int h(int x, int k) { return x * k + k; }
__kernel void k(__global const int *a, __global int *o) {
  int i = get_global_id(0);
  int v = a[i], w = a[i + 1];
  o[i] = h(v, 4) + h(w, 8);
})",
                   "k", Launch({1024}));
  auto Base = analyze(R"(
__kernel void k(__global const int *a, __global int *o) {
  int i = get_global_id(0);
  int v = a[i], w = a[i + 1];
  o[i] = v + w;
})",
                      "k", Launch({1024}));
  EXPECT_EQ(alu(K, AluClass::IntMul), 0.0);
  EXPECT_EQ(alu(K, AluClass::IntSimple) - alu(Base, AluClass::IntSimple), 3.0);
}

TEST(HelperInlining, CommonSubexpressionsAcrossTheCallAreShared) {
  // The kernel squares v itself and the helper squares it again: after
  // inlining there is one multiply. By hand: v * v, ^ 5, + : 1 integer
  // multiply, and 2 simple ops more than the kernel without the helper.
  auto K = analyze(R"(
static int g(int x) { return (x * x) ^ 5; }
__kernel void k(__global const int *a, __global int *o) {
  int i = get_global_id(0);
  int v = a[i];
  o[i] = g(v) + v * v;
})",
                   "k", Launch({1024}));
  auto Base = analyze(R"(
__kernel void k(__global const int *a, __global int *o) {
  int i = get_global_id(0);
  int v = a[i];
  o[i] = v * v;
})",
                      "k", Launch({1024}));
  EXPECT_EQ(alu(K, AluClass::IntMul), 1.0);
  EXPECT_EQ(alu(K, AluClass::IntSimple) - alu(Base, AluClass::IntSimple), 2.0);
}

TEST(HelperInlining, CommonFactorsAcrossTwoCallsAreFactored) {
  // h(x, y) + h(y, 7) = (x ^ y) * K + (x >> 3) + (y ^ 7) * K + (y >> 3):
  // Reassociate brings the two products together and factors out K after
  // inlining, as -O2 does with the helper inlined early. By hand:
  // 1 integer multiply.
  auto K = analyze(R"(
static uint h(uint a, uint b) { return (a ^ b) * 0x9e3779b9u + (a >> 3); }
__kernel void k(__global uint *o) {
  int i = get_global_id(0);
  uint x = o[i], y = o[i + 1];
  o[i] = h(x, y) + h(y, 7u);
})",
                   "k", Launch({1024}));
  EXPECT_EQ(alu(K, AluClass::IntMul), 1.0);
}

TEST(HelperInlining, PureHelperCalledInALoopIsInlinedEarly) {
  // An opaque call would make the loop look small to the unroller, which
  // then decides differently than with the helper's body in the loop.
  EXPECT_EQ(deferredIn(R"(
static float f(float x) { return x > 0.5f ? native_exp(x) : x * x + 1.0f; }
__kernel void k(__global const float *a, __global float *o, int n) {
  int i = get_global_id(0);
  float acc = 0.0f;
  for (int j = 0; j < n; ++j) acc += f(a[i * n + j]);
  o[i] = acc;
})"),
            0u);
  // Also through a helper that is inlined into the loop.
  EXPECT_EQ(deferredIn(R"(
static float f(float x) { return x * x + 1.0f; }
static void add(float *acc, float x) { *acc += f(x); }
__kernel void k(__global const float *a, __global float *o) {
  int i = get_global_id(0);
  float acc = 0.0f;
  for (int j = 0; j < 8; ++j) add(&acc, a[i * 8 + j]);
  o[i] = acc;
})"),
            0u);
}

TEST(HelperInlining, HelpersThatAreNotPureAreInlinedEarly) {
  // A loop (its trip count may come from the caller's constants).
  EXPECT_EQ(deferredIn(R"(
static float powi(float x, int n) {
  float r = 1.0f;
  for (int j = 0; j < n; ++j) r *= x;
  return r;
}
__kernel void k(__global float *o, int n) {
  o[get_global_id(0)] = powi(2.0f, n);
})"),
            0u);
  // A __global pointer argument.
  EXPECT_EQ(deferredIn(R"(
static float first(__global const float *p) { return p[0] * 2.0f; }
__kernel void k(__global const float *a, __global float *o) {
  o[get_global_id(0)] = first(a);
})"),
            0u);
  // A work-item function.
  EXPECT_EQ(deferredIn(R"(
static float byId(float x) { return x * (float)get_global_id(0); }
__kernel void k(__global float *o) { o[get_global_id(0)] = byId(3.0f); }
)"),
            0u);
  // A barrier.
  EXPECT_EQ(deferredIn(R"(
static float synced(float x) { barrier(CLK_LOCAL_MEM_FENCE); return x + 1.0f; }
__kernel void k(__global float *o) { o[get_global_id(0)] = synced(3.0f); }
)"),
            0u);
  // Math builtins keep a helper pure.
  EXPECT_EQ(deferredIn(R"(
static float f(float x) { return native_exp(x) + fmin(x, 1.0f); }
__kernel void k(__global float *o) { o[get_global_id(0)] = f(3.0f); }
)"),
            1u);
}

} // namespace

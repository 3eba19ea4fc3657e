//===- PackingGraphTest.cpp - Per-block dependence graphs for VLIW -------===//
//
// KernelCounts::Blocks holds, for every executed block with ALU work, one
// node per lane-op (a float4 add is 4 nodes) with the indices of the earlier
// nodes of the same block it depends on. Loads are not nodes: a value
// loaded from memory is ready when its block starts.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestUtil.h"

#include <algorithm>

using namespace clspread;
using namespace clspread::test;

namespace {

/// Indices of the nodes of class \p C in \p B.
std::vector<uint32_t> nodesOf(const BlockGraph &B, AluClass C) {
  std::vector<uint32_t> R;
  for (uint32_t I = 0; I < B.Nodes.size(); ++I)
    if (B.Nodes[I].Class == C)
      R.push_back(I);
  return R;
}

bool dependsOn(const BlockGraph &B, uint32_t N, uint32_t On) {
  const auto &D = B.Nodes[N].Deps;
  return std::find(D.begin(), D.end(), On) != D.end();
}

/// Deps point backwards, and the graphs hold exactly the counted lane-ops:
/// sum over blocks of nodes x executions = aluOps().
void expectWellFormed(const KernelCounts &K) {
  double Weighted = 0;
  for (const auto &B : K.Blocks) {
    EXPECT_GT(B.ExecPerItem, 0) << B.Name;
    EXPECT_FALSE(B.Nodes.empty()) << B.Name;
    for (uint32_t I = 0; I < B.Nodes.size(); ++I)
      for (uint32_t D : B.Nodes[I].Deps)
        EXPECT_LT(D, I) << B.Name << " node " << I;
    Weighted += B.ExecPerItem * B.Nodes.size();
  }
  EXPECT_NEAR(Weighted, K.aluOps(), 1e-9);
}

TEST(PackingGraph, ThreeIndependentAddsHaveNoDepsAmongThem) {
  // Straight line: one block, run once per item. x + 1, y + 2, z + 3 each
  // depend only on a load: 3 fp32 nodes with no deps at all.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global const float *b,
                __global const float *c, __global float *o,
                __global float *p, __global float *q) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i], z = c[i];
  o[i] = x + 1.0f;
  p[i] = y + 2.0f;
  q[i] = z + 3.0f;
})", "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  EXPECT_DOUBLE_EQ(B.ExecPerItem, 1);
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 3u);
  for (uint32_t N : F)
    EXPECT_TRUE(B.Nodes[N].Deps.empty()) << "node " << N;
  // 6 GEPs on floats, an add and a shift each: 12 int_simple nodes.
  EXPECT_EQ(nodesOf(B, AluClass::IntSimple).size(), 12u);
  expectWellFormed(K);
}

TEST(PackingGraph, ChainHasDeps) {
  // ((x + y) + z) + w: three fp32 nodes, each depending on the previous
  // one only (the loads are not nodes).
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  float x = a[i], y = a[i + 1], z = a[i + 2], w = a[i + 3];
  o[i] = ((x + y) + z) + w;
})", "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 3u);
  EXPECT_TRUE(B.Nodes[F[0]].Deps.empty());
  EXPECT_EQ(B.Nodes[F[1]].Deps, std::vector<uint32_t>{F[0]});
  EXPECT_EQ(B.Nodes[F[2]].Deps, std::vector<uint32_t>{F[1]});
  expectWellFormed(K);
}

TEST(PackingGraph, MultiplyAddChain) {
  // x * y + z contracts to one fmuladd; (x * y + z) * w then depends on it:
  // two fp32 nodes, the second depending on the first.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  float x = a[i], y = a[i + 1], z = a[i + 2], w = a[i + 3];
  o[i] = (x * y + z) * w;
})", "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 2u);
  EXPECT_TRUE(dependsOn(B, F[1], F[0]));
  expectWellFormed(K);
}

TEST(PackingGraph, Float4AddIsFourIndependentNodes) {
  // a[i] + b[i] on float4: 4 fp32 nodes, one per lane, independent.
  auto K = analyze(R"(
__kernel void k(__global const float4 *a, __global const float4 *b,
                __global float4 *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
})", "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 4u);
  for (uint32_t N : F)
    EXPECT_TRUE(B.Nodes[N].Deps.empty());
  expectWellFormed(K);
}

TEST(PackingGraph, Float4LanesDependLaneByLane) {
  // (a + b) * c on float4: 4 add nodes then 4 multiply nodes; multiply lane
  // l depends on add lane l and on nothing else.
  auto K = analyze(R"(
__kernel void k(__global const float4 *a, __global const float4 *b,
                __global const float4 *c, __global float4 *o) {
  size_t i = get_global_id(0);
  float4 s = a[i] + b[i];
  o[i] = s * c[i];
})", "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 8u);
  for (unsigned L = 0; L < 4; ++L) {
    EXPECT_TRUE(B.Nodes[F[L]].Deps.empty()) << "add lane " << L;
    EXPECT_EQ(B.Nodes[F[4 + L]].Deps, std::vector<uint32_t>{F[L]})
        << "mul lane " << L;
  }
  expectWellFormed(K);
}

TEST(PackingGraph, TranscendentalNodeFeedsAdd) {
  // native_exp(x) + y: a transcendental node, then an fp32 node that
  // depends on it.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  o[i] = native_exp(a[i]) + a[i + 1];
})", "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  auto T = nodesOf(B, AluClass::Transcendental);
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(T.size(), 1u);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(B.Nodes[F[0]].Deps, std::vector<uint32_t>{T[0]});
  expectWellFormed(K);
}

TEST(PackingGraph, GuardedBlockCarriesItsFrequency) {
  // The fadd runs in the block guarded by i < 256 of 1024 items: that
  // block's ExecPerItem is 0.25 and holds the fp32 node.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  if (i < 256)
    o[i] = a[i] + 1.0f;
})", "k", Launch({1024}));
  bool Found = false;
  for (const auto &B : K.Blocks)
    if (!nodesOf(B, AluClass::Fp32).empty()) {
      Found = true;
      EXPECT_DOUBLE_EQ(B.ExecPerItem, 0.25);
    }
  EXPECT_TRUE(Found);
  expectWellFormed(K);
}

TEST(PackingGraph, LoopKernelIsWellFormed) {
  // Blocks of a loop (n = 10) and of a branchy kernel: the graphs hold
  // exactly the counted lane-ops and deps point backwards.
  auto K = analyze(R"(
__kernel void k(__global const float4 *x, __global float4 *y, int n) {
  size_t i = get_global_id(0);
  float4 s = 0.0f;
  for (int k = 0; k < n; ++k)
    s = mad(s, x[k], (float4)(1.0f));
  if (i % 2 == 0)
    s = native_sqrt(s);
  y[i] = s;
})", "k", Launch({1024}).arg("n", 10));
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Fp32), 40);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Transcendental), 2);
  expectWellFormed(K);
}

} // namespace

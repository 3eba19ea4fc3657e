//===- PackingGraphTest.cpp - Per-block dependence graphs for VLIW -------===//
//
// KernelCounts::Blocks holds, for every executed block with ALU work, one
// node per lane-op (a float4 add is 4 nodes) with the indices of the earlier
// nodes of the same block it depends on. Loads are not nodes: a value
// loaded from memory depends on the nodes that computed its address (the
// fetch runs between two ALU clauses). The graph also holds device work
// that is not counted (docs/counting.md, section 6): get_global_id's
// multiply and two adds, one index shift per global store, LDS accesses;
// those have their own tests in PackingGraphDeviceTest.cpp.
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

/// Whether node \p N has a direct dependence on a node of class \p C.
bool dependsOnClass(const BlockGraph &B, uint32_t N, AluClass C) {
  for (uint32_t D : B.Nodes[N].Deps)
    if (B.Nodes[D].Class == C)
      return true;
  return false;
}

/// Deps point backwards, and the graphs hold the counted lane-ops plus
/// \p Extra per work-item (uncounted device work: 3 nodes per
/// get_global_id, 1 per global store; less the counter and address work
/// that unrolled loop copies share): sum over blocks of nodes x executions.
void expectWellFormed(const KernelCounts &K, double Extra) {
  double Weighted = 0;
  for (const auto &B : K.Blocks) {
    EXPECT_GT(B.ExecPerItem, 0) << B.Name;
    EXPECT_FALSE(B.Nodes.empty()) << B.Name;
    for (uint32_t I = 0; I < B.Nodes.size(); ++I)
      for (uint32_t D : B.Nodes[I].Deps)
        EXPECT_LT(D, I) << B.Name << " node " << I;
    Weighted += B.ExecPerItem * B.Nodes.size();
  }
  EXPECT_NEAR(Weighted, K.aluOps() + Extra, 1e-9);
}

TEST(PackingGraph, ThreeIndependentAddsHaveNoDepsAmongThem) {
  // Straight line: one block, run once per item. x + 1, y + 2, z + 3 each
  // depend only on a load: 3 fp32 nodes, each depending on one node, the
  // add of its load's address, and on no other fp32 node.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global const float *b,
                __global const float *c, __global float *o,
                __global float *p, __global float *q) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i], z = c[i];
  o[i] = x + 1.0f;
  p[i] = y + 2.0f;
  q[i] = z + 3.0f;
})",
                   "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  EXPECT_DOUBLE_EQ(B.ExecPerItem, 1);
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 3u);
  for (uint32_t N : F) {
    ASSERT_EQ(B.Nodes[N].Deps.size(), 1u) << "node " << N;
    EXPECT_EQ(B.Nodes[B.Nodes[N].Deps[0]].Class, AluClass::IntSimple);
    EXPECT_FALSE(dependsOnClass(B, N, AluClass::Fp32)) << "node " << N;
  }
  // 6 GEPs on floats, an add and a shift each: 12 int_simple lane-ops
  // counted; the graph adds get_global_id's 2 adds (and its multiply, an
  // int_mul node) and 3 store index shifts: 17 int_simple nodes.
  EXPECT_DOUBLE_EQ(alu(K, AluClass::IntSimple), 12);
  EXPECT_EQ(nodesOf(B, AluClass::IntSimple).size(), 17u);
  EXPECT_EQ(nodesOf(B, AluClass::IntMul).size(), 1u);
  expectWellFormed(K, 3 + 3);
}

TEST(PackingGraph, ChainHasDeps) {
  // ((x + y) + z) + w: three fp32 nodes, each depending on the previous
  // one (and on the address of its other load; loads are not nodes).
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  float x = a[i], y = a[i + 1], z = a[i + 2], w = a[i + 3];
  o[i] = ((x + y) + z) + w;
})",
                   "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 3u);
  EXPECT_FALSE(dependsOnClass(B, F[0], AluClass::Fp32));
  EXPECT_TRUE(dependsOn(B, F[1], F[0]));
  EXPECT_FALSE(dependsOn(B, F[2], F[0]));
  EXPECT_TRUE(dependsOn(B, F[2], F[1]));
  // get_global_id: 3 nodes; one store: 1 index shift.
  expectWellFormed(K, 3 + 1);
}

TEST(PackingGraph, MultiplyAddChain) {
  // x * y + z contracts to one fmuladd; (x * y + z) * w then depends on it:
  // two fp32 nodes, the second depending on the first.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  float x = a[i], y = a[i + 1], z = a[i + 2], w = a[i + 3];
  o[i] = (x * y + z) * w;
})",
                   "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 2u);
  EXPECT_TRUE(dependsOn(B, F[1], F[0]));
  expectWellFormed(K, 3 + 1);
}

TEST(PackingGraph, Float4AddIsFourIndependentNodes) {
  // a[i] + b[i] on float4: 4 fp32 nodes, one per lane, independent of each
  // other (each waits only for the two load addresses).
  auto K = analyze(R"(
__kernel void k(__global const float4 *a, __global const float4 *b,
                __global float4 *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
})",
                   "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 4u);
  for (uint32_t N : F) {
    EXPECT_FALSE(dependsOnClass(B, N, AluClass::Fp32));
    EXPECT_EQ(B.Nodes[N].Deps, B.Nodes[F[0]].Deps); // the same two addresses
  }
  // One float4 store: one index shift, not four.
  expectWellFormed(K, 3 + 1);
}

TEST(PackingGraph, Float4LanesDependLaneByLane) {
  // (a + b) * c on float4: 4 add nodes then 4 multiply nodes; multiply lane
  // l depends on add lane l, on no other add lane, and on the address of
  // c[i].
  auto K = analyze(R"(
__kernel void k(__global const float4 *a, __global const float4 *b,
                __global const float4 *c, __global float4 *o) {
  size_t i = get_global_id(0);
  float4 s = a[i] + b[i];
  o[i] = s * c[i];
})",
                   "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 8u);
  for (unsigned L = 0; L < 4; ++L) {
    EXPECT_FALSE(dependsOnClass(B, F[L], AluClass::Fp32)) << "add lane " << L;
    for (unsigned L2 = 0; L2 < 4; ++L2)
      EXPECT_EQ(dependsOn(B, F[4 + L], F[L2]), L == L2)
          << "mul lane " << L << ", add lane " << L2;
    EXPECT_EQ(B.Nodes[F[4 + L]].Deps.size(), 2u) << "mul lane " << L;
  }
  expectWellFormed(K, 3 + 1);
}

TEST(PackingGraph, TranscendentalNodeFeedsAdd) {
  // native_exp(x) + y: a transcendental node, then an fp32 node that
  // depends on it (and on the address of y's load).
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  o[i] = native_exp(a[i]) + a[i + 1];
})",
                   "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  auto T = nodesOf(B, AluClass::Transcendental);
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(T.size(), 1u);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_TRUE(dependsOn(B, F[0], T[0]));
  EXPECT_FALSE(dependsOnClass(B, T[0], AluClass::Fp32));
  expectWellFormed(K, 3 + 1);
}

TEST(PackingGraph, GuardedBlockCarriesItsFrequency) {
  // The fadd runs in the block guarded by i < 256 of 1024 items: that
  // block's ExecPerItem is 0.25 and holds the fp32 node.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  if (i < 256)
    o[i] = a[i] + 1.0f;
})",
                   "k", Launch({1024}));
  bool Found = false;
  for (const auto &B : K.Blocks)
    if (!nodesOf(B, AluClass::Fp32).empty()) {
      Found = true;
      EXPECT_DOUBLE_EQ(B.ExecPerItem, 0.25);
    }
  EXPECT_TRUE(Found);
  // get_global_id in the entry block (every item), the store's shift in
  // the guarded one (a quarter of the items).
  expectWellFormed(K, 3 + 0.25);
}

TEST(PackingGraph, LoopKernelIsWellFormed) {
  // Blocks of a loop (n = 10) and of a branchy kernel: deps point
  // backwards. -O2 unrolls the ten trips fully (x[k] becomes ten loads at
  // constant offsets), so the graphs hold the counted lane-ops plus
  // get_global_id's 3 nodes and the store's shift.
  auto K = analyze(R"(
__kernel void k(__global const float4 *x, __global float4 *y, int n) {
  size_t i = get_global_id(0);
  float4 s = 0.0f;
  for (int k = 0; k < n; ++k)
    s = mad(s, x[k], (float4)(1.0f));
  if (i % 2 == 0)
    s = native_sqrt(s);
  y[i] = s;
})",
                   "k", Launch({1024}).arg("n", 10));
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Fp32), 40);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Transcendental), 2);
  expectWellFormed(K, 3 + 1);
}

} // namespace

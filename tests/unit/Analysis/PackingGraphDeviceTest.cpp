//===- PackingGraphDeviceTest.cpp - Device work in the VLIW packing graph ===//
//
// The packing graphs (KernelCounts::Blocks) describe what a VLIW device
// executes, which is more than the counted lane-ops (docs/counting.md,
// section 6): get_global_id is a multiply and two adds, a global store
// shifts its byte address into a dword index, a __local access is ALU work
// (Evergreen's LDS_* instructions), a fetched value waits for its address,
// a barrier splits the block, and a loop of one block with a constant trip
// count is packed as up to 32 overlapping iterations. Expected graphs are
// derived by hand from the kernels below.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestUtil.h"

#include <algorithm>

using namespace clspread;
using namespace clspread::test;

namespace {

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

/// Whether \p On is reachable from \p N through deps.
bool reaches(const BlockGraph &B, uint32_t N, uint32_t On) {
  std::vector<bool> Seen(B.Nodes.size());
  std::vector<uint32_t> Work = {N};
  while (!Work.empty()) {
    uint32_t X = Work.back();
    Work.pop_back();
    if (X == On)
      return true;
    if (Seen[X])
      continue;
    Seen[X] = true;
    for (uint32_t D : B.Nodes[X].Deps)
      Work.push_back(D);
  }
  return false;
}

const BlockGraph *blockWith(const KernelCounts &K, AluClass C) {
  for (const auto &B : K.Blocks)
    if (!nodesOf(B, C).empty())
      return &B;
  return nullptr;
}

TEST(PackingGraphDevice, GlobalIdIsMultiplyThenTwoAdds) {
  // o[get_global_id(0)] = 1: the only counted lane-ops are the GEP's shift
  // and add (2 int_simple). The graph: get_global_id's int_mul, add, add in
  // series; the GEP's shift and add after them; the store's index shift
  // after the GEP: 6 nodes in one chain.
  auto K = analyze(R"(
__kernel void k(__global float *o) {
  o[get_global_id(0)] = 1.0f;
})",
                   "k", Launch({1024}));
  EXPECT_DOUBLE_EQ(K.aluOps(), 2);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::IntSimple), 2);
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  ASSERT_EQ(B.Nodes.size(), 6u);
  EXPECT_EQ(B.Nodes[0].Class, AluClass::IntMul);
  EXPECT_TRUE(B.Nodes[0].Deps.empty());
  for (uint32_t N = 1; N < 6; ++N) {
    EXPECT_EQ(B.Nodes[N].Class, AluClass::IntSimple) << "node " << N;
    EXPECT_EQ(B.Nodes[N].Deps, std::vector<uint32_t>{N - 1}) << "node " << N;
  }
}

TEST(PackingGraphDevice, LocalAndGroupIdsAreFree) {
  // get_group_id and get_local_id are registers: no int_mul node. The
  // graph holds the counted lane-ops plus the store's index shift.
  auto K = analyze(R"(
__kernel void k(__global float *o) {
  o[get_group_id(0) * 64 + get_local_id(0)] = 1.0f;
})",
                   "k", Launch({1024}).local({64}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  EXPECT_TRUE(nodesOf(B, AluClass::IntMul).empty());
  EXPECT_DOUBLE_EQ(double(B.Nodes.size()), K.aluOps() + 1);
}

TEST(PackingGraphDevice, LoadedValueWaitsForItsAddress) {
  // o[0] = a[gid] + 1: the fadd depends on the GEP's add, which depends on
  // its shift, which depends on get_global_id's last add. The store to
  // o[0] shifts a kernel argument: its node has no deps.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  o[0] = a[get_global_id(0)] + 1.0f;
})",
                   "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  // int_mul, add, add (id), shift, add (GEP), fadd, shift (store).
  ASSERT_EQ(B.Nodes.size(), 7u);
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(B.Nodes[F[0]].Deps, std::vector<uint32_t>{4});
  EXPECT_EQ(B.Nodes[4].Deps, std::vector<uint32_t>{3});
  EXPECT_EQ(B.Nodes[3].Deps, std::vector<uint32_t>{2});
  EXPECT_EQ(B.Nodes[6].Class, AluClass::IntSimple);
  EXPECT_TRUE(B.Nodes[6].Deps.empty());
}

TEST(PackingGraphDevice, OneIndexShiftPerGlobalStore) {
  // Two float4 stores at index i: one shift node each (not one per lane).
  // Counted: each GEP's shift and add (4). Graph, in program order:
  // n0-n2 get_global_id; n3, n4 o's GEP; n5 o's index shift; n6, n7 p's
  // GEP (after the id); n8 p's index shift.
  auto K = analyze(R"(
__kernel void k(__global float4 *o, __global float4 *p) {
  size_t i = get_global_id(0);
  o[i] = (float4)(1.0f);
  p[i] = (float4)(2.0f);
})",
                   "k", Launch({1024}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  EXPECT_DOUBLE_EQ(K.aluOps(), 4);
  ASSERT_EQ(B.Nodes.size(), 9u);
  using V = std::vector<uint32_t>;
  EXPECT_EQ(B.Nodes[3].Deps, V{2});
  EXPECT_EQ(B.Nodes[4].Deps, V{3});
  EXPECT_EQ(B.Nodes[5].Deps, V{4});
  EXPECT_EQ(B.Nodes[6].Deps, V{2});
  EXPECT_EQ(B.Nodes[7].Deps, V{6});
  EXPECT_EQ(B.Nodes[8].Deps, V{7});
}

TEST(PackingGraphDevice, LdsWriteBarrierRead) {
  // t[l] = 1; barrier; o[l] = t[63 - l] + 1, with l = get_local_id(0).
  // The __local store is one LDS_WRITE node after its address; the barrier
  // fences the graph; the __local load is an LDS_READ_RET and a MOV from
  // the return queue, in series, and the fadd waits for the MOV. Beyond
  // the counted lane-ops: 1 (write) + 2 (read) + 1 (global store shift).
  auto K = analyze(R"(
__kernel void k(__global float *o) {
  __local float t[64];
  size_t l = get_local_id(0);
  t[l] = 1.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  o[l] = t[63 - l] + 1.0f;
})",
                   "k", Launch({1024}).local({64}));
  // Counted: t[l]'s GEP (add, shift), 63 - l (a 64-bit sub: 2), t[63 -
  // l]'s GEP (2), the fadd, o[l]'s GEP (2): 9. Graph, in program order:
  // n0, n1 t[l]'s GEP; n2 the LDS_WRITE; the barrier; n3, n4 the sub; n5,
  // n6 the GEP; n7 LDS_READ_RET; n8 the MOV; n9 the fadd; n10, n11 o[l]'s
  // GEP; n12 the store's index shift. After the barrier every node also
  // depends on n2, the only sink before it.
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  EXPECT_DOUBLE_EQ(K.aluOps(), 9);
  ASSERT_EQ(B.Nodes.size(), 13u);
  using V = std::vector<uint32_t>;
  EXPECT_EQ(B.Nodes[2].Deps, V{1});
  EXPECT_EQ(B.Nodes[3].Deps, V{2});
  for (uint32_t N = 4; N < 13; ++N)
    EXPECT_TRUE(dependsOn(B, N, 2)) << "node " << N;
  EXPECT_EQ(B.Nodes[7].Deps, (V{2, 6}));
  EXPECT_EQ(B.Nodes[8].Deps, (V{2, 7}));
  EXPECT_EQ(B.Nodes[9].Deps, (V{2, 8}));
  EXPECT_EQ(B.Nodes[9].Class, AluClass::Fp32);
  EXPECT_EQ(B.Nodes[10].Deps, V{2}); // l is a register: only the fence
  EXPECT_EQ(B.Nodes[12].Deps, (V{2, 11}));
}

TEST(PackingGraphDevice, BarrierFencesIndependentWork) {
  // a[i] += 1, barrier, b[i] = c[i] * 2: the multiply has no data
  // dependence on the add, but follows it through the barrier.
  // Before the barrier: n0-n2 the id, n3, n4 a[i]'s GEP, n5 the fadd, n6
  // the store's shift; the sinks n5 and n6 fence what follows: c[i]'s GEP
  // (n7, n8), the fmul (n9), b[i]'s GEP (n10, n11), its shift (n12).
  auto K = analyze(R"(
__kernel void k(__global float *a, __global float *b,
                __global const float *c) {
  size_t i = get_global_id(0);
  a[i] = a[i] + 1.0f;
  barrier(CLK_GLOBAL_MEM_FENCE);
  b[i] = c[i] * 2.0f;
})",
                   "k", Launch({1024}).local({64}));
  ASSERT_EQ(K.Blocks.size(), 1u);
  const BlockGraph &B = K.Blocks[0];
  ASSERT_EQ(B.Nodes.size(), 13u);
  auto F = nodesOf(B, AluClass::Fp32);
  ASSERT_EQ(F, (std::vector<uint32_t>{5, 9}));
  using V = std::vector<uint32_t>;
  EXPECT_EQ(B.Nodes[7].Deps, (V{2, 5, 6}));
  EXPECT_EQ(B.Nodes[9].Deps, (V{5, 6, 8}));
  EXPECT_TRUE(reaches(B, F[1], F[0]));
}

TEST(PackingGraphDevice, LoopIsPackedAsOverlappingCopies) {
  // s += x[j] for j < 1000 stays a loop of one block. It is packed as 32
  // copies run 1000 / 32 times per item. Copy 0 holds the block's counted
  // lane-ops; each later copy only its fadd: x[j]'s address is copy 0's
  // plus a constant (a fetch offset), the counter and the exit compare run
  // once per unrolled trip. Each fadd depends on the previous copy's.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global float *y, int n) {
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += x[j];
  y[get_global_id(0)] = s;
})",
                   "k", Launch({1024}).arg("n", 1000));
  const BlockGraph *B = blockWith(K, AluClass::Fp32);
  ASSERT_NE(B, nullptr);
  EXPECT_DOUBLE_EQ(B->ExecPerItem, 1000.0 / 32);
  auto F = nodesOf(*B, AluClass::Fp32);
  ASSERT_EQ(F.size(), 32u);
  for (uint32_t C = 1; C < 32; ++C)
    EXPECT_TRUE(dependsOn(*B, F[C], F[C - 1])) << "copy " << C;
  // Copy 0 is the counted body: x[j]'s GEP (add, shift), the fadd, the
  // increment and the compare; then 31 fadds. (Counted int_simple: those
  // 4 per trip, and y's GEP after the loop.)
  EXPECT_EQ(B->Nodes.size(), 5u + 31u);
  EXPECT_EQ(F[1], 5u);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Fp32), 1000);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::IntSimple), 4 * 1000 + 2);
}

TEST(PackingGraphDevice, CounterUsedInArithmeticCostsAnAddPerCopy) {
  // s += (float)j * x[j]: in copy c the value j + c feeds a conversion, so
  // each later copy holds one int_simple node (the add) besides its
  // conversion and multiply-add; the address of x[j] stays free. Copy 0
  // has 4 int_simple nodes (x[j]'s GEP: 2, increment, compare).
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global float *y, int n) {
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += (float)j * x[j];
  y[get_global_id(0)] = s;
})",
                   "k", Launch({1024}).arg("n", 1000));
  const BlockGraph *B = blockWith(K, AluClass::Conversion);
  ASSERT_NE(B, nullptr);
  auto Conv = nodesOf(*B, AluClass::Conversion);
  auto F = nodesOf(*B, AluClass::Fp32);
  ASSERT_EQ(Conv.size(), 32u);
  ASSERT_EQ(F.size(), 32u);
  EXPECT_EQ(nodesOf(*B, AluClass::IntSimple).size(), 4u + 31u);
  for (uint32_t C = 1; C < 32; ++C) {
    ASSERT_EQ(B->Nodes[Conv[C]].Deps.size(), 1u);
    EXPECT_EQ(B->Nodes[B->Nodes[Conv[C]].Deps[0]].Class, AluClass::IntSimple);
  }
}

TEST(PackingGraphDevice, LoopWithUnknownTripCountIsOneCopy) {
  // n not given: the loop runs the default 16 trips per item, packed one
  // iteration at a time (no constant trip count to unroll by).
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global float *y, int n) {
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += x[j];
  y[get_global_id(0)] = s;
})",
                   "k", Launch({1024}));
  const BlockGraph *B = blockWith(K, AluClass::Fp32);
  ASSERT_NE(B, nullptr);
  EXPECT_EQ(nodesOf(*B, AluClass::Fp32).size(), 1u);
  EXPECT_DOUBLE_EQ(B->ExecPerItem, 16);
}

} // namespace

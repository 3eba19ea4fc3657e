//===- VliwPackerTest.cpp - Bundles for small graphs, counted by hand -----===//
#include "Model/VliwPacker.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

/// TeraScale's slots: 5 wide, one t slot that alone takes transcendentals.
AluSpec teraScale() {
  AluSpec A;
  A.VliwWidth = 5;
  A.TranscendentalSlots = 1;
  A.TSlotOnly[unsigned(AluClass::Transcendental)] = true;
  return A;
}

struct GraphBuilder {
  BlockGraph B;
  uint32_t add(AluClass C, std::vector<uint32_t> Deps = {}) {
    B.Nodes.push_back({C, std::move(Deps)});
    return uint32_t(B.Nodes.size() - 1);
  }
  uint32_t fp(std::vector<uint32_t> Deps = {}) {
    return add(AluClass::Fp32, std::move(Deps));
  }
  uint32_t trans(std::vector<uint32_t> Deps = {}) {
    return add(AluClass::Transcendental, std::move(Deps));
  }
};

uint64_t bundles(const GraphBuilder &G, const AluSpec &A = teraScale()) {
  return packBlock(G.B, A).Bundles;
}

TEST(VliwPacker, FiveIndependentFp32FillOneBundle) {
  // x, y, z, w and t each take one: 1 bundle.
  GraphBuilder G;
  for (int I = 0; I < 5; ++I)
    G.fp();
  EXPECT_EQ(bundles(G), 1u);
}

TEST(VliwPacker, SixIndependentFp32NeedTwo) {
  // 5 in the first bundle, the sixth alone: 2.
  GraphBuilder G;
  for (int I = 0; I < 6; ++I)
    G.fp();
  EXPECT_EQ(bundles(G), 2u);
}

TEST(VliwPacker, FiveIndependentTranscendentalsSerializeOnTheTSlot) {
  // Only the t slot takes them, one per bundle: 5.
  GraphBuilder G;
  for (int I = 0; I < 5; ++I)
    G.trans();
  EXPECT_EQ(bundles(G), 5u);
}

TEST(VliwPacker, DependentChainOfThree) {
  // Each op waits for the previous bundle: 3.
  GraphBuilder G;
  uint32_t A = G.fp();
  uint32_t B = G.fp({A});
  G.fp({B});
  EXPECT_EQ(bundles(G), 3u);
}

TEST(VliwPacker, Float4AddPlusRcpIsOneBundle) {
  // A float4 add is 4 lane-ops in x, y, z, w; the rcp takes t: 1 bundle.
  GraphBuilder G;
  for (int I = 0; I < 4; ++I)
    G.fp();
  G.trans();
  EXPECT_EQ(bundles(G), 1u);
}

TEST(VliwPacker, TwoTranscendentalsAndEightAdds) {
  // Each bundle holds 1 transcendental + 4 adds: 2 bundles for 2 + 8.
  GraphBuilder G;
  for (int I = 0; I < 8; ++I)
    G.fp();
  G.trans();
  G.trans();
  EXPECT_EQ(bundles(G), 2u);
}

TEST(VliwPacker, CriticalPathGoesFirst) {
  // Five independent adds, then a chain a -> b -> c (program order puts
  // the chain last). By height the chain head goes into bundle 1 with
  // four adds; bundle 2 holds b and the fifth add; bundle 3 holds c: 3.
  // Program order would give 4 (5 adds, then a, b, c).
  GraphBuilder G;
  for (int I = 0; I < 5; ++I)
    G.fp();
  uint32_t A = G.fp();
  uint32_t B = G.fp({A});
  G.fp({B});
  EXPECT_EQ(bundles(G), 3u);
}

TEST(VliwPacker, NoForwardingInsideABundle) {
  // b depends on a: they can never share a bundle even with free slots.
  GraphBuilder G;
  uint32_t A = G.trans();
  G.fp({A});
  EXPECT_EQ(bundles(G), 2u);
}

TEST(VliwPacker, IntegerDivideExpandsToItsSequence) {
  // int_div as on the HD 4870: 19 ops, 14 deep, 6 on the t slot. The
  // 14-node chain needs 14 bundles; the 5 side ops hang between the chain's
  // head and tail and fit beside it (4 free slots per bundle): 14.
  AluSpec A = teraScale();
  A.Expand[unsigned(AluClass::IntDiv)] = SlotExpansion{19, 14, 6};
  GraphBuilder G;
  G.add(AluClass::IntDiv);
  PackedBlock R = packBlock(G.B, A);
  EXPECT_EQ(R.Bundles, 14u);
  EXPECT_EQ(R.SlotOps, 19u);
  // A dependent add after the divide waits for the whole sequence: 15.
  G.fp({0});
  EXPECT_EQ(packBlock(G.B, A).Bundles, 15u);
}

TEST(VliwPacker, Fp64TakesFourSlotsOfABundle) {
  // One double FMA = 4 independent slot-ops: 1 bundle; two = 8 slot-ops
  // in 5-wide bundles: 2.
  AluSpec A = teraScale();
  A.Expand[unsigned(AluClass::Fp64)] = SlotExpansion{4, 1, 0};
  GraphBuilder G;
  G.add(AluClass::Fp64);
  EXPECT_EQ(bundles(G, A), 1u);
  G.add(AluClass::Fp64);
  EXPECT_EQ(bundles(G, A), 2u);
}

TEST(VliwPacker, ScalarDeviceIssuesOneOpPerBundle) {
  AluSpec A; // vliw_width 1
  GraphBuilder G;
  for (int I = 0; I < 7; ++I)
    G.fp();
  EXPECT_EQ(bundles(G, A), 7u);
}

TEST(VliwPacker, ForwardDependencesAreIgnoredAndCounted) {
  GraphBuilder G;
  G.fp({1}); // points forward: invalid
  G.fp();
  PackedBlock R = packBlock(G.B, teraScale());
  EXPECT_EQ(R.BadDeps, 1u);
  EXPECT_EQ(R.Bundles, 1u);
}

TEST(VliwPacker, EmptyBlock) {
  GraphBuilder G;
  EXPECT_EQ(bundles(G), 0u);
}

} // namespace

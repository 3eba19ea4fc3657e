//===- MemoryTrafficTest.cpp - Coalescing and footprint caps by hand ------===//
#include "Model/MemoryTraffic.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

TEST(Coalescing, TransactionsPerWavefront) {
  // W = 64 work-items, T = 64-byte transactions, 4-byte accesses.
  // Stride 4: the wavefront spans 4*63 + 4 = 256 B = 4 transactions.
  EXPECT_EQ(transactionsPerWavefront(4, 4, 64, 64), 4u);
  // Stride 16: span 16*63 + 4 = 1012 B -> ceil(1012/64) = 16.
  EXPECT_EQ(transactionsPerWavefront(16, 4, 64, 64), 16u);
  // Stride 256 >= T: every lane its own transaction: 64.
  EXPECT_EQ(transactionsPerWavefront(256, 4, 64, 64), 64u);
  // Stride 0: all lanes read one address: 1.
  EXPECT_EQ(transactionsPerWavefront(0, 4, 64, 64), 1u);
  // Direction does not matter: stride -4 spans the same 256 B.
  EXPECT_EQ(transactionsPerWavefront(-4, 4, 64, 64), 4u);
  // uint4 (16 B) at stride 16: 16*63 + 16 = 1024 B = 16 transactions, the
  // same bytes as requested (64 * 16).
  EXPECT_EQ(transactionsPerWavefront(16, 16, 64, 64), 16u);
  // Stride exactly T: one per lane, 64.
  EXPECT_EQ(transactionsPerWavefront(64, 4, 64, 64), 64u);
  // 32-byte sectors, warp 32, floats: 4*31 + 4 = 128 B = 4 sectors.
  EXPECT_EQ(transactionsPerWavefront(4, 4, 32, 32), 4u);
}

GlobalAccess site(std::string Buffer, std::optional<int64_t> Stride,
                  unsigned Bytes = 4, bool Store = false, double Exec = 1) {
  GlobalAccess A;
  A.Buffer = std::move(Buffer);
  A.StrideBytes = Stride;
  A.Bytes = Bytes;
  A.IsStore = Store;
  A.ExecPerItem = Exec;
  return A;
}

KernelCounts launch(uint64_t N) {
  KernelCounts K;
  K.Launch.Global = {N, 1, 1};
  return K;
}

TEST(MemoryTraffic, CoalescedEqualsRequested) {
  // 4 transactions x 64 B per 64 items = 4 B per item for each site.
  KernelCounts K = launch(1024);
  K.Accesses = {site("a", 4), site("b", 4, 4, true)};
  MemoryTraffic M = memoryTraffic(K, 64, 64);
  EXPECT_DOUBLE_EQ(M.BytesRequested, 8.0);
  EXPECT_DOUBLE_EQ(M.BytesMoved, 8.0);
  EXPECT_TRUE(M.Notes.empty());
}

TEST(MemoryTraffic, UncoalescedChargesATransactionPerLane) {
  // Stride 256: 64 transactions x 64 B / 64 items = 64 B per item for a
  // 4-byte read (no footprint given, so no cap).
  KernelCounts K = launch(1024);
  K.Accesses = {site("a", 256)};
  MemoryTraffic M = memoryTraffic(K, 64, 64);
  EXPECT_DOUBLE_EQ(M.BytesRequested, 4.0);
  EXPECT_DOUBLE_EQ(M.BytesMoved, 64.0);
}

TEST(MemoryTraffic, ExecutionsPerItemScale) {
  // A site run twice per item on average (a loop of 2): 2 x 4 B.
  KernelCounts K = launch(1024);
  K.Accesses = {site("a", 4, 4, false, 2.0)};
  EXPECT_DOUBLE_EQ(memoryTraffic(K, 64, 64).BytesMoved, 8.0);
}

TEST(MemoryTraffic, UnknownStrideIsChargedAsCoalescedWithANote) {
  KernelCounts K = launch(1024);
  K.Accesses = {site("idx", std::nullopt, 8)};
  K.Accesses[0].Loc = {"k.cl", 12, 5};
  MemoryTraffic M = memoryTraffic(K, 64, 64);
  EXPECT_DOUBLE_EQ(M.BytesMoved, 8.0);
  ASSERT_EQ(M.Notes.size(), 1u);
  EXPECT_EQ(M.Notes[0], "k.cl:12: global load of 8 B from 'idx': stride "
                        "between work-items unknown; charged 8 B per "
                        "execution as if coalesced");
}

TEST(MemoryTraffic, UnknownStrideNotesAreGroupedPerBuffer) {
  // Three loads of 'in' on lines 7, 5 and 7, and a store to 'out' with no
  // line: two notes, lines sorted and listed once.
  KernelCounts K = launch(1024);
  K.Accesses = {site("in", std::nullopt), site("in", std::nullopt),
                site("in", std::nullopt), site("out", std::nullopt, 4, true)};
  K.Accesses[0].Loc = {"k.cl", 7, 1};
  K.Accesses[1].Loc = {"k.cl", 5, 1};
  K.Accesses[2].Loc = {"k.cl", 7, 9};
  K.Accesses[3].Loc = {"k.cl", 0, 0};
  MemoryTraffic M = memoryTraffic(K, 64, 64);
  // Each is charged its width: 3 x 4 + 4 = 16 B per item.
  EXPECT_DOUBLE_EQ(M.BytesMoved, 16.0);
  ASSERT_EQ(M.Notes.size(), 2u);
  EXPECT_EQ(M.Notes[0], "k.cl:5,7: 3 global loads of 4 B from 'in': stride "
                        "between work-items unknown; charged 4 B per "
                        "execution as if coalesced");
  EXPECT_EQ(M.Notes[1], "k.cl: global store of 4 B to 'out': stride between "
                        "work-items unknown; charged 4 B per execution as if "
                        "coalesced");
}

TEST(MemoryTraffic, StencilIsCappedByItsFootprint) {
  // A 3x3 stencil over a 1024 x 1024 uint image: 9 coalesced 4-byte loads
  // per item from 'in' = 9 x 4 x 2^20 = 36 MiB per launch, but 'in' is only
  // 4 MiB (its footprint, a multiple of 64): loads capped at 4 MiB = 4 B
  // per item. The store to 'out' moves 4 B per item = its 4 MiB footprint,
  // not above the cap. Moved = 4 + 4 = 8 B per item; requested 40 B.
  const uint64_t N = 1024 * 1024;
  KernelCounts K = launch(N);
  for (int I = 0; I < 9; ++I)
    K.Accesses.push_back(site("in", 4));
  K.Accesses.push_back(site("out", 4, 4, true));
  BufferFootprint In, Out;
  In.Arg = "in";
  In.Bytes = 4 * N;
  In.Read = true;
  Out.Arg = "out";
  Out.Bytes = 4 * N;
  Out.Written = true;
  K.Footprints = {In, Out};
  MemoryTraffic M = memoryTraffic(K, 64, 64);
  EXPECT_DOUBLE_EQ(M.BytesRequested, 40.0);
  EXPECT_DOUBLE_EQ(M.BytesMoved, 8.0);
  ASSERT_EQ(M.Notes.size(), 1u);
  EXPECT_EQ(M.Notes[0], "buffer 'in': loads 36 MiB per launch capped at "
                        "its footprint 4 MiB (assumed: lines shared by "
                        "nearby work-items hit in cache)");
}

TEST(MemoryTraffic, FootprintIsRoundedUpToTransactions) {
  // 64 items at stride 256: 64 transactions x 64 B = 4096 B per launch.
  // Footprint 100 B rounds up to 2 transactions = 128 B: 128 / 64 items =
  // 2 B per item.
  KernelCounts K = launch(64);
  K.Accesses = {site("a", 256)};
  BufferFootprint F;
  F.Arg = "a";
  F.Bytes = 100;
  K.Footprints = {F};
  EXPECT_DOUBLE_EQ(memoryTraffic(K, 64, 64).BytesMoved, 2.0);
}

TEST(MemoryTraffic, LoadsAndStoresAreCappedSeparately) {
  // In-place update of 'a' (footprint 4 B x 1024 = 4096 B): 3 loads and
  // 1 store per item at stride 4. Loads 3 x 4096 capped to 4096; stores
  // 4096, at the cap. (4096 + 4096) / 1024 = 8 B per item.
  KernelCounts K = launch(1024);
  K.Accesses = {site("a", 4), site("a", 4), site("a", 4),
                site("a", 4, 4, true)};
  BufferFootprint F;
  F.Arg = "a";
  F.Bytes = 4096;
  K.Footprints = {F};
  EXPECT_DOUBLE_EQ(memoryTraffic(K, 64, 64).BytesMoved, 8.0);
}

TEST(MemoryTraffic, UnnamedBuffersAreNotCapped) {
  // Same as the rounding case but with no buffer name: 64 B per item.
  KernelCounts K = launch(64);
  K.Accesses = {site("", 256)};
  BufferFootprint F;
  F.Arg = "";
  F.Bytes = 100;
  K.Footprints = {F};
  EXPECT_DOUBLE_EQ(memoryTraffic(K, 64, 64).BytesMoved, 64.0);
}

TEST(MemoryTraffic, ConstantSitesCountLikeGlobal) {
  // A __constant table read at stride 0 by every item: 1 transaction of
  // 64 B per wavefront of 64 = 1 B per item.
  KernelCounts K = launch(1024);
  K.Accesses = {site("lut", 0)};
  K.Accesses[0].Space = AddrSpace::Constant;
  EXPECT_DOUBLE_EQ(memoryTraffic(K, 64, 64).BytesMoved, 1.0);
}

} // namespace

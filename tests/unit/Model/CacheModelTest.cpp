//===- CacheModelTest.cpp - Sectors and cache levels, derived by hand -----===//
//
// Every expected figure is worked out in the comment above it from the
// kernel's indexing, the launch and the device geometry.
//
//===----------------------------------------------------------------------===//
#include "Model/CacheModel.h"

#include <cmath>
#include <gtest/gtest.h>

#include <set>

using namespace clspread;

namespace {

TEST(DistinctSectors, WarpShapes) {
  // 32 lanes reading consecutive floats: 128 B = 4 sectors of 32 B.
  EXPECT_EQ(distinctSectors({0, {{4, 32}}, 4}, 32), 4);
  // All lanes at one address: 1 sector.
  EXPECT_EQ(distinctSectors({0, {{0, 32}}, 4}, 32), 1);
  // The left neighbour (x - 1): the 128 B start 4 B before a sector
  // boundary, so they touch 5 sectors.
  EXPECT_EQ(distinctSectors({-4, {{4, 32}}, 4}, 32), 5);
  // A naive transpose's store with a 16x16 group: the warp is 16 x-values
  // (stride 8192 floats = 32768 B) by 2 y-values (stride 4 B): 16 columns,
  // each 8 B inside one sector: 16 sectors.
  EXPECT_EQ(distinctSectors({0, {{32768, 16}, {4, 2}}, 4}, 32), 16);
  // One lane per 128 B: every lane its own sector: 32.
  EXPECT_EQ(distinctSectors({0, {{128, 32}}, 4}, 32), 32);
  // Stride 8 B: 32 lanes span 31*8 + 4 = 252 B = 8 sectors.
  EXPECT_EQ(distinctSectors({0, {{8, 32}}, 4}, 32), 8);
}

/// The sectors \p S touches, by listing every byte: the independent count
/// the closed form is held against.
double bruteSectors(const OffsetSet &S, unsigned Sector) {
  std::vector<int64_t> Starts = {S.Const};
  for (auto [C, E] : S.Terms) {
    std::vector<int64_t> Next;
    for (uint64_t V = 0; V < E; ++V)
      for (int64_t O : Starts)
        Next.push_back(O + C * int64_t(V));
    Starts = std::move(Next);
  }
  std::set<int64_t> Sectors;
  for (int64_t O : Starts)
    for (unsigned B = 0; B < S.Width; ++B) {
      int64_t At = O + B;
      Sectors.insert(At >= 0 ? At / Sector : -((-At + Sector - 1) / Sector));
    }
  return double(Sectors.size());
}

TEST(DistinctSectors, CopiesThatStraddleABoundary) {
  // kmeans_swap (Rodinia) over 32 iterations of its loop: each of a
  // group's 256 lanes reads 32 consecutive floats (128 B) of its own row,
  // rows 136 B apart. Each lane's 128 B start 8 B further into a 128-B
  // line than its left neighbour's, so most straddle two lines; the rows
  // leave gaps of 8 B, less than a line: the group touches the whole span,
  // 255 * 136 + 128 = 34808 B = 272 lines (listing every byte agrees).
  OffsetSet Swap{0, {{4, 32}, {136, 256}}, 4};
  EXPECT_EQ(bruteSectors(Swap, 128), 272);
  EXPECT_EQ(distinctSectors(Swap, 128), 272);
  // 16-byte elements 40 B apart, 32 lanes: the element at 24 B into its
  // sector (every fourth) straddles two 32-B sectors: 32 * 5 / 4 = 40.
  OffsetSet Wide{0, {{40, 32}}, 16};
  EXPECT_EQ(bruteSectors(Wide, 32), 40);
  EXPECT_EQ(distinctSectors(Wide, 32), 40);
  // 8-byte elements 44 B apart, far enough that no two share a sector:
  // the starts mod 32 run 0, 12, 24, 4, 16, 28, 8, 20 (period 8); those at
  // 28 straddle, so 9 sectors per 8 lanes, 36 for 32.
  OffsetSet Own{0, {{44, 32}}, 8};
  EXPECT_EQ(bruteSectors(Own, 32), 36);
  EXPECT_EQ(distinctSectors(Own, 32), 36);
}

TEST(DistinctSectors, GappedUnitCopiedOffTheSector) {
  // Found in review (the closed form gave 32): a float4 every 64 B for 8
  // lanes, copied 4 times 1000 B apart. Copy k starts 1000k mod 32 = 0, 8,
  // 16, 24 B into a sector; a 16-B piece fits one sector when it starts at
  // most 16 B in, else it takes two. Pieces 64 B apart never share a
  // sector and the copies (464 B each) never meet: 8 + 8 + 8 + 16 = 40.
  EXPECT_EQ(distinctSectors({0, {{64, 8}, {1000, 4}}, 16}, 32), 40);
  // Offsets 0, 64, 126, 190 of 4 B: sectors {0}, {2}, {3, 4}, {5, 6} = 6.
  EXPECT_EQ(distinctSectors({0, {{64, 2}, {126, 2}}, 4}, 32), 6);
}

TEST(DistinctSectors, NegativeCoefficientStartsAtTheLastCopy) {
  // a[n - 1 - i] over 32 lanes: offsets 0, -4, ..., -124, bytes -124 .. 3,
  // sectors -4 .. 0: 5 (listed).
  EXPECT_EQ(distinctSectors({0, {{-4, 32}}, 4}, 32), 5);
  // The same over 8192 items (closed form): bytes -32764 .. 3; -32764 is
  // 4 B into sector -1024, 3 is in sector 0: 1025. The form took the
  // start of Const (0), not of the lowest access, and gave 1024.
  EXPECT_EQ(distinctSectors({0, {{-4, 8192}}, 4}, 32), 1025);
}

TEST(DistinctSectors, ClosedFormEqualsTheListForCopiesOfOneAccess) {
  // Above 256 accesses the closed form counts; for one access copied at
  // one stride (no gaps inside a copy) it is exact: equal to every byte
  // listed, at either sign of the stride and any start.
  for (unsigned Sector : {32u, 128u})
    for (int64_t Const : {0, 4, 12, -8})
      for (unsigned Width : {4u, 8u, 16u})
        for (int64_t C : {16, 36, 40, 132, 136, -16, -40, -136}) {
          OffsetSet S{Const, {{C, 5000}}, Width};
          double Listed = bruteSectors(S, Sector);
          // The form averages a per-copy mean: equal to rounding.
          EXPECT_NEAR(distinctSectors(S, Sector), Listed, 1e-9 * Listed)
              << Const << " " << C << " " << Width << " " << Sector;
        }
}

TEST(DistinctSectors, NeverBelowTheBytesListed) {
  // Over a grid of small shapes (listed, CacheModel.h), never below the
  // bytes listed here by a separate count, and equal for one stride.
  for (unsigned Sector : {32u, 128u})
    for (int64_t Const : {0, 4, 12})
      for (unsigned Width : {4u, 8u, 16u})
        for (int64_t C1 : {4, 8, 12, 36, 40, 132, 136})
          for (int64_t C2 : {0, 136, 520, 4096}) {
            OffsetSet S{Const, {{C1, 16}}, Width};
            if (C2)
              S.Terms.push_back({C2, 8});
            double Brute = bruteSectors(S, Sector);
            double Closed = distinctSectors(S, Sector);
            EXPECT_GE(Closed, Brute) << Const << " " << C1 << " " << C2 << " "
                                     << Width << " " << Sector;
            if (!C2 && C1 >= int64_t(Width))
              EXPECT_EQ(Closed, Brute)
                  << Const << " " << C1 << " " << Width << " " << Sector;
          }
}

TEST(DistinctSectors, GroupOverALoop) {
  // SGEMM's A[row * 2048 + k] for one 16x16 group over the whole k loop:
  // 16 rows of 2048 floats = 8 KiB each = 256 sectors, 16 rows: 4096.
  EXPECT_EQ(distinctSectors({0, {{4, 2048}, {8192, 16}}, 4}, 32), 4096);
}

TEST(WavefrontSectors, TwoDimensionalGroups) {
  GlobalAccess::Pattern P;
  // out[x * 8192 + y]: 4 B per y, 32768 B per x.
  P.Gid = {32768, 4, 0};
  // 16x16 groups: a warp is 16 x by 2 y -> 16 sectors (see above).
  EXPECT_EQ(wavefrontSectors(P, 4, {16, 16, 1}, 32, 32), 16);
  // 32x8 groups: 32 x by 1 y -> 32 sectors.
  EXPECT_EQ(wavefrontSectors(P, 4, {32, 8, 1}, 32, 32), 32);
  // 4x64 groups: 4 x by 8 y; 8 consecutive floats = one full sector per
  // column -> 4 sectors.
  EXPECT_EQ(wavefrontSectors(P, 4, {4, 64, 1}, 32, 32), 4);
}

GlobalAccess site(std::string Buf, GlobalAccess::Pattern P, bool Store,
                  double Exec = 1) {
  GlobalAccess A;
  A.Buffer = std::move(Buf);
  A.Bytes = 4;
  A.IsStore = Store;
  A.ExecPerItem = Exec;
  A.StrideBytes = P.Gid[0] + P.Lid[0];
  A.Shape = std::move(P);
  return A;
}

/// An H100-like device: warps of 32, 32 B sectors, 132 CUs, 8 groups of
/// 256 per CU, 256 KiB L1 per CU written through, 50 MiB L2.
CacheGeometry h100() {
  CacheGeometry G;
  G.Wavefront = 32;
  G.Sector = 32;
  G.ComputeUnits = 132;
  G.GroupsPerCU = 8;
  G.L1Bytes = 256 * 1024;
  G.L1WriteThrough = true;
  G.L2Bytes = 50u << 20;
  return G;
}

TEST(CacheTraffic, NaiveTranspose) {
  // out[x * 8192 + y] = in[y * 8192 + x] over 8192x8192 in 16x16 groups.
  KernelCounts K;
  K.Launch.Dims = 2;
  K.Launch.Global = {8192, 8192, 1};
  K.Launch.Local = std::array<uint64_t, 3>{16, 16, 1};
  GlobalAccess::Pattern In, Out;
  In.Gid = {4, 32768, 0};
  Out.Gid = {32768, 4, 0};
  K.Accesses = {site("in", In, false), site("out", Out, true)};
  CacheTraffic T = cacheTraffic(K, h100());
  // Requested in sectors, per item: the load's warp is 16 x by 2 rows =
  // 2 x 64 B = 4 sectors / 32 items = 4 B; the store 16 sectors / 32 = 16 B.
  EXPECT_DOUBLE_EQ(T.L1Bytes, 20);
  // L2: the load's group data is read once (16 rows x 64 B per 256 items =
  // 4 B) and every store passes through: 20 B.
  EXPECT_DOUBLE_EQ(T.L2Bytes, 20);
  // The window (1056 groups, two rows and more of 512 groups) fits L2:
  // DRAM moves each matrix once, 4 + 4 B.
  EXPECT_DOUBLE_EQ(T.DramBytes, 8);
  // Each store sector gets 8 of its 32 B from one warp: all 16 B partial.
  EXPECT_DOUBLE_EQ(T.PartialStoreBytes, 16);
}

TEST(CacheTraffic, NaiveSgemmReusesAFromL1) {
  // C[row * 2048 + col] = sum_k A[row * 2048 + k] * B[k * 2048 + col],
  // col = gid 0, row = gid 1, 2048x2048 in 16x16 groups.
  const int64_t N = 2048;
  KernelCounts K;
  K.Launch.Dims = 2;
  K.Launch.Global = {uint64_t(N), uint64_t(N), 1};
  K.Launch.Local = std::array<uint64_t, 3>{16, 16, 1};
  GlobalAccess::Pattern A, B, C;
  A.Gid = {0, 4 * N, 0};
  A.Loops = {{double(N), 4}};
  B.Gid = {4, 0, 0};
  B.Loops = {{double(N), 4 * N}};
  C.Gid = {4, 4 * N, 0};
  K.Accesses = {site("A", A, false, N), site("B", B, false, N),
                site("C", C, true)};
  CacheTraffic T = cacheTraffic(K, h100());
  // L1 keeps b iterations of k for 8 groups when, per group, A's 16 rows x
  // b/8 sectors plus B's b rows x 2 sectors (64 B) fit: 8 x 4b x 32 B <=
  // 256 KiB -> b = 256. Per group and block: 4 x 256 sectors = 32 KiB, 8
  // blocks: 256 KiB for 256 items = 1024 B per item, plus the 4 B store.
  EXPECT_DOUBLE_EQ(T.L2Bytes, 1028);
  // Requested: per warp (16 columns x 2 rows) and k, A 2 sectors and B 2
  // sectors = 128 B / 32 items = 4 B, times 2048, plus the store's 4 B.
  EXPECT_DOUBLE_EQ(T.L1Bytes, 8196);
  // A window of 1056 groups (8.25 rows of 128 groups) holds 132 rows of A
  // and all of B (16 MiB + 1 MiB): it fits, so DRAM moves A, B, C once:
  // 3 x 16 MiB / 2048^2 items = 12 B.
  EXPECT_DOUBLE_EQ(T.DramBytes, 12);
}

TEST(CacheTraffic, StreamingCopyHasNoReuse) {
  // out[i] = in[i], 1-D, 2^24 items in groups of 256.
  KernelCounts K;
  K.Launch.Global = {1u << 24, 1, 1};
  K.Launch.Local = std::array<uint64_t, 3>{256, 1, 1};
  GlobalAccess::Pattern P;
  P.Gid = {4, 0, 0};
  K.Accesses = {site("in", P, false), site("out", P, true)};
  CacheTraffic T = cacheTraffic(K, h100());
  EXPECT_DOUBLE_EQ(T.L1Bytes, 8);
  EXPECT_DOUBLE_EQ(T.L2Bytes, 8);
  EXPECT_DOUBLE_EQ(T.DramBytes, 8);
  EXPECT_DOUBLE_EQ(T.PartialStoreBytes, 0);
}

TEST(CacheTraffic, StoresOnOneLatticeFillTheirSectors) {
  // out[4 * i + k] for k = 0..3 (CUB's blocked store): one site alone
  // writes 4 of every 16 B, but the four together fill every sector.
  KernelCounts K;
  K.Launch.Global = {1u << 20, 1, 1};
  K.Launch.Local = std::array<uint64_t, 3>{256, 1, 1};
  for (int64_t k = 0; k < 4; ++k) {
    GlobalAccess::Pattern P;
    P.Gid = {16, 0, 0};
    P.Const = 4 * k;
    K.Accesses.push_back(site("out", P, true));
  }
  CacheTraffic T = cacheTraffic(K, h100());
  EXPECT_DOUBLE_EQ(T.PartialStoreBytes, 0);
  // Fused into one 16-byte store per lane, the warp writes 32 x 16 B =
  // 512 B = 16 whole sectors: 16 B per item to L2 (not 4 x 16 B for four
  // separate stores), and DRAM moves the same 16 B.
  EXPECT_DOUBLE_EQ(T.L2Bytes, 16);
  EXPECT_DOUBLE_EQ(T.DramBytes, 16);
}

TEST(CacheTraffic, StoresAtOneOffsetEachWriteAgain) {
  // bench/partial_stores ps128 with iters = 16, which -O2 unrolls: 16
  // volatile stores of out[32 * i], one site each. Stores at different
  // offsets of a lattice fuse (above); these are at one offset, so each
  // passes to L2 again: a warp's 32 lanes write 32 sectors (one 4-byte
  // float per 128 B), 32 B per item per store, 16 stores: 512 B, all of it
  // in sectors written in part. The same site once with 16 executions
  // (the loop not unrolled) gives the same figure.
  KernelCounts Unrolled, Looped;
  for (KernelCounts *K : {&Unrolled, &Looped}) {
    K->Launch.Global = {1u << 20, 1, 1};
    K->Launch.Local = std::array<uint64_t, 3>{256, 1, 1};
  }
  GlobalAccess::Pattern P;
  P.Gid = {128, 0, 0};
  for (int k = 0; k < 16; ++k)
    Unrolled.Accesses.push_back(site("out", P, true));
  Looped.Accesses.push_back(site("out", P, true, 16));
  for (const KernelCounts *K : {&Unrolled, &Looped}) {
    CacheTraffic T = cacheTraffic(*K, h100());
    EXPECT_DOUBLE_EQ(T.L2Bytes, 512);
    EXPECT_DOUBLE_EQ(T.PartialStoreBytes, 512);
  }
}

} // namespace

TEST(CacheTraffic, L1LinesPerWavefrontAccess) {
  // in[S * i], 4 B per lane, 128 B lines: a warp of 32 touches
  // ceil(32 x S x 4 / 128) lines while S x 4 <= 128, and 32 lines beyond
  // (bench/l1_lines measures one line per clock). Per item: lines / 32.
  for (auto [S, Lines] : std::vector<std::pair<int64_t, double>>{
           {1, 1}, {8, 8}, {16, 16}, {32, 32}, {64, 32}}) {
    KernelCounts K;
    K.Launch.Global = {1u << 20, 1, 1};
    K.Launch.Local = std::array<uint64_t, 3>{256, 1, 1};
    GlobalAccess::Pattern P;
    P.Gid = {4 * S, 0, 0};
    K.Accesses = {site("in", P, false)};
    CacheGeometry G = h100();
    G.Line = 128;
    EXPECT_DOUBLE_EQ(cacheTraffic(K, G).L1Lines, Lines / 32) << "S=" << S;
  }
}

TEST(CacheTraffic, DramGranuleDoublesIsolatedSectors) {
  // in[16 * i] (64 B apart), 2^24 items: 1 GiB footprint, far past L2.
  // Each lane's sector is alone in its 64-B granule, so DRAM moves 64 B
  // per item with the granule and 32 B (one sector) without; L2 serves one
  // sector either way.
  KernelCounts K;
  K.Launch.Global = {1u << 24, 1, 1};
  K.Launch.Local = std::array<uint64_t, 3>{256, 1, 1};
  GlobalAccess::Pattern P;
  P.Gid = {64, 0, 0};
  K.Accesses = {site("in", P, false)};
  CacheGeometry G = h100();
  EXPECT_DOUBLE_EQ(cacheTraffic(K, G).DramBytes, 32);
  G.DramGranule = 64;
  CacheTraffic T = cacheTraffic(K, G);
  EXPECT_DOUBLE_EQ(T.L2Bytes, 32);
  EXPECT_DOUBLE_EQ(T.DramBytes, 64);
  // Consecutive floats fill their granules: no change.
  P.Gid = {4, 0, 0};
  K.Accesses = {site("in", P, false)};
  EXPECT_DOUBLE_EQ(cacheTraffic(K, G).DramBytes, 4);
}

TEST(CacheTraffic, CopiesOfAnUnrolledOuterLoopReReadWhatL1Dropped) {
  // k-means: for each of 5 centres (a loop the optimizer unrolls, its
  // copies of the load merged into one site run 5 x 34 times), for l < 34:
  // feature[l * 819200 + gid], in groups of 256. A group reads 34 x 1 KiB
  // per centre. Eight groups per CU hold 272 KiB > 256 KiB of L1: the
  // next centre's pass finds the lines gone, and each of the 5 passes
  // reads 34 x 4 B per item from L2: 680 B.
  KernelCounts K;
  K.Launch.Global = {819200, 1, 1};
  K.Launch.Local = std::array<uint64_t, 3>{256, 1, 1};
  GlobalAccess::Pattern F;
  F.Gid = {4, 0, 0};
  F.Loops = {{34, 4 * 819200}};
  K.Accesses = {site("feature", F, false, 5 * 34)};
  EXPECT_DOUBLE_EQ(cacheTraffic(K, h100()).L2Bytes, 680);
  // Four groups per CU (136 KiB) keep a pass in L1: read once, 136 B.
  CacheGeometry Four = h100();
  Four.GroupsPerCU = 4;
  EXPECT_DOUBLE_EQ(cacheTraffic(K, Four).L2Bytes, 136);
}

TEST(CacheModel, ScatteredSectorsAreDistinctRandomPicks) {
  // 32 lanes of 4 B at random in 32 KiB = 1024 sectors of 32 B: the
  // expected distinct sectors of 32 uniform picks, 1024 (1 - (1023/1024)^32)
  // = 31.520.
  EXPECT_NEAR(scatteredSectors(32768, 32, 4, 32), 31.520, 1e-3);
  // A span of two sectors cannot spread 32 lanes wider than the coalesced
  // access's 4 sectors is charged: never fewer than coalesced.
  EXPECT_DOUBLE_EQ(scatteredSectors(64, 32, 4, 32), 4);
  // 16-byte lanes in 128-byte lines: each pick is one line of 8192.
  EXPECT_NEAR(scatteredSectors(1 << 20, 32, 16, 128),
              8192 * (1 - std::pow(1 - 1.0 / 8192, 32)), 1e-9);
}

TEST(CacheTraffic, ARowWrittenThenReadBackHoldsItsLinesOnce) {
  // Each work-item writes a row of 16 ints, row[i * 32 + y], then reads it
  // back (a particle's pixel indexes): 270336 items in groups of 256, one
  // window of 132 x 8 groups. A row is 64 B at the start of its own 128 B
  // line. The load and the store touch the same lines, and the cache holds
  // them once: 270336 lines, 33 MiB, fit the 50 MiB L2 over the whole
  // loop, so DRAM moves each row once each way: 64 + 64 B per item.
  // (Counted apart, the two would take 66 MiB at any block of the loop:
  // nothing kept, each 4-byte store a sector of its own, 16 x 32 B, and
  // the loads 64 B, from L1's whole loop: 576 B.)
  KernelCounts K;
  K.Launch.Global = {270336, 1, 1};
  K.Launch.Local = std::array<uint64_t, 3>{256, 1, 1};
  GlobalAccess::Pattern P;
  P.Gid = {128, 0, 0};
  P.Loops = {{16, 4}};
  K.Accesses = {site("row", P, true, 16), site("row", P, false, 16)};
  CacheGeometry G = h100();
  G.Line = 128; // allocated whole (cache.line)
  CacheTraffic T = cacheTraffic(K, G);
  EXPECT_DOUBLE_EQ(T.DramBytes, 128);
}

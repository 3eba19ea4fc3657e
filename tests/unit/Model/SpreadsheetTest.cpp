//===- SpreadsheetTest.cpp - T_ALU, T_TEX, T_MEM and the bound by hand ----===//
#include "Model/Spreadsheet.h"
#include "Model/ExprEval.h"

#include <gtest/gtest.h>

using namespace clspread;
using model::combineLimits; // the overlap combination the model's graph uses

namespace {

DeviceProfile profile(const char *Id) {
  llvm::Expected<DeviceProfile> P = findProfile(Id);
  if (!P) {
    ADD_FAILURE() << llvm::toString(P.takeError());
    return {};
  }
  return std::move(*P);
}

/// The H100 profile with the chain and warm-L2 figures the tests below
/// derive their values from (calibrate's sweeps move the profile's own):
/// chained rounds the cache model's up to 16 wavefronts per SM and L2's
/// from 32, 2.84 ns a wavefront past that, L2 warm through 12 MiB
/// rewritten and a 30 MiB footprint.
DeviceProfile h100WithChainFigures() {
  DeviceProfile P = profile("nvidia-h100-sxm");
  const double MiB = 1024.0 * 1024.0;
  for (auto [Path, V] :
       {std::pair<const char *, double>{"cache.chain_l1_waves", 16},
        {"cache.chain_l2_waves", 32},
        {"cache.chain_queue_per_wave", 2.84e-9},
        {"cache.l2_warm_rewrite", 12 * MiB},
        {"cache.l2_warm_footprint", 30 * MiB}})
    P.Measured[Path].Value = V;
  return P;
}

KernelCounts launch(uint64_t N, uint64_t Local = 64) {
  KernelCounts K;
  K.Launch.Global = {N, 1, 1};
  K.Launch.Local = std::array<uint64_t, 3>{Local, 1, 1};
  return K;
}

/// A block of \p N fp32 ops, each depending on the one before.
BlockGraph chain(unsigned N, double Exec = 1) {
  BlockGraph B;
  B.ExecPerItem = Exec;
  for (unsigned I = 0; I < N; ++I)
    B.Nodes.push_back({AluClass::Fp32, I ? std::vector<uint32_t>{I - 1}
                                         : std::vector<uint32_t>{}});
  return B;
}

TEST(Spreadsheet, HD4870WorkedExample) {
  // The spreadsheet of AMD's talk "AMD and OpenCL" (2009), worked for 1280
  // work-items, 100 VLIW bundles each:
  // T_ALU = 1280 * 100 / (10 SIMDs * 16 cores) / 750 MHz
  //       = 128000 / 160 / 750e6 = 800 / 750e6 = 1.0667 us.
  KernelCounts K = launch(1280);
  K.Alu[unsigned(AluClass::Fp32)] = 100;
  K.Blocks = {chain(100)};
  Estimate E = estimate(K, profile("hd4870"));
  EXPECT_DOUBLE_EQ(E.VliwBundles, 100.0);
  EXPECT_DOUBLE_EQ(E.AluCycles, 100.0);
  EXPECT_NEAR(E.TAluS, 1.0667e-6, 0.0001e-6);
  EXPECT_DOUBLE_EQ(E.TAluS, 800.0 / 750e6);
  EXPECT_EQ(E.Limit, Bound::ALU);
  EXPECT_DOUBLE_EQ(E.TKernelS, E.TAluS);
  EXPECT_EQ(E.WorkItems, 1280u);
}

TEST(Spreadsheet, BundlesAreWeightedByBlockExecutions) {
  // A 10-deep chain run once and a 4-deep chain run on half the items:
  // 10 + 0.5 * 4 = 12 bundles per item.
  KernelCounts K = launch(1280);
  K.Alu[unsigned(AluClass::Fp32)] = 12;
  K.Blocks = {chain(10), chain(4, 0.5)};
  Estimate E = estimate(K, profile("hd4870"));
  EXPECT_DOUBLE_EQ(E.VliwBundles, 12.0);
  // The graphs hold as many lane-ops as the counts: no mismatch note.
  for (const std::string &N : E.Notes)
    EXPECT_EQ(N.find("block graphs"), std::string::npos) << N;
}

TEST(Spreadsheet, VliwWithoutGraphsAssumesPerfectPacking) {
  // 10 fp32 lane-ops, 5 slots: 2 bundles at best; a note says so.
  KernelCounts K = launch(1280);
  K.Alu[unsigned(AluClass::Fp32)] = 10;
  Estimate E = estimate(K, profile("hd4870"));
  EXPECT_DOUBLE_EQ(E.VliwBundles, 2.0);
  ASSERT_FALSE(E.Notes.empty());
  EXPECT_NE(E.Notes[0].find("perfect packing"), std::string::npos);
}

TEST(Spreadsheet, TexOnTeraScaleCountsGlobalLoads) {
  // Global loads are VTX_READ fetches on the HD 4870: 9 per item.
  // T_TEX = 1280 * 9 / (10 * 4 units) / 750 MHz = 288 / 750e6 = 384 ns.
  KernelCounts K = launch(1280);
  K.GlobalLoads = 9;
  Estimate E = estimate(K, profile("hd4870"));
  EXPECT_DOUBLE_EQ(E.TexFetches, 9.0);
  EXPECT_DOUBLE_EQ(E.TTexS, 288.0 / 750e6);
  EXPECT_EQ(E.Limit, Bound::TEX);
  // The H100 loads through the LSU: no fetches, T_TEX = 0.
  Estimate H = estimate(K, profile("nvidia-h100-sxm"));
  EXPECT_DOUBLE_EQ(H.TexFetches, 0.0);
  EXPECT_DOUBLE_EQ(H.TTexS, 0.0);
}

TEST(Spreadsheet, MemFromCoalescedSites) {
  // One coalesced 4-byte load and one 4-byte store per item: 8 B.
  // T_MEM = 1280 * 8 / 115.2 GB/s = 10240 / 115.2e9 = 88.9 ns.
  KernelCounts K = launch(1280);
  GlobalAccess Ld, St;
  Ld.Bytes = St.Bytes = 4;
  Ld.ExecPerItem = St.ExecPerItem = 1;
  Ld.StrideBytes = St.StrideBytes = 4;
  Ld.Buffer = "a";
  St.Buffer = "b";
  St.IsStore = true;
  K.Accesses = {Ld, St};
  Estimate E = estimate(K, profile("hd4870"));
  EXPECT_DOUBLE_EQ(E.BytesMoved, 8.0);
  EXPECT_DOUBLE_EQ(E.BytesRequested, 8.0);
  EXPECT_DOUBLE_EQ(E.TMemS, 10240.0 / 115.2e9);
  EXPECT_EQ(E.Limit, Bound::MEM);
}

TEST(Spreadsheet, SimtIssueRates) {
  // H100: 1000 fp32 ops at 128/clk/SM (full rate: 1 cycle per lane-op)
  // and 10 transcendentals at 16/clk/SM (128/16 = 8 cycles each):
  // AluCycles = 1000 + 80 = 1080. Groups go to SMs whole: 2^20 / 256 =
  // 4096 groups over 132 SMs = 31.03, so the busiest SM runs 32 groups,
  // 8192 work-items:
  // T_ALU = 8192 * 1080 / 128 / 1.98 GHz = 69120 / 1.98e9 = 34.91 us.
  KernelCounts K = launch(1 << 20, 256);
  K.Alu[unsigned(AluClass::Fp32)] = 1000;
  K.Alu[unsigned(AluClass::Transcendental)] = 10;
  // Datasheet rates: the bundled profile also carries measured ones.
  EstimateOptions Datasheet;
  Datasheet.UseMeasured = false;
  Estimate E = estimate(K, profile("nvidia-h100-sxm"), Datasheet);
  EXPECT_DOUBLE_EQ(E.AluCycles, 1080.0);
  EXPECT_DOUBLE_EQ(E.VliwBundles, 1010.0); // lane-ops when vliw_width is 1
  EXPECT_NEAR(E.TAluS, 34.91e-6, 0.01e-6);
}

/// A profile whose figures are all 1 so the three times are equal in
/// exact arithmetic: T = N * x / 1 / 1 GHz for x ops, fetches or bytes.
DeviceProfile unitProfile(const char *Extra = "") {
  std::string Y = std::string(R"(schema: 1
id: unit
name: Unit
kind: gpu
compute_units: 1
lanes_per_cu: 1
wavefront: 1
clock: 1 GHz
alu:
  rates: { int_simple: 1, int_mul: 1, int_div: 1, fp32: 1, fp32_div_sqrt: 1, transcendental: 1, fp64: none, conversion: 1 }
tex: { units_per_cu: 1, global_loads_use_tex: false }
memory: { bandwidth: 1 GB/s, transaction: 4 B }
occupancy: { max_waves_per_cu: 16 }
sources: { compute_units: t, lanes_per_cu: t, wavefront: t, clock: t, alu: t, tex: t, memory: t, occupancy: t }
)") + Extra;
  llvm::Expected<DeviceProfile> P = parseProfile(Y, "unit.yaml");
  if (!P) {
    ADD_FAILURE() << llvm::toString(P.takeError());
    return {};
  }
  return std::move(*P);
}

KernelCounts balanced(double Ops, double Fetches, double Bytes) {
  KernelCounts K = launch(1000, 1);
  K.Alu[unsigned(AluClass::Fp32)] = Ops;
  K.ImageReads = Fetches;
  GlobalAccess A;
  A.Bytes = unsigned(Bytes);
  A.ExecPerItem = 1;
  A.StrideBytes = 4;
  A.Buffer = "a";
  K.Accesses = {A};
  return K;
}

TEST(Spreadsheet, TiesGoToAluThenMemThenTex) {
  DeviceProfile P = unitProfile();
  // All three equal (4 ops, 4 fetches, 4 bytes): ALU.
  EXPECT_EQ(estimate(balanced(4, 4, 4), P).Limit, Bound::ALU);
  // MEM and TEX equal and above ALU: MEM.
  EXPECT_EQ(estimate(balanced(2, 4, 4), P).Limit, Bound::MEM);
  // TEX strictly largest: TEX.
  EXPECT_EQ(estimate(balanced(2, 8, 4), P).Limit, Bound::TEX);
}

TEST(Spreadsheet, MeasuredBandwidthReplacesDatasheet) {
  DeviceProfile P = unitProfile(R"(measured:
  memory.bandwidth:
    value: 500 MB/s
    command: copy-bench
    device: Unit GPU
    date: 2025-01-01
)");
  // 1000 items x 4 B at 0.5 GB/s = 8 us; the datasheet's 1 GB/s gives 4 us.
  KernelCounts K = balanced(0, 0, 4);
  Estimate E = estimate(K, P);
  EXPECT_DOUBLE_EQ(E.TMemS, 4000.0 / 500e6);
  // A profile-level note, kept apart from the kernel's own notes so the
  // table prints it once per report.
  EXPECT_TRUE(E.Notes.empty());
  ASSERT_EQ(E.ProfileNotes.size(), 1u);
  EXPECT_EQ(E.ProfileNotes[0], "memory.bandwidth: measured 500 MB/s used "
                               "instead of the datasheet 1 GB/s (Unit GPU, "
                               "2025-01-01)");
  Estimate D = estimate(K, P, EstimateOptions{/*UseMeasured=*/false});
  EXPECT_DOUBLE_EQ(D.TMemS, 4000.0 / 1e9);
  EXPECT_TRUE(D.Notes.empty());
  EXPECT_TRUE(D.ProfileNotes.empty());
}

TEST(Spreadsheet, UnsupportedClassIsAnError) {
  // The unit profile has fp64: none.
  KernelCounts K = balanced(0, 0, 4);
  K.Alu[unsigned(AluClass::Fp64)] = 3;
  Estimate E = estimate(K, unitProfile());
  ASSERT_EQ(E.Unsupported.size(), 1u);
  EXPECT_EQ(E.Unsupported[0], AluClass::Fp64);
  EXPECT_DOUBLE_EQ(E.AluCycles, 0.0);
}

TEST(Spreadsheet, LaunchOverheadIsReportedNotAdded) {
  llvm::Expected<DeviceProfile> Q = parseProfile(
      "schema: 1\nid: u\nname: U\nkind: cpu\ncompute_units: 1\n"
      "lanes_per_cu: 1\nwavefront: 1\nclock: 1 GHz\nalu:\n  rates: { "
      "int_simple: 1, int_mul: 1, int_div: 1, fp32: 1, fp32_div_sqrt: 1, "
      "transcendental: 1, fp64: 1, conversion: 1 }\ntex: { units_per_cu: "
      "1, global_loads_use_tex: false }\nmemory: { bandwidth: 1 GB/s, "
      "transaction: 4 B }\noccupancy: { max_waves_per_cu: 1 }\n"
      "launch_overhead: 5 us\nsources: { compute_units: t, lanes_per_cu: "
      "t, wavefront: t, clock: t, alu: t, tex: t, memory: t, occupancy: t, "
      "launch_overhead: t }\n",
      "u.yaml");
  ASSERT_TRUE(bool(Q)) << llvm::toString(Q.takeError());
  KernelCounts K = balanced(4, 0, 0);
  Estimate E = estimate(K, *Q);
  EXPECT_DOUBLE_EQ(E.LaunchOverheadS, 5e-6);
  EXPECT_DOUBLE_EQ(E.TKernelS, E.TAluS);
}

TEST(Spreadsheet, WorkGroupDispatchIsAFloor) {
  // The H100's profile with work_group.dispatch_cycles set by hand to 160:
  // 2^22 work-items in groups of 32 are 131072 groups, 992.97 per compute
  // unit, x 160 cycles / 1.98 GHz = 80.24 us. A kernel with one 4-byte
  // store per work-item takes a few us by its other terms, so Tkernel is
  // the dispatch floor. In groups of 256 (16384 groups: 10.03 us), with 16
  // stores per work-item (256 MiB at the measured bandwidth, near 90 us),
  // it is not. Without a local size the floor is left out.
  DeviceProfile P = profile("nvidia-h100-sxm");
  P.Measured.erase("work_group.dispatch_cycles");
  P.DispatchCycles = 160;
  const double Clock =
      P.measured("clock") ? P.measured("clock")->Value : P.ClockHz;
  KernelCounts K = launch(uint64_t(1) << 22, 32);
  K.GlobalStores = 1;
  K.GlobalStoreBytes = 4;
  GlobalAccess Store;
  Store.IsStore = true;
  Store.Bytes = 4;
  Store.ExecPerItem = 1;
  Store.StrideBytes = 4;
  Store.Buffer = "out";
  K.Accesses = {Store};
  Estimate E = estimate(K, P);
  EXPECT_DOUBLE_EQ(E.Groups, 131072);
  EXPECT_DOUBLE_EQ(E.TDispatchS, 131072.0 / 132 * 160 / Clock);
  EXPECT_NEAR(E.TDispatchS, 80.24e-6, 0.01e-6);
  EXPECT_DOUBLE_EQ(E.TKernelS, E.TDispatchS);
  EXPECT_EQ(E.Limit, Bound::MEM); // the bound names the largest term still

  K.Launch.Local = std::array<uint64_t, 3>{256, 1, 1};
  K.GlobalStores = 16;
  K.GlobalStoreBytes = 64;
  K.Accesses[0].ExecPerItem = 16;
  E = estimate(K, P);
  EXPECT_DOUBLE_EQ(E.Groups, 16384);
  EXPECT_DOUBLE_EQ(E.TDispatchS, 16384.0 / 132 * 160 / Clock);
  EXPECT_GT(E.TKernelS, 8 * E.TDispatchS);

  K.Launch.Local.reset();
  E = estimate(K, P);
  EXPECT_EQ(E.TDispatchS, 0);
}

TEST(Names, Bound) {
  EXPECT_STREQ(boundName(Bound::ALU), "ALU");
  EXPECT_STREQ(boundName(Bound::TEX), "TEX");
  EXPECT_STREQ(boundName(Bound::MEM), "MEM");
}

} // namespace

namespace {

/// The H100 profile without its measured figures (datasheet rates: fp32
/// 128, conversion 16, int_simple 64 per SM per clock; 128 lanes; an issue
/// rate of 128) and with \p Overlap as alu.pipe_overlap.
DeviceProfile h100Datasheet(double Overlap) {
  DeviceProfile P = profile("nvidia-h100-sxm");
  P.Measured.clear();
  P.Alu.PipeOverlap = Overlap;
  return P;
}

TEST(Spreadsheet, PipesOverlapByTheMeasuredFraction) {
  // Per item: 100 fp32 (FMA pipe, 128/clk: 100 lane cycles), 50
  // conversions (XU pipe, 16/clk: 50 x 128/16 = 400), 64 int_simple (ALU
  // pipe, 64/clk: 128). One after another: 628 cycles per lane. Issue: 214
  // lane-ops at 128/clk = 214 cycles. Busiest pipe: XU, 400.
  KernelCounts K = launch(1 << 20, 256);
  K.Alu[unsigned(AluClass::Fp32)] = 100;
  K.Alu[unsigned(AluClass::Conversion)] = 50;
  K.Alu[unsigned(AluClass::IntSimple)] = 64;
  EXPECT_DOUBLE_EQ(estimate(K, h100Datasheet(1)).AluCycles, 628);
  EXPECT_DOUBLE_EQ(estimate(K, h100Datasheet(0)).AluCycles, 400);
  // Overlap 0.25: 400 + 0.25 x (628 - 400) = 457.
  EXPECT_DOUBLE_EQ(estimate(K, h100Datasheet(0.25)).AluCycles, 457);
  // Issue-bound: 1000 fp32 and 1000 int_simple: pipes 1000 and 2000,
  // issuing 2000 lane-ops at 128 per clock on 128 lanes: 2000; the sum is
  // 3000.
  KernelCounts I = launch(1 << 20, 256);
  I.Alu[unsigned(AluClass::Fp32)] = 1000;
  I.Alu[unsigned(AluClass::IntSimple)] = 1000;
  EXPECT_DOUBLE_EQ(estimate(I, h100Datasheet(0)).AluCycles, 2000);
}

TEST(Spreadsheet, KneeCombinesBandwidthAndLatency) {
  // combineLimits: p = 1 adds, p = 2 is the Euclidean norm, large p tends
  // to the larger term.
  EXPECT_DOUBLE_EQ(combineLimits(3, 4, 1), 7);
  EXPECT_DOUBLE_EQ(combineLimits(3, 4, 2), 5);
  EXPECT_NEAR(combineLimits(3, 4, 200), 4, 1e-6);
  EXPECT_DOUBLE_EQ(combineLimits(0, 4, 2.5), 4);
}

} // namespace

namespace {

/// One work-group of 64 whose loop stores to global memory and loads one
/// word, the same for every work-item, 1000 times: 1000 chained rounds.
KernelCounts chainedBroadcast() {
  KernelCounts K = launch(64, 64);
  K.GlobalLoads = 1000;
  K.GlobalLoadBytes = 4000;
  GlobalAccess A;
  A.Buffer = "in";
  A.Bytes = 4;
  A.ExecPerItem = 1000;
  A.StrideBytes = 0;
  A.Shape = GlobalAccess::Pattern{};
  K.Accesses.push_back(A);
  LoadRound R;
  R.PerItem = 1000;
  R.BehindStores = true; // store_reload's shape: acc[i] += b[k]
  R.Loads.push_back({"in", std::nullopt});
  K.ChainRounds.push_back(R);
  return K;
}

} // namespace

TEST(Spreadsheet, ChainRoundsWaitTheirLevelsLatency) {
  // The H100 profile's measured round trips: L1 22.19 ns, L2 178.3 ns,
  // DRAM 376.4 ns. One group of 64 is two wavefronts on one SM: one wave,
  // so t_chain = rounds_L1 x 22.19 ns + rounds_L2 x 178.3 ns + rounds_DRAM
  // x 376.4 ns. The word is 4 bytes, which L2 holds across launches: no
  // round waits on DRAM; L1 serves all but the compulsory misses.
  DeviceProfile P = profile("nvidia-h100-sxm");
  Estimate E = estimate(chainedBroadcast(), P);
  ASSERT_TRUE(E.FiniteCache);
  EXPECT_DOUBLE_EQ(E.ChainRoundsL1 + E.ChainRoundsL2 + E.ChainRoundsDram, 1000);
  EXPECT_EQ(E.ChainRoundsDram, 0);
  EXPECT_GT(E.ChainRoundsL1, 990);
  EXPECT_NEAR(E.TMemChainS,
              E.ChainRoundsL1 * 22.19e-9 + E.ChainRoundsL2 * 178.3e-9,
              1e-9 * E.TMemChainS);
  // T_MEM is the chain with the (next to nothing) traffic combined in.
  EXPECT_GE(E.TMemS, E.TMemChainS);
  EXPECT_LT(E.TMemS, 1.001 * E.TMemChainS);
}

TEST(Spreadsheet, ChainRoundsWithoutCacheSizesAreDramRounds) {
  // pocl-cpu's caches are a CPU's (simulated for refetches, not the GPU
  // cache model's levels): every round is DRAM's, at its measured
  // memory.dram_latency (calibrate's chain_dram through PoCL, which the
  // profile records). One group of 64 is 8 wavefronts of 8 on one
  // compute unit, resident together: one wave. t_chain = 1000 x latency.
  const DeviceProfile P = profile("pocl-cpu");
  const Measurement *Lat = P.measured("memory.dram_latency");
  ASSERT_NE(Lat, nullptr);
  Estimate E = estimate(chainedBroadcast(), P);
  EXPECT_DOUBLE_EQ(E.ChainRoundsDram, 1000);
  EXPECT_NEAR(E.TMemChainS, 1000 * Lat->Value, 1e-12);
  // Its datasheet gives no latency at all: the term is left out.
  EstimateOptions Datasheet;
  Datasheet.UseMeasured = false;
  EXPECT_EQ(
      estimate(chainedBroadcast(), profile("pocl-cpu"), Datasheet).TMemChainS,
      0);
}

TEST(Spreadsheet, ChainsWaitOnL2AsTheComputeUnitsFill) {
  // The H100 profile: chained rounds are the cache model's up to 16
  // wavefronts per SM and all L2's (at least) from 32. 101376 work-items
  // in groups of 256 are 3 groups, 24 wavefronts, per SM: half way, so
  // half of the rounds the cache model gives L1 wait on L2. (The cache
  // model gives L1 all but its compulsory misses, a fraction of a round
  // that differs with the launch: within one round of 1000.)
  DeviceProfile P = h100WithChainFigures();
  Estimate Few = estimate(chainedBroadcast(), P);
  KernelCounts K = chainedBroadcast();
  K.Launch = launch(101376, 256).Launch;
  Estimate Half = estimate(K, P);
  ASSERT_EQ(Half.Occ.WavesPerCU, 24u);
  double OnL1 = Few.ChainRoundsL1 / 1000; // the cache model's share
  EXPECT_NEAR(Half.ChainRoundsL1, 1000 * OnL1 / 2, 1);
  K.Launch = launch(135168, 256).Launch; // 32 wavefronts per SM
  EXPECT_EQ(estimate(K, P).ChainRoundsL1, 0);
}

namespace {
/// Work-item 0 of 256 runs a loop of 2048 loads of buffer a, \p Step bytes
/// apart, with no store (8 per item on average).
KernelCounts itemZerosLoop(int64_t Step) {
  KernelCounts K = launch(256, 256);
  LoadRound R;
  R.PerItem = 8;
  R.PerLongestItem = 2048;
  LoadRound::Load L;
  L.Buffer = "a";
  L.Step = Step;
  L.Extent = 2048.0 * double(Step);
  R.Loads.push_back(L);
  K.LoopRounds.push_back(R);
  K.GlobalLoadRounds = 8;
  K.GlobalLoads = 8;
  K.GlobalLoadBytes = 32;
  return K;
}
} // namespace

TEST(Spreadsheet, TheLongestWorkItemWaitsItsOwnLoop) {
  // Work-item 0 of 256 runs a loop of 2048 loads 8 KiB apart with no
  // store (8 per item on average): each crosses into a new sector, so on
  // its own path every round misses L1; the buffer is not in the cache
  // model (no access site), whose odds then send every miss to DRAM. The
  // H100 profile: 376.4 ns a DRAM round trip, 13.83 loads in flight.
  // t_item = 2048 x 376.4 ns / 13.83 = 55.74 us, with no ALU path to
  // exceed it (no ALU work given).
  KernelCounts K = itemZerosLoop(8192);
  Estimate E = estimate(K, profile("nvidia-h100-sxm"));
  EXPECT_DOUBLE_EQ(E.LongestLoopRoundsDram, 2048);
  EXPECT_NEAR(E.TMemItemS, 2048 * 376.4e-9 / 13.83, 1e-12);
  // The same loop run by every work-item alike is the mean's, not a
  // longest item's: the group's odds (none here: DRAM's) and the same
  // path, 8 rounds long.
  K.LoopRounds[0].PerLongestItem = 8;
  EXPECT_NEAR(estimate(K, profile("nvidia-h100-sxm")).TMemItemS,
              8 * 376.4e-9 / 13.83, 1e-12);
}

TEST(Spreadsheet, TheLongestWorkItemsLoadsWaitByGroup) {
  // The same loop stepping 4 bytes: one load in 8 crosses into a new
  // sector, and the loads issued together (16.28, the H100's
  // cache.l2_loads_in_flight) always hold one, so every round waits the
  // round trip: min(1, 4 / 32 x 16.28) = 1, all 2048 rounds DRAM's here.
  KernelCounts K = itemZerosLoop(4);
  DeviceProfile P = profile("nvidia-h100-sxm");
  EXPECT_DOUBLE_EQ(estimate(K, P).LongestLoopRoundsDram, 2048);
  // Swept 64 times over 8 KiB that L1 keeps: a sector crossed once in
  // 8 x 64 loads, a group waits in 16.28 / 512 of the rounds:
  // 2048 x 16.28 / 512 = 65.12 rounds; the others are L1's.
  K.LoopRounds[0].Loads[0].Repeats = 64;
  Estimate E = estimate(K, P);
  EXPECT_NEAR(E.LongestLoopRoundsDram, 2048 * 16.28 / 512, 1e-9);
  EXPECT_NEAR(E.LongestLoopRoundsL1, 2048 - 2048 * 16.28 / 512, 1e-9);
}

TEST(Spreadsheet, DoubleAndTranscendentalOpsWaitTheirOwnClocks) {
  // One work-item's 300 lane-ops, 100 of them double and 50
  // transcendental, on the H100 (1980 MHz): 150 x 1.481 + 100 x 5.305 +
  // 50 x 43.86 = 2945.65 clocks = 1.48770 us. No loads: the ALU path is
  // t_item.
  KernelCounts K = launch(1, 1);
  K.LongestAluOps = 300;
  K.LongestFp64Ops = 100;
  K.LongestTranscendentalOps = 50;
  DeviceProfile P = profile("nvidia-h100-sxm");
  EXPECT_NEAR(estimate(K, P).TMemItemS,
              (150 * 1.481 + 100 * 5.305 + 50 * 43.86) / 1980e6, 1e-15);
  // A profile without the class figures charges every lane-op at
  // alu.latency_cycles.
  P.Measured.erase("alu.fp64_latency_cycles");
  P.Measured.erase("alu.transcendental_latency_cycles");
  EXPECT_NEAR(estimate(K, P).TMemItemS, 300 * 1.481 / 1980e6, 1e-15);
}

TEST(Spreadsheet, EachWaveWaitsItsGroupsLocalPath) {
  // A tree reduction's shape: one load per work-item, then 18 __local
  // loads and stores one after another (barrier by barrier) on the
  // group's longest work-item. 256 groups of 256 per SM of the H100 (33 MiB
  // read: more than a repeated launch finds in L2, so the load waits on
  // DRAM), 8 of them resident (2048 work-items): 32 waves. Each wave waits
  // its groups' __local path as well as its load: t_latency grows by
  // 32 x 18 x 14.66 ns (lds.latency) = 8.44416 us over the same launch
  // without the path.
  KernelCounts K = launch(132 * 256 * 256, 256);
  K.GlobalLoads = 1;
  K.GlobalLoadBytes = 4;
  K.GlobalLoadRounds = 1;
  GlobalAccess A; // in[get_global_id(0)]
  A.Buffer = "in";
  A.Bytes = 4;
  A.ExecPerItem = 1;
  A.StrideBytes = 4;
  A.Shape = GlobalAccess::Pattern{};
  A.Shape->Gid[0] = 4;
  K.Accesses.push_back(A);
  DeviceProfile P = h100WithChainFigures();
  Estimate Without = estimate(K, P);
  ASSERT_GT(Without.TMemLatencyS, 0);
  K.LongestLocalOps = 18;
  Estimate With = estimate(K, P);
  EXPECT_NEAR(With.TMemLatencyS - Without.TMemLatencyS, 32 * 18 * 14.66e-9,
              1e-14);
  // A profile without lds.latency (the H100's with its measurement taken
  // out) leaves the path out.
  DeviceProfile Bare = P;
  ASSERT_EQ(Bare.Measured.erase("lds.latency"), 1u);
  KernelCounts NoPath = K;
  NoPath.LongestLocalOps = 0;
  EXPECT_DOUBLE_EQ(estimate(K, Bare).TMemLatencyS,
                   estimate(NoPath, Bare).TMemLatencyS);
}

TEST(Spreadsheet, ChainsQueuePastTheL2Waves) {
  // The H100 profile: from 32 wavefronts per SM every chained round waits
  // L2's 178.3 ns, and each wavefront past 32 adds 2.84 ns
  // (cache.chain_queue_per_wave). 270336 work-items in groups of 256 are 8
  // groups, 64 wavefronts, per SM, all resident (one wave): 1000 rounds x
  // (178.3 + 32 x 2.84) ns = 269.18 us. At 32 wavefronts, no queue.
  DeviceProfile P = h100WithChainFigures();
  KernelCounts K = chainedBroadcast();
  K.Launch = launch(270336, 256).Launch;
  Estimate Full = estimate(K, P);
  ASSERT_EQ(Full.Occ.WavesPerCU, 64u);
  EXPECT_EQ(Full.ChainRoundsL1, 0);
  EXPECT_EQ(Full.ChainRoundsDram, 0);
  EXPECT_NEAR(Full.TMemChainS, 1000 * (178.3e-9 + 32 * 2.84e-9), 1e-12);
  K.Launch = launch(135168, 256).Launch;
  EXPECT_NEAR(estimate(K, P).TMemChainS, 1000 * 178.3e-9, 1e-12);
}

TEST(Spreadsheet, RoundsWithNoStoreBehindThemDoNotQueue) {
  // The same 1000 rounds of a broadcast load at 64 wavefronts per SM, in
  // a loop that waits for its loads for another reason (a search's exit
  // test): no store to queue behind, so the cache model's odds stand (the
  // word stays in L1 after its compulsory miss) and no queue is added,
  // where the chain behind stores waits 1000 x (178.3 + 32 x 2.84) ns.
  // bench/latency's search-table-270336 measured 21.6 us, against 73.5 us
  // estimated with the queue (docs/results/nvidia-h100-sxm/latency).
  DeviceProfile P = h100WithChainFigures();
  KernelCounts K = chainedBroadcast();
  K.Launch = launch(270336, 256).Launch;
  K.ChainRounds[0].BehindStores = false;
  Estimate E = estimate(K, P);
  ASSERT_EQ(E.Occ.WavesPerCU, 64u);
  EXPECT_EQ(E.ChainRoundsQueued, 0);
  EXPECT_GT(E.ChainRoundsL1, 990);
  EXPECT_NEAR(E.TMemChainS,
              E.ChainRoundsL1 * 22.19e-9 + E.ChainRoundsL2 * 178.3e-9, 1e-12);
  EXPECT_LT(E.TMemChainS, 1000 * 30e-9);
}

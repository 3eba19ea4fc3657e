//===- LaunchRulesTest.cpp - AMD's launch rules at their edges ------------===//
//
// The rules that were analyze's launch checks, run through the rule set on
// hand-built counts: the figures in the messages are derived here by hand
// from the HD 4870's datasheet numbers.
//
//===----------------------------------------------------------------------===//
#include "Lint/RuleSet.h"
#include "Model/Spreadsheet.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

DeviceProfile profile(const char *Id) {
  llvm::Expected<DeviceProfile> P = findProfile(Id);
  if (!P) {
    ADD_FAILURE() << llvm::toString(P.takeError());
    return {};
  }
  return std::move(*P);
}

/// The findings of the rules that were analyze's launch checks, for \p K
/// with a launch from the command line.
std::vector<Finding> findings(const KernelCounts &K, const DeviceProfile &P,
                              LaunchOrigin Origin = LaunchOrigin::CommandLine) {
  static const RuleSet Rules = std::move(*RuleSet::create(
      *GlobList::parse("perf-global-size-too-small,perf-low-occupancy,"
                       "perf-work-group-size-multiple"),
      {}));
  SourceFile Src("k.cl", "__kernel void k(__global float *p) {}\n");
  Estimate E = estimate(K, P);
  KernelContext C{Src, K, E, P, Origin, "CL1.2", [&](const KernelCounts &X) {
                    return estimate(X, P);
                  }};
  std::vector<Finding> Out;
  Rules.check(C, Out);
  return Out;
}

KernelCounts launch(uint64_t N, uint64_t Local = 64, unsigned Registers = 0,
                    uint64_t LocalMem = 0) {
  KernelCounts K;
  K.Name = "k";
  K.Loc = {"k.cl", 1, 0};
  K.Launch.Global = {N, 1, 1};
  K.Launch.Local = std::array<uint64_t, 3>{Local, 1, 1};
  K.Registers = Registers;
  K.LocalMemBytes = LocalMem;
  return K;
}

using Ids = std::vector<std::string>;

Ids idsFor(uint64_t N, uint64_t Local = 64) {
  Ids Out;
  for (const Finding &F : findings(launch(N, Local), profile("hd4870")))
    Out.push_back(F.RuleId + ":" + severityName(F.Sev));
  return Out;
}

// HD 4870: 10 SIMDs x 2 waves x 64 = 1280 to fill the chip; 10 x 4 x 64 =
// 2560 for any latency hiding (AMD's talk "AMD and OpenCL", 2009).
TEST(LaunchRules, GlobalSizeEdges) {
  EXPECT_EQ(idsFor(1279), Ids{"perf-global-size-too-small:warning"});
  EXPECT_EQ(idsFor(1280), Ids{"perf-global-size-too-small:warning"});
  EXPECT_EQ(idsFor(2559), Ids{"perf-global-size-too-small:warning"});
  EXPECT_EQ(idsFor(2560), Ids{});
}

TEST(LaunchRules, GlobalSizeMessages) {
  DeviceProfile P = profile("hd4870");
  std::vector<Finding> F = findings(launch(1279), P);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Message,
            "1279 work-items are fewer than the 1280 (10 compute units x 2 "
            "wavefronts x 64) needed to keep every compute unit of ATI "
            "Radeon HD 4870 (RV770, TeraScale 1) busy");
  EXPECT_EQ(F[0].Loc.Line, 1u);
  EXPECT_EQ(F[0].Loc.Col, 1u); // `__kernel`
  F = findings(launch(2000), P);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Message,
            "2000 work-items fill ATI Radeon HD 4870 (RV770, TeraScale 1) but "
            "leave no spare wavefronts to hide memory latency; that needs "
            "2560 (10 compute units x 4 wavefronts x 64)");
}

TEST(LaunchRules, GlobalSizeNeedsALaunch) {
  // Without a real launch the analysis assumed one: the rule stays silent.
  EXPECT_TRUE(
      findings(launch(1000), profile("hd4870"), LaunchOrigin::None).empty());
}

TEST(LaunchRules, WorkGroupMultipleOfWavefront) {
  EXPECT_EQ(idsFor(1 << 20, 128), Ids{});
  EXPECT_EQ(idsFor(1 << 20, 100), Ids{"perf-work-group-size-multiple:warning"});
  // 10 x 10 = 100 work-items: 2 wavefronts (128 lanes), 28 idle.
  KernelCounts K = launch(1000);
  K.Launch.Dims = 2;
  K.Launch.Global = {1000, 1000, 1};
  K.Launch.Local = std::array<uint64_t, 3>{10, 10, 1};
  std::vector<Finding> F = findings(K, profile("hd4870"));
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Message,
            "work-group size 100 (10x10) is not a multiple of the wavefront "
            "(64) on ATI Radeon HD 4870 (RV770, TeraScale 1); use a multiple "
            "of 64");
  ASSERT_EQ(F[0].Notes.size(), 1u);
  EXPECT_EQ(F[0].Notes[0].Message,
            "each group runs 2 wavefronts with 28 of their 128 lanes idle");
}

TEST(LaunchRules, NoLocalSizeNoMultipleCheck) {
  KernelCounts K = launch(1 << 20);
  K.Launch.Local.reset();
  EXPECT_TRUE(findings(K, profile("hd4870")).empty());
}

TEST(LaunchRules, LowOccupancyOnlyForRegistersOrLds) {
  DeviceProfile P = profile("hd4870");
  // 300 regs = 75 x 128-bit; 16384 / (75 * 64) = 3.41 -> 3 waves < 4.
  std::vector<Finding> F = findings(launch(1 << 20, 256, 300), P);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].RuleId, "perf-low-occupancy");
  EXPECT_EQ(F[0].Message,
            "3 wavefronts per compute unit, limited by registers: 300 32-bit "
            "registers per work-item = 75 x 128-bit times 64 work-items per "
            "wavefront leave room for 3 wavefronts in the 16384 registers of "
            "a compute unit; 4 or more are needed to hide latency");
  // 256 regs = 64 x 128-bit; 16384 / 4096 = 4 waves: enough.
  EXPECT_TRUE(findings(launch(1 << 20, 256, 256), P).empty());
  // A launch-limited 2 waves is the launch's doing (the global-size rule's).
  EXPECT_EQ(idsFor(1280), Ids{"perf-global-size-too-small:warning"});
}

TEST(LaunchRules, LdsThatDoesNotFitFailsTheLaunch) {
  // 20 KiB per group > 16 KiB: no group fits, 0 waves, an error.
  std::vector<Finding> F =
      findings(launch(1 << 20, 64, 0, 20480), profile("hd4870"));
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].RuleId, "perf-low-occupancy");
  EXPECT_EQ(F[0].Sev, Severity::Error);
}

} // namespace

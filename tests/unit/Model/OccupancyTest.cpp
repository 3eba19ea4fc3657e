//===- OccupancyTest.cpp - Waves per CU and the limiter, by hand ----------===//
#include "Model/Occupancy.h"

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

/// A large 1-D launch: 2^20 items in groups of \p Local, so the launch
/// itself never limits occupancy on these devices.
KernelCounts big(uint64_t Local, unsigned Registers = 0,
                 uint64_t LocalMem = 0) {
  KernelCounts K;
  K.Launch.Global = {1 << 20, 1, 1};
  K.Launch.Local = std::array<uint64_t, 3>{Local, 1, 1};
  K.Registers = Registers;
  K.LocalMemBytes = LocalMem;
  return K;
}

Occupancy occ(const KernelCounts &K, const DeviceProfile &P) {
  std::vector<std::string> Notes;
  return computeOccupancy(K, P, Notes);
}

TEST(Occupancy, RegisterUnitConversion) {
  DeviceProfile P = profile("hd4870");
  // 128-bit registers hold four 32-bit ones: ceil(12/4) = 3, ceil(13/4) = 4.
  EXPECT_EQ(registersInUnit(12, P), 3u);
  EXPECT_EQ(registersInUnit(13, P), 4u);
  EXPECT_EQ(registersInUnit(1, P), 1u);
  // 32-bit units: unchanged.
  EXPECT_EQ(registersInUnit(13, profile("nvidia-h100-sxm")), 13u);
}

TEST(Occupancy, HardwareCapWhenRegistersAllowMore) {
  // 12 regs = 3 x 128-bit; 16384 / (3 * 64) = 85 waves > the cap of 32.
  Occupancy O = occ(big(256, 12), profile("hd4870"));
  EXPECT_EQ(O.WavesByRegisters, 85u);
  EXPECT_EQ(O.WavesByHardware, 32u);
  EXPECT_EQ(O.WavesPerCU, 32u);
  EXPECT_EQ(O.LimitedBy, "hardware");
  // 256 items = 4 wavefronts per group; 2^20 / 256 = 4096 groups over 10
  // SIMDs = 409.6: the busiest SIMD gets 410 groups = 1640 waves.
  EXPECT_EQ(O.WavesPerGroup, 4u);
  EXPECT_EQ(O.WavesByLaunch, 1640u);
}

TEST(Occupancy, LimitedByRegisters) {
  // 40 regs = 10 x 128-bit; 16384 / (10 * 64) = 25.6 -> 25 waves.
  Occupancy O = occ(big(256, 40), profile("hd4870"));
  EXPECT_EQ(O.WavesByRegisters, 25u);
  EXPECT_EQ(O.WavesPerCU, 25u);
  EXPECT_EQ(O.LimitedBy, "registers");
}

TEST(Occupancy, LimitedByLds) {
  // 8 KiB per group of 256 (4 waves): 16 KiB / 8 KiB = 2 groups = 8 waves.
  Occupancy O = occ(big(256, 0, 8192), profile("hd4870"));
  EXPECT_EQ(O.WavesByLds, 8u);
  EXPECT_EQ(O.WavesPerCU, 8u);
  EXPECT_EQ(O.LimitedBy, "lds");
}

TEST(Occupancy, SharedLdsPool) {
  // Intel Gen9: 64 KiB per subslice of 8 EUs; groups of 256 at SIMD-16 are
  // 16 waves. 16 KiB per group: 4 groups per subslice = 64 waves over 8
  // EUs = 8 per EU, above the 7-thread cap, so the hardware limits.
  Occupancy O = occ(big(256, 0, 16384), profile("intel-gen9"));
  EXPECT_EQ(O.WavesByLds, 8u);
  EXPECT_EQ(O.WavesPerCU, 7u);
  EXPECT_EQ(O.LimitedBy, "hardware");
  // 32 KiB per group: 2 groups = 32 waves / 8 EUs = 4 per EU.
  Occupancy O2 = occ(big(256, 0, 32768), profile("intel-gen9"));
  EXPECT_EQ(O2.WavesByLds, 4u);
  EXPECT_EQ(O2.LimitedBy, "lds");
}

TEST(Occupancy, LimitedByWorkGroupCount) {
  // H100: at most 32 blocks per SM. Groups of one warp: 32 x 1 = 32 waves
  // against a hardware cap of 64.
  Occupancy O = occ(big(32), profile("nvidia-h100-sxm"));
  EXPECT_EQ(O.WavesByWorkGroups, 32u);
  EXPECT_EQ(O.WavesPerCU, 32u);
  EXPECT_EQ(O.LimitedBy, "work-group-size");
}

TEST(Occupancy, LimitedByTheLaunch) {
  // 1280 items in groups of 64 = 20 waves over 10 SIMDs = 2 each.
  KernelCounts K = big(64);
  K.Launch.Global = {1280, 1, 1};
  Occupancy O = occ(K, profile("hd4870"));
  EXPECT_EQ(O.WavesByLaunch, 2u);
  EXPECT_EQ(O.WavesPerCU, 2u);
  EXPECT_EQ(O.LimitedBy, "launch");
}

TEST(Occupancy, NoLocalSizeAssumesOneWavefrontAndSaysSo) {
  KernelCounts K = big(64);
  K.Launch.Local.reset();
  std::vector<std::string> Notes;
  Occupancy O = computeOccupancy(K, profile("hd4870"), Notes);
  EXPECT_EQ(O.GroupSize, 64u);
  EXPECT_EQ(O.WavesPerGroup, 1u);
  ASSERT_FALSE(Notes.empty());
  EXPECT_EQ(Notes[0], "no local size given: occupancy and launch checks "
                      "assume work-groups of one wavefront (64 work-items)");
}

// The perf-low-occupancy rule built on these figures is tested in
// tests/unit/Lint/LaunchRulesTest.cpp.

} // namespace

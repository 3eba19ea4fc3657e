//===- DriverLocalTest.cpp - PoCL's choice of a local size ----------------===//
//
// The first three sizes are what PoCL 3.1 built on the build machine (2
// compute units, preferred multiple 8, work-groups of at most 4096): its
// kernel cache names each build by its local size (Fan1/1024-1-1,
// Fan2/512-8-1, NearestNeighbor/3568-1-1 for Rodinia's launches). The
// others follow its steps by hand.
#include "Model/DriverLocal.h"
#include "Model/DeviceProfile.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

using Sizes = std::array<uint64_t, 3>;

Sizes pocl(Sizes Global, uint64_t Units = 2) {
  return poclLocalSize(Global, 8, 4096, Units);
}

TEST(DriverLocal, WhatPoclBuiltOnTheBuildMachine) {
  // 2048 in one group of 2048 (the largest that divides it in steps of
  // 8), then split in two for the second compute unit.
  EXPECT_EQ(pocl({2048, 1, 1}), (Sizes{1024, 1, 1}));
  // 2048x2048: 2048x2048 is too large; y halves down to 8 (the grain), then
  // x down to 512: 512 x 8 = 4096.
  EXPECT_EQ(pocl({2048, 2048, 1}), (Sizes{512, 8, 1}));
  // 42816 = 8 x 5352: the largest divisor of 5352 up to 4096 / 8 = 512
  // is 446, 446 x 8 = 3568 (12 groups, enough for 2 units).
  EXPECT_EQ(pocl({42816, 1, 1}), (Sizes{3568, 1, 1}));
}

TEST(DriverLocal, SplitsForComputeUnitsWhileGroupsStayLarge) {
  // Eight units: 2048 splits by 8 into groups of 256 (at least 4 x 8).
  EXPECT_EQ(pocl({2048, 1, 1}, 8), (Sizes{256, 1, 1}));
  // Too small to split: 4 work-items (grain 4) stay one group, and so do
  // 17 (grain 1: 17 is prime), both under 2 x 32 work-items.
  EXPECT_EQ(pocl({4, 1, 1}), (Sizes{4, 1, 1}));
  EXPECT_EQ(pocl({17, 1, 1}), (Sizes{17, 1, 1}));
  // 64 on 2 units: 64 >= 2 x 32, so two groups of 32.
  EXPECT_EQ(pocl({64, 1, 1}), (Sizes{32, 1, 1}));
}

TEST(DriverLocal, OnlyWhereTheProfileNamesTheRuleAndTheLaunchLeavesIt) {
  DeviceProfile P;
  P.Wavefront = 8;
  P.MaxWorkGroupSize = 4096;
  P.ComputeUnits = 2;
  LaunchSpec L;
  L.Dims = 1;
  L.Global = {2048, 1, 1};
  EXPECT_FALSE(driverLocal(P, L));
  P.DriverLocal = "pocl";
  EXPECT_EQ(driverLocal(P, L), (Sizes{1024, 1, 1}));
  L.Local = Sizes{64, 1, 1};
  EXPECT_FALSE(driverLocal(P, L));
}

} // namespace

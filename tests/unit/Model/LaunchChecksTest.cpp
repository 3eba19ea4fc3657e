//===- LaunchChecksTest.cpp - seeds/002's launch rules at their edges ------===//
#include "Model/LaunchChecks.h"
#include "Model/Occupancy.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

DeviceProfile hd4870() {
  llvm::Expected<DeviceProfile> P = findProfile("hd4870");
  if (!P) {
    ADD_FAILURE() << llvm::toString(P.takeError());
    return {};
  }
  return std::move(*P);
}

std::vector<std::string> idsFor(uint64_t N, uint64_t Local = 64) {
  DeviceProfile P = hd4870();
  KernelCounts K;
  K.Launch.Global = {N, 1, 1};
  K.Launch.Local = std::array<uint64_t, 3>{Local, 1, 1};
  std::vector<std::string> Notes;
  std::vector<std::string> Ids;
  for (const Check &C : launchChecks(K, P, computeOccupancy(K, P, Notes)))
    Ids.push_back(C.Id);
  return Ids;
}

using Ids = std::vector<std::string>;

// HD 4870: 10 SIMDs x 2 waves x 64 = 1280 to fill the chip; 10 x 4 x 64 =
// 2560 for any latency hiding (seeds/002).
TEST(LaunchChecks, GlobalSizeEdges) {
  EXPECT_EQ(idsFor(1279), Ids{"launch-global-size-underused"});
  EXPECT_EQ(idsFor(1280), Ids{"launch-global-size-latency"});
  EXPECT_EQ(idsFor(2559), Ids{"launch-global-size-latency"});
  EXPECT_EQ(idsFor(2560), Ids{});
}

TEST(LaunchChecks, Messages) {
  DeviceProfile P = hd4870();
  KernelCounts K;
  K.Launch.Global = {1279, 1, 1};
  K.Launch.Local = std::array<uint64_t, 3>{64, 1, 1};
  std::vector<std::string> Notes;
  std::vector<Check> C = launchChecks(K, P, computeOccupancy(K, P, Notes));
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Sev, Severity::Warning);
  EXPECT_EQ(C[0].Message,
            "1279 work-items are fewer than the 1280 (10 compute units x 2 "
            "wavefronts x 64) needed to keep every compute unit of ATI "
            "Radeon HD 4870 (RV770, TeraScale 1) busy");
  K.Launch.Global = {2000, 1, 1};
  C = launchChecks(K, P, computeOccupancy(K, P, Notes));
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Message,
            "2000 work-items fill ATI Radeon HD 4870 (RV770, TeraScale 1) but "
            "leave no spare wavefronts to hide memory latency; that needs "
            "2560 (10 compute units x 4 wavefronts x 64)");
}

TEST(LaunchChecks, WorkGroupMultipleOfWavefront) {
  EXPECT_EQ(idsFor(1 << 20, 128), Ids{});
  EXPECT_EQ(idsFor(1 << 20, 100), Ids{"launch-work-group-multiple"});
  // 10 x 10 = 100 work-items: 2 wavefronts (128 lanes), 28 idle.
  DeviceProfile P = hd4870();
  KernelCounts K;
  K.Launch.Dims = 2;
  K.Launch.Global = {1000, 1000, 1};
  K.Launch.Local = std::array<uint64_t, 3>{10, 10, 1};
  std::vector<std::string> Notes;
  std::vector<Check> C = launchChecks(K, P, computeOccupancy(K, P, Notes));
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Message,
            "work-group size 100 (10x10) is not a multiple of the wavefront "
            "(64) of ATI Radeon HD 4870 (RV770, TeraScale 1): each group runs "
            "2 wavefronts with 28 of their 128 lanes idle; use a multiple of "
            "64");
}

TEST(LaunchChecks, NoLocalSizeNoMultipleCheck) {
  DeviceProfile P = hd4870();
  KernelCounts K;
  K.Launch.Global = {1 << 20, 1, 1};
  std::vector<std::string> Notes;
  EXPECT_TRUE(launchChecks(K, P, computeOccupancy(K, P, Notes)).empty());
}

} // namespace

//===- BundledProfilesTest.cpp - Every shipped profile loads --------------===//
#include "Model/DeviceProfile.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

TEST(BundledProfiles, AllLoadAndNameTheirFile) {
  std::vector<std::string> Ids = bundledProfileIds();
  std::vector<std::string> Expected = {"hd4870",      "intel-gen9",
                                       "mali-g76",    "nvidia-h100-sxm",
                                       "nvidia-h200", "pocl-cpu"};
  EXPECT_EQ(Ids, Expected);
  for (const std::string &Id : Ids) {
    llvm::Expected<DeviceProfile> P = findProfile(Id);
    ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
    // The id inside the file is the file's name, so `--profile X` and the
    // printed id agree.
    EXPECT_EQ(P->Id, Id);
    EXPECT_EQ(P->File, "device-profiles/" + Id + ".yaml");
  }
  EXPECT_EQ(bundledProfiles().size(), Expected.size());
}

TEST(BundledProfiles, DefaultIsTheSeedDevice) {
  llvm::Expected<DeviceProfile> P = findProfile(DefaultProfileId);
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->Id, "hd4870");
}

// The HD 4870 of AMD's talk "AMD and OpenCL" (2009), figure by figure: the
// talk's SIMDs, lanes, wavefront, clock and launch rules; reviews, spec
// aggregators and forum answers for the rest, as the profile's sources say.
TEST(BundledProfiles, HD4870MatchesTheSeed) {
  llvm::Expected<DeviceProfile> P = findProfile("hd4870");
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->ComputeUnits, 10u);
  EXPECT_EQ(P->LanesPerCU, 16u);
  EXPECT_EQ(P->Alu.VliwWidth, 5u);
  EXPECT_EQ(P->Alu.TranscendentalSlots, 1u);
  EXPECT_TRUE(P->Alu.TSlotOnly[unsigned(AluClass::Transcendental)]);
  EXPECT_EQ(P->ClockHz, 750e6);
  EXPECT_EQ(P->BandwidthBps, 115.2e9);
  EXPECT_EQ(P->Wavefront, 64u);
  EXPECT_EQ(P->TexUnitsPerCU, 4.0);
  EXPECT_TRUE(P->GlobalLoadsUseTex);
  EXPECT_EQ(P->RegistersPerCU, 16384u);
  EXPECT_EQ(P->RegisterUnitBytes, 16u); // 128 bit
  EXPECT_EQ(P->LdsBytes, 16384u);       // 16 KiB
  EXPECT_EQ(P->MaxWavesPerCU, 32u);
  EXPECT_EQ(P->WavesPerCUMin, 2u);
  EXPECT_EQ(P->WavesPerCULatency, 4u);
  // 2 FLOP x 5 slots x 16 lanes x 10 SIMDs x 0.75 GHz = 1200 GFLOPS.
  EXPECT_DOUBLE_EQ(P->peakFp32Flops(), 1200e9);
  EXPECT_TRUE(P->isUncertain("registers.per_cu")); // "(U)" on 'registers'
  EXPECT_FALSE(P->isUncertain("clock"));
}

TEST(BundledProfiles, PeaksMatchPublishedFigures) {
  // H100 SXM5: 2 x 128 x 132 x 1.98 GHz = 66.9 TFLOPS (NVIDIA H100
  // whitepaper).
  llvm::Expected<DeviceProfile> H = findProfile("nvidia-h100-sxm");
  ASSERT_TRUE(bool(H)) << llvm::toString(H.takeError());
  EXPECT_NEAR(H->peakFp32Flops(), 66.9e12, 0.05e12);
  // HD 530: 2 x 8 x 24 x 1.15 GHz = 441.6 GFLOPS (Intel's Gen9 compute
  // architecture whitepaper: 0.44 TFLOPS).
  llvm::Expected<DeviceProfile> I = findProfile("intel-gen9");
  ASSERT_TRUE(bool(I)) << llvm::toString(I.takeError());
  EXPECT_DOUBLE_EQ(I->peakFp32Flops(), 441.6e9);
}

// alu.fp16: whether the device's OpenCL offers cl_khr_fp16, in every
// bundled profile (portability-fp16).
TEST(BundledProfiles, EverySaysWhetherItHasFp16) {
  std::map<std::string, bool> Expected = {
      {"hd4870", false},          {"intel-gen9", true},   {"mali-g76", true},
      {"nvidia-h100-sxm", false}, {"nvidia-h200", false}, {"pocl-cpu", false}};
  for (const DeviceProfile &P : bundledProfiles()) {
    ASSERT_TRUE(P.Fp16.has_value()) << P.Id;
    EXPECT_EQ(*P.Fp16, Expected.at(P.Id)) << P.Id;
    EXPECT_FALSE(P.sourceOf("alu.fp16").empty()) << P.Id;
  }
}

} // namespace

//===- ErrorBandTest.cpp - The error band a profile's validation gives ----===//
#include "Model/ErrorBand.h"
#include "Model/DeviceProfile.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

ValidationRecord record(std::string Suite, std::string Date,
                        std::vector<double> Alu, std::vector<double> Mem) {
  ValidationRecord R;
  R.Suite = std::move(Suite);
  R.Date = std::move(Date);
  R.Device = "NVIDIA H100 80GB HBM3";
  R.AbsErrors[unsigned(Bound::ALU)] = std::move(Alu);
  R.AbsErrors[unsigned(Bound::MEM)] = std::move(Mem);
  return R;
}

} // namespace

// Five kernels: sorted 0.01 .. 0.10. Median: the third, 0.03. The 90th
// percentile sits at rank 0.9 * 4 = 3.6: 0.04 + 0.6 * (0.10 - 0.04) = 0.076.
TEST(ErrorBand, MedianAndP90ByLinearInterpolation) {
  auto Bands = errorBands(
      {record("a.yaml", "2026-11-21", {0.10, 0.01}, {0.03, 0.04, 0.02})});
  ASSERT_TRUE(Bands[unsigned(Bound::MEM)]);
  const ErrorBand &B = *Bands[unsigned(Bound::MEM)];
  EXPECT_DOUBLE_EQ(B.Median, 0.03);
  EXPECT_NEAR(B.P90, 0.076, 1e-12);
  EXPECT_EQ(B.Kernels, 5u);
  // Three MEM-bound kernels are fewer than MinKernelsPerBoundClass: every
  // class takes the band of all five.
  EXPECT_FALSE(B.Class);
  EXPECT_EQ(B.text(), "typically within ±3.0%, 90% within ±7.6%: 5 kernels "
                      "measured on NVIDIA H100 80GB HBM3, 2026-11-21");
}

// Eight MEM-bound kernels make a class of their own; the two ALU-bound
// ones fall back to the band of all ten. Records of several suites pool
// their kernels; the date is the latest.
TEST(ErrorBand, ClassBandFromEnoughKernelsPooledOverSuites) {
  auto Bands = errorBands(
      {record("a.yaml", "2026-11-21", {0.5}, {0.01, 0.02, 0.03, 0.04}),
       record("b.yaml", "2026-11-27", {0.7}, {0.05, 0.06, 0.07, 0.08})});
  const ErrorBand &Mem = *Bands[unsigned(Bound::MEM)];
  EXPECT_EQ(Mem.Class, Bound::MEM);
  EXPECT_EQ(Mem.Kernels, 8u);
  EXPECT_NEAR(Mem.Median, 0.045, 1e-12); // (0.04 + 0.05) / 2
  EXPECT_EQ(Mem.Suites, 2u);
  EXPECT_EQ(Mem.Date, "2026-11-27");
  const ErrorBand &Alu = *Bands[unsigned(Bound::ALU)];
  EXPECT_FALSE(Alu.Class);
  EXPECT_EQ(Alu.Kernels, 10u);
  EXPECT_NEAR(Alu.Median, 0.055, 1e-12); // (0.05 + 0.06) / 2
  EXPECT_FALSE(errorBands({})[0]);
}

// The block validate writes loads back through the profile parser with
// the same errors, and replacing it keeps the rest of the file, comments
// of the next key included.
TEST(ErrorBand, BlockRoundTripsThroughTheProfile) {
  auto Base = findProfileSource("nvidia-h100-sxm");
  ASSERT_TRUE(static_cast<bool>(Base));
  std::string Text = replaceValidationBlock(
      Base->Text,
      validationYaml({record("k/suite.yaml", "2026-11-21", {0.25}, {0.5})}));
  auto P = parseProfile(Text, "h100-copy.yaml");
  ASSERT_TRUE(static_cast<bool>(P)) << llvm::toString(P.takeError());
  ASSERT_EQ(P->Validation.size(), 1u);
  EXPECT_EQ(P->Validation[0].Suite, "k/suite.yaml");
  EXPECT_EQ(P->Validation[0].AbsErrors[unsigned(Bound::MEM)],
            std::vector<double>{0.5});
  EXPECT_NEAR(P->Bands[unsigned(Bound::ALU)]->Median, 0.375, 1e-12);

  std::string Mid = "schema: 1\nvalidation:\n  - old: 1\n\n# about cache\n"
                    "cache:\n  line: 128 B\n";
  EXPECT_EQ(
      replaceValidationBlock(Mid, "validation: []\n"),
      "schema: 1\nvalidation: []\n\n# about cache\ncache:\n  line: 128 B\n");
  EXPECT_EQ(replaceValidationBlock("a: 1", "validation: []\n"),
            "a: 1\nvalidation: []\n");
}

TEST(ErrorBand, BadValidationIsAnErrorAtItsPlace) {
  auto Base = findProfileSource("nvidia-h100-sxm");
  ASSERT_TRUE(static_cast<bool>(Base));
  std::string Text = replaceValidationBlock(
      Base->Text, "validation:\n  - suite: s\n    date: d\n    device: x\n"
                  "    abs_errors:\n      MEM: [0.1, -2]\n");
  auto P = parseProfile(Text, "p.yaml");
  ASSERT_FALSE(static_cast<bool>(P));
  std::string E = llvm::toString(P.takeError());
  EXPECT_NE(E.find("p.yaml:"), std::string::npos) << E;
  EXPECT_NE(E.find("'validation[].abs_errors.MEM' must hold numbers of 0 or "
                   "more"),
            std::string::npos)
      << E;
}

//===- SummarizeTest.cpp - validate's summary statistics by hand ----------===//
//
// summarize() (lib/Validate/Validation.h) on hand-made records. Expected
// values come from the definitions:
//   error       = (estimate - measured) / measured
//   percentiles of |error| by linear interpolation between closest ranks:
//               position p * (n - 1) in the sorted values
//   Spearman    = Pearson correlation of the ranks, ties sharing their
//               average rank; 0 when a side has no spread or n < 2
//   variant pairs: every two measured kernels of one job, in listing order;
//               correct when the estimate orders them as measured
//
//===----------------------------------------------------------------------===//
#include "Validate/Validation.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace clspread;

namespace {

ValidatedKernel kernel(std::string Id, double Estimate,
                       std::optional<double> Measured,
                       std::string VariantOf = "") {
  ValidatedKernel K;
  K.Id = Id;
  K.Name = Id;
  K.VariantOf = std::move(VariantOf);
  K.EstimateS = Estimate;
  K.MeasuredS = Measured;
  K.Status = Measured ? "ok" : "error";
  K.Global = {1024, 1, 1};
  K.WorkItems = 1024;
  K.Bound = "MEM";
  return K;
}

Validation of(std::vector<ValidatedKernel> Ks) {
  Validation V;
  V.ProfileId = "test";
  V.Device = "Test Device";
  V.Driver = "1.0";
  V.Kernels = std::move(Ks);
  summarize(V);
  return V;
}

/// Kernels whose |error| is exactly \p AbsErrors (estimate = measured *
/// (1 + e) with measured = 1 ms, alternating the sign of e).
Validation withAbsErrors(const std::vector<double> &AbsErrors) {
  std::vector<ValidatedKernel> Ks;
  for (size_t I = 0; I < AbsErrors.size(); ++I) {
    double E = I % 2 ? -AbsErrors[I] : AbsErrors[I];
    std::string Id = "k";
    Id += std::to_string(I);
    Ks.push_back(kernel(Id, 1e-3 * (1 + E), 1e-3));
  }
  return of(std::move(Ks));
}

const VariantPair *findPair(const Validation &V, const std::string &A,
                            const std::string &B) {
  for (const VariantPair &P : V.Pairs)
    if (P.A == A && P.B == B)
      return &P;
  return nullptr;
}

TEST(ValidateError, SignedRelativeError) {
  // Overestimate by a factor 2: (2 - 1) / 1 = +1; underestimate by half:
  // (0.5 - 1) / 1 = -0.5; exact: 0.
  EXPECT_DOUBLE_EQ(kernel("a", 2e-3, 1e-3).error(), 1.0);
  EXPECT_DOUBLE_EQ(kernel("b", 0.5e-3, 1e-3).error(), -0.5);
  EXPECT_DOUBLE_EQ(kernel("c", 3e-6, 3e-6).error(), 0.0);
  // (3 - 4) / 4 = -0.25
  EXPECT_DOUBLE_EQ(kernel("d", 3.0, 4.0).error(), -0.25);
}

TEST(ValidatePercentiles, OddCountMedianIsTheMiddle) {
  // |error| 0.1 0.2 0.3 0.4 0.5, given out of order. Median: position
  // 0.5 * 4 = 2 -> 0.3. p90: position 0.9 * 4 = 3.6 -> 0.4 + 0.6 * (0.5 -
  // 0.4) = 0.46.
  Validation V = withAbsErrors({0.4, 0.1, 0.5, 0.3, 0.2});
  EXPECT_NEAR(V.Summary.MedianAbsError, 0.3, 1e-12);
  EXPECT_NEAR(V.Summary.P90AbsError, 0.46, 1e-12);
}

TEST(ValidatePercentiles, EvenCountInterpolates) {
  // |error| 0.1 0.2 0.4 0.8. Median: position 0.5 * 3 = 1.5 -> 0.2 + 0.5 *
  // (0.4 - 0.2) = 0.3. p90: position 0.9 * 3 = 2.7 -> 0.4 + 0.7 * (0.8 -
  // 0.4) = 0.68.
  Validation V = withAbsErrors({0.8, 0.1, 0.4, 0.2});
  EXPECT_NEAR(V.Summary.MedianAbsError, 0.3, 1e-12);
  EXPECT_NEAR(V.Summary.P90AbsError, 0.68, 1e-12);
}

TEST(ValidatePercentiles, AbsoluteValuesOfSignedErrors) {
  // Errors +1.0 and -0.5 (estimate 2x and 0.5x): |error| 1.0 and 0.5, so
  // the median is 0.75 (position 0.5), p90 0.5 + 0.9 * 0.5 = 0.95.
  Validation V = of({kernel("a", 2.0, 1.0), kernel("b", 0.5, 1.0)});
  EXPECT_NEAR(V.Summary.MedianAbsError, 0.75, 1e-12);
  EXPECT_NEAR(V.Summary.P90AbsError, 0.95, 1e-12);
}

TEST(ValidatePercentiles, OneKernelAndNone) {
  Validation One = withAbsErrors({0.25});
  EXPECT_NEAR(One.Summary.MedianAbsError, 0.25, 1e-12);
  EXPECT_NEAR(One.Summary.P90AbsError, 0.25, 1e-12);
  Validation None = of({kernel("a", 1.0, std::nullopt)});
  EXPECT_EQ(None.Summary.Kernels, 1u);
  EXPECT_EQ(None.Summary.Measured, 0u);
  EXPECT_EQ(None.Summary.MedianAbsError, 0.0);
  EXPECT_EQ(None.Summary.P90AbsError, 0.0);
  EXPECT_EQ(None.Summary.Spearman, 0.0);
}

TEST(ValidatePercentiles, UnmeasuredKernelsAreLeftOut) {
  // |error| of the measured: 0.1, 0.3, 0.5 -> median 0.3, p90 0.3 + 0.8 *
  // 0.2 = 0.46. The unmeasured kernel's estimate (100x anything) must not
  // count.
  Validation V = of({kernel("a", 1.1, 1.0), kernel("x", 100.0, std::nullopt),
                     kernel("b", 0.7, 1.0), kernel("c", 1.5, 1.0)});
  EXPECT_EQ(V.Summary.Kernels, 4u);
  EXPECT_EQ(V.Summary.Measured, 3u);
  EXPECT_NEAR(V.Summary.MedianAbsError, 0.3, 1e-12);
  EXPECT_NEAR(V.Summary.P90AbsError, 0.46, 1e-12);
}

TEST(ValidateSpearman, PerfectOrderIsOne) {
  // Estimates all 10x off but in the measured order: rank correlation 1.
  Validation V = of({kernel("a", 1e-5, 1e-4), kernel("b", 2e-5, 3e-4),
                     kernel("c", 3e-5, 5e-4), kernel("d", 9e-5, 6e-4)});
  EXPECT_NEAR(V.Summary.Spearman, 1.0, 1e-12);
}

TEST(ValidateSpearman, ReversedOrderIsMinusOne) {
  Validation V = of({kernel("a", 4.0, 1.0), kernel("b", 3.0, 2.0),
                     kernel("c", 2.0, 3.0), kernel("d", 1.0, 4.0)});
  EXPECT_NEAR(V.Summary.Spearman, -1.0, 1e-12);
}

TEST(ValidateSpearman, OneSwapOfFour) {
  // Estimate ranks 1 2 4 3, measured 1 2 3 4: d^2 sums to 2,
  // rho = 1 - 6 * 2 / (4 * 15) = 0.8 (no ties, so the rank-difference
  // formula equals the Pearson correlation of the ranks).
  Validation V = of({kernel("a", 1.0, 1.0), kernel("b", 2.0, 2.0),
                     kernel("c", 4.0, 3.0), kernel("d", 3.0, 4.0)});
  EXPECT_NEAR(V.Summary.Spearman, 0.8, 1e-12);
}

TEST(ValidateSpearman, TiesShareTheirAverageRank) {
  // Estimates 1 2 2 3 -> ranks 1, 2.5, 2.5, 4; measured 1 2 3 4 -> 1 2 3 4.
  // Means 2.5; deviations x: -1.5 0 0 1.5, y: -1.5 -0.5 0.5 1.5.
  // Sxy = 2.25 + 0 + 0 + 2.25 = 4.5, Sxx = 4.5, Syy = 5:
  // rho = 4.5 / sqrt(4.5 * 5) = sqrt(0.9) = 0.948683...
  // (The tie-less shortcut 1 - 6 sum d^2 / (n (n^2 - 1)) would give 0.95.)
  Validation V = of({kernel("a", 1.0, 1.0), kernel("b", 2.0, 2.0),
                     kernel("c", 2.0, 3.0), kernel("d", 3.0, 4.0)});
  EXPECT_NEAR(V.Summary.Spearman, std::sqrt(0.9), 1e-12);
}

TEST(ValidateSpearman, TiesOnBothSides) {
  // Estimates 1 1 2 2 -> ranks 1.5 1.5 3.5 3.5; measured 5 6 6 7 -> ranks
  // 1 2.5 2.5 4. Deviations x: -1 -1 1 1; y: -1.5 0 0 1.5.
  // Sxy = 1.5 + 0 + 0 + 1.5 = 3, Sxx = 4, Syy = 4.5:
  // rho = 3 / sqrt(18) = 0.707107 = 1 / sqrt(2).
  Validation V = of({kernel("a", 1.0, 5.0), kernel("b", 1.0, 6.0),
                     kernel("c", 2.0, 6.0), kernel("d", 2.0, 7.0)});
  EXPECT_NEAR(V.Summary.Spearman, 1 / std::sqrt(2.0), 1e-12);
}

TEST(ValidateSpearman, NoSpreadOrTooFewIsZero) {
  // All estimates equal: their ranks do not vary, no correlation.
  Validation Flat =
      of({kernel("a", 1.0, 1.0), kernel("b", 1.0, 2.0), kernel("c", 1.0, 3.0)});
  EXPECT_EQ(Flat.Summary.Spearman, 0.0);
  // One measured kernel (the other failed).
  Validation One = of({kernel("a", 1.0, 1.0), kernel("b", 2.0, std::nullopt)});
  EXPECT_EQ(One.Summary.Spearman, 0.0);
}

TEST(ValidateSpearman, UnmeasuredKernelsAreLeftOut) {
  // Measured a, b, c are in order (rho 1); the unmeasured one would break
  // the order if its estimate were ranked.
  Validation V = of({kernel("a", 1.0, 1.0), kernel("x", 0.1, std::nullopt),
                     kernel("b", 2.0, 2.0), kernel("c", 3.0, 3.0)});
  EXPECT_NEAR(V.Summary.Spearman, 1.0, 1e-12);
}

TEST(ValidatePairs, CorrectAndIncorrect) {
  // Job "good": estimate and measurement both say g2 is faster.
  // Job "bad": the estimate says b1 is faster, the measurement b2.
  // Singletons (no job) make no pairs.
  Validation V =
      of({kernel("g1", 2.0, 20.0, "good"), kernel("g2", 1.0, 10.0, "good"),
          kernel("b1", 1.0, 30.0, "bad"), kernel("b2", 2.0, 15.0, "bad"),
          kernel("solo", 1.0, 1.0)});
  EXPECT_EQ(V.Summary.VariantPairs, 2u);
  EXPECT_EQ(V.Summary.VariantOrderCorrect, 1u);
  ASSERT_EQ(V.Pairs.size(), 2u);
  const VariantPair *Good = findPair(V, "g1", "g2");
  const VariantPair *Bad = findPair(V, "b1", "b2");
  ASSERT_TRUE(Good && Bad);
  EXPECT_EQ(Good->Job, "good");
  EXPECT_TRUE(Good->Correct);
  EXPECT_EQ(Bad->Job, "bad");
  EXPECT_FALSE(Bad->Correct);
}

TEST(ValidatePairs, ThreeVariantsMakeThreePairs) {
  // Estimates 1 2 3, measured 1 3 2: (v1, v2) correct, (v1, v3) correct,
  // (v2, v3) incorrect. Pairs keep listing order: (v1,v2) (v1,v3) (v2,v3).
  Validation V =
      of({kernel("v1", 1.0, 1.0, "job"), kernel("v2", 2.0, 3.0, "job"),
          kernel("v3", 3.0, 2.0, "job")});
  ASSERT_EQ(V.Pairs.size(), 3u);
  EXPECT_EQ(V.Pairs[0].A, "v1");
  EXPECT_EQ(V.Pairs[0].B, "v2");
  EXPECT_TRUE(V.Pairs[0].Correct);
  EXPECT_EQ(V.Pairs[1].A, "v1");
  EXPECT_EQ(V.Pairs[1].B, "v3");
  EXPECT_TRUE(V.Pairs[1].Correct);
  EXPECT_EQ(V.Pairs[2].A, "v2");
  EXPECT_EQ(V.Pairs[2].B, "v3");
  EXPECT_FALSE(V.Pairs[2].Correct);
  EXPECT_EQ(V.Summary.VariantPairs, 3u);
  EXPECT_EQ(V.Summary.VariantOrderCorrect, 2u);
}

TEST(ValidatePairs, UnmeasuredVariantMakesNoPair) {
  Validation V =
      of({kernel("a", 1.0, 1.0, "job"), kernel("b", 2.0, std::nullopt, "job"),
          kernel("c", 3.0, 3.0, "job")});
  ASSERT_EQ(V.Pairs.size(), 1u);
  EXPECT_EQ(V.Pairs[0].A, "a");
  EXPECT_EQ(V.Pairs[0].B, "c");
  EXPECT_TRUE(V.Pairs[0].Correct);
}

TEST(ValidatePairs, SummarizeTwiceDoesNotAccumulate) {
  Validation V =
      of({kernel("a", 1.0, 2.0, "job"), kernel("b", 2.0, 1.0, "job")});
  summarize(V);
  EXPECT_EQ(V.Pairs.size(), 1u);
  EXPECT_EQ(V.Summary.VariantPairs, 1u);
  EXPECT_EQ(V.Summary.VariantOrderCorrect, 0u);
  EXPECT_EQ(V.Summary.Kernels, 2u);
  EXPECT_EQ(V.Summary.Measured, 2u);
}

// When the two estimates of a pair are equal the model picks neither
// variant: the verdict must not depend on which variant the suite lists
// first (it once did). On pocl-cpu the quick launches of amp, vecadd and
// transpose tie this way (see tests/e2e/validate).
TEST(ValidatePairs, TiedEstimatesDoNotDependOnListingOrder) {
  Validation AB =
      of({kernel("a", 1.0, 1.0, "job"), kernel("b", 1.0, 2.0, "job")});
  Validation BA =
      of({kernel("b", 1.0, 2.0, "job"), kernel("a", 1.0, 1.0, "job")});
  ASSERT_EQ(AB.Pairs.size(), 1u);
  ASSERT_EQ(BA.Pairs.size(), 1u);
  EXPECT_EQ(AB.Pairs[0].Correct, BA.Pairs[0].Correct);
  EXPECT_EQ(AB.Summary.VariantOrderCorrect, BA.Summary.VariantOrderCorrect);
}

// The same for equal measured times with different estimates.
TEST(ValidatePairs, TiedMeasurementsDoNotDependOnListingOrder) {
  Validation AB =
      of({kernel("a", 1.0, 5.0, "job"), kernel("b", 2.0, 5.0, "job")});
  Validation BA =
      of({kernel("b", 2.0, 5.0, "job"), kernel("a", 1.0, 5.0, "job")});
  EXPECT_EQ(AB.Pairs[0].Correct, BA.Pairs[0].Correct);
}

} // namespace

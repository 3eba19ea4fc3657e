//===- TripCountTest.cpp - Loop trip counts from the launch --------------===//
//
// Scalar arguments given with --arg and NDRange sizes become constants before
// -O2, so ScalarEvolution knows the trip count; the optimizer may unroll, but
// the dynamic count of every (volatile) memory access and of the loop's
// arithmetic stays what the source performs. Sources start with a newline,
// so the first line of code is line 2 of "t.cl".
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestUtil.h"

using namespace clspread;
using namespace clspread::test;

namespace {

double execOf(const KernelCounts &K, const std::string &Buffer) {
  double S = 0;
  for (const auto &A : accessesOf(K, Buffer))
    S += A.ExecPerItem;
  return S;
}

bool hasAssumption(const KernelCounts &K, const std::string &A,
                   const std::string &B = "") {
  for (const auto &X : K.Assumptions)
    if (std::string S = X.text(); S.find(A) != std::string::npos &&
                                  (B.empty() || S.find(B) != std::string::npos))
      return true;
  return false;
}

const char *RowSum = R"(
__kernel void rowsum(__global const float *x, __global float *y, int n) {
  size_t i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += x[k];
  y[i] = s;
})";

TEST(TripCount, BoundFromArgRunsExactlyN) {
  // n = 37: x[k] read 37 times, 37 fp32 adds; y[i] stored once.
  auto K = analyze(RowSum, "rowsum", Launch({4096}).arg("n", 37));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 37);
  EXPECT_DOUBLE_EQ(execOf(K, "x"), 37);
  EXPECT_DOUBLE_EQ(K.GlobalLoadBytes, 148);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Fp32), 37);
  EXPECT_DOUBLE_EQ(K.GlobalStores, 1);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(TripCount, BoundFromArgLargeCount) {
  // n = 1000: 1000 loads of x, 1000 fp32 adds.
  auto K = analyze(RowSum, "rowsum", Launch({4096}).arg("n", 1000));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 1000);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Fp32), 1000);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(TripCount, ZeroTripLoopRunsNever) {
  // n = 0: the loop body never runs; only y[i] is stored.
  auto K = analyze(RowSum, "rowsum", Launch({4096}).arg("n", 0));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 0);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Fp32), 0);
  EXPECT_DOUBLE_EQ(K.GlobalStores, 1);
}

TEST(TripCount, InclusiveBoundAndCountDown) {
  // k <= n with n = 10: k = 0..10, 11 iterations. k = m down to 1 with
  // m = 6: 6 iterations. 17 loads of x in all, 17 fp32 adds.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global float *y, int n, int m) {
  size_t i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k <= n; ++k)
    s += x[k];
  for (int k = m; k > 0; --k)
    s += x[k];
  y[i] = s;
})",
                   "k", Launch({1024}).arg("n", 10).arg("m", 6));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 17);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Fp32), 17);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(TripCount, NegativeBoundRunsNever) {
  // n = -5: k < n never holds; no loads of x.
  auto K = analyze(RowSum, "rowsum", Launch({4096}).arg("n", -5));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 0);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(TripCount, BoundDependingOnIdIsAveragedOverItems) {
  // Triangular: item i runs i + 1 iterations, i in [0, 8): average
  // (1 + 2 + ... + 8) / 8 = 36 / 8 = 4.5 loads per item, counted exactly
  // over the NDRange from ScalarEvolution's exit count (i, a function of
  // the id), with no trip-count assumption.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global float *y) {
  int i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k <= i; ++k)
    s += x[k];
  y[i] = s;
})",
                   "k", Launch({8}));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 4.5);
  for (const Assumption &A : K.Assumptions)
    EXPECT_NE(A.Kind, "loop-trip-count") << A.text();
}

TEST(TripCount, NestedLoopsMultiply) {
  // n = 12 outer, m = 7 inner: 84 loads of x and 84 fp32 adds.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global float *y, int n, int m) {
  size_t i = get_global_id(0);
  float s = 0.0f;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < m; ++b)
      s += x[a * m + b];
  y[i] = s;
})",
                   "k", Launch({1024}).arg("n", 12).arg("m", 7));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 84);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Fp32), 84);
  EXPECT_DOUBLE_EQ(K.GlobalStores, 1);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(TripCount, StepTwo) {
  // k = 0, 2, ..., 100 for n = 101: 51 iterations.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global float *y, int n) {
  size_t i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < n; k += 2)
    s += x[k];
  y[i] = s;
})",
                   "k", Launch({1024}).arg("n", 101));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 51);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Fp32), 51);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(TripCount, BoundIsGlobalSize) {
  // get_global_size(0) is specialized to 256: 256 loads per item.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global float *y) {
  size_t i = get_global_id(0);
  float s = 0.0f;
  for (size_t k = 0; k < get_global_size(0); ++k)
    s += x[k];
  y[i] = s;
})",
                   "k", Launch({256}));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 256);
  EXPECT_DOUBLE_EQ(alu(K, AluClass::Fp32), 256);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(TripCount, BoundIsLocalSize) {
  // get_local_size(0) is specialized to 64 (local size given): 64 loads.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global float *y) {
  size_t i = get_global_id(0);
  float s = 0.0f;
  for (size_t k = 0; k < get_local_size(0); ++k)
    s += x[k];
  y[i] = s;
})",
                   "k", Launch({1024}).local({64}));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 64);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(TripCount, ConstantBoundLoopWithBarrierCountsEachIteration) {
  // 5 iterations of a constant-bound loop, one barrier each: 5 barriers.
  auto K = analyze(R"(
__kernel void k(__global float *y) {
  for (int k = 0; k < 5; ++k)
    barrier(CLK_GLOBAL_MEM_FENCE);
  y[get_global_id(0)] = 1.0f;
})",
                   "k", Launch({1024}).local({64}));
  EXPECT_DOUBLE_EQ(K.Barriers, 5);
}

TEST(TripCount, MissingBoundIsAnAssumptionNamingTheLine) {
  // n not given: the loop on line 5 gets an assumption that names t.cl:5 and
  // the default trip count 16.
  auto K = analyze(RowSum, "rowsum", Launch({4096}));
  EXPECT_TRUE(hasAssumption(K, "t.cl:5:", "assumed 16"))
      << joined(K.Assumptions);
}

TEST(TripCount, DefaultTripCountOptionIsUsedInTheMessage) {
  auto K = analyze(RowSum, "rowsum", Launch({4096}), /*DefaultTripCount=*/10);
  EXPECT_TRUE(hasAssumption(K, "t.cl:5:", "assumed 10"))
      << joined(K.Assumptions);
}

// The assumption says the loop's trip count is assumed to be
// DefaultTripCount, so x[k] should be read 16 times per item (10 with the
// option at 10). The loop's rotated guard (n > 0, on the same line) gets a
// second, independent 50% guess, so the analyzer reads x[k] 8 (5) times: the
// effective trip count is half the one the message states. See the report.
TEST(TripCount, MissingBoundRunsDefaultTripCount) {
  auto K = analyze(RowSum, "rowsum", Launch({4096}));
  EXPECT_DOUBLE_EQ(execOf(K, "x"), 16) << joined(K.Assumptions);
  auto K10 = analyze(RowSum, "rowsum", Launch({4096}), 10);
  EXPECT_DOUBLE_EQ(execOf(K10, "x"), 10) << joined(K10.Assumptions);
}

TEST(TripCount, DataDependentLoopIsAnAssumption) {
  // The exit depends on loaded data (line 5): an assumption naming t.cl:5.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global int *y) {
  size_t i = get_global_id(0);
  int k = 0;
  while (x[k] > 0.0f)
    ++k;
  y[i] = k;
})",
                   "k", Launch({1024}));
  EXPECT_TRUE(hasAssumption(K, "t.cl:5:")) << joined(K.Assumptions);
  EXPECT_GT(execOf(K, "x"), 1);
}

TEST(TripCount, ArgumentNotInKernelIsReported) {
  // --arg q=3 names no argument of the kernel: ignored, and said so.
  auto K = analyze(RowSum, "rowsum", Launch({4096}).arg("n", 4).arg("q", 3));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 4);
  EXPECT_TRUE(hasAssumption(K, "--arg q", "ignored")) << joined(K.Assumptions);
}

} // namespace

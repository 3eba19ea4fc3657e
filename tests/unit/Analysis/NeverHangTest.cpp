//===- NeverHangTest.cpp - Work budgets and the deadline of the analysis --===//
//
// issues/16 item 6: the id evaluator remembers failures and has a work
// budget (beyond it, the branch is an assumption that names the budget);
// AnalyzeOptions::Deadline stops the analysis with AnalysisTimedOut.
// Sources start with a newline: the first line of code is line 2 of t.cl.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestUtil.h"

#include <chrono>

using namespace clspread;
using namespace clspread::test;

namespace {

// Id-only, about ten operations: counted exactly with the default budget.
const char *Hashed = R"(
__kernel void k(__global float *out) {
  uint i = get_global_id(0);
  if ((((i * 3u + 1u) ^ (i >> 2)) % 7u) == 3u)
    out[i] = 1.0f;
})";

TEST(NeverHang, SmallConditionIsCountedExactly) {
  auto K = analyze(Hashed, "k", Launch({4096}));
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
  EXPECT_GT(K.GlobalStores, 0.0);
  EXPECT_NE(K.GlobalStores, 0.5);
}

TEST(NeverHang, OverTheBudgetIsAnAssumptionNamingIt) {
  auto U = compile(Hashed);
  ASSERT_TRUE(U);
  AnalyzeOptions O;
  O.Launch = Launch({4096}).L;
  O.MaxIdOperations = 4;
  auto K = analyzeKernel(*U->Module, "k", O);
  ASSERT_TRUE(bool(K)) << llvm::toString(K.takeError());
  EXPECT_DOUBLE_EQ(K->GlobalStores, 0.5);
  ASSERT_EQ(K->Assumptions.size(), 1u) << joined(K->Assumptions);
  EXPECT_EQ(K->Assumptions[0].text(),
            "t.cl:4: branch condition too large to evaluate over the NDRange "
            "(over 4 operations); assumed taken by 50% of work-items");
}

// 64 rounds of boolean gates, each reading every word of the round before
// several times: a DAG more than 64 operations deep whose failed values
// were walked once per path (exponentially) before failures were kept.
const char *Bitsliced = R"(
#define SBOX(a, b, c, d) {                                                   \
    uint t0 = (a & b) ^ (~c | d), t1 = (a ^ d) | (b & ~c);                   \
    uint t2 = (t0 & c) ^ (t1 | a), t3 = (t1 ^ b) & (t0 | d);                 \
    a = t2 ^ t3; b = t0 ^ t2; c = t1 ^ t3; d = t0 ^ t1 ^ a; }
#define R4(a, b, c, d) SBOX(a, b, c, d) SBOX(b, c, d, a) SBOX(c, d, a, b) SBOX(d, a, b, c)
#define R16(a, b, c, d) R4(a, b, c, d) R4(a, b, c, d) R4(a, b, c, d) R4(a, b, c, d)
__kernel void k(__global uint *found, uint target) {
  uint gid = get_global_id(0);
  uint a = gid, b = gid * 0x9E3779B9u, c = gid ^ 0x5bd1e995u, d = gid + 7u;
  R16(a, b, c, d) R16(a, b, c, d) R16(a, b, c, d) R16(a, b, c, d)
  if ((a ^ b ^ c ^ d) == target)
    found[0] = gid;
})";

TEST(NeverHang, DeepBooleanDagFinishesWithANamedAssumption) {
  auto Start = std::chrono::steady_clock::now();
  auto K =
      analyze(Bitsliced, "k", Launch({65536}).local({64}).arg("target", 5));
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  EXPECT_LT(Seconds, 20.0);
  EXPECT_DOUBLE_EQ(K.GlobalStores, 0.5);
  bool Named = false;
  for (const auto &A : K.Assumptions)
    Named |= A.text() ==
             "t.cl:12: branch condition too large to evaluate over the "
             "NDRange (more than 64 operations deep); assumed taken by 50% "
             "of work-items";
  EXPECT_TRUE(Named) << joined(K.Assumptions);
}

TEST(NeverHang, DeadlineInThePastIsAnalysisTimedOut) {
  auto U = compile(Hashed);
  ASSERT_TRUE(U);
  AnalyzeOptions O;
  O.Launch = Launch({4096}).L;
  O.Deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  auto K = analyzeKernel(*U->Module, "k", O);
  ASSERT_FALSE(bool(K));
  llvm::Error E = K.takeError();
  EXPECT_TRUE(E.isA<AnalysisTimedOut>());
  EXPECT_EQ(llvm::toString(std::move(E)),
            "analysis stopped after its time limit");
}

TEST(NeverHang, OtherErrorsAreNotTimeouts) {
  auto U = compile(Hashed);
  ASSERT_TRUE(U);
  AnalyzeOptions O;
  O.Launch = Launch({4096}).L;
  O.Deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
  auto K = analyzeKernel(*U->Module, "nosuchkernel", O);
  ASSERT_FALSE(bool(K));
  llvm::Error E = K.takeError();
  EXPECT_FALSE(E.isA<AnalysisTimedOut>());
  llvm::consumeError(std::move(E));
}

TEST(NeverHang, DistantDeadlineChangesNothing) {
  auto U = compile(Hashed);
  ASSERT_TRUE(U);
  AnalyzeOptions O;
  O.Launch = Launch({4096}).L;
  auto Plain = analyzeKernel(*U->Module, "k", O);
  O.Deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
  auto Timed = analyzeKernel(*U->Module, "k", O);
  ASSERT_TRUE(bool(Plain) && bool(Timed));
  EXPECT_EQ(Plain->GlobalStores, Timed->GlobalStores);
  EXPECT_EQ(Plain->Assumptions.size(), Timed->Assumptions.size());
}

} // namespace

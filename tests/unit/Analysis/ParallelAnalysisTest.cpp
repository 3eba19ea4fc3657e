//===- ParallelAnalysisTest.cpp - Kernels analyzed side by side ----------===//
//
// analyzeKernels() on several threads reads each module back from bitcode
// into a context per thread (lib/Analysis/ParallelAnalysis.h). The counts
// must be those analyzeKernel() computes on the original module, in the
// order of the jobs; the expected values are analyzeKernel()'s own, one
// kernel at a time on the calling thread.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestUtil.h"

#include "Analysis/ParallelAnalysis.h"

using namespace clspread;
using namespace clspread::test;

namespace {

// Three kernels that exercise different parts of the analysis: a loop
// with a trip count from an argument, a helper inlined into a loop and a
// dynamically indexed private array, and a branch on the id.
const char *Source = R"(
float scale(float x, float k) { return x * k + 1.0f; }

__kernel void rows(__global const float *in, __global float *out, int n) {
  int i = get_global_id(0);
  float s = 0.0f;
  for (int j = 0; j < n; ++j)
    s += in[i * n + j];
  out[i] = s;
}

__kernel void table(__global const int *idx, __global float *out) {
  int i = get_global_id(0);
  float t[8];
  for (int j = 0; j < 8; ++j)
    t[j] = scale((float)j, 0.5f);
  out[i] = t[idx[i] & 7];
}

__kernel void edge(__global float *a) {
  int i = get_global_id(0);
  if (i < 100)
    a[i] = a[i] * 2.0f;
}
)";

void expectSameCounts(const KernelCounts &A, const KernelCounts &B) {
  EXPECT_EQ(A.Name, B.Name);
  EXPECT_EQ(A.Alu, B.Alu);
  EXPECT_EQ(A.GlobalLoads, B.GlobalLoads);
  EXPECT_EQ(A.GlobalStoreBytes, B.GlobalStoreBytes);
  EXPECT_EQ(A.PrivateBytes, B.PrivateBytes);
  EXPECT_EQ(A.Registers, B.Registers);
  ASSERT_EQ(A.Accesses.size(), B.Accesses.size());
  for (size_t I = 0; I < A.Accesses.size(); ++I) {
    EXPECT_EQ(A.Accesses[I].Loc.Line, B.Accesses[I].Loc.Line);
    EXPECT_EQ(A.Accesses[I].ExecPerItem, B.Accesses[I].ExecPerItem);
    EXPECT_EQ(A.Accesses[I].StrideBytes, B.Accesses[I].StrideBytes);
    EXPECT_EQ(A.Accesses[I].Buffer, B.Accesses[I].Buffer);
  }
  ASSERT_EQ(A.Blocks.size(), B.Blocks.size());
  for (size_t I = 0; I < A.Blocks.size(); ++I)
    EXPECT_EQ(A.Blocks[I].Nodes.size(), B.Blocks[I].Nodes.size());
  ASSERT_EQ(A.Assumptions.size(), B.Assumptions.size());
  for (size_t I = 0; I < A.Assumptions.size(); ++I)
    EXPECT_EQ(A.Assumptions[I].Message, B.Assumptions[I].Message);
  ASSERT_EQ(A.Branches.size(), B.Branches.size());
  ASSERT_EQ(A.PrivateArrays.size(), B.PrivateArrays.size());
  for (size_t I = 0; I < A.PrivateArrays.size(); ++I)
    EXPECT_EQ(A.PrivateArrays[I].Name, B.PrivateArrays[I].Name);
}

std::vector<KernelJob> jobsFor(const llvm::Module &M) {
  // Not in source order: the results must follow the jobs.
  std::vector<KernelJob> Jobs;
  for (const char *K : {"edge", "rows", "table", "rows"}) {
    KernelJob J;
    J.M = &M;
    J.Kernel = K;
    J.Opts.Launch = Launch({4096}).local({64}).arg("n", 32).L;
    J.Opts.LaunchGiven = true;
    Jobs.push_back(std::move(J));
  }
  return Jobs;
}

TEST(ParallelAnalysis, ThreadsComputeWhatOneComputes) {
  auto U = compile(Source);
  ASSERT_TRUE(U);
  std::vector<KernelJob> Jobs = jobsFor(*U->Module);
  for (unsigned Threads : {2u, 3u, 8u}) {
    SCOPED_TRACE(Threads);
    auto Side = analyzeKernels(Jobs, Threads, /*MinInstructions=*/0);
    ASSERT_EQ(Side.size(), Jobs.size());
    for (size_t I = 0; I < Jobs.size(); ++I) {
      auto One = analyzeKernel(*U->Module, Jobs[I].Kernel, Jobs[I].Opts);
      ASSERT_TRUE(bool(One)) << llvm::toString(One.takeError());
      ASSERT_TRUE(bool(Side[I])) << llvm::toString(Side[I].takeError());
      EXPECT_EQ(Side[I]->Name, Jobs[I].Kernel);
      expectSameCounts(*One, *Side[I]);
    }
  }
  // The rows loop runs n = 32 times: one load per iteration (by hand).
  auto Side = analyzeKernels(Jobs, 2, /*MinInstructions=*/0);
  ASSERT_TRUE(bool(Side[1]));
  EXPECT_EQ(Side[1]->GlobalLoads, 32);
}

TEST(ParallelAnalysis, ErrorsStayWithTheirJob) {
  auto U = compile(Source);
  ASSERT_TRUE(U);
  std::vector<KernelJob> Jobs = jobsFor(*U->Module);
  Jobs[2].Kernel = "absent";
  for (unsigned Threads : {1u, 2u}) {
    auto R = analyzeKernels(Jobs, Threads, /*MinInstructions=*/0);
    ASSERT_EQ(R.size(), Jobs.size());
    EXPECT_TRUE(bool(R[0]));
    EXPECT_TRUE(bool(R[1]));
    EXPECT_FALSE(bool(R[2]));
    llvm::consumeError(R[2].takeError());
    EXPECT_TRUE(bool(R[3]));
  }
}

TEST(ParallelAnalysis, PastTheDeadlineEveryJobTimesOut) {
  auto U = compile(Source);
  ASSERT_TRUE(U);
  std::vector<KernelJob> Jobs = jobsFor(*U->Module);
  for (KernelJob &J : Jobs)
    J.Opts.Deadline = std::chrono::steady_clock::now();
  for (unsigned Threads : {1u, 2u}) {
    auto R = analyzeKernels(Jobs, Threads, /*MinInstructions=*/0);
    ASSERT_EQ(R.size(), Jobs.size());
    for (auto &E : R) {
      ASSERT_FALSE(bool(E));
      EXPECT_TRUE(E.errorIsA<AnalysisTimedOut>());
      llvm::consumeError(E.takeError());
    }
  }
}

} // namespace

//===- KernelNamesTest.cpp - Kernels of a unit, errors, launch defaults --===//
#include "AnalysisTestUtil.h"

using namespace clspread;
using namespace clspread::test;

namespace {

// Not alphabetical, with a helper function (not a kernel) first.
const char *ThreeKernels = R"(
float helper(float x) { return x * 2.0f; }
__kernel void zeta(__global float *a) { a[get_global_id(0)] = helper(1.0f); }
__kernel void alpha(__global float *a) { a[get_global_id(0)] = 2.0f; }
__kernel void mid(__global float *a, __global float *b) {
  a[get_global_id(0)] = b[get_global_id(0)];
}
)";

TEST(KernelNames, SourceOrderKernelsOnly) {
  auto U = compile(ThreeKernels);
  ASSERT_TRUE(U);
  EXPECT_EQ(kernelNames(*U->Module),
            (std::vector<std::string>{"zeta", "alpha", "mid"}));
}

TEST(KernelNames, EachKernelIsAnalyzedAlone) {
  // alpha stores once and loads nothing; mid loads b once and stores a once;
  // zeta's helper(1.0f) folds to 2.0f once inlined: no ALU beyond address
  // arithmetic (GEP: add + shift = 2 int_simple).
  auto U = compile(ThreeKernels);
  ASSERT_TRUE(U);
  AnalyzeOptions O;
  O.Launch = Launch({256}).L;
  auto Alpha = analyzeKernel(*U->Module, "alpha", O);
  ASSERT_TRUE(bool(Alpha)) << llvm::toString(Alpha.takeError());
  EXPECT_EQ(Alpha->Name, "alpha");
  EXPECT_EQ(Alpha->Loc.Line, 4u);
  EXPECT_EQ(Alpha->Loc.File, "t.cl");
  EXPECT_EQ(Alpha->GlobalStores, 1);
  EXPECT_EQ(Alpha->GlobalLoads, 0);

  auto Mid = analyzeKernel(*U->Module, "mid", O);
  ASSERT_TRUE(bool(Mid)) << llvm::toString(Mid.takeError());
  EXPECT_EQ(Mid->Loc.Line, 5u);
  EXPECT_EQ(Mid->GlobalLoads, 1);
  EXPECT_EQ(Mid->GlobalStores, 1);
  ASSERT_EQ(Mid->Args.size(), 2u);
  EXPECT_EQ(Mid->Args[0].Name, "a");
  EXPECT_EQ(Mid->Args[1].Name, "b");
  EXPECT_EQ(Mid->Args[1].Index, 1u);
  EXPECT_EQ(Mid->Args[1].Space, AddrSpace::Global);

  auto Zeta = analyzeKernel(*U->Module, "zeta", O);
  ASSERT_TRUE(bool(Zeta)) << llvm::toString(Zeta.takeError());
  EXPECT_EQ(Zeta->Loc.Line, 3u);
  EXPECT_EQ(Zeta->Alu[unsigned(AluClass::Fp32)], 0);
  EXPECT_EQ(Zeta->Alu[unsigned(AluClass::IntSimple)], 2);
  EXPECT_TRUE(Zeta->Assumptions.empty()) << joined(Zeta->Assumptions);

  // The module is not modified: the names and a second analysis agree.
  EXPECT_EQ(kernelNames(*U->Module).size(), 3u);
  auto Alpha2 = analyzeKernel(*U->Module, "alpha", O);
  ASSERT_TRUE(bool(Alpha2));
  EXPECT_EQ(Alpha2->GlobalStores, Alpha->GlobalStores);
  EXPECT_EQ(Alpha2->aluOps(), Alpha->aluOps());
}

TEST(KernelNames, WrongNameIsAnError) {
  auto U = compile(ThreeKernels);
  ASSERT_TRUE(U);
  AnalyzeOptions O;
  O.Launch = Launch({256}).L;
  auto K = analyzeKernel(*U->Module, "nope", O);
  ASSERT_FALSE(bool(K));
  std::string Msg = llvm::toString(K.takeError());
  EXPECT_NE(Msg.find("nope"), std::string::npos) << Msg;
}

TEST(KernelNames, NonKernelFunctionIsAnError) {
  // helper is a function of the module but not a kernel.
  auto U = compile(ThreeKernels);
  ASSERT_TRUE(U);
  AnalyzeOptions O;
  O.Launch = Launch({256}).L;
  auto K = analyzeKernel(*U->Module, "helper", O);
  ASSERT_FALSE(bool(K));
  llvm::consumeError(K.takeError());
}

TEST(KernelNames, EmptyUnitHasNoKernels) {
  auto U = compile("\nfloat f(float x) { return x; }\n");
  ASSERT_TRUE(U);
  EXPECT_TRUE(kernelNames(*U->Module).empty());
}

TEST(KernelNames, CompileErrorIsReported) {
  FrontendOptions FO;
  FO.File = "t.cl";
  FO.Source = "__kernel void k(__global float *a) { a[0] = nothing; }\n";
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  auto U = compileOpenCL(FO, OS);
  ASSERT_FALSE(bool(U));
  llvm::consumeError(U.takeError());
  EXPECT_NE(OS.str().find("t.cl:1:"), std::string::npos) << OS.str();
}

TEST(LaunchDefaults, NoGlobalGivenIsAssumedAndSaid) {
  // LaunchGiven = false: a 1-D kernel gets 1M items (2^20 = 1048576) and a
  // 2-D one 1024 x 1024, each with an assumption saying so.
  const char *Src = R"(
__kernel void one(__global float *a) { a[get_global_id(0)] = 1.0f; }
__kernel void two(__global float *a) {
  a[get_global_id(1) * 1024 + get_global_id(0)] = 1.0f;
}
)";
  auto U = compile(Src);
  ASSERT_TRUE(U);
  AnalyzeOptions O;
  O.LaunchGiven = false;
  auto One = analyzeKernel(*U->Module, "one", O);
  ASSERT_TRUE(bool(One));
  EXPECT_EQ(One->Launch.Dims, 1u);
  EXPECT_EQ(One->Launch.Global[0], 1048576u);
  ASSERT_FALSE(One->Assumptions.empty());
  EXPECT_NE(One->Assumptions[0].text().find("1048576"), std::string::npos)
      << joined(One->Assumptions);
  auto Two = analyzeKernel(*U->Module, "two", O);
  ASSERT_TRUE(bool(Two));
  EXPECT_EQ(Two->Launch.Dims, 2u);
  EXPECT_EQ(Two->Launch.Global[0], 1024u);
  EXPECT_EQ(Two->Launch.Global[1], 1024u);
  ASSERT_FALSE(Two->Assumptions.empty());
  EXPECT_NE(Two->Assumptions[0].text().find("1024x1024"), std::string::npos)
      << joined(Two->Assumptions);
}

TEST(LaunchDefaults, GivenLaunchIsRecorded) {
  auto K = analyze("\n__kernel void k(__global float *a) { a[0] = 1.0f; }\n",
                   "k", Launch({64, 8}).local({8, 8}));
  EXPECT_EQ(K.Launch.Dims, 2u);
  EXPECT_EQ(K.Launch.Global[0], 64u);
  EXPECT_EQ(K.Launch.Global[1], 8u);
  ASSERT_TRUE(K.Launch.Local);
  EXPECT_EQ(K.Launch.workGroupSize(), 64u);
}

} // namespace

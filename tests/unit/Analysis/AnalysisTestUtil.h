//===- AnalysisTestUtil.h - Compile a kernel from text and analyze it ----===//
//
// Shared by the Analysis unit tests: each test writes a small OpenCL C kernel
// as a string, compiles it in process (file name "t.cl"), and analyzes one of
// its kernels for a launch built with the helpers below. Expected values in
// the tests are derived by hand from the source and the cost conventions at
// the top of lib/Analysis/InstructionClass.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_TESTS_UNIT_ANALYSIS_ANALYSISTESTUTIL_H
#define CLSPREAD_TESTS_UNIT_ANALYSIS_ANALYSISTESTUTIL_H

#include "Analysis/KernelAnalyzer.h"
#include "Frontend/OpenCLFrontend.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace clspread::test {

/// Compiles \p Source as "t.cl"; fails the current test on a compile error.
inline std::optional<CompiledUnit> compile(const std::string &Source) {
  FrontendOptions FO;
  FO.File = "t.cl";
  FO.Source = Source;
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  auto U = compileOpenCL(FO, OS);
  if (!U) {
    std::string Msg = llvm::toString(U.takeError());
    ADD_FAILURE() << "compile failed: " << Msg << "\n" << OS.str();
    return std::nullopt;
  }
  return std::move(*U);
}

/// A 1-D to 3-D launch: global sizes, optional local sizes, scalar args.
struct Launch {
  LaunchSpec L;
  explicit Launch(std::vector<uint64_t> Global) {
    L.Dims = unsigned(Global.size());
    for (size_t D = 0; D < Global.size(); ++D)
      L.Global[D] = Global[D];
  }
  Launch &local(std::vector<uint64_t> Local) {
    std::array<uint64_t, 3> A = {1, 1, 1};
    for (size_t D = 0; D < Local.size(); ++D)
      A[D] = Local[D];
    L.Local = A;
    return *this;
  }
  Launch &arg(const std::string &Name, int64_t V) {
    L.Args[Name] = ArgValue::ofInt(V);
    return *this;
  }
  Launch &argf(const std::string &Name, double V) {
    L.Args[Name] = ArgValue::ofFloat(V);
    return *this;
  }
};

/// Compiles \p Source and analyzes \p Kernel for \p Launch. Fails the test
/// (and returns an empty record) when either step fails.
inline KernelCounts analyze(const std::string &Source,
                            const std::string &Kernel, const Launch &Launch,
                            unsigned DefaultTripCount = 16) {
  auto U = compile(Source);
  if (!U)
    return {};
  AnalyzeOptions O;
  O.Launch = Launch.L;
  O.DefaultTripCount = DefaultTripCount;
  auto K = analyzeKernel(*U->Module, Kernel, O);
  if (!K) {
    ADD_FAILURE() << "analyze failed: " << llvm::toString(K.takeError());
    return {};
  }
  return std::move(*K);
}

inline double alu(const KernelCounts &K, AluClass C) {
  return K.Alu[unsigned(C)];
}

/// Every ALU class other than those listed is zero.
inline void expectOnlyClasses(const KernelCounts &K,
                              std::initializer_list<AluClass> Allowed) {
  for (unsigned C = 0; C < NumAluClasses; ++C) {
    bool Ok = false;
    for (AluClass A : Allowed)
      Ok |= unsigned(A) == C;
    if (!Ok) {
      EXPECT_EQ(K.Alu[C], 0.0) << "class " << aluClassName(AluClass(C));
    }
  }
}

/// The global/constant access sites of \p Buffer, in program order.
inline std::vector<GlobalAccess> accessesOf(const KernelCounts &K,
                                            const std::string &Buffer,
                                            std::optional<bool> Store = {}) {
  std::vector<GlobalAccess> R;
  for (const auto &A : K.Accesses)
    if (A.Buffer == Buffer && (!Store || A.IsStore == *Store))
      R.push_back(A);
  return R;
}

inline const BufferFootprint *footprintOf(const KernelCounts &K,
                                          const std::string &Arg) {
  for (const auto &F : K.Footprints)
    if (F.Arg == Arg)
      return &F;
  return nullptr;
}

inline std::string joined(const std::vector<Assumption> &V) {
  std::string S;
  for (const auto &X : V)
    S += "  " + X.text() + "\n";
  return S;
}

inline std::string joined(const std::vector<std::string> &V) {
  std::string S;
  for (const auto &X : V)
    S += "  " + X + "\n";
  return S;
}

} // namespace clspread::test

#endif

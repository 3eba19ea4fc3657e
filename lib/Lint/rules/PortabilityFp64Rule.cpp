//===- PortabilityFp64Rule.cpp - double without cl_khr_fp64 ---------------===//
//
// OpenCL C 1.x needs `#pragma OPENCL EXTENSION cl_khr_fp64 : enable` before
// double is used (Clang accepts it without on spir targets, a real driver
// may not), and a device without fp64 (alu.rates.fp64: none, e.g. Mali-G76)
// cannot run the kernel at all. The pragma is looked for in the source
// text, which is enough for a linter: it is a preprocessor line.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "llvm/ADT/STLExtras.h"

#include <fmt/format.h>

#include <regex>

namespace clspread::rules {

namespace {

class PortabilityFp64Rule : public LintRule {
public:
  explicit PortabilityFp64Rule(RuleOptions &) {}
  llvm::StringRef id() const override { return "portability-fp64"; }
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "double used without enabling cl_khr_fp64, or on a device "
           "without fp64";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    if (!C.Counts.Fp64Use)
      return;
    const SourceLoc &At = *C.Counts.Fp64Use;
    bool NoUnit = !C.Profile.Alu.Rate[unsigned(AluClass::Fp64)] &&
                  !C.Profile.isVliw();
    if (NoUnit || llvm::is_contained(C.Est.Unsupported, AluClass::Fp64)) {
      Out.report(At.Line, At.Col,
                 fmt::format("double-precision arithmetic on {}, which has "
                             "no fp64 unit (alu.rates.fp64: none): the "
                             "kernel does not build there; use float",
                             C.Profile.Name),
                 Severity::Error);
      return;
    }
    static const std::regex Pragma(
        R"(^\s*#\s*pragma\s+OPENCL\s+EXTENSION\s+(cl_khr_fp64|all)\s*:\s*enable)");
    bool Enabled = false;
    for (unsigned N = 1; N <= C.Source.lineCount() && !Enabled; ++N)
      Enabled = std::regex_search(C.Source.line(N).str(), Pragma);
    if (Enabled || C.ClStd == "CL3.0" || C.ClStd == "CL2.0")
      return;
    Finding &F = Out.report(At.Line, At.Col,
                            "double is used but cl_khr_fp64 is not enabled; "
                            "OpenCL C 1.x requires '#pragma OPENCL EXTENSION "
                            "cl_khr_fp64 : enable'");
    F.Fixes.push_back(
        {{C.Source.path(), 1, 1}, {C.Source.path(), 1, 1},
         "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"});
  }
};

} // namespace

std::unique_ptr<LintRule> makePortabilityFp64(RuleOptions &O) {
  return std::make_unique<PortabilityFp64Rule>(O);
}

} // namespace clspread::rules

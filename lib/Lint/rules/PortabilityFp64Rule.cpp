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
#include <string>

namespace clspread::rules {

namespace {

class PortabilityFp64Rule : public LintRule {
public:
  explicit PortabilityFp64Rule(RuleOptions &) {}
  static constexpr char Id[] = "portability-fp64";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "double used without enabling cl_khr_fp64, or on a device "
           "without fp64";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    if (!C.Counts.Fp64Use)
      return;
    const SourceLoc &At = *C.Counts.Fp64Use;
    static const std::regex Pragma(
        R"(^\s*#\s*pragma\s+OPENCL\s+EXTENSION\s+(cl_khr_fp64|all)\s*:\s*enable)");
    static const std::regex DoubleType(R"(\bdouble(2|3|4|8|16)?\b)");
    bool Enabled = false, Spelled = false;
    bool InComment = false;
    for (unsigned N = 1; N <= C.Source.lineCount(); ++N) {
      std::string L = C.Source.line(N).str();
      Enabled |= std::regex_search(L, Pragma);
      Spelled |= std::regex_search(codeOf(L, InComment), DoubleType);
    }
    // OpenCL C 1.2 6.1.1.1: an unsuffixed literal (0.5) is a double only
    // where double is available and enabled; elsewhere it is a float. So
    // without a double in the source and without the pragma, the double
    // operations Clang counted (it enables cl_khr_fp64 on spir) are float
    // on the device.
    if (!Spelled && !Enabled)
      return;
    bool NoUnit =
        !C.Profile.Alu.Rate[unsigned(AluClass::Fp64)] && !C.Profile.isVliw();
    if (NoUnit || llvm::is_contained(C.Est.Unsupported, AluClass::Fp64)) {
      if (Spelled) {
        Out.report(At.Line, At.Col,
                   fmt::format("double-precision arithmetic on {}, which has "
                               "no fp64 unit (alu.rates.fp64: none): the "
                               "kernel does not build there; use float",
                               C.Profile.Name),
                   Severity::Error);
        return;
      }
      // Only literals, made double by the pragma: a compiler without
      // cl_khr_fp64 warns about the pragma and builds them as float.
      Finding &F = Out.report(
          At.Line, At.Col,
          fmt::format("unsuffixed floating-point literals are double where "
                      "cl_khr_fp64 is enabled, and {} has no fp64 unit "
                      "(alu.rates.fp64: none): its compiler builds them as "
                      "float, other devices run them in double; write them "
                      "with an 'f' suffix",
                      C.Profile.Name));
      literalFixes(C, At.Line, F);
      return;
    }
    if (Enabled || !Spelled || C.ClStd == "CL3.0" || C.ClStd == "CL2.0")
      return;
    Finding &F = Out.report(At.Line, At.Col,
                            "double is used but cl_khr_fp64 is not enabled; "
                            "OpenCL C 1.x requires '#pragma OPENCL EXTENSION "
                            "cl_khr_fp64 : enable'");
    F.Fixes.push_back({{C.Source.path(), 1, 1},
                       {C.Source.path(), 1, 1},
                       "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"});
  }

private:
  /// \p L without comments and string literals (\p InComment carries a
  /// block comment over lines).
  static std::string codeOf(const std::string &L, bool &InComment) {
    std::string Out;
    for (size_t I = 0; I < L.size(); ++I) {
      if (InComment) {
        if (L.compare(I, 2, "*/") == 0) {
          InComment = false;
          ++I;
        }
        continue;
      }
      if (L.compare(I, 2, "//") == 0)
        break;
      if (L.compare(I, 2, "/*") == 0) {
        InComment = true;
        ++I;
        continue;
      }
      if (L[I] == '"') {
        for (++I; I < L.size() && L[I] != '"'; ++I)
          if (L[I] == '\\')
            ++I;
        Out += ' ';
        continue;
      }
      Out += L[I];
    }
    return Out;
  }

  /// Fix-its adding 'f' to each unsuffixed floating-point literal of line
  /// \p N.
  static void literalFixes(const KernelContext &C, unsigned N, Finding &F) {
    static const std::regex Literal(
        R"((^|[^\w.])((\d+\.\d*|\.\d+)([eE][+-]?\d+)?|\d+[eE][+-]?\d+)(?![\w.]))");
    bool InComment = false;
    std::string L = codeOf(C.Source.line(N).str(), InComment);
    for (auto It = std::sregex_iterator(L.begin(), L.end(), Literal);
         It != std::sregex_iterator(); ++It) {
      unsigned End = unsigned(It->position(2) + It->length(2)) + 1;
      F.Fixes.push_back(
          {{C.Source.path(), N, End}, {C.Source.path(), N, End}, "f"});
    }
  }
};

} // namespace

constinit const RuleDef PortabilityFp64 = ruleDef<PortabilityFp64Rule>();

} // namespace clspread::rules

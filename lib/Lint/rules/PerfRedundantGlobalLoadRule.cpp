//===- PerfRedundantGlobalLoadRule.cpp - The same bytes loaded again ------===//
//
// Two shapes of the same waste, both inside a loop:
//  - the address does not change between iterations: the work-item loads
//    the same bytes every time (the compiler could not keep them in a
//    register, usually for fear of aliasing with a store); load once
//    before the loop.
//  - the address does not change between neighbouring work-items (stride
//    0): every work-item of the group loads the same bytes on every
//    iteration; a __local tile loaded once per work-group serves them all
//    (kernels/matmul.cl: matmul_naive vs matmul_tiled).
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

class PerfRedundantGlobalLoadRule : public LintRule {
public:
  explicit PerfRedundantGlobalLoadRule(RuleOptions &) {}
  llvm::StringRef id() const override { return "perf-redundant-global-load"; }
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "a global load repeated in a loop at the same address, per "
           "work-item or across the work-group";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    for (const GlobalAccess &A : C.Counts.Accesses) {
      if (A.IsStore || A.IsAtomic || !A.LoopLine || A.ExecPerItem <= 1)
        continue;
      std::string Buf = A.Buffer.empty() ? "?" : A.Buffer;
      if (A.LoopInvariant) {
        Out.report(A.Loc.Line, A.Loc.Col,
                   fmt::format("'{}' is loaded at the same address on every "
                               "iteration of the loop at line {} ({:.4g} "
                               "times per work-item); load it once before "
                               "the loop",
                               Buf, A.LoopLine, A.ExecPerItem));
      } else if (A.StrideBytes && *A.StrideBytes == 0) {
        Finding &F = Out.report(
            A.Loc.Line, A.Loc.Col,
            fmt::format("every work-item loads the same element of '{}' on "
                        "each iteration of the loop at line {} ({:.4g} loads "
                        "per work-item); load a tile into __local memory "
                        "once per work-group",
                        Buf, A.LoopLine, A.ExecPerItem));
        F.Notes.push_back({{}, "kernels/matmul.cl: matmul_tiled reads A and "
                               "B through 16x16 __local tiles"});
      }
    }
  }
};

} // namespace

std::unique_ptr<LintRule> makePerfRedundantGlobalLoad(RuleOptions &O) {
  return std::make_unique<PerfRedundantGlobalLoadRule>(O);
}

} // namespace clspread::rules

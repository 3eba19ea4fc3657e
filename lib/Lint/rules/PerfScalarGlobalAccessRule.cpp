//===- PerfScalarGlobalAccessRule.cpp - 32-bit loads where 128 would do ---===//
//
// AMD (seeds/002): the memory system prefers 128-bit loads and stores; a
// work-item that loads one float where neighbouring floats belong to its
// neighbours could load a float4 and do four elements' work. Only reported
// when the kernel is bound by memory or fetches on the profile: elsewhere
// the wider access gains nothing the estimate can show.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

#include <set>

namespace clspread::rules {

namespace {

class PerfScalarGlobalAccessRule : public LintRule {
public:
  explicit PerfScalarGlobalAccessRule(RuleOptions &) {}
  llvm::StringRef id() const override { return "perf-scalar-global-access"; }
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "contiguous 32-bit scalar accesses in a memory-bound kernel where "
           "128-bit float4/int4 accesses would serve";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    if (C.Est.Limit == Bound::ALU)
      return;
    std::set<std::string> Done;
    for (const GlobalAccess &A : C.Counts.Accesses) {
      if (A.IsAtomic || A.Bytes != 4 || !A.StrideBytes || *A.StrideBytes != 4 ||
          A.Buffer.empty() || !Done.insert(A.Buffer).second)
        continue;
      Out.report(A.Loc,
                 fmt::format("each work-item {} one 4-byte element of '{}' "
                             "and its neighbours the next ones; in this "
                             "{}-bound kernel, {} a float4/int4 (16 B) per "
                             "work-item and doing four elements' work uses "
                             "the 128-bit path",
                             A.IsStore ? "stores" : "loads", A.Buffer,
                             boundName(C.Est.Limit),
                             A.IsStore ? "storing" : "loading"));
    }
  }
};

} // namespace

std::unique_ptr<LintRule> makePerfScalarGlobalAccess(RuleOptions &O) {
  return std::make_unique<PerfScalarGlobalAccessRule>(O);
}

} // namespace clspread::rules

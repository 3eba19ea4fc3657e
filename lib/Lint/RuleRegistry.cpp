//===- RuleRegistry.cpp - Every lint rule, one line each ------------------===//
#include "Lint/RuleRegistry.h"
#include "Lint/rules/Rules.h"
#include "Support/Embedded.h"

#include <algorithm>

namespace clspread {

CLSPREAD_DECLARE_EMBEDDED(embeddedRulePages);

std::optional<std::string_view> rulePage(llvm::StringRef Id) {
  for (const EmbeddedFile &F : embeddedRulePages())
    if (F.Path == Id.str() + ".md")
      return F.Content;
  return std::nullopt;
}

const std::vector<RuleRegistration> &ruleRegistry() {
  static const std::vector<RuleRegistration> Rules = [] {
    std::vector<RuleRegistration> R = {
        // One line per rule: {"rule-id", rules::makeRuleName},
        {"perf-barrier-large-work-group", rules::makePerfBarrierLargeWorkGroup},
        {"perf-divergent-branch", rules::makePerfDivergentBranch},
        {"perf-global-size-not-divisible", rules::makePerfGlobalSizeNotDivisible},
        {"perf-low-work-per-item", rules::makePerfLowWorkPerItem},
        {"perf-missing-reqd-work-group-size", rules::makePerfMissingReqdWorkGroupSize},
        {"perf-narrow-vector-buffer", rules::makePerfNarrowVectorBuffer},
        {"perf-private-array-scratch", rules::makePerfPrivateArrayScratch},
        {"perf-redundant-global-load", rules::makePerfRedundantGlobalLoad},
        // Outside the default set: 0 of 22 findings true, 5 false on real
        // code (docs/realworld.md, second pass); run it by name.
        {"perf-scalar-global-access", rules::makePerfScalarGlobalAccess,
         /*InDefaultSet=*/false},
        {"perf-uncoalesced-access", rules::makePerfUncoalescedAccess},
        {"perf-work-group-dispatch", rules::makePerfWorkGroupDispatch},
        {"perf-work-group-size-limit", rules::makePerfWorkGroupSizeLimit},
        {"portability-fp16", rules::makePortabilityFp16},
        {"portability-fp64", rules::makePortabilityFp64},
        {"perf-global-size-too-small", rules::makePerfGlobalSizeTooSmall},
        {"perf-kernel-fusion", rules::makePerfKernelFusion},
        {"perf-low-occupancy", rules::makePerfLowOccupancy},
        {"perf-work-group-size-multiple", rules::makePerfWorkGroupSizeMultiple},
        {"portability-unsupported-op", rules::makePortabilityUnsupportedOp},
    };
    std::sort(R.begin(), R.end(), [](const auto &A, const auto &B) {
      return llvm::StringRef(A.Id) < B.Id;
    });
    return R;
  }();
  return Rules;
}

const RuleRegistration *findRule(llvm::StringRef Id) {
  for (const RuleRegistration &R : ruleRegistry())
    if (Id == R.Id)
      return &R;
  return nullptr;
}

std::vector<RuleInfo> listRules() {
  std::vector<RuleInfo> Out;
  for (const RuleRegistration &R : ruleRegistry()) {
    RuleOptions O;
    std::unique_ptr<LintRule> Rule = R.Make(O);
    Out.push_back({R.Id, Rule->defaultSeverity(), Rule->summary().str(),
                   Rule->needsLaunch(), R.InDefaultSet});
  }
  return Out;
}

std::string defaultRuleSelection() {
  std::string S = "*";
  for (const RuleRegistration &R : ruleRegistry())
    if (!R.InDefaultSet)
      S += std::string(",-") + R.Id;
  return S;
}

std::vector<std::string> selectableRuleIds() {
  std::vector<std::string> Ids = {"clspread-nolint", "clspread-timeout"};
  for (const RuleInfo &R : listRules())
    Ids.push_back(R.Id);
  return Ids;
}

} // namespace clspread

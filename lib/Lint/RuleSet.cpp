//===- RuleSet.cpp - The rules one run uses, built with their options -----===//
#include "Lint/RuleSet.h"
#include "Lint/RuleRegistry.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace clspread {

Expected<RuleSet> RuleSet::create(const GlobList &Enabled,
                                  const RuleOptionMap &Options) {
  RuleSet S;
  for (const RuleRegistration &R : ruleRegistry()) {
    if (!Enabled.contains(R.Id))
      continue;
    Entry E;
    E.Id = R.Id;
    auto It = Options.find(R.Id);
    E.Options = It == Options.end() ? RuleOptions() : RuleOptions(It->second);
    E.Rule = R.Make(E.Options);
    std::vector<std::string> Problems = E.Options.problems();
    if (!Problems.empty())
      return createStringError(inconvertibleErrorCode(), "%s: %s", R.Id,
                               Problems.front().c_str());
    S.Rules.push_back(std::move(E));
  }
  return S;
}

RuleSet RuleSet::defaultSet() {
  auto G = GlobList::parse(defaultRuleSelection());
  auto S = create(*G, {});
  return std::move(*S); // default options always parse
}

void RuleSet::check(const KernelContext &C, std::vector<Finding> &Out,
                    std::vector<std::string> *Skipped) const {
  for (const Entry &E : Rules) {
    if (E.Rule->needsLaunch() && !C.launchKnown()) {
      if (Skipped)
        Skipped->push_back(E.Id);
      continue;
    }
    FindingSink Sink(Out, E.Id, E.Rule->defaultSeverity(), C.Source.path(),
                     C.Counts.Name);
    E.Rule->check(C, Sink);
  }
}

void RuleSet::checkPipeline(const PipelineContext &P,
                            std::vector<Finding> &Out) const {
  if (P.Stages.empty())
    return;
  for (const Entry &E : Rules) {
    FindingSink Sink(Out, E.Id, E.Rule->defaultSeverity(),
                     P.Stages.front()->Source.path(), "");
    E.Rule->checkPipeline(P, Sink);
  }
}

void orderFindings(std::vector<Finding> &Findings,
                   const GlobList *WarningsAsErrors) {
  if (WarningsAsErrors)
    for (Finding &F : Findings)
      if (F.Sev == Severity::Warning && WarningsAsErrors->contains(F.RuleId))
        F.Sev = Severity::Error;
  std::stable_sort(
      Findings.begin(), Findings.end(), [](const Finding &A, const Finding &B) {
        // The most severe first among findings of one rule
        // at one place.
        return std::tie(A.Loc.File, A.Loc.Line, A.Loc.Col, A.RuleId, B.Sev) <
               std::tie(B.Loc.File, B.Loc.Line, B.Loc.Col, B.RuleId, A.Sev);
      });
  // One finding per rule and place: an unrolled loop makes several copies
  // of one source access, a header's helper is reached from several
  // kernels, a load and a store share an expression; the first (most
  // severe) stands for them. Clang's own diagnostics are distinct by their
  // message: two errors may share a place.
  Findings.erase(std::unique(Findings.begin(), Findings.end(),
                             [](const Finding &A, const Finding &B) {
                               return A.RuleId == B.RuleId &&
                                      A.Loc.File == B.Loc.File &&
                                      A.Loc.Line == B.Loc.Line &&
                                      A.Loc.Col == B.Loc.Col &&
                                      (A.Message == B.Message ||
                                       !StringRef(A.RuleId).starts_with(
                                           "clang-diagnostic-"));
                             }),
                 Findings.end());
}

} // namespace clspread

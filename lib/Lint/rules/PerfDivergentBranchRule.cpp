//===- PerfDivergentBranchRule.cpp - Branches that split wavefronts -------===//
//
// A wavefront executes in lock step: when its work-items disagree on a branch,
// it runs both paths with part of its lanes masked off each time (the wavefront
// of AMD's talk "AMD and OpenCL" (2009), Mali's lock-step groups of 8 in Arm's
// "Mali GPU OpenCL Developer Guide" (101574), NVIDIA's warps). Branches on
// get_local_id(0) or get_global_id(0) are evaluated item by item over a sample
// of work-groups, so border guards (`if (i < n)`), which split at most the last
// wavefront, stay below the threshold and silent.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "Analysis/Launch.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

/// Index into BranchSite::DivergentFraction for a wavefront width.
unsigned widthIndex(unsigned W) {
  unsigned I = 0;
  while (I < 3 && (8u << I) < W)
    ++I;
  return I;
}

class PerfDivergentBranchRule : public LintRule {
public:
  explicit PerfDivergentBranchRule(RuleOptions &O)
      : MinFraction(O.number("MinDivergentFraction", 0.25,
                             "Report branches that split at least this "
                             "fraction of the wavefronts that reach them")) {}
  static constexpr char Id[] = "perf-divergent-branch";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "a branch on get_local_id(0) that splits wavefronts, so they run "
           "both paths";
  }
  bool needsLaunch() const override { return true; }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const unsigned W = C.Profile.Wavefront;
    for (const BranchSite &B : C.Counts.Branches) {
      const auto &F = B.DivergentFraction[widthIndex(W)];
      if (!B.DependsOnLocalId0 || !F || *F < MinFraction)
        continue;
      Finding &Fd = Out.report(
          B.Loc,
          fmt::format("this branch on the work-item id splits {:.0f}% of the "
                      "wavefronts of {} that reach it: they run both paths, "
                      "with part of their lanes idle on each",
                      100 * *F, W));
      Fd.Notes.push_back(
          {{},
           fmt::format(
               "evaluated for every work-item of {} work-groups "
               "at local size {}; make the condition uniform "
               "across {} consecutive work-items (e.g. branch on "
               "get_local_id(0) / {}), or move the work out of "
               "the branch",
               B.Sampled ? "a sample of" : "all",
               formatSizes(C.Counts.Launch.localOrOnes(), C.Counts.Launch.Dims),
               W, W)});
    }
  }

private:
  double MinFraction;
};

} // namespace

constinit const RuleDef PerfDivergentBranch =
    ruleDef<PerfDivergentBranchRule>();

} // namespace clspread::rules

//===- PerfGlobalSizeNotDivisibleRule.cpp - Ragged NDRanges ---------------===//
//
// OpenCL 1.x fails a launch whose global size is not a multiple of its local
// size (an error); 2.0 runs a smaller last group (non-uniform work-groups).
// With the local size left to the driver, a global size that is not a multiple
// of the profile's advice (Mali: 4, Arm's "Mali GPU OpenCL Developer Guide"
// (101574)) or of the wavefront forces small groups. Arm's remedies: pad the
// edges, let the host do them, or a non-uniform work-group.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "Analysis/Launch.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

class PerfGlobalSizeNotDivisibleRule : public LintRule {
public:
  explicit PerfGlobalSizeNotDivisibleRule(RuleOptions &) {}
  static constexpr char Id[] = "perf-global-size-not-divisible";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "a global size that is not a multiple of the local size (or of "
           "the device's preferred multiple)";
  }
  bool needsLaunch() const override { return true; }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const LaunchSpec &L = C.Counts.Launch;
    auto [Line, Col] = C.kernelPlace();
    const char *Fix = "pad the global size and guard the extra work-items "
                      "with if (i < n), let the host do the edges, or use a "
                      "non-uniform work-group (OpenCL 2.0)";
    if (L.Local) {
      for (unsigned D = 0; D < L.Dims; ++D)
        if (L.Global[D] % (*L.Local)[D]) {
          bool Fails = C.ClStd != "CL2.0" && C.ClStd != "CL3.0";
          Finding &F = Out.report(
              Line, Col,
              fmt::format("global size {} is not a multiple of local size {} "
                          "in dimension {}{}",
                          formatSizes(L.Global, L.Dims),
                          formatSizes(*L.Local, L.Dims), D,
                          Fails ? ": OpenCL C 1.x fails the launch "
                                  "(CL_INVALID_WORK_GROUP_SIZE)"
                                : "; the last work-group runs partly empty"),
              Fails ? std::optional(Severity::Error) : std::nullopt);
          F.Notes.push_back({{}, Fix});
          return;
        }
      return;
    }
    unsigned M = C.Profile.WorkGroup.GlobalMultiple;
    if (!M)
      return;
    for (unsigned D = 0; D < L.Dims; ++D)
      if (L.Global[D] % M) {
        Out.report(Line, Col,
                   fmt::format("global size {} is not a multiple of {} in "
                               "dimension {}, and the local size is left to "
                               "the driver of {}, which must then pick small "
                               "work-groups",
                               formatSizes(L.Global, L.Dims), M, D,
                               C.Profile.Name))
            .Notes.push_back({{}, Fix});
        return;
      }
  }
};

} // namespace

constinit const RuleDef PerfGlobalSizeNotDivisible =
    ruleDef<PerfGlobalSizeNotDivisibleRule>();

} // namespace clspread::rules

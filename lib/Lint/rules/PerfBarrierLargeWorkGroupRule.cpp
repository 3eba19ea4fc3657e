//===- PerfBarrierLargeWorkGroupRule.cpp - Barriers and big groups --------===//
//
// Arm's "Mali GPU OpenCL Developer Guide" (101574): "If you are using a
// barrier, a smaller workgroup size is better." Every work-item of the group
// waits for the slowest at each barrier; the profile's
// work_group.barrier_group_max says where "smaller" begins. Silent on profiles
// without it.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

class PerfBarrierLargeWorkGroupRule : public LintRule {
public:
  explicit PerfBarrierLargeWorkGroupRule(RuleOptions &) {}
  static constexpr char Id[] = "perf-barrier-large-work-group";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "barriers in a kernel launched with large work-groups on a device "
           "where smaller groups are better with barriers";
  }
  bool needsLaunch() const override { return true; }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const auto &Max = C.Profile.WorkGroup.BarrierGroupMax;
    uint64_t G = C.Counts.Launch.workGroupSize();
    if (!Max || C.Counts.Barriers <= 0 || G <= *Max)
      return;
    auto [Line, Col] = C.kernelPlace();
    Out.report(Line, Col,
               fmt::format("{:.4g} barriers per work-item with work-groups of "
                           "{}; on {} smaller groups (at most {}) wait less "
                           "at each barrier",
                           C.Counts.Barriers, G, C.Profile.Name, *Max));
  }
};

} // namespace

constinit const RuleDef PerfBarrierLargeWorkGroup =
    ruleDef<PerfBarrierLargeWorkGroupRule>();

} // namespace clspread::rules

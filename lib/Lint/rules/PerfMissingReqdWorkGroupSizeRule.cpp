//===- PerfMissingReqdWorkGroupSizeRule.cpp - Say the size you launch -----===//
//
// Arm's "Mali GPU OpenCL Developer Guide" (101574): "If you want to set the
// local work size, set the reqd_work_group_size qualifier to kernel functions"
// -- the Mali compiler sizes registers for the declared size. Only on profiles
// that say so (work_group.reqd_size_advised), and only for a kernel whose
// launch is known and fixes the local size: many hosts pass a NULL local size
// or tune it at run time, where a fixed attribute breaks the launch (the sizes
// no longer match) or defeats the tuning.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

class PerfMissingReqdWorkGroupSizeRule : public LintRule {
public:
  explicit PerfMissingReqdWorkGroupSizeRule(RuleOptions &) {}
  static constexpr char Id[] = "perf-missing-reqd-work-group-size";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "no reqd_work_group_size on a device whose compiler sizes "
           "registers from it";
  }

  bool needsLaunch() const override { return true; }

  void check(const KernelContext &C, FindingSink &Out) const override {
    if (!C.Profile.WorkGroup.ReqdSizeAdvised || C.Counts.ReqdWorkGroupSize)
      return;
    // The attribute must equal the local size of every launch: advise it
    // only where the launch was given and names its local size.
    const LaunchSpec &L = C.Counts.Launch;
    if (!C.launchKnown() || !L.Local)
      return;
    auto [Line, Col] = C.kernelPlace();
    Finding &F = Out.report(
        Line, Col,
        fmt::format("kernel '{}' has no reqd_work_group_size; the {} compiler "
                    "can size registers for the declared work-group size",
                    C.Counts.Name, C.Profile.Name));
    std::string Attr =
        fmt::format("__attribute__((reqd_work_group_size({}, {}, {}))) ",
                    (*L.Local)[0], (*L.Local)[1], (*L.Local)[2]);
    F.Fixes.push_back(
        {{C.Source.path(), Line, Col}, {C.Source.path(), Line, Col}, Attr});
  }
};

} // namespace

constinit const RuleDef PerfMissingReqdWorkGroupSize =
    ruleDef<PerfMissingReqdWorkGroupSizeRule>();

} // namespace clspread::rules

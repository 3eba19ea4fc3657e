//===- PerfWorkGroupSizeLimitRule.cpp - Work-groups that cannot launch ----===//
//
// clEnqueueNDRangeKernel fails with CL_INVALID_WORK_GROUP_SIZE when the
// local size exceeds the device's CL_DEVICE_MAX_WORK_GROUP_SIZE, or when it
// differs from the kernel's reqd_work_group_size. Both are errors: the
// launch does not run at all.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "Analysis/Launch.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

uint64_t volume(const std::array<uint64_t, 3> &S) { return S[0] * S[1] * S[2]; }

class PerfWorkGroupSizeLimitRule : public LintRule {
public:
  explicit PerfWorkGroupSizeLimitRule(RuleOptions &) {}
  static constexpr char Id[] = "perf-work-group-size-limit";
  Severity defaultSeverity() const override { return Severity::Error; }
  llvm::StringRef summary() const override {
    return "local size above the device's maximum or different from "
           "reqd_work_group_size: the launch fails";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const KernelCounts &K = C.Counts;
    const LaunchSpec &L = K.Launch;
    auto [Line, Col] = C.kernelPlace();
    auto [AttrLine, AttrCol] = C.reqdAttributePlace();
    const unsigned Dims = std::max(L.Dims, 1u);
    if (K.ReqdWorkGroupSize && L.Local && *L.Local != *K.ReqdWorkGroupSize)
      Out.report(
             Line, Col,
             fmt::format("the launch's local size {} differs from the "
                         "kernel's reqd_work_group_size({}, {}, {}): "
                         "clEnqueueNDRangeKernel fails with "
                         "CL_INVALID_WORK_GROUP_SIZE",
                         formatSizes(*L.Local, Dims), (*K.ReqdWorkGroupSize)[0],
                         (*K.ReqdWorkGroupSize)[1], (*K.ReqdWorkGroupSize)[2]))
          .Notes.push_back({{C.Source.path(), AttrLine, AttrCol},
                            "reqd_work_group_size is declared here"});
    if (!C.Profile.MaxWorkGroupSize)
      return;
    const uint64_t Max = *C.Profile.MaxWorkGroupSize;
    bool FromAttr = K.ReqdWorkGroupSize && L.Local == K.ReqdWorkGroupSize;
    if (K.ReqdWorkGroupSize && volume(*K.ReqdWorkGroupSize) > Max)
      Out.report(
          AttrLine, AttrCol,
          fmt::format("reqd_work_group_size({}, {}, {}) asks for {} "
                      "work-items per group; {} launches at most {}",
                      (*K.ReqdWorkGroupSize)[0], (*K.ReqdWorkGroupSize)[1],
                      (*K.ReqdWorkGroupSize)[2], volume(*K.ReqdWorkGroupSize),
                      C.Profile.Name, Max));
    else if (L.Local && volume(*L.Local) > Max && !FromAttr)
      Out.report(Line, Col,
                 fmt::format("local size {} is {} work-items per group; {} "
                             "launches at most {} (CL_INVALID_WORK_GROUP_SIZE)",
                             formatSizes(*L.Local, Dims), volume(*L.Local),
                             C.Profile.Name, Max));
  }
};

} // namespace

constinit const RuleDef PerfWorkGroupSizeLimit =
    ruleDef<PerfWorkGroupSizeLimitRule>();

} // namespace clspread::rules

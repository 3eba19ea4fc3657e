//===- PerfWorkGroupDispatchRule.cpp - Groups too small to start quickly --===//
//
// A compute unit spends work_group.dispatch_cycles starting each work-group
// however little it does (docs/model.md, "Work-group dispatch": an empty
// kernel on an H100 takes 0.60 ns per group). When that floor is the
// kernel's Tkernel, above T_ALU, T_TEX and T_MEM, the launch has too many
// small groups: the rule says so and re-estimates with larger groups along
// dimension 0 (the smallest power-of-two multiple whose floor falls below
// the other terms, within the device's work-group limit).
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

#include <algorithm>

namespace clspread::rules {

namespace {

class PerfWorkGroupDispatchRule : public LintRule {
public:
  explicit PerfWorkGroupDispatchRule(RuleOptions &) {}
  static constexpr char Id[] = "perf-work-group-dispatch";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "starting the launch's many small work-groups takes longer than "
           "their work: use larger work-groups";
  }
  bool needsLaunch() const override { return true; }

  /// The groups' work: the largest of T_ALU, T_TEX and T_MEM.
  static double work(const Estimate &E) {
    return std::max({E.TAluS, E.TTexS, E.TMemS});
  }
  /// The floor sets Tkernel: above the work, and not below Tkernel (which
  /// a barrier kernel's phase combination may raise past the floor).
  static bool floorSetsTkernel(const Estimate &E) {
    return E.TDispatchS > 0 && E.TDispatchS >= E.TKernelS &&
           E.TDispatchS > work(E);
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const Estimate &E = C.Est;
    const LaunchSpec &L = C.Counts.Launch;
    if (!floorSetsTkernel(E) || !L.Local)
      return;
    // A local size the kernel declares is changed there, so the finding
    // and the size it suggests name the attribute.
    const bool Declared = C.Counts.ReqdWorkGroupSize.has_value();
    auto [Line, Col] = Declared ? C.reqdAttributePlace() : C.kernelPlace();
    Finding &F = Out.report(
        Line, Col,
        fmt::format("{:.0f} work-groups of {} work-items take {} to start "
                    "(work_group.dispatch_cycles), longer than their work "
                    "({} {}-bound): larger work-groups start fewer",
                    E.Groups, L.workGroupSize(), shortTime(E.TDispatchS),
                    shortTime(work(E)), boundName(E.Limit)));
    if (!C.Reestimate)
      return;
    // Grow dimension 0 by powers of two while the device allows it and the
    // global size stays a multiple; stop once the floor is below the work.
    const uint64_t MaxGroup = C.Profile.MaxWorkGroupSize.value_or(1024);
    std::optional<std::pair<uint64_t, Estimate>> Best;
    for (uint64_t Factor = 2;; Factor *= 2) {
      uint64_t Size = L.workGroupSize() * Factor;
      uint64_t X = (*L.Local)[0] * Factor;
      if (Size > MaxGroup || L.Global[0] % X)
        break;
      KernelCounts Fixed = C.Counts;
      (*Fixed.Launch.Local)[0] = X;
      if (Fixed.ReqdWorkGroupSize)
        (*Fixed.ReqdWorkGroupSize)[0] = X;
      Estimate Bigger = C.Reestimate(Fixed);
      Best.emplace(X, Bigger);
      if (!floorSetsTkernel(Bigger))
        break;
    }
    if (!Best)
      return;
    auto Local = *L.Local;
    Local[0] = Best->first;
    std::string Shape =
        Declared
            ? fmt::format("reqd_work_group_size({}, {}, {})", Local[0],
                          L.Dims > 1 ? Local[1] : 1, L.Dims > 2 ? Local[2] : 1)
            : "local " + formatSizes(Local, L.Dims);
    if (std::string G = gainNote(C, Best->second); !G.empty()) {
      F.Notes.push_back({{}, G + " with " + Shape});
      F.GainS = E.TKernelS - Best->second.TKernelS;
    }
  }
};

} // namespace

constinit const RuleDef PerfWorkGroupDispatch =
    ruleDef<PerfWorkGroupDispatchRule>();

} // namespace clspread::rules

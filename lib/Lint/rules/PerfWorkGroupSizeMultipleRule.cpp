//===- PerfWorkGroupSizeMultipleRule.cpp - Local sizes that waste lanes ---===//
//
// A compute unit issues whole wavefronts (AMD's talk "AMD and OpenCL" (2009):
// "Workgroup size should be a multiple of 64"), so a group of 100 on a 64-wide
// device leaves 28 of 128 lanes idle. Also: the size lies outside a vendor's
// recommended range (Mali: 4 to 64, 128 or 256 preferred; Arm's "Mali GPU
// OpenCL Developer Guide" (101574)).
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "Analysis/Launch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

class PerfWorkGroupSizeMultipleRule : public LintRule {
public:
  explicit PerfWorkGroupSizeMultipleRule(RuleOptions &) {}
  static constexpr char Id[] = "perf-work-group-size-multiple";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "work-group size not a multiple of the wavefront, or outside the "
           "vendor's recommended range";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const LaunchSpec &L = C.Counts.Launch;
    const DeviceProfile &P = C.Profile;
    uint64_t G = L.workGroupSize();
    if (!G)
      return;
    // Where the size comes from: the attribute, or the launch (the kernel).
    auto [Line, Col] =
        C.Counts.ReqdWorkGroupSize ? C.reqdAttributePlace() : C.kernelPlace();
    std::string Shape =
        L.Dims > 1 ? " (" + formatSizes(*L.Local, L.Dims) + ")" : "";
    uint64_t W = P.WorkGroup.Multiple ? P.WorkGroup.Multiple : P.Wavefront;
    if (G % W != 0) {
      uint64_t Waves = llvm::divideCeil(G, P.Wavefront);
      Finding &F = Out.report(
          Line, Col,
          fmt::format("work-group size {}{} is not a multiple of {} on {}; "
                      "use a multiple of {}",
                      G, Shape,
                      P.WorkGroup.Multiple
                          ? fmt::format("{}", W)
                          : fmt::format("the wavefront ({})", W),
                      P.Name, W));
      if (G % P.Wavefront)
        F.Notes.push_back(
            {{},
             fmt::format("each group runs {} wavefronts with {} of their "
                         "{} lanes idle",
                         Waves, Waves * P.Wavefront - G, Waves * P.Wavefront)});
      return;
    }
    const auto &A = P.WorkGroup;
    if (A.RecommendedMax && (G < A.RecommendedMin || G > A.RecommendedMax) &&
        !llvm::is_contained(A.Preferred, unsigned(G))) {
      std::string Pref;
      for (unsigned S : A.Preferred)
        Pref += (Pref.empty() ? "" : " or ") + std::to_string(S);
      Out.report(Line, Col,
                 fmt::format("work-group size {}{} is outside the range {} "
                             "recommends ({} to {}{})",
                             G, Shape, P.Name, A.RecommendedMin,
                             A.RecommendedMax,
                             Pref.empty() ? "" : "; " + Pref + " preferred"));
    }
  }
};

} // namespace

constinit const RuleDef PerfWorkGroupSizeMultiple =
    ruleDef<PerfWorkGroupSizeMultipleRule>();

} // namespace clspread::rules

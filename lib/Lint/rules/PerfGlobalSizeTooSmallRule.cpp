//===- PerfGlobalSizeTooSmallRule.cpp - Launches that cannot fill the chip ===//
//
// The launch arithmetic of AMD's talk "AMD and OpenCL" (2009):
// compute_units * waves_per_cu_min * wavefront work-items fill every compute
// unit (HD 4870: 10 * 2 * 64 = 1280); twice that leaves spare wavefronts to
// hide latency (2560). Both are warnings (a note would be invisible to
// editors' gcc problem matchers, which read warnings and errors); the
// message says which.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

class PerfGlobalSizeTooSmallRule : public LintRule {
public:
  explicit PerfGlobalSizeTooSmallRule(RuleOptions &) {}
  static constexpr char Id[] = "perf-global-size-too-small";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "fewer work-items than fill the device, or than hide memory "
           "latency";
  }
  bool needsLaunch() const override { return true; }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const DeviceProfile &P = C.Profile;
    const uint64_t W = P.Wavefront, CU = P.ComputeUnits;
    const uint64_t N = C.Counts.Launch.workItems();
    const uint64_t Fill = CU * P.WavesPerCUMin * W;
    const uint64_t Hide = CU * P.WavesPerCULatency * W;
    auto [Line, Col] = C.kernelPlace();
    if (N < Fill)
      Out.report(Line, Col,
                 fmt::format("{} work-items are fewer than the {} ({} compute "
                             "units x {} wavefronts x {}) needed to keep every "
                             "compute unit of {} busy",
                             N, Fill, CU, P.WavesPerCUMin, W, P.Name));
    else if (N < Hide)
      Out.report(Line, Col,
                 fmt::format("{} work-items fill {} but leave no spare "
                             "wavefronts to hide memory latency; that needs {} "
                             "({} compute units x {} wavefronts x {})",
                             N, P.Name, Hide, CU, P.WavesPerCULatency, W));
  }
};

} // namespace

constinit const RuleDef PerfGlobalSizeTooSmall =
    ruleDef<PerfGlobalSizeTooSmallRule>();

} // namespace clspread::rules

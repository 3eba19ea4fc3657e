//===- PerfLowOccupancyRule.cpp - Too few wavefronts to hide latency ------===//
//
// AMD's talk "AMD and OpenCL" (2009): "Register usage determines maximum number
// of wavefronts in flight". When registers or local memory hold a compute unit
// below waves_per_cu_latency, memory latency shows; a group that needs more
// local memory than a compute unit has cannot launch at all (an error).
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "Model/Occupancy.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

std::string bytes(uint64_t B) {
  return formatQuantity(double(B), Quantity::Dim::Bytes);
}

class PerfLowOccupancyRule : public LintRule {
public:
  explicit PerfLowOccupancyRule(RuleOptions &) {}
  static constexpr char Id[] = "perf-low-occupancy";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "registers or local memory limit the wavefronts per compute unit "
           "below what hides latency";
  }
  bool needsLaunch() const override { return true; }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const Occupancy &O = C.Est.Occ;
    const DeviceProfile &P = C.Profile;
    const KernelCounts &K = C.Counts;
    if (O.WavesPerCU >= P.WavesPerCULatency ||
        (O.LimitedBy != "registers" && O.LimitedBy != "lds"))
      return;
    std::string Why;
    std::optional<Severity> Sev;
    if (O.LimitedBy == "registers") {
      unsigned Units = registersInUnit(K.Registers, P);
      std::string InUnit =
          P.RegisterUnitBytes == 4
              ? std::string()
              : fmt::format(" = {} x {}-bit", Units, P.RegisterUnitBytes * 8);
      Why = fmt::format("registers: {} 32-bit registers per work-item{} "
                        "times {} work-items per wavefront leave room for {} "
                        "wavefronts in the {} registers of a compute unit",
                        K.Registers, InUnit, P.Wavefront, O.WavesByRegisters,
                        P.RegistersPerCU.value_or(0));
    } else if (O.WavesByLds == 0) {
      Sev = Severity::Error;
      Why = fmt::format("local memory: a work-group allocates {}, more than "
                        "the {} a compute unit has, so the launch fails",
                        bytes(K.LocalMemBytes), bytes(P.LdsBytes.value_or(0)));
    } else {
      uint64_t Groups = P.LdsBytes.value_or(0) / K.LocalMemBytes;
      std::string Pool =
          P.LdsSharedBy > 1
              ? fmt::format(" shared by {} compute units", P.LdsSharedBy)
              : std::string();
      Why = fmt::format("local memory: each work-group allocates {} of the "
                        "{}{}, so {} work-groups of {} wavefronts fit",
                        bytes(K.LocalMemBytes), bytes(P.LdsBytes.value_or(0)),
                        Pool, Groups, O.WavesPerGroup);
    }
    auto [Line, Col] = C.kernelPlace();
    Out.report(Line, Col,
               fmt::format("{} wavefronts per compute unit, limited by {}; {} "
                           "or more are needed to hide latency",
                           O.WavesPerCU, Why, P.WavesPerCULatency),
               Sev);
  }
};

} // namespace

constinit const RuleDef PerfLowOccupancy = ruleDef<PerfLowOccupancyRule>();

} // namespace clspread::rules

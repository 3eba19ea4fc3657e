//===- LaunchChecks.cpp - Launch size, work-group shape, occupancy --------===//
#include "Model/LaunchChecks.h"
#include "Model/Occupancy.h"
#include "Model/Quantity.h"

#include "llvm/Support/MathExtras.h"

#include <fmt/format.h>

namespace clspread {

namespace {

std::string localShape(const LaunchSpec &L) {
  if (!L.Local || L.Dims <= 1)
    return "";
  return " (" + formatSizes(*L.Local, L.Dims) + ")";
}

std::string bytes(uint64_t B) {
  return formatQuantity(double(B), Quantity::Dim::Bytes);
}

} // namespace

std::vector<Check> launchChecks(const KernelCounts &K, const DeviceProfile &P,
                                const Occupancy &O) {
  std::vector<Check> Out;
  const uint64_t W = P.Wavefront, CU = P.ComputeUnits;
  const uint64_t N = K.Launch.workItems();

  if (uint64_t G = K.Launch.workGroupSize(); G && G % W != 0) {
    uint64_t Waves = llvm::divideCeil(G, W);
    Out.push_back(
        {"launch-work-group-multiple", Severity::Warning,
         fmt::format("work-group size {}{} is not a multiple of the "
                     "wavefront ({}) of {}: each group runs {} wavefronts "
                     "with {} of their {} lanes idle; use a multiple of {}",
                     G, localShape(K.Launch), W, P.Name, Waves,
                     Waves * W - G, Waves * W, W)});
  }

  const uint64_t Fill = CU * P.WavesPerCUMin * W;
  const uint64_t Hide = CU * P.WavesPerCULatency * W;
  if (N < Fill) {
    Out.push_back(
        {"launch-global-size-underused", Severity::Warning,
         fmt::format("{} work-items are fewer than the {} ({} compute units "
                     "x {} wavefronts x {}) needed to keep every compute "
                     "unit of {} busy",
                     N, Fill, CU, P.WavesPerCUMin, W, P.Name)});
  } else if (N < Hide) {
    Out.push_back(
        {"launch-global-size-latency", Severity::Warning,
         fmt::format("{} work-items fill {} but leave no spare wavefronts to "
                     "hide memory latency; that needs {} ({} compute units x "
                     "{} wavefronts x {})",
                     N, P.Name, Hide, CU, P.WavesPerCULatency, W)});
  }

  if (O.WavesPerCU < P.WavesPerCULatency &&
      (O.LimitedBy == "registers" || O.LimitedBy == "lds")) {
    std::string Why;
    Severity Sev = Severity::Warning;
    if (O.LimitedBy == "registers") {
      unsigned Units = registersInUnit(K.Registers, P);
      std::string InUnit =
          P.RegisterUnitBytes == 4
              ? std::string()
              : fmt::format(" = {} x {}-bit", Units, P.RegisterUnitBytes * 8);
      Why = fmt::format("registers: {} 32-bit registers per work-item{} "
                        "times {} work-items per wavefront leave room for {} "
                        "wavefronts in the {} registers of a compute unit",
                        K.Registers, InUnit, W, O.WavesByRegisters,
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
    Out.push_back({"occupancy-low", Sev,
                   fmt::format("{} wavefronts per compute unit, limited by {}; "
                               "{} or more are needed to hide latency",
                               O.WavesPerCU, Why, P.WavesPerCULatency)});
  }
  return Out;
}

} // namespace clspread

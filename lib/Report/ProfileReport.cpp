//===- ProfileReport.cpp - Profile table and per-figure listing -----------===//
#include "Report/ProfileReport.h"
#include "Model/ExprPrinters.h"
#include "Model/ModelGraph.h"
#include "Support/Quantity.h"

#include <fmt/format.h>

#include <algorithm>

namespace clspread {

namespace {

std::string flops(double F) {
  if (F >= 1e12)
    return fmt::format("{:.4g} TFLOP/s", F / 1e12);
  return fmt::format("{:.4g} GFLOP/s", F / 1e9);
}

std::string bytes(double B) { return formatQuantity(B, Quantity::Dim::Bytes); }

/// Renders rows as left-aligned columns separated by two spaces; the last
/// column is not padded.
std::string table(const std::vector<std::vector<std::string>> &Rows) {
  std::vector<size_t> Width;
  for (const auto &R : Rows)
    for (size_t I = 0; I < R.size(); ++I) {
      if (Width.size() <= I)
        Width.push_back(0);
      Width[I] = std::max(Width[I], R[I].size());
    }
  std::string Out;
  for (const auto &R : Rows) {
    std::string Line;
    for (size_t I = 0; I < R.size(); ++I)
      Line +=
          I + 1 == R.size() ? R[I] : fmt::format("{:<{}}  ", R[I], Width[I]);
    while (!Line.empty() && Line.back() == ' ')
      Line.pop_back();
    Out += Line + "\n";
  }
  return Out;
}

struct Lister {
  const DeviceProfile &P;
  std::vector<std::vector<std::string>> Rows;

  void add(const std::string &Path, const std::string &Value,
           const char *Default = nullptr) {
    std::string Source = P.sourceOf(Path);
    if (Source.empty())
      Source = Default ? Default : "";
    Rows.push_back({Path, Value, Source});
    if (const Measurement *M = P.measured(Path))
      addMeasured(*M, Path);
  }

  void addMeasured(const Measurement &M, const std::string &Path) {
    Quantity::Dim D = measuredFigureDim(Path);
    std::string How = fmt::format("{} on {}", M.Command, M.Device);
    if (!M.Driver.empty())
      How += fmt::format(" ({})", M.Driver);
    How += fmt::format(", {}", M.Date);
    if (!M.Note.empty())
      How += fmt::format("; {}", M.Note);
    Rows.push_back({"  measured", Quantity(M.Value, D).str(), How});
  }
};

} // namespace

std::string formatProfileList(const std::vector<DeviceProfile> &Profiles) {
  std::vector<std::vector<std::string>> Rows = {
      {"id", "name", "CUs", "clock", "peak fp32", "bandwidth"}};
  for (const DeviceProfile &P : Profiles)
    Rows.push_back({P.Id, P.Name, std::to_string(P.ComputeUnits),
                    formatQuantity(P.ClockHz, Quantity::Dim::Frequency),
                    flops(P.peakFp32Flops()),
                    formatQuantity(P.BandwidthBps, Quantity::Dim::Bandwidth)});
  return table(Rows);
}

std::string formatProfile(const DeviceProfile &P) {
  std::string Out = fmt::format("{}: {}\n", P.Id, P.Name);
  Out += fmt::format("file: {}\nkind: {}\n", P.File, deviceKindName(P.Kind));
  Out += fmt::format("peak fp32: {} (derived: 2 FLOP per FMA)\n",
                     flops(P.peakFp32Flops()));
  Out += "(U): from a forum or aggregator, or sources conflict\n\n";

  Lister L{P, {{"figure", "value", "source"}}};
  L.add("compute_units", std::to_string(P.ComputeUnits));
  L.add("lanes_per_cu", std::to_string(P.LanesPerCU));
  L.add("wavefront", std::to_string(P.Wavefront));
  L.add("clock", formatQuantity(P.ClockHz, Quantity::Dim::Frequency));
  L.add("alu.vliw_width", std::to_string(P.Alu.VliwWidth),
        "default (no bundles)");
  if (P.isVliw()) {
    L.add("alu.transcendental_slots",
          std::to_string(P.Alu.TranscendentalSlots));
    std::vector<std::string> Only;
    for (unsigned C = 0; C < NumAluClasses; ++C)
      if (P.Alu.TSlotOnly[C])
        Only.push_back(aluClassName(AluClass(C)));
    if (!Only.empty())
      L.add("alu.t_slot_only", fmt::format("{}", fmt::join(Only, ", ")));
    for (unsigned C = 0; C < NumAluClasses; ++C)
      if (const auto &X = P.Alu.Expand[C])
        L.add(fmt::format("alu.expand.{}", aluClassName(AluClass(C))),
              fmt::format("{} ops, {} deep, {} on the t slot", X->Ops, X->Depth,
                          X->TSlotOps));
  } else {
    for (unsigned C = 0; C < NumAluClasses; ++C) {
      const auto &R = P.Alu.Rate[C];
      L.add(fmt::format("alu.rates.{}", aluClassName(AluClass(C))),
            R ? fmt::format("{:g} lane-ops/clk", *R) : std::string("none"));
    }
  }
  L.add("tex.units_per_cu", fmt::format("{:g}", P.TexUnitsPerCU));
  L.add("tex.global_loads_use_tex", P.GlobalLoadsUseTex ? "true" : "false");
  L.add("memory.bandwidth",
        formatQuantity(P.BandwidthBps, Quantity::Dim::Bandwidth));
  L.add("memory.transaction", bytes(P.TransactionBytes));
  if (P.RegistersPerCU) {
    L.add("registers.per_cu", std::to_string(*P.RegistersPerCU));
    L.add("registers.unit", fmt::format("{} bit", P.RegisterUnitBytes * 8));
  }
  if (P.LdsBytes) {
    L.add("lds.per_cu", bytes(double(*P.LdsBytes)));
    if (P.LdsSharedBy > 1)
      L.add("lds.shared_by", std::to_string(P.LdsSharedBy));
  }
  L.add("occupancy.max_waves_per_cu", std::to_string(P.MaxWavesPerCU));
  if (P.MaxGroupsPerCU)
    L.add("occupancy.max_groups_per_cu", std::to_string(*P.MaxGroupsPerCU));
  L.add("launch.waves_per_cu_min", std::to_string(P.WavesPerCUMin),
        "default (AMD's talk 'AMD and OpenCL': 10 SIMDs x 2 waves x 64)");
  L.add("launch.waves_per_cu_latency", std::to_string(P.WavesPerCULatency),
        "default (AMD's talk 'AMD and OpenCL': 2560 for latency hiding "
        "= 10 x 4 x 64)");
  // Optional figures: the datasheet value when the profile has one, else a
  // row that only carries its measurement.
  auto optionalFigure = [&](const std::string &Path,
                            std::optional<double> Value) {
    if (Value)
      L.add(Path, formatQuantity(*Value, measuredFigureDim(Path)));
    else if (const Measurement *M = P.measured(Path)) {
      L.Rows.push_back({Path, "-", "no datasheet figure"});
      L.addMeasured(*M, Path);
    }
  };
  optionalFigure("launch_overhead", P.LaunchOverheadS);
  optionalFigure("memory.latency", P.MemoryLatencyS);
  optionalFigure("lds.bandwidth_per_clock", P.LdsBytesPerClock);
  optionalFigure("barrier.item_cycles", P.BarrierItemCycles);
  // Measured rates for classes shown above were added beside them; the
  // table is complete.
  return Out + table(L.Rows);
}

std::string formatModelFormulas(const DeviceProfile &P) {
  return model::textModel(model::modelFor(P).G);
}

} // namespace clspread

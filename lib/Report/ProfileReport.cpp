//===- ProfileReport.cpp - Profile table and per-figure listing -----------===//
#include "Report/ProfileReport.h"
#include "Model/ExprPrinters.h"
#include "Model/Figures.h"
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
  }

  void addMeasured(const Measurement &M, const std::string &Value) {
    std::string How = fmt::format("{} on {}", M.Command, M.Device);
    if (!M.Driver.empty())
      How += fmt::format(" ({})", M.Driver);
    How += fmt::format(", {}", M.Date);
    if (!M.Note.empty())
      How += fmt::format("; {}", M.Note);
    Rows.push_back({"  measured", Value, How});
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

  // One row per figure of the figure table (Figures.h), in the Device
  // sheet's order, in the unit the table gives it; a measured value on the
  // row below its datasheet one.
  Lister L{P, {{"figure", "value", "source"}}};
  auto value = [](const ProfileFigure &F, double V) {
    if (F.Dim == Quantity::Dim::Bytes && F.Unit.size() > 1)
      return formatQuantity(V, F.Dim) + F.Unit.substr(1); // "B per CU"
    if (F.Dim != Quantity::Dim::Count)
      return formatQuantity(V, F.Dim);
    if (F.Unit == "1 yes, 0 no")
      return std::string(V != 0 ? "true" : "false");
    if (F.Unit.empty() || F.Unit == "p")
      return fmt::format("{:g}", V);
    if (F.Unit.find(',') != std::string::npos)
      return fmt::format("{:g} ({})", V, F.Unit);
    return fmt::format("{:g} {}", V, F.Unit);
  };
  for (const ProfileFigure &F : profileFigures(P)) {
    if (F.Path == "lds.shared_by" && P.LdsSharedBy <= 1)
      continue; // not shared: the row would only say so
    const Measurement *M = F.Measurable ? P.measured(F.Path) : nullptr;
    if (!F.Text.empty() || F.Value) {
      L.add(F.Path, F.Text.empty() ? value(F, *F.Value) : F.Text,
            F.Path == "alu.vliw_width" ? "default (no bundles)" : nullptr);
    } else if (M) {
      L.Rows.push_back({F.Path, "-", "no datasheet figure"});
    } else {
      continue;
    }
    if (M)
      L.addMeasured(*M, value(F, M->Value));
  }
  // Read by lint's minimum-global-size check, not by the model.
  L.add("launch.waves_per_cu_min", std::to_string(P.WavesPerCUMin),
        "default (AMD's talk 'AMD and OpenCL': 10 SIMDs x 2 waves x 64)");
  L.add("launch.waves_per_cu_latency", std::to_string(P.WavesPerCULatency),
        "default (AMD's talk 'AMD and OpenCL': 2560 for latency hiding "
        "= 10 x 4 x 64)");
  return Out + table(L.Rows);
}

std::string formatModelFormulas(const DeviceProfile &P) {
  return model::textModel(model::modelFor(P).G);
}

} // namespace clspread

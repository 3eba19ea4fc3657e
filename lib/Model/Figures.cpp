//===- Figures.cpp - The figure table -------------------------------------===//
#include "Model/Figures.h"

#include <fmt/format.h>

namespace clspread {

const std::vector<ModelOnlyFigure> &modelOnlyFigures() {
  using D = Quantity::Dim;
  static const std::vector<ModelOnlyFigure> Figures = {
      // The round trip of a load L2 serves: the share of a load round the
      // cache model sends to L2 waits this long instead of nothing.
      {"cache.l2_latency", "cache_l2_latency", "s", D::Time},
  };
  return Figures;
}

std::vector<ProfileFigure> profileFigures(const DeviceProfile &P) {
  using D = Quantity::Dim;
  std::vector<ProfileFigure> F;
  auto add = [&](std::string Path, std::string Name, std::string Unit,
                 std::optional<double> V, D Dim = D::Count) -> ProfileFigure & {
    ProfileFigure &R = F.emplace_back();
    R.Path = std::move(Path);
    R.Name = std::move(Name);
    R.Unit = std::move(Unit);
    R.Value = V;
    R.Dim = Dim;
    return R;
  };
  // A figure `measured:` may give: its dimension and whether 0 is a valid
  // value come from measurableFigures() (alu.rates.*: a count, not zero),
  // the list the profile parser checks `measured:` entries against.
  auto measurable = [&](std::string Path, std::string Name, std::string Unit,
                        std::optional<double> V) -> ProfileFigure & {
    D Dim = measuredFigureDim(Path);
    bool AllowZero = false;
    for (const MeasurableFigure &M : measurableFigures())
      AllowZero |= M.Path == Path && M.AllowZero;
    ProfileFigure &R =
        add(std::move(Path), std::move(Name), std::move(Unit), V, Dim);
    R.Measurable = true;
    R.AllowZero = AllowZero;
    return R;
  };
  auto counts = [&](std::string Path, std::string Name, std::string Unit,
                    std::optional<double> V) {
    add(std::move(Path), std::move(Name), std::move(Unit), V).ForCounts = true;
  };
  auto text = [&](std::string Path, std::string T) {
    ProfileFigure &R = F.emplace_back();
    R.Path = std::move(Path);
    R.Text = std::move(T);
    R.ForCounts = true;
  };
  auto optU64 = [](std::optional<uint64_t> V) -> std::optional<double> {
    return V ? std::optional<double>(double(*V)) : std::nullopt;
  };
  auto optU = [](std::optional<unsigned> V) -> std::optional<double> {
    return V ? std::optional<double>(double(*V)) : std::nullopt;
  };

  add("compute_units", "compute_units", "CUs", P.ComputeUnits);
  add("lanes_per_cu", "lanes_per_cu", "lanes per CU", P.LanesPerCU);
  add("wavefront", "wavefront", "work-items", P.Wavefront);
  measurable("clock", "clock", "Hz", P.ClockHz);
  counts("alu.vliw_width", "vliw_width", "slots per bundle", P.Alu.VliwWidth);
  if (P.isVliw()) {
    counts("alu.transcendental_slots", "transcendental_slots", "slots",
           P.Alu.TranscendentalSlots);
    std::string Only;
    for (unsigned C = 0; C < NumAluClasses; ++C)
      if (P.Alu.TSlotOnly[C])
        Only +=
            (Only.empty() ? "" : ", ") + std::string(aluClassName(AluClass(C)));
    if (!Only.empty())
      text("alu.t_slot_only", Only);
    for (unsigned C = 0; C < NumAluClasses; ++C)
      if (const auto &X = P.Alu.Expand[C])
        text(fmt::format("alu.expand.{}", aluClassName(AluClass(C))),
             fmt::format("{} ops, {} deep, {} on the t slot", X->Ops, X->Depth,
                         X->TSlotOps));
  } else {
    for (unsigned C = 0; C < NumAluClasses; ++C) {
      const char *Class = aluClassName(AluClass(C));
      measurable(fmt::format("alu.rates.{}", Class),
                 fmt::format("alu_rate_{}", Class), "lane-ops per CU per clock",
                 P.Alu.Rate[C]);
    }
    add("alu.issue_per_clock", "alu_issue_per_clock",
        "lane-ops per CU per clock", P.Alu.IssuePerClock);
    measurable("alu.pipe_overlap", "alu_pipe_overlap", "0 full overlap, 1 none",
               P.Alu.PipeOverlap);
    for (size_t I = 0; I < P.Alu.PipeNames.size(); ++I) {
      std::string Classes;
      for (unsigned C = 0; C < NumAluClasses; ++C)
        if (P.Alu.Pipe[C] == int(I))
          Classes += (Classes.empty() ? "" : ", ") +
                     std::string(aluClassName(AluClass(C)));
      // The graph sums each pipe's classes: a structure, not a value.
      text("alu.pipes." + P.Alu.PipeNames[I], Classes);
    }
  }
  measurable("tex.units_per_cu", "tex_units_per_cu", "fetches per CU per clock",
             P.TexUnitsPerCU);
  add("tex.global_loads_use_tex", "global_loads_use_tex", "1 yes, 0 no",
      P.GlobalLoadsUseTex ? 1 : 0);
  measurable("memory.bandwidth", "memory_bandwidth", "B/s", P.BandwidthBps);
  counts("memory.transaction", "transaction_bytes", "B", P.TransactionBytes);
  measurable("memory.latency", "memory_latency", "s", P.MemoryLatencyS);
  measurable("memory.overlap_exponent", "memory_overlap_exponent", "p",
             P.MemoryOverlapExponent);
  measurable("launch_overhead", "launch_overhead", "s", P.LaunchOverheadS);
  measurable("lds.bandwidth_per_clock", "lds_bandwidth_per_clock",
             "B per CU per clock", P.LdsBytesPerClock);
  measurable("barrier.item_cycles", "barrier_item_cycles",
             "CU cycles per work-item per barrier", P.BarrierItemCycles);
  measurable("barrier.phase_exponent", "barrier_phase_exponent", "p",
             P.BarrierPhaseExponent);
  measurable("work_group.dispatch_cycles", "dispatch_cycles",
             "CU cycles per work-group started", P.DispatchCycles);
  measurable("cache.l2_bandwidth", "cache_l2_bandwidth", "B/s",
             P.Cache.L2BandwidthBps);
  measurable("cache.l2_partial_bandwidth", "cache_l2_partial_bandwidth", "B/s",
             P.Cache.L2PartialBandwidthBps);
  measurable("cache.l1_lines_per_clock", "cache_l1_lines_per_clock",
             "lines per CU per clock", P.Cache.L1LinesPerClock);
  if (P.Cache.LineBytes)
    counts("cache.line", "cache_line_bytes", "B", optU64(P.Cache.LineBytes));
  if (P.Cache.L1Bytes) {
    counts("cache.l1", "cache_l1_bytes", "B per CU", optU64(P.Cache.L1Bytes));
    text("cache.l1_shared_with_lds",
         P.Cache.L1SharedWithLds ? "true" : "false");
    text("cache.l1_stores",
         P.Cache.L1WriteThrough ? "write-through" : "write-back");
  }
  if (P.Cache.L2Bytes)
    counts("cache.l2", "cache_l2_bytes", "B", optU64(P.Cache.L2Bytes));
  if (P.Cache.DramGranuleBytes)
    counts("cache.dram_granule", "cache_dram_granule_bytes", "B",
           optU64(P.Cache.DramGranuleBytes));
  // Occupancy's figures: the Kernels sheet computes occupancy from them.
  add("registers.per_cu", "registers_per_cu", "registers",
      optU(P.RegistersPerCU));
  add("registers.unit", "register_unit_bits", "bit", P.RegisterUnitBytes * 8.0);
  add("lds.per_cu", "lds_bytes_per_cu", "B", optU64(P.LdsBytes));
  add("lds.shared_by", "lds_shared_by", "CUs", P.LdsSharedBy);
  add("occupancy.max_waves_per_cu", "max_waves_per_cu", "waves",
      P.MaxWavesPerCU);
  add("occupancy.max_groups_per_cu", "max_groups_per_cu", "work-groups",
      optU(P.MaxGroupsPerCU));
  for (const ModelOnlyFigure &M : modelOnlyFigures()) {
    auto It = P.ModelFigures.find(std::string(M.Path));
    std::optional<double> V;
    if (It != P.ModelFigures.end())
      V = It->second;
    if (M.Measurable)
      measurable(std::string(M.Path), std::string(M.Name), std::string(M.Unit),
                 V);
    else
      add(std::string(M.Path), std::string(M.Name), std::string(M.Unit), V,
          M.Dim);
  }
  return F;
}

std::optional<double> figureInUse(const DeviceProfile &P,
                                  const ProfileFigure &F, bool UseMeasured) {
  if (F.Measurable && UseMeasured)
    if (const Measurement *M = P.measured(F.Path))
      return M->Value;
  return F.Value;
}

} // namespace clspread

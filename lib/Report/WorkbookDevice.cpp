//===- WorkbookDevice.cpp - The workbook's Device sheet -------------------===//
//
// Every profile figure the model uses, each a defined name that the Kernels
// formulas read, with its unit and source; measured and datasheet values
// side by side and a use_measured switch.
//
//===----------------------------------------------------------------------===//
#include "Report/WorkbookSheets.h"

#ifdef CLSPREAD_HAVE_XLSXWRITER

#include <fmt/format.h>

#include <iterator>

namespace clspread::workbook {

namespace {

/// One figure of the Device sheet.
struct DeviceFigure {
  std::string Path; ///< as in the profile: "memory.bandwidth"
  std::string Name; ///< defined name: "memory_bandwidth"; "" for text rows
  std::string Unit;
  /// The datasheet value (measurable figures) or the value (others).
  std::optional<double> Value;
  bool Measurable = false;
  std::string Text;   ///< a figure that is not a number: pipes, slots
  std::string UsedBy; ///< "Kernels formulas" or what else reads it
};

const char *const UsedByFormulas = "Kernels formulas";
const char *const UsedByCounts =
    "counts clspread computed (occupancy, caches, packing): editing it here "
    "changes no formula";

std::vector<DeviceFigure> deviceFigures(const DeviceProfile &P) {
  std::vector<DeviceFigure> F;
  auto add = [&](std::string Path, std::string Name, std::string Unit,
                 std::optional<double> V, bool Measurable,
                 const char *UsedBy = UsedByFormulas) {
    F.push_back({std::move(Path), std::move(Name), std::move(Unit), V,
                 Measurable, "", UsedBy});
  };
  auto text = [&](std::string Path, std::string T, const char *UsedBy) {
    F.push_back({std::move(Path), "", "", std::nullopt, false, std::move(T),
                 UsedBy});
  };
  add("compute_units", "compute_units", "CUs", P.ComputeUnits, false);
  add("lanes_per_cu", "lanes_per_cu", "lanes per CU", P.LanesPerCU, false);
  add("wavefront", "wavefront", "work-items", P.Wavefront, false);
  add("clock", "clock", "Hz", P.ClockHz, true);
  add("alu.vliw_width", "vliw_width", "slots per bundle", P.Alu.VliwWidth,
      false, UsedByCounts);
  if (P.isVliw()) {
    add("alu.transcendental_slots", "transcendental_slots", "slots",
        P.Alu.TranscendentalSlots, false, UsedByCounts);
    std::string Only;
    for (unsigned C = 0; C < NumAluClasses; ++C)
      if (P.Alu.TSlotOnly[C])
        Only += (Only.empty() ? "" : ", ") +
                std::string(aluClassName(AluClass(C)));
    if (!Only.empty())
      text("alu.t_slot_only", Only, UsedByCounts);
    for (unsigned C = 0; C < NumAluClasses; ++C)
      if (const auto &X = P.Alu.Expand[C])
        text(fmt::format("alu.expand.{}", aluClassName(AluClass(C))),
             fmt::format("{} ops, {} deep, {} on the t slot", X->Ops,
                         X->Depth, X->TSlotOps),
             UsedByCounts);
  } else {
    for (unsigned C = 0; C < NumAluClasses; ++C) {
      const char *Class = aluClassName(AluClass(C));
      add(fmt::format("alu.rates.{}", Class), fmt::format("alu_rate_{}", Class),
          "lane-ops per CU per clock", P.Alu.Rate[C], true);
    }
    add("alu.issue_per_clock", "alu_issue_per_clock",
        "lane-ops per CU per clock", P.Alu.IssuePerClock, false);
    add("alu.pipe_overlap", "alu_pipe_overlap", "0 full overlap, 1 none",
        P.Alu.PipeOverlap, true);
    for (size_t I = 0; I < P.Alu.PipeNames.size(); ++I) {
      std::string Classes;
      for (unsigned C = 0; C < NumAluClasses; ++C)
        if (P.Alu.Pipe[C] == int(I))
          Classes += (Classes.empty() ? "" : ", ") +
                     std::string(aluClassName(AluClass(C)));
      text("alu.pipes." + P.Alu.PipeNames[I], Classes,
           "Kernels formulas (the busiest-pipe column is written from it)");
    }
  }
  add("tex.units_per_cu", "tex_units_per_cu", "fetches per CU per clock",
      P.TexUnitsPerCU, true);
  add("tex.global_loads_use_tex", "global_loads_use_tex", "1 yes, 0 no",
      P.GlobalLoadsUseTex ? 1 : 0, false);
  add("memory.bandwidth", "memory_bandwidth", "B/s", P.BandwidthBps, true);
  add("memory.transaction", "transaction_bytes", "B", P.TransactionBytes,
      false, UsedByCounts);
  add("memory.latency", "memory_latency", "s", P.MemoryLatencyS, true);
  add("memory.overlap_exponent", "memory_overlap_exponent", "p",
      P.MemoryOverlapExponent, true);
  add("launch_overhead", "launch_overhead", "s", P.LaunchOverheadS, true);
  add("lds.bandwidth_per_clock", "lds_bandwidth_per_clock",
      "B per CU per clock", P.LdsBytesPerClock, true);
  add("barrier.item_cycles", "barrier_item_cycles",
      "CU cycles per work-item per barrier", P.BarrierItemCycles, true);
  add("barrier.phase_exponent", "barrier_phase_exponent", "p",
      P.BarrierPhaseExponent, true);
  add("work_group.dispatch_cycles", "dispatch_cycles",
      "CU cycles per work-group started", P.DispatchCycles, true);
  add("cache.l2_bandwidth", "cache_l2_bandwidth", "B/s",
      P.Cache.L2BandwidthBps, true);
  add("cache.l2_partial_bandwidth", "cache_l2_partial_bandwidth", "B/s",
      P.Cache.L2PartialBandwidthBps, true);
  add("cache.l1_lines_per_clock", "cache_l1_lines_per_clock",
      "lines per CU per clock", P.Cache.L1LinesPerClock, true);
  auto optU64 = [](std::optional<uint64_t> V) -> std::optional<double> {
    return V ? std::optional<double>(double(*V)) : std::nullopt;
  };
  if (P.Cache.LineBytes)
    add("cache.line", "cache_line_bytes", "B", optU64(P.Cache.LineBytes),
        false, UsedByCounts);
  if (P.Cache.L1Bytes) {
    add("cache.l1", "cache_l1_bytes", "B per CU", optU64(P.Cache.L1Bytes),
        false, UsedByCounts);
    text("cache.l1_shared_with_lds", P.Cache.L1SharedWithLds ? "true" : "false",
         UsedByCounts);
    text("cache.l1_stores",
         P.Cache.L1WriteThrough ? "write-through" : "write-back",
         UsedByCounts);
  }
  if (P.Cache.L2Bytes)
    add("cache.l2", "cache_l2_bytes", "B", optU64(P.Cache.L2Bytes), false,
        UsedByCounts);
  if (P.Cache.DramGranuleBytes)
    add("cache.dram_granule", "cache_dram_granule_bytes", "B",
        optU64(P.Cache.DramGranuleBytes), false, UsedByCounts);
  if (P.RegistersPerCU) {
    add("registers.per_cu", "registers_per_cu", "registers",
        double(*P.RegistersPerCU), false, UsedByCounts);
    add("registers.unit", "register_unit_bits", "bit",
        P.RegisterUnitBytes * 8.0, false, UsedByCounts);
  }
  if (P.LdsBytes) {
    add("lds.per_cu", "lds_bytes_per_cu", "B", optU64(P.LdsBytes), false,
        UsedByCounts);
    add("lds.shared_by", "lds_shared_by", "CUs", P.LdsSharedBy, false,
        UsedByCounts);
  }
  add("occupancy.max_waves_per_cu", "max_waves_per_cu", "waves",
      P.MaxWavesPerCU, false, UsedByCounts);
  if (P.MaxGroupsPerCU)
    add("occupancy.max_groups_per_cu", "max_groups_per_cu", "work-groups",
        double(*P.MaxGroupsPerCU), false, UsedByCounts);
  return F;
}

} // namespace

/// Names the cell (Row, Col) of the Device sheet: in the workbook with
/// one device, on this device's two sheets with several.
void DeviceWriter::define(const std::string &Name, unsigned Row,
                          unsigned Col) {
  std::string Ref = "=" + sheetRef(Names.Device) + "!" + absRef(Row, Col);
  if (!Names.LocalNames) {
    St(workbook_define_name(WB, Name.c_str(), Ref.c_str()));
    return;
  }
  for (const std::string *Scope : {&Names.Device, &Names.Kernels}) {
    std::string Local = "'" + *Scope + "'!" + Name;
    St(workbook_define_name(WB, Local.c_str(), Ref.c_str()));
  }
}

void DeviceWriter::writeDevice(lxw_worksheet *WS) {
  text(WS, 0, 0, fmt::format("Device profile {}: {}", P.Id, P.Name),
       F.Title);
  text(WS, 1, 0,
       fmt::format("file: {}; kind: {}. Names in column B are used by the "
                   "Kernels formulas; change a value (yellow) and they "
                   "follow.",
                   P.File, deviceKindName(P.Kind)));
  // The switch between measured and datasheet figures, as
  // EstimateOptions::UseMeasured (analyze uses measured ones).
  const unsigned SwitchRow = 3;
  text(WS, SwitchRow, 0, "use_measured", F.Header);
  text(WS, SwitchRow, 1, "use_measured");
  number(WS, SwitchRow, 2, 1, F.Input);
  define("use_measured", SwitchRow, 2);
  text(WS, SwitchRow, 3, "1 or 0");
  text(WS, SwitchRow, 6,
       "1: a figure with a measured value uses it (as clspread analyze "
       "does); 0: the datasheet value for every figure");
  lxw_data_validation DV{};
  DV.validate = LXW_VALIDATION_TYPE_INTEGER;
  DV.criteria = LXW_VALIDATION_CRITERIA_BETWEEN;
  DV.minimum_number = 0;
  DV.maximum_number = 1;
  St(worksheet_data_validation_cell(WS, SwitchRow, 2, &DV));

  const unsigned HeaderRow = 5;
  const char *Headers[] = {"figure",   "name",   "value in use",
                           "unit",     "datasheet", "measured",
                           "source",   "measurement", "used by"};
  for (unsigned C = 0; C < std::size(Headers); ++C)
    text(WS, HeaderRow, C, Headers[C], F.Header);
  unsigned Row = HeaderRow + 1;
  for (const DeviceFigure &Fig : deviceFigures(P)) {
    text(WS, Row, 0, Fig.Path);
    text(WS, Row, 3, Fig.Unit);
    std::string Source = P.sourceOf(Fig.Path);
    if (Source.empty())
      Source = P.measured(Fig.Path) ? "measured (see measurement)"
               : Fig.Value || !Fig.Text.empty()
                   ? "default (not in the profile)"
                   : "not in the profile: the model leaves its term out";
    text(WS, Row, 6, Source);
    text(WS, Row, 8, Fig.UsedBy);
    if (!Fig.Text.empty()) {
      text(WS, Row, 2, Fig.Text);
      ++Row;
      continue;
    }
    text(WS, Row, 1, Fig.Name);
    if (Fig.Measurable) {
      // Datasheet and measured values are the inputs; the value in use
      // picks one as Spreadsheet.cpp's pick() does.
      const Measurement *M = P.measured(Fig.Path);
      if (Fig.Value)
        number(WS, Row, 4, *Fig.Value, F.Input);
      else if (Fig.Path.rfind("alu.rates.", 0) == 0)
        text(WS, Row, 4, "none", F.Input); // the device has no unit
      else
        St(worksheet_write_blank(WS, Row, 4, F.Input));
      if (M) {
        number(WS, Row, 5, M->Value, F.Input);
        std::string How = fmt::format("{} on {}", M->Command, M->Device);
        if (!M->Driver.empty())
          How += fmt::format(" ({})", M->Driver);
        How += fmt::format(", {}", M->Date);
        if (!M->Note.empty())
          How += fmt::format("; {}", M->Note);
        text(WS, Row, 7, How);
      } else {
        St(worksheet_write_blank(WS, Row, 5, F.Input));
      }
      std::string DS = cellRef(Row, 4), MS = cellRef(Row, 5);
      std::string Formula = fmt::format(
          "=IF(AND(use_measured=1,ISNUMBER({0})),{0},IF(ISNUMBER({1}),{1},"
          "\"\"))",
          MS, DS);
      std::optional<double> Used = M ? M->Value : Fig.Value;
      if (Used)
        St(worksheet_write_formula_num(WS, Row, 2, Formula.c_str(), nullptr,
                                       *Used));
      else
        St(worksheet_write_formula_str(WS, Row, 2, Formula.c_str(), nullptr,
                                       ""));
    } else if (Fig.Value) {
      number(WS, Row, 2, *Fig.Value, F.Input);
    } else {
      // Not in the profile: an empty value, which the formulas take as
      // "no such figure", as the model does.
      St(worksheet_write_blank(WS, Row, 2, F.Input));
    }
    define(Fig.Name, Row, 2);
    ++Row;
  }
  worksheet_set_column(WS, 0, 0, 28, nullptr);
  worksheet_set_column(WS, 1, 1, 26, nullptr);
  worksheet_set_column(WS, 2, 2, 16, nullptr);
  worksheet_set_column(WS, 3, 3, 22, nullptr);
  worksheet_set_column(WS, 4, 5, 14, nullptr);
  worksheet_set_column(WS, 6, 7, 60, nullptr);
  worksheet_set_column(WS, 8, 8, 30, nullptr);
  worksheet_freeze_panes(WS, HeaderRow + 1, 1);
}

} // namespace clspread::workbook

#endif // CLSPREAD_HAVE_XLSXWRITER

//===- Workbook.cpp - The analyze report as a live .xlsx workbook ---------===//
//
// The Kernels sheet repeats lib/Model/Spreadsheet.cpp in spreadsheet
// formulas: the per-work-item counts that need the analysis or the cache
// model (lane-ops by class, VLIW bundles, bytes moved, L2 and L1 traffic,
// occupancy) are plain values, and every time, the bound and the figures
// between them are formulas over those cells and the Device sheet's names.
// A change to the formulas there needs the same change here;
// tests/workbook/check_workbook.py recalculates the workbook with
// LibreOffice and compares each formula with `analyze --format json`.
//
//===----------------------------------------------------------------------===//
#include "Report/Workbook.h"
#include "Model/Spreadsheet.h"
#include "Support/OutputFile.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#ifdef CLSPREAD_HAVE_XLSXWRITER
#include <xlsxwriter.h>
#endif

using namespace llvm;

namespace clspread {

#ifndef CLSPREAD_HAVE_XLSXWRITER

bool workbookSupported() { return false; }

Error writeWorkbook(const std::vector<ProfiledReport> &, const ReportOptions &,
                    const std::string &) {
  return createStringError(inconvertibleErrorCode(),
                           "this clspread was built without libxlsxwriter "
                           "(install libxlsxwriter-dev and rebuild)");
}

#else

bool workbookSupported() { return true; }

namespace {

/// "A", ..., "Z", "AA", ...: the column letters of 0-based column \p C.
std::string colName(unsigned C) {
  std::string S;
  for (++C; C; C = (C - 1) / 26)
    S.insert(S.begin(), char('A' + (C - 1) % 26));
  return S;
}

std::string cellRef(unsigned Row, unsigned Col) {
  return fmt::format("{}{}", colName(Col), Row + 1);
}

std::string absRef(unsigned Row, unsigned Col) {
  return fmt::format("${}${}", colName(Col), Row + 1);
}

/// (A^P + B^P)^(1/P) as a formula, written as combineLimits() computes it
/// (scaled by the larger term, so that large exponents do not overflow).
std::string combineFormula(const std::string &A, const std::string &B,
                           const std::string &P) {
  std::string M = "MAX(" + A + "," + B + ")";
  return fmt::format("IF({0}<=0,0,{0}*(({1}/{0})^{3}+({2}/{0})^{3})^(1/{3}))",
                     M, A, B, P);
}

/// Libxlsxwriter keeps the first error of the many calls that write a
/// workbook; workbook_close() reports the rest.
struct Status {
  lxw_error First = LXW_NO_ERROR;
  void operator()(lxw_error E) {
    if (First == LXW_NO_ERROR)
      First = E;
  }
};

/// Excel's limit on a cell's text.
std::string clip(const std::string &S) {
  constexpr size_t Max = 32767;
  return S.size() <= Max ? S : S.substr(0, Max);
}

/// What a cell of a sheet row holds. Formulas keep clspread's own result
/// as the cached value.
struct Cell {
  enum Kind { Blank, Number, Text, Formula, TextFormula } K = Blank;
  double Num = 0;
  std::string Str; ///< the text, or the formula template
  std::string CachedText;

  static Cell blank() { return {}; }
  static Cell num(double V) { return {Number, V, "", ""}; }
  static Cell text(std::string S) { return {Text, 0, std::move(S), ""}; }
  static Cell optNum(std::optional<double> V) {
    return V ? num(*V) : blank();
  }
  /// A formula with a numeric result; {id} stands for the cell of column
  /// `id` in the same row.
  static Cell formula(std::string F, double Cached) {
    return {Formula, Cached, std::move(F), ""};
  }
  static Cell textFormula(std::string F, std::string Cached) {
    return {TextFormula, 0, std::move(F), std::move(Cached)};
  }
};

enum class Style { Text, Count, Time, Bytes };

struct Formats {
  lxw_format *Header = nullptr, *Key = nullptr, *Title = nullptr,
             *Time = nullptr, *Count = nullptr, *Input = nullptr,
             *Bound = nullptr;
};

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

/// One column of the Kernels sheet.
struct Column {
  std::string Id;    ///< what formulas write as {Id}
  std::string Title; ///< the header
  std::string Json;  ///< the `analyze --format json` field it equals, or ""
  Style S = Style::Count;
  std::function<Cell(const KernelResult &)> Value;
};

/// The figures between the counts and the estimate's terms that the
/// Estimate does not keep, computed as the Kernels formulas compute them
/// (for the cached values).
struct Derived {
  std::array<double, NumAluClasses> ClassCycles{};
  double CyclesSum = 0, IssueCycles = 0, Busiest = 0;
  double TAluIssue = 0, Resident = 0, DramShare = 0, Waves = 0;
  double TKnee = 0, TPhases = 0;
};

Derived derive(const KernelResult &KR, const DeviceProfile &P) {
  const KernelCounts &K = KR.Counts;
  const Estimate &E = KR.Est;
  Derived D;
  const double N = double(K.Launch.workItems());
  if (!P.isVliw()) {
    double Issued = 0;
    std::vector<double> Pipes(P.Alu.PipeNames.size(), 0.0);
    for (unsigned C = 0; C < NumAluClasses; ++C) {
      auto Rate = P.inUse(fmt::format("alu.rates.{}",
                                       aluClassName(AluClass(C))),
                        P.Alu.Rate[C]);
      if (!Rate)
        continue;
      D.ClassCycles[C] = K.Alu[C] * P.LanesPerCU / *Rate;
      D.CyclesSum += D.ClassCycles[C];
      Issued += K.Alu[C];
      if (P.Alu.Pipe[C] >= 0)
        Pipes[size_t(P.Alu.Pipe[C])] += D.ClassCycles[C];
    }
    if (P.Alu.IssuePerClock)
      D.IssueCycles = Issued * P.LanesPerCU / *P.Alu.IssuePerClock;
    for (double V : Pipes)
      D.Busiest = std::max(D.Busiest, V);
  }
  const double Clock = *P.inUse("clock", P.ClockHz);
  D.TAluIssue =
      N * E.AluCycles / (double(P.ComputeUnits) * P.LanesPerCU) / Clock;
  D.Resident = double(std::max(1u, E.Occ.WavesPerCU)) * P.Wavefront;
  D.DramShare = E.BytesRequested > 0
                    ? std::min(1.0, E.BytesMoved / E.BytesRequested)
                    : 0;
  D.Waves = std::max(1.0, N / (double(P.ComputeUnits) * D.Resident));
  auto Exp = P.inUse("memory.overlap_exponent", P.MemoryOverlapExponent);
  if (P.inUse("memory.latency", P.MemoryLatencyS) &&
      K.GlobalLoadRounds > 0 && E.BytesRequested > 0 && Exp && *Exp > 0 &&
      E.TMemBandwidthS > 0)
    D.TKnee = combineLimits(E.TMemBandwidthS, E.TMemLatencyS, *Exp);
  auto Phase = P.inUse("barrier.phase_exponent", P.BarrierPhaseExponent);
  if (Phase && *Phase > 0 && K.Barriers > 0 && E.TAluS > 0 && E.TMemS > 0)
    D.TPhases = combineLimits(E.TAluS, E.TMemS, *Phase);
  return D;
}

/// What every sheet writer shares: the workbook, its formats and the first
/// libxlsxwriter error.
struct Shared {
  lxw_workbook *WB;
  Formats F;
  Status St;

  explicit Shared(lxw_workbook *WB) : WB(WB) {
    F.Title = workbook_add_format(WB);
    format_set_bold(F.Title);
    format_set_font_size(F.Title, 13);
    F.Header = workbook_add_format(WB);
    format_set_bold(F.Header);
    format_set_bottom(F.Header, LXW_BORDER_THIN);
    format_set_text_wrap(F.Header);
    format_set_align(F.Header, LXW_ALIGN_VERTICAL_TOP);
    F.Key = workbook_add_format(WB);
    format_set_italic(F.Key);
    format_set_font_color(F.Key, LXW_COLOR_GRAY);
    F.Time = workbook_add_format(WB);
    format_set_num_format(F.Time, "0.0000E+00");
    F.Count = workbook_add_format(WB);
    format_set_num_format(F.Count, "General");
    F.Input = workbook_add_format(WB);
    format_set_bg_color(F.Input, 0xFFF2CC);
    F.Bound = workbook_add_format(WB);
    format_set_bold(F.Bound);
    format_set_bg_color(F.Bound, 0xF4B183);
  }
};

/// A sheet name as a formula writes it: quoted unless it is a plain word.
std::string sheetRef(const std::string &Sheet) {
  bool Plain = !Sheet.empty() && !std::isdigit((unsigned char)Sheet[0]) &&
               std::all_of(Sheet.begin(), Sheet.end(), [](char C) {
                 return std::isalnum((unsigned char)C) || C == '_';
               });
  return Plain ? Sheet : "'" + Sheet + "'";
}

/// The cell helpers every sheet writer uses.
class SheetWriter {
protected:
  explicit SheetWriter(Shared &S) : WB(S.WB), F(S.F), St(S.St) {}

  lxw_workbook *WB;
  const Formats &F;
  Status &St;

  lxw_format *styleFormat(Style S) {
    switch (S) {
    case Style::Time:
      return F.Time;
    case Style::Count:
    case Style::Bytes:
      return F.Count;
    case Style::Text:
      return nullptr;
    }
    return nullptr;
  }

  void text(lxw_worksheet *WS, unsigned Row, unsigned Col,
            const std::string &S, lxw_format *Fmt = nullptr) {
    if (S.empty())
      return;
    St(worksheet_write_string(WS, Row, Col, clip(S).c_str(), Fmt));
  }
  void number(lxw_worksheet *WS, unsigned Row, unsigned Col, double V,
              lxw_format *Fmt = nullptr) {
    St(worksheet_write_number(WS, Row, Col, V, Fmt));
  }
  void headers(lxw_worksheet *WS, unsigned Row,
               std::initializer_list<const char *> Titles) {
    unsigned C = 0;
    for (const char *T : Titles)
      text(WS, Row, C++, T, F.Header);
  }
};

/// The sheets of one device.
struct DeviceSheets {
  std::string Device = "Device", Kernels = "Kernels";
  /// Several devices: the Device names are defined on these two sheets
  /// only, so that each Kernels sheet reads its own device's figures.
  bool LocalNames = false;
};

/// Where the Summary sheet finds a device's Tkernel and bound.
struct KernelsLayout {
  unsigned FirstRow = 0, TKernelCol = 0, BoundCol = 0;
};

/// The Device and Kernels sheets of one device's report.
class DeviceWriter : SheetWriter {
public:
  DeviceWriter(Shared &S, const AnalysisReport &R, const DeviceProfile &P,
               DeviceSheets Names)
      : SheetWriter(S), R(R), P(P), Names(std::move(Names)) {}

  /// Fills the two sheets, which the caller added (names defined on a
  /// sheet need the sheet to exist).
  KernelsLayout write(lxw_worksheet *Device, lxw_worksheet *Kernels) {
    writeDevice(Device);
    return writeKernels(Kernels);
  }

private:
  const AnalysisReport &R;
  const DeviceProfile &P;
  DeviceSheets Names;
  std::map<const KernelResult *, Derived> Cache;

  /// Names the cell (Row, Col) of the Device sheet: in the workbook with
  /// one device, on this device's two sheets with several.
  void define(const std::string &Name, unsigned Row, unsigned Col) {
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

  //===--------------------------------------------------------------------===//
  // Device
  //===--------------------------------------------------------------------===//

  void writeDevice(lxw_worksheet *WS) {
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

  //===--------------------------------------------------------------------===//
  // Kernels
  //===--------------------------------------------------------------------===//

  const Derived &derived(const KernelResult &K) {
    auto It = Cache.find(&K);
    if (It == Cache.end())
      It = Cache.emplace(&K, derive(K, P)).first;
    return It->second;
  }

  std::vector<Column> kernelColumns() {
    std::vector<Column> Cols;
    auto col = [&](std::string Id, std::string Title, std::string Json,
                   Style S, std::function<Cell(const KernelResult &)> V) {
      Cols.push_back(
          {std::move(Id), std::move(Title), std::move(Json), S, std::move(V)});
    };
    using KR = const KernelResult &;

    // Which kernel, which launch.
    col("file", "file", "file", Style::Text,
        [](KR K) { return Cell::text(K.File); });
    col("kernel", "kernel", "name", Style::Text,
        [](KR K) { return Cell::text(K.Counts.Name); });
    col("suite_id", "suite entry", "suite_id", Style::Text,
        [](KR K) { return Cell::text(K.SuiteId); });
    col("line", "line", "line", Style::Count,
        [](KR K) { return Cell::num(K.Counts.Loc.Line); });
    for (unsigned D = 0; D < 3; ++D) {
      char Axis = "xyz"[D];
      col(fmt::format("g{}", Axis), fmt::format("global {}", Axis),
          fmt::format("launch.global.{}", D), Style::Count,
          [D](KR K) { return Cell::num(double(K.Counts.Launch.Global[D])); });
    }
    for (unsigned D = 0; D < 3; ++D) {
      char Axis = "xyz"[D];
      col(fmt::format("l{}", Axis), fmt::format("local {}", Axis),
          fmt::format("launch.local.{}", D), Style::Count, [D](KR K) {
            const auto &L = K.Counts.Launch.Local;
            return L ? Cell::num(double((*L)[D])) : Cell::blank();
          });
    }
    col("N", "work-items N", "launch.work_items", Style::Count, [](KR K) {
      return Cell::formula("={gx}*{gy}*{gz}",
                           double(K.Counts.Launch.workItems()));
    });

    // The estimate, first so that it is what one sees.
    col("t_alu", "T_ALU (s)", "estimate.t_alu_s", Style::Time, [](KR K) {
      return Cell::formula("={t_alu_issue}+{t_lds}+{t_barrier}", K.Est.TAluS);
    });
    col("t_tex", "T_TEX (s)", "estimate.t_tex_s", Style::Time, [](KR K) {
      return Cell::formula(
          "={N}*{tex_fetches}/(compute_units*tex_units_per_cu)/clock",
          K.Est.TTexS);
    });
    col("t_mem", "T_MEM (s)", "estimate.t_mem_s", Style::Time, [](KR K) {
      return Cell::formula("=MAX({t_dram},{t_l2},{t_l1},{t_knee},{t_latency})",
                           K.Est.TMemS);
    });
    col("t_kernel", "Tkernel (s)", "estimate.t_kernel_s", Style::Time,
        [](KR K) {
          return Cell::formula(
              "=MAX({t_alu},{t_tex},{t_mem},{t_phases},{t_dispatch})",
              K.Est.TKernelS);
        });
    // Ties go to ALU, then MEM, then TEX: another term is named only when
    // strictly larger (Spreadsheet.cpp).
    col("bound", "bound", "estimate.bound", Style::Text, [](KR K) {
      return Cell::textFormula(
          "=IF({t_tex}>MAX({t_alu},{t_mem}),\"TEX\",IF({t_mem}>{t_alu},"
          "\"MEM\",\"ALU\"))",
          boundName(K.Est.Limit));
    });
    col("overhead", "launch overhead (s, not in Tkernel)",
        "estimate.launch_overhead_s", Style::Time, [](KR K) {
          return Cell::formula(
              "=IF(ISNUMBER(launch_overhead),launch_overhead,0)",
              K.Est.LaunchOverheadS);
        });
    col("t_event", "Tkernel + overhead (s, what validate compares)", "",
        Style::Time, [](KR K) {
          return Cell::formula("={t_kernel}+{overhead}",
                               K.Est.TKernelS + K.Est.LaunchOverheadS);
        });

    // Per work-item counts: ALU.
    for (unsigned C = 0; C < NumAluClasses; ++C) {
      const char *Class = aluClassName(AluClass(C));
      col(fmt::format("alu_{}", Class), fmt::format("lane-ops {}", Class),
          fmt::format("per_item.alu_by_class.{}", Class), Style::Count,
          [C](KR K) { return Cell::num(K.Counts.Alu[C]); });
    }
    {
      std::string Sum;
      for (unsigned C = 0; C < NumAluClasses; ++C)
        Sum += fmt::format("{}{{alu_{}}}", C ? "+" : "=",
                           aluClassName(AluClass(C)));
      col("alu_ops", "ALU lane-ops", "per_item.alu_ops", Style::Count,
          [Sum](KR K) { return Cell::formula(Sum, K.Counts.aluOps()); });
    }
    if (P.isVliw()) {
      // The packer's bundles: one per lane per clock.
      col("bundles", "VLIW bundles", "per_item.vliw_bundles", Style::Count,
          [](KR K) { return Cell::num(K.Est.VliwBundles); });
      col("alu_cycles", "ALU cycles per lane (= bundles)",
          "per_item.alu_cycles", Style::Count, [](KR K) {
            return Cell::formula("={bundles}", K.Est.AluCycles);
          });
    } else {
      addSimtAluColumns(Cols);
    }

    // TEX.
    col("image_reads", "image reads", "per_item.image_reads", Style::Count,
        [](KR K) { return Cell::num(K.Counts.ImageReads); });
    col("global_loads", "global loads", "per_item.global_loads", Style::Count,
        [](KR K) { return Cell::num(K.Counts.GlobalLoads); });
    col("tex_fetches", "TEX fetches", "per_item.tex_fetches", Style::Count,
        [](KR K) {
          return Cell::formula(
              "={image_reads}+IF(global_loads_use_tex=1,{global_loads},0)",
              K.Est.TexFetches);
        });
    // LDS and barriers (inside T_ALU).
    col("lds_bytes", "LDS bytes", "per_item.lds_bytes", Style::Bytes,
        [](KR K) { return Cell::num(K.Counts.LocalBytes); });
    col("barriers", "barriers", "per_item.barriers", Style::Count,
        [](KR K) { return Cell::num(K.Counts.Barriers); });
    // MEM.
    col("bytes_requested", "bytes requested", "per_item.bytes_requested",
        Style::Bytes, [](KR K) { return Cell::num(K.Est.BytesRequested); });
    col("bytes_moved", "bytes moved (DRAM)", "per_item.bytes_moved",
        Style::Bytes, [](KR K) { return Cell::num(K.Est.BytesMoved); });
    col("finite", "finite cache model (1/0)", "", Style::Count,
        [](KR K) { return Cell::num(K.Est.FiniteCache ? 1 : 0); });
    col("bytes_l2", "L2 bytes", "per_item.bytes_l2", Style::Bytes, [](KR K) {
      return K.Est.FiniteCache ? Cell::num(K.Est.BytesL2) : Cell::blank();
    });
    col("bytes_l2_partial", "L2 bytes of partly written sectors",
        "per_item.bytes_l2_partial", Style::Bytes, [](KR K) {
          return K.Est.FiniteCache ? Cell::num(K.Est.BytesL2Partial)
                                   : Cell::blank();
        });
    col("l1_lines", "L1 lines", "", Style::Count,
        [](KR K) { return Cell::num(K.Est.L1Lines); });
    col("load_rounds", "global load rounds", "", Style::Count,
        [](KR K) { return Cell::num(K.Counts.GlobalLoadRounds); });
    col("waves_occ", "occupancy (waves per CU)", "occupancy.waves_per_cu",
        Style::Count,
        [](KR K) { return Cell::num(K.Est.Occ.WavesPerCU); });
    col("limited_by", "occupancy limited by", "occupancy.limited_by",
        Style::Text, [](KR K) { return Cell::text(K.Est.Occ.LimitedBy); });

    // T_ALU's parts.
    col("t_alu_issue", "T_ALU issue (s)", "", Style::Time, [this](KR K) {
      return Cell::formula(
          "={N}*{alu_cycles}/(compute_units*lanes_per_cu)/clock",
          derived(K).TAluIssue);
    });
    col("t_lds", "T_LDS (s, in T_ALU)", "estimate.t_lds_s", Style::Time,
        [](KR K) {
          return Cell::formula(
              "=IF(AND(ISNUMBER(lds_bandwidth_per_clock),{lds_bytes}>0),"
              "{N}*{lds_bytes}/(compute_units*lds_bandwidth_per_clock)/clock,"
              "0)",
              K.Est.TLdsS);
        });
    col("t_barrier", "T_BARRIER (s, in T_ALU)", "estimate.t_barrier_s",
        Style::Time, [](KR K) {
          return Cell::formula(
              "=IF(AND(ISNUMBER(barrier_item_cycles),{barriers}>0),"
              "{N}*{barriers}*barrier_item_cycles/compute_units/clock,0)",
              K.Est.TBarrierS);
        });
    // T_MEM's parts.
    col("t_dram", "T_MEM DRAM bandwidth (s)", "estimate.t_mem_bandwidth_s",
        Style::Time, [](KR K) {
          return Cell::formula("={N}*{bytes_moved}/memory_bandwidth",
                               K.Est.TMemBandwidthS);
        });
    // Partly written sectors go at their own rate where the profile has it.
    col("t_l2", "T_MEM L2 (s)", "estimate.t_mem_l2_s", Style::Time, [](KR K) {
      return Cell::formula(
          "=IF(AND(ISNUMBER(cache_l2_bandwidth),{finite}=1),"
          "IF(AND({bytes_l2_partial}>0,ISNUMBER(cache_l2_partial_bandwidth)),"
          "{N}*({bytes_l2}-{bytes_l2_partial})/cache_l2_bandwidth+"
          "{N}*{bytes_l2_partial}/cache_l2_partial_bandwidth,"
          "{N}*{bytes_l2}/cache_l2_bandwidth),0)",
          K.Est.TMemL2S);
    });
    col("t_l1", "T_MEM L1 lookups (s)", "estimate.t_mem_l1_s", Style::Time,
        [](KR K) {
          return Cell::formula(
              "=IF(AND(ISNUMBER(cache_l1_lines_per_clock),{finite}=1,"
              "{l1_lines}>0),IF(cache_l1_lines_per_clock>0,"
              "{N}*{l1_lines}/(compute_units*cache_l1_lines_per_clock)/clock,"
              "0),0)",
              K.Est.TMemL1S);
        });
    col("resident", "resident work-items per CU", "", Style::Count,
        [this](KR K) {
          return Cell::formula("=MAX(1,{waves_occ})*wavefront",
                               derived(K).Resident);
        });
    col("dram_share", "DRAM share of requests", "", Style::Count,
        [this](KR K) {
          return Cell::formula(
              "=IF({bytes_requested}>0,MIN(1,{bytes_moved}/{bytes_requested}),"
              "0)",
              derived(K).DramShare);
        });
    col("waves", "waves per compute unit (latency)", "", Style::Count, [this](KR K) {
      return Cell::formula("=MAX(1,{N}/(compute_units*{resident}))",
                           derived(K).Waves);
    });
    col("t_latency", "T_MEM latency (s)", "estimate.t_mem_latency_s",
        Style::Time, [](KR K) {
          return Cell::formula(
              "=IF(AND(ISNUMBER(memory_latency),{load_rounds}>0,"
              "{bytes_requested}>0),{load_rounds}*{dram_share}*{waves}*"
              "memory_latency,0)",
              K.Est.TMemLatencyS);
        });
    col("t_knee", "T_MEM knee (s)", "", Style::Time, [this](KR K) {
      return Cell::formula(
          "=IF(AND(ISNUMBER(memory_latency),{load_rounds}>0,"
          "{bytes_requested}>0,ISNUMBER(memory_overlap_exponent)),"
          "IF(AND(memory_overlap_exponent>0,{t_dram}>0)," +
              combineFormula("{t_dram}", "{t_latency}",
                             "memory_overlap_exponent") +
              ",0),0)",
          derived(K).TKnee);
    });
    // Starting the work-groups: a floor on Tkernel, where the launch has a
    // local size (a blank local is the driver's choice: no groups known).
    col("groups", "work-groups", "estimate.work_groups", Style::Count,
        [](KR K) {
          return Cell::formula(
              "=IF(COUNT({lx},{ly},{lz})=3,ROUNDUP({gx}/{lx},0)*"
              "ROUNDUP({gy}/{ly},0)*ROUNDUP({gz}/{lz},0),0)",
              K.Est.Groups);
        });
    col("t_dispatch", "work-group dispatch (s)", "estimate.t_dispatch_s",
        Style::Time, [](KR K) {
          return Cell::formula(
              "=IF(AND(ISNUMBER(dispatch_cycles),{groups}>0),"
              "{groups}/compute_units*dispatch_cycles/clock,0)",
              K.Est.TDispatchS);
        });
    col("t_phases", "barrier phases (s)", "", Style::Time, [this](KR K) {
      return Cell::formula(
          "=IF(AND(ISNUMBER(barrier_phase_exponent),{barriers}>0,{t_alu}>0,"
          "{t_mem}>0),IF(barrier_phase_exponent>0," +
              combineFormula("{t_alu}", "{t_mem}", "barrier_phase_exponent") +
              ",0),0)",
          derived(K).TPhases);
    });
    return Cols;
  }

  /// SIMT and CPU profiles: a lane-op of class c costs lanes_per_cu / rate_c
  /// lane cycles; with pipes, classes on different pipes overlap in part.
  void addSimtAluColumns(std::vector<Column> &Cols) {
    using KR = const KernelResult &;
    auto col = [&](std::string Id, std::string Title, std::string Json,
                   std::function<Cell(const KernelResult &)> V) {
      Cols.push_back({std::move(Id), std::move(Title), std::move(Json),
                      Style::Count, std::move(V)});
    };
    col("bundles", "ALU issue slots (= lane-ops)", "per_item.vliw_bundles",
        [](KR K) { return Cell::formula("={alu_ops}", K.Est.VliwBundles); });
    std::string Sum, Issued;
    for (unsigned C = 0; C < NumAluClasses; ++C) {
      const char *Class = aluClassName(AluClass(C));
      // A class the device has no unit for ("none") is left out, as the
      // model leaves it out of T_ALU.
      col(fmt::format("cyc_{}", Class), fmt::format("cycles {}", Class), "",
          [this, C, Class](KR K) {
            return Cell::formula(
                fmt::format("=IF(ISNUMBER(alu_rate_{0}),{{alu_{0}}}*"
                            "lanes_per_cu/alu_rate_{0},0)",
                            Class),
                derived(K).ClassCycles[C]);
          });
      Sum += fmt::format("{}{{cyc_{}}}", C ? "+" : "=", Class);
      Issued += fmt::format("{0}IF(ISNUMBER(alu_rate_{1}),{{alu_{1}}},0)",
                            C ? "+" : "", Class);
    }
    col("cycles_sum", "ALU cycles, classes one after another", "",
        [this, Sum](KR K) {
          return Cell::formula(Sum, derived(K).CyclesSum);
        });
    col("issue_cycles", "ALU issue cycles (alu.issue_per_clock)", "",
        [this, Issued](KR K) {
          return Cell::formula("=IF(ISNUMBER(alu_issue_per_clock),(" + Issued +
                                   ")*lanes_per_cu/alu_issue_per_clock,0)",
                               derived(K).IssueCycles);
        });
    std::string Busiest = "=MAX(0";
    for (size_t I = 0; I < P.Alu.PipeNames.size(); ++I) {
      std::string Pipe;
      for (unsigned C = 0; C < NumAluClasses; ++C)
        if (P.Alu.Pipe[C] == int(I))
          Pipe += fmt::format("{}{{cyc_{}}}", Pipe.empty() ? "" : "+",
                              aluClassName(AluClass(C)));
      if (!Pipe.empty())
        Busiest += "," + Pipe;
    }
    Busiest += ")";
    col("busiest", "ALU cycles on the busiest pipe", "",
        [this, Busiest](KR K) {
          return Cell::formula(Busiest, derived(K).Busiest);
        });
    col("alu_cycles", "ALU cycles per lane", "per_item.alu_cycles", [](KR K) {
      return Cell::formula(
          "=IF(AND(ISNUMBER(alu_issue_per_clock),ISNUMBER(alu_pipe_overlap),"
          "{cycles_sum}>0),IF(MAX({issue_cycles},{busiest})<{cycles_sum},"
          "MAX({issue_cycles},{busiest})+alu_pipe_overlap*({cycles_sum}-"
          "MAX({issue_cycles},{busiest})),{cycles_sum}),{cycles_sum})",
          K.Est.AluCycles);
    });
  }

  /// \p Template with each {id} replaced by the cell of column id in
  /// \p Row.
  static std::string expand(const std::string &Template, unsigned Row,
                            const std::map<std::string, unsigned> &Index) {
    std::string Out;
    for (size_t I = 0; I < Template.size(); ++I) {
      if (Template[I] != '{') {
        Out += Template[I];
        continue;
      }
      size_t End = Template.find('}', I);
      std::string Id = Template.substr(I + 1, End - I - 1);
      auto It = Index.find(Id);
      if (It == Index.end())
        report_fatal_error(Twine("workbook: a formula names no column '") +
                           Id + "'");
      Out += cellRef(Row, It->second);
      I = End;
    }
    return Out;
  }

  KernelsLayout writeKernels(lxw_worksheet *WS) {
    std::vector<Column> Cols = kernelColumns();
    std::map<std::string, unsigned> Index;
    for (unsigned C = 0; C < Cols.size(); ++C)
      Index[Cols[C].Id] = C;
    // Row 1 names the JSON field each column equals (docs/output.md), so
    // the sheet can be checked against `analyze --format json`.
    const unsigned First = 2;
    for (unsigned C = 0; C < Cols.size(); ++C) {
      text(WS, 0, C, Cols[C].Title, F.Header);
      text(WS, 1, C, Cols[C].Json.empty() ? "-" : Cols[C].Json, F.Key);
    }
    unsigned Row = First;
    for (const KernelResult &K : R.Kernels) {
      for (unsigned C = 0; C < Cols.size(); ++C) {
        Cell V = Cols[C].Value(K);
        lxw_format *Fmt = styleFormat(Cols[C].S);
        switch (V.K) {
        case Cell::Blank:
          break;
        case Cell::Number:
          number(WS, Row, C, V.Num, Fmt);
          break;
        case Cell::Text:
          text(WS, Row, C, V.Str);
          break;
        case Cell::Formula:
          St(worksheet_write_formula_num(
              WS, Row, C, expand(V.Str, Row, Index).c_str(), Fmt, V.Num));
          break;
        case Cell::TextFormula:
          St(worksheet_write_formula_str(WS, Row, C,
                                         expand(V.Str, Row, Index).c_str(),
                                         nullptr, V.CachedText.c_str()));
          break;
        }
      }
      ++Row;
    }
    // Mark the term that bounds each kernel; the rule follows the bound
    // column, so it moves when an edited figure changes the bound.
    if (Row > First) {
      std::string BoundCol = fmt::format("${}", colName(Index.at("bound")));
      for (auto [Id, Name] : {std::pair{"t_alu", "ALU"},
                              {"t_tex", "TEX"},
                              {"t_mem", "MEM"}}) {
        std::string Rule = fmt::format("={}{}=\"{}\"", BoundCol, First + 1,
                                       Name);
        lxw_conditional_format CF{};
        CF.type = LXW_CONDITIONAL_TYPE_FORMULA;
        CF.value_string = Rule.data();
        CF.format = F.Bound;
        unsigned C = Index.at(Id);
        St(worksheet_conditional_format_range(WS, First, C, Row - 1, C, &CF));
      }
    }
    worksheet_set_row(WS, 0, 45, nullptr);
    worksheet_set_column(WS, 0, 0, 22, nullptr);
    worksheet_set_column(WS, 1, 1, 20, nullptr);
    worksheet_set_column(WS, 2, lxw_col_t(Cols.size() - 1), 13, nullptr);
    worksheet_freeze_panes(WS, First, 2);
    return {First, Index.at("t_kernel"), Index.at("bound")};
  }
};

/// The Assumptions, Findings and Lines sheets: one row per item of every
/// device's report, the device's id in the last column.
class ListWriter : SheetWriter {
public:
  ListWriter(Shared &S, const std::vector<ProfiledReport> &Reports,
             const ReportOptions &O)
      : SheetWriter(S), Reports(Reports), O(O) {}

  void write() {
    writeAssumptions();
    writeFindings();
    if (O.Lines)
      writeLines();
  }

private:
  const std::vector<ProfiledReport> &Reports;
  const ReportOptions &O;

  /// Calls \p Row for each kernel of each report with the sheet row to
  /// fill: the kernel's columns and the device column (\p DeviceCol) are
  /// written, \p Row writes the rest and returns how many rows it used.
  /// Returns the number of rows written after the header.
  template <typename Fn>
  unsigned rows(lxw_worksheet *WS, unsigned DeviceCol, Fn Row) {
    unsigned Next = 1;
    for (const ProfiledReport &PR : Reports)
      for (const KernelResult &K : PR.Report->Kernels) {
        unsigned Used = Row(K, Next);
        for (unsigned I = 0; I < Used; ++I) {
          text(WS, Next + I, 0, K.File);
          text(WS, Next + I, 1, K.Counts.Name);
          text(WS, Next + I, 2, K.SuiteId);
          text(WS, Next + I, DeviceCol, PR.Report->ProfileId);
        }
        Next += Used;
      }
    return Next - 1;
  }

  void finish(lxw_worksheet *WS, unsigned Rows, unsigned LastCol) {
    worksheet_freeze_panes(WS, 1, 0);
    if (Rows)
      St(worksheet_autofilter(WS, 0, 0, Rows, lxw_col_t(LastCol)));
  }

  void writeAssumptions() {
    lxw_worksheet *WS = workbook_add_worksheet(WB, "Assumptions");
    headers(WS, 0, {"file", "kernel", "suite entry", "from", "kind",
                    "at file", "line", "message", "device"});
    unsigned Rows = rows(WS, 8, [&](const KernelResult &K, unsigned Row) {
      unsigned First = Row;
      for (const Assumption &A : K.Counts.Assumptions) {
        text(WS, Row, 3, "analysis");
        text(WS, Row, 4, A.Kind);
        text(WS, Row, 5, A.File);
        if (A.Line)
          number(WS, Row, 6, A.Line);
        text(WS, Row, 7, A.Message);
        ++Row;
      }
      // The model's notes concern the kernel as a whole: which figures
      // were measured, what the cache model assumed, which limit won.
      for (const std::string &N : K.Est.allNotes()) {
        text(WS, Row, 3, "model");
        text(WS, Row, 4, "note");
        text(WS, Row, 7, N);
        ++Row;
      }
      return Row - First;
    });
    worksheet_set_column(WS, 0, 1, 22, nullptr);
    worksheet_set_column(WS, 2, 5, 14, nullptr);
    worksheet_set_column(WS, 6, 6, 6, nullptr);
    worksheet_set_column(WS, 7, 7, 120, nullptr);
    worksheet_set_column(WS, 8, 8, 18, nullptr);
    finish(WS, Rows, 8);
  }

  void writeFindings() {
    lxw_worksheet *WS = workbook_add_worksheet(WB, "Findings");
    headers(WS, 0, {"file", "kernel", "suite entry", "line", "column",
                    "severity", "rule", "message", "estimated gain (s)",
                    "device"});
    unsigned Rows = rows(WS, 9, [&](const KernelResult &K, unsigned Row) {
      for (const Finding &Fd : K.Findings) {
        if (Fd.Loc.Line)
          number(WS, Row, 3, Fd.Loc.Line);
        if (Fd.Loc.Col)
          number(WS, Row, 4, Fd.Loc.Col);
        text(WS, Row, 5, severityName(Fd.Sev));
        text(WS, Row, 6, Fd.RuleId);
        text(WS, Row, 7, Fd.Message);
        if (Fd.GainS)
          number(WS, Row, 8, *Fd.GainS, F.Time);
        ++Row;
      }
      return unsigned(K.Findings.size());
    });
    worksheet_set_column(WS, 0, 1, 22, nullptr);
    worksheet_set_column(WS, 2, 5, 10, nullptr);
    worksheet_set_column(WS, 6, 6, 30, nullptr);
    worksheet_set_column(WS, 7, 7, 120, nullptr);
    worksheet_set_column(WS, 8, 9, 18, nullptr);
    finish(WS, Rows, 9);
  }

  /// What --lines prints under each kernel (printTable).
  void writeLines() {
    lxw_worksheet *WS = workbook_add_worksheet(WB, "Lines");
    headers(WS, 0, {"file", "kernel", "suite entry", "line", "ALU ops",
                    "global bytes", "LDS bytes", "TEX fetches", "device"});
    unsigned Rows = rows(WS, 8, [&](const KernelResult &K, unsigned Row) {
      for (const LineCounts &L : K.Counts.Lines) {
        number(WS, Row, 3, L.Line);
        number(WS, Row, 4, L.AluOps);
        number(WS, Row, 5, L.GlobalBytes);
        number(WS, Row, 6, L.LocalBytes);
        number(WS, Row, 7, L.TexFetches);
        ++Row;
      }
      return unsigned(K.Counts.Lines.size());
    });
    worksheet_set_column(WS, 0, 1, 22, nullptr);
    worksheet_set_column(WS, 2, 8, 13, nullptr);
    finish(WS, Rows, 8);
  }
};

/// Several devices: Tkernel and the bound of each kernel per device, as
/// formulas over the devices' Kernels sheets (printSideBySide's table),
/// with each kernel's fastest device marked.
class SummaryWriter : SheetWriter {
public:
  explicit SummaryWriter(Shared &S) : SheetWriter(S) {}

  void write(lxw_worksheet *WS, const std::vector<ProfiledReport> &Reports,
             const std::vector<DeviceSheets> &Names,
             const std::vector<KernelsLayout> &Layouts) {
    text(WS, 0, 0, "Tkernel and bound per device", F.Title);
    text(WS, 1, 0,
         "Each figure is a formula over the device's Kernels sheet: edit a "
         "figure on a Device sheet and its columns follow. The fastest "
         "device of each kernel is marked.");
    const unsigned Header = 3, Key = 4, First = 5;
    headers(WS, Header, {"file", "kernel", "suite entry"});
    const AnalysisReport &Lead = *Reports.front().Report;
    for (unsigned D = 0; D < Reports.size(); ++D) {
      unsigned C = 3 + 2 * D;
      const std::string &Id = Reports[D].Report->ProfileId;
      text(WS, Header, C, fmt::format("Tkernel on {} (s)", Id), F.Header);
      text(WS, Header, C + 1, fmt::format("bound on {}", Id), F.Header);
      // As on the Kernels sheets: the JSON field, here of reports[D].
      text(WS, Key, C, fmt::format("reports.{}.estimate.t_kernel_s", D), F.Key);
      text(WS, Key, C + 1, fmt::format("reports.{}.estimate.bound", D), F.Key);
    }
    for (unsigned I = 0; I < Lead.Kernels.size(); ++I) {
      const KernelResult &K = Lead.Kernels[I];
      unsigned Row = First + I;
      text(WS, Row, 0, K.File);
      text(WS, Row, 1, K.Counts.Name);
      text(WS, Row, 2, K.SuiteId);
      for (unsigned D = 0; D < Reports.size(); ++D) {
        const auto &Kernels = Reports[D].Report->Kernels;
        // Every device analyzed the same request; a kernel that is not in
        // the same place (it failed on one device) is left blank.
        if (I >= Kernels.size() || Kernels[I].File != K.File ||
            Kernels[I].Counts.Name != K.Counts.Name ||
            Kernels[I].SuiteId != K.SuiteId)
          continue;
        const Estimate &E = Kernels[I].Est;
        std::string Sheet = sheetRef(Names[D].Kernels) + "!";
        unsigned KRow = Layouts[D].FirstRow + I, C = 3 + 2 * D;
        St(worksheet_write_formula_num(
            WS, Row, C,
            ("=" + Sheet + cellRef(KRow, Layouts[D].TKernelCol)).c_str(),
            F.Time, E.TKernelS));
        St(worksheet_write_formula_str(
            WS, Row, C + 1,
            ("=" + Sheet + cellRef(KRow, Layouts[D].BoundCol)).c_str(),
            nullptr, boundName(E.Limit)));
      }
    }
    unsigned Last = First + unsigned(Lead.Kernels.size());
    if (Last > First) {
      std::string Min = "MIN(";
      for (unsigned D = 0; D < Reports.size(); ++D)
        Min += fmt::format("{}${}{}", D ? "," : "", colName(3 + 2 * D),
                           First + 1);
      Min += ")";
      for (unsigned D = 0; D < Reports.size(); ++D) {
        unsigned C = 3 + 2 * D;
        std::string Rule = fmt::format("=AND(ISNUMBER({0}),{0}={1})",
                                       cellRef(First, C), Min);
        lxw_conditional_format CF{};
        CF.type = LXW_CONDITIONAL_TYPE_FORMULA;
        CF.value_string = Rule.data();
        CF.format = F.Bound;
        St(worksheet_conditional_format_range(WS, First, C, Last - 1, C, &CF));
      }
    }
    worksheet_set_row(WS, Header, 30, nullptr);
    worksheet_set_column(WS, 0, 0, 22, nullptr);
    worksheet_set_column(WS, 1, 1, 20, nullptr);
    worksheet_set_column(WS, 2, lxw_col_t(2 + 2 * Reports.size()), 16,
                         nullptr);
    worksheet_freeze_panes(WS, First, 2);
  }
};

/// The sheet names of each device: Device and Kernels for one, "Device ID"
/// and "Kernels ID" for several, or "Device N" (its place in --profile)
/// where the id cannot name a sheet (over Excel's 31 characters, a
/// character sheet names may not hold, or the same id twice).
std::vector<DeviceSheets> sheetNames(const std::vector<ProfiledReport> &Rs) {
  std::vector<DeviceSheets> Names(Rs.size());
  if (Rs.size() == 1)
    return Names;
  std::map<std::string, unsigned> Uses;
  for (const ProfiledReport &PR : Rs)
    ++Uses[PR.Report->ProfileId];
  // A tag already given (an id "2" beside a duplicated id numbered 2)
  // falls back to a number no other sheet has. (Ids are lowercase, so
  // Excel's case-blind comparison of names adds no collision.)
  std::set<std::string> Taken;
  for (size_t I = 0; I < Rs.size(); ++I) {
    const std::string &Id = Rs[I].Report->ProfileId;
    bool Usable = !Id.empty() && Id.size() + 8 <= 31 && Uses[Id] == 1 &&
                  Id.find_first_of("[]:*?/\\'") == std::string::npos;
    std::string Tag = Usable ? Id : std::to_string(I + 1);
    for (size_t N = Rs.size() + 1; Taken.count(Tag); ++N)
      Tag = std::to_string(N);
    Taken.insert(Tag);
    Names[I] = {"Device " + Tag, "Kernels " + Tag, true};
  }
  return Names;
}

/// Writes the workbook to \p File (libxlsxwriter opens it by name).
Error writeTo(const std::string &File, const std::vector<ProfiledReport> &Rs,
              const ReportOptions &O) {
  lxw_workbook *WB = workbook_new(File.c_str());
  if (!WB)
    return createStringError(inconvertibleErrorCode(),
                             "libxlsxwriter could not start a workbook");
  lxw_doc_properties Props{};
  std::string Ids;
  for (const ProfiledReport &PR : Rs)
    Ids += (Ids.empty() ? "" : ", ") + PR.Profile->Id;
  std::string Title = "clspread analyze on " + Ids;
  std::string Comments = "Tkernel = max(T_ALU, T_TEX, T_MEM); clspread " +
                         Rs.front().Report->ToolVersion + ", docs/workbook.md";
  Props.title = Title.data();
  Props.comments = Comments.data();
  workbook_set_properties(WB, &Props);

  Shared S(WB);
  std::vector<DeviceSheets> Names = sheetNames(Rs);
  lxw_worksheet *Summary =
      Rs.size() > 1 ? workbook_add_worksheet(WB, "Summary") : nullptr;
  std::vector<std::pair<lxw_worksheet *, lxw_worksheet *>> Sheets;
  for (const DeviceSheets &N : Names) {
    lxw_worksheet *Device = workbook_add_worksheet(WB, N.Device.c_str());
    Sheets.emplace_back(Device, workbook_add_worksheet(WB, N.Kernels.c_str()));
  }
  // libxlsxwriter refuses a name (NULL) rather than failing later; every
  // later write would dereference it.
  bool Refused = (Rs.size() > 1 && !Summary);
  for (auto &[D, K] : Sheets)
    Refused |= !D || !K;
  if (Refused) {
    workbook_close(WB); // frees it; writeWorkbook removes the file
    return createStringError(inconvertibleErrorCode(),
                             "libxlsxwriter refused a sheet name");
  }
  std::vector<KernelsLayout> Layouts;
  for (size_t I = 0; I < Rs.size(); ++I)
    Layouts.push_back(DeviceWriter(S, *Rs[I].Report, *Rs[I].Profile, Names[I])
                          .write(Sheets[I].first, Sheets[I].second));
  if (Summary)
    SummaryWriter(S).write(Summary, Rs, Names, Layouts);
  ListWriter(S, Rs, O).write();

  // workbook_close() frees the workbook whatever happens.
  lxw_error Closed = workbook_close(WB);
  lxw_error E = S.St.First != LXW_NO_ERROR ? S.St.First : Closed;
  if (E != LXW_NO_ERROR)
    return createStringError(inconvertibleErrorCode(), "libxlsxwriter: %s",
                             lxw_strerror(E));
  return Error::success();
}

} // namespace

Error writeWorkbook(const std::vector<ProfiledReport> &Reports,
                    const ReportOptions &O, const std::string &Path) {
  namespace fs = llvm::sys::fs;
  // libxlsxwriter writes by name: into a private temporary file, whose
  // bytes then go through writeOutput() like every other output (whole or
  // not at all, the target's mode kept, a device written in place).
  SmallString<256> Temp;
  if (std::error_code EC = fs::createTemporaryFile("clspread-workbook", "xlsx", Temp))
    return make_error<OutputError>(Path, "cannot create a temporary file: " +
                                             EC.message());
  sys::RemoveFileOnSignal(Temp);
  auto Cleanup = llvm::make_scope_exit([&] {
    fs::remove(Temp);
    sys::DontRemoveFileOnSignal(Temp);
  });
  if (Error E = writeTo(std::string(Temp), Reports, O))
    return E;
  auto Bytes = MemoryBuffer::getFile(Temp, /*IsText=*/false);
  if (!Bytes)
    return make_error<OutputError>(Path, Bytes.getError().message());
  return writeOutput(Path, (*Bytes)->getBuffer());
}

#endif // CLSPREAD_HAVE_XLSXWRITER

} // namespace clspread

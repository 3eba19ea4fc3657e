//===- WorkbookKernels.cpp - The workbook's Kernels sheet -----------------===//
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
#include "Report/WorkbookSheets.h"
#include "Model/Spreadsheet.h"

#ifdef CLSPREAD_HAVE_XLSXWRITER

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

#include <fmt/format.h>

#include <algorithm>

using namespace llvm;

namespace clspread::workbook {

namespace {

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

} // namespace

const Derived &DeviceWriter::derived(const KernelResult &K) {
  auto It = Cache.find(&K);
  if (It == Cache.end())
    It = Cache.emplace(&K, derive(K, P)).first;
  return It->second;
}

std::vector<Column> DeviceWriter::kernelColumns() {
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
void DeviceWriter::addSimtAluColumns(std::vector<Column> &Cols) {
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
std::string DeviceWriter::expand(const std::string &Template, unsigned Row,
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

KernelsLayout DeviceWriter::writeKernels(lxw_worksheet *WS) {
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

} // namespace clspread::workbook

#endif // CLSPREAD_HAVE_XLSXWRITER

//===- CalibrateDriver.cpp - Measured figures for a profile ---------------===//
#include "Driver/CalibrateDriver.h"
#include "Driver/PlanWriter.h"
#include "Model/Figures.h"
#include "Model/ModelGraph.h"
#include "Model/Spreadsheet.h"
#include "Validate/Validation.h"

#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

using namespace llvm;

namespace clspread {

namespace {

/// A memory micro-benchmark's run: its time, load round trips, waves of
/// resident work-items and DRAM bytes (the model's count).
struct MemRun {
  double T = 0, Rounds = 0, Waves = 0, Bytes = 0;
  size_t Index = 0; ///< the latency figure's place in the output
  std::string Where;
};

/// The p with combineLimits(A, B, p) = T, by bisection on [1, 64] (the
/// combination falls as p grows); 1 when T is the sum or more. Only the
/// knee uses it: its two limits are this run's own (the bandwidth and the
/// latency measured beside it, solved together), not the profile's graph;
/// barrier.phase_exponent is solved on the graph (model::solveFigure).
double exponentFor(double A, double B, double T) {
  if (T >= A + B)
    return 1;
  double Lo = 1, Hi = 64;
  for (int I = 0; I < 100; ++I) {
    double Mid = 0.5 * (Lo + Hi);
    (model::combineLimits(A, B, Mid) > T ? Lo : Hi) = Mid;
  }
  return 0.5 * (Lo + Hi);
}

/// memory.overlap_exponent from the knee run (a launch whose bandwidth and
/// latency limits are about equal): T_knee = (T_bw^p + T_lat^p)^(1/p).
/// The latency run is not purely latency-bound either, so when this run
/// measured it too, latency and p are solved together (a few fixed-point
/// rounds), and the latency figure is rewritten with the p it implies.
void solveKnee(const MemRun &Knee, MemRun *Lat,
               std::optional<double> BwMeasured, const DeviceProfile &P,
               std::vector<DerivedFigure> &Out,
               std::vector<std::string> &Skipped) {
  const char *Fig = "memory.overlap_exponent";
  double Bw =
      BwMeasured ? *BwMeasured : *P.inUse("memory.bandwidth", P.BandwidthBps);
  std::optional<double> L =
      Lat ? std::optional<double>(Lat->T / (Lat->Rounds * Lat->Waves))
          : P.inUse("memory.latency", P.MemoryLatencyS);
  if (!L) {
    Skipped.push_back(std::string(Fig) + ": needs memory.latency, measured "
                                         "in this run or in the profile");
    return;
  }
  std::optional<double> Exp;
  for (int Round = 0; Round < 20; ++Round) {
    if (Lat && Exp) {
      // The latency run's own latency limit under the current p.
      double TBw = Lat->Bytes / Bw;
      double TLat =
          Lat->T > TBw
              ? Lat->T * std::pow(1 - std::pow(TBw / Lat->T, *Exp), 1.0 / *Exp)
              : Lat->T;
      L = TLat / (Lat->Rounds * Lat->Waves);
    }
    double A = Knee.Bytes / Bw, B = Knee.Rounds * Knee.Waves * *L;
    if (Knee.T <= std::max(A, B)) {
      Skipped.push_back(fmt::format(
          "{}: the knee run ({:.4g} s) took no longer than its larger limit "
          "({:.4g} s): no overlap to measure",
          Fig, Knee.T, std::max(A, B)));
      return;
    }
    Exp = exponentFor(A, B, Knee.T);
  }
  double A = Knee.Bytes / Bw, B = Knee.Rounds * Knee.Waves * *L;
  Out.push_back({Fig, fmt::format("{:.3g}", *Exp),
                 fmt::format("bandwidth limit {:.4g} s and latency limit "
                             "{:.4g} s combine to the measured time, from ",
                             A, B) +
                     Knee.Where});
  if (Lat) {
    DerivedFigure &F = Out[Lat->Index];
    F.Value = fmt::format("{:.4g} ns", *L * 1e9);
    F.Note = fmt::format("{:.4g} load round trips x {:.4g} waves, with the "
                         "bandwidth limit taken off at memory.overlap_"
                         "exponent {:.3g}, from ",
                         Lat->Rounds, Lat->Waves, *Exp) +
             Lat->Where;
  }
}

} // namespace

std::vector<DerivedFigure> deriveFigures(const AnalysisReport &Report,
                                         const json::Value &Measurements,
                                         const DeviceProfile &P,
                                         std::vector<std::string> &Skipped) {
  auto ById = resultsById(Measurements);

  std::vector<DerivedFigure> Out;
  std::optional<double> LdsMeasured; // for the barrier figure, derived after
  std::optional<double> OverheadMeasured; // for the dispatch figure
  // The latency, bandwidth and knee runs, solved together after the loop.
  std::optional<double> BwMeasured;
  std::optional<MemRun> LatRun, KneeRun;
  // The model's own terms for a benchmark, at the profile's figures: the
  // derivations below invert them, so they take them from the graph
  // rather than restate a formula.
  const model::Model *Graph = &model::modelFor(P);
  auto terms = [&](const KernelResult &K) {
    std::map<std::string, double> T;
    for (auto &[Term, V] :
         model::evaluateTerms(*Graph, model::estimateInputs(K.Counts, K.Est),
                              model::figureValues(P, /*UseMeasured=*/true)))
      if (!V.IsLabel)
        T[Term->Name] = V.Number;
    return T;
  };
  auto memRun = [&](const KernelResult &K, double T, double N) {
    MemRun R;
    R.T = T;
    R.Waves = terms(K)["waves"];
    R.Rounds = std::max(1e-9, K.Counts.GlobalLoadRounds);
    R.Bytes = K.Est.BytesMoved * N;
    return R;
  };
  for (const KernelResult &K : Report.Kernels) {
    const std::string &Fig = K.SuiteId;
    auto It = ById.find(Fig);
    std::optional<double> T;
    std::string Cv;
    if (It != ById.end()) {
      if (std::string Why = launchMismatch(*It->second, K.Counts.Launch);
          !Why.empty()) {
        Skipped.push_back(Fig + ": " + Why);
        continue;
      }
      T = okMedian(*It->second);
      Cv =
          fmt::format("{:.1f}%", 100 * It->second->getNumber("cv").value_or(0));
    }
    if (!T) {
      Skipped.push_back(Fig + ": not measured");
      continue;
    }
    double N = double(K.Counts.Launch.workItems());
    std::string Where =
        fmt::format("{} at {} work-items, median {:.4g} s, cv {}",
                    K.Counts.Name, uint64_t(N), *T, Cv);
    if (Fig == "memory.bandwidth") {
      double Bytes = (K.Counts.GlobalLoadBytes + K.Counts.GlobalStoreBytes) * N;
      BwMeasured = Bytes / *T;
      Out.push_back({Fig, fmt::format("{:.4g} GB/s", Bytes / *T / 1e9),
                     "bytes read + written by " + Where});
    } else if (Fig == "memory.overlap_exponent") {
      KneeRun = memRun(K, *T, N);
      KneeRun->Where = Where;
    } else if (Fig == "memory.latency") {
      // time = rounds x waves x latency (the model's t_latency with the
      // whole traffic from DRAM).
      std::map<std::string, double> Terms = terms(K);
      double Resident = Terms["resident"];
      double Waves = Terms["waves"];
      double Rounds = std::max(1e-9, K.Counts.GlobalLoadRounds);
      LatRun = memRun(K, *T, N);
      LatRun->Index = Out.size();
      LatRun->Where = Where;
      Out.push_back({Fig, fmt::format("{:.4g} ns", *T / (Rounds * Waves) * 1e9),
                     fmt::format("{:.4g} load round trips x {:.4g} waves of "
                                 "{:.0f} resident work-items per CU, from ",
                                 Rounds, Waves, Resident) +
                         Where});
    } else if (Fig == "barrier.phase_exponent") {
      // The model's T_ALU and T_MEM for the benchmark against its time.
      double A = K.Est.TAluS, B = K.Est.TMemS;
      if (*T <= std::max(A, B)) {
        Skipped.push_back(fmt::format(
            "{}: the run ({:.4g} s) took no longer than its larger term "
            "({:.4g} s): no phase cost to measure",
            Fig, *T, std::max(A, B)));
        continue;
      }
      // The exponent at which the model's barrier-phase term equals the
      // measured time, solved on the model's graph (1 when the time is the
      // two terms' sum or more: no overlap at all).
      double Exp = 1;
      if (*T < A + B) {
        model::Evaluator V(Graph->G, model::estimateInputs(K.Counts, K.Est),
                           model::figureValues(P, /*UseMeasured=*/true));
        Exp = model::solveFigure(V, "barrier_phase_exponent",
                                 Graph->G.find("t_phases"), *T, 1, 64,
                                 /*Decreasing=*/true);
      }
      Out.push_back({Fig, fmt::format("{:.3g}", Exp),
                     fmt::format("T_ALU {:.4g} s and T_MEM {:.4g} s combine "
                                 "to the measured time, from ",
                                 A, B) +
                         Where});
    } else if (Fig == "alu.pipe_overlap") {
      if (P.Alu.PipeNames.empty() || !P.Alu.IssuePerClock) {
        Skipped.push_back(Fig + ": the profile gives no 'alu.pipes' and "
                                "'alu.issue_per_clock'");
        continue;
      }
      // The cycles per lane with no overlap (1) and with full overlap (0),
      // from the model itself, against the measured cycles.
      auto Cycles = [&](double Overlap) {
        DeviceProfile Q = P;
        Q.Measured.erase("alu.pipe_overlap");
        Q.Alu.PipeOverlap = Overlap;
        return estimate(K.Counts, Q).AluCycles;
      };
      double Sum = Cycles(1), Bound = Cycles(0);
      double Clock = *P.inUse("clock", P.ClockHz);
      double Measured = *T * double(P.ComputeUnits) * P.LanesPerCU * Clock / N;
      if (Sum - Bound < 1e-9 * Sum) {
        Skipped.push_back(Fig + ": the benchmark's classes all run on one "
                                "pipe here");
        continue;
      }
      double Phi = std::clamp((Measured - Bound) / (Sum - Bound), 0.0, 1.0);
      Out.push_back({Fig, fmt::format("{:.3g}", Phi),
                     fmt::format("{:.4g} cycles per lane measured, between "
                                 "{:.4g} (busiest pipe) and {:.4g} (all "
                                 "classes in turn), from ",
                                 Measured, Bound, Sum) +
                         Where});
    } else if (Fig == "cache.l2_bandwidth") {
      if (!K.Est.FiniteCache) {
        Skipped.push_back(Fig + ": the profile gives no cache sizes "
                                "('cache:'), so the model has no L2 traffic "
                                "to divide by the time");
        continue;
      }
      double Bytes = K.Est.BytesL2 * N;
      Out.push_back({Fig, fmt::format("{:.4g} GB/s", Bytes / *T / 1e9),
                     fmt::format("{:.4g} B per work-item through L2 (the "
                                 "cache model's count), from ",
                                 K.Est.BytesL2) +
                         Where});
    } else if (Fig == "cache.l2_partial_bandwidth") {
      if (!K.Est.FiniteCache || K.Est.BytesL2Partial <= 0) {
        Skipped.push_back(Fig + ": the cache model finds no partly written "
                                "sectors in the benchmark (the profile needs "
                                "'cache:' with a write-through L1)");
        continue;
      }
      double Bytes = K.Est.BytesL2Partial * N;
      Out.push_back({Fig, fmt::format("{:.4g} GB/s", Bytes / *T / 1e9),
                     fmt::format("{:.4g} B per work-item of sectors written "
                                 "in part (the cache model's count), from ",
                                 K.Est.BytesL2Partial) +
                         Where});
    } else if (Fig == "lds.bandwidth_per_clock") {
      double Bytes = K.Counts.LocalBytes * N;
      double PerClock = Bytes / *T / (double(P.ComputeUnits) * P.ClockHz);
      LdsMeasured = PerClock;
      Out.push_back({Fig, fmt::format("{:.4g} B", PerClock),
                     fmt::format("__local bytes per CU per clock at the "
                                 "profile's {:.4g} MHz, from ",
                                 P.ClockHz / 1e6) +
                         Where});
    } else if (Fig == "tex.units_per_cu") {
      double Fetches = K.Counts.ImageReads * N;
      double Rate = Fetches / *T / (double(P.ComputeUnits) * P.ClockHz);
      Out.push_back({Fig, fmt::format("{:.4g}", Rate),
                     fmt::format("image fetches per CU per clock at the "
                                 "profile's {:.4g} MHz, from ",
                                 P.ClockHz / 1e6) +
                         Where});
    } else if (Fig == "barrier.item_cycles") {
      // The barrier loop's time less its LDS traffic (derived just before
      // from lds_read, when the profile or this run has it).
      double Lds = LdsMeasured.value_or(P.LdsBytesPerClock.value_or(0));
      double TLds = Lds > 0 ? N * K.Counts.LocalBytes /
                                  (double(P.ComputeUnits) * Lds) / P.ClockHz
                            : 0;
      double Cycles = std::max(0.0, *T - TLds) * double(P.ComputeUnits) *
                      P.ClockHz / (N * std::max(1e-9, K.Counts.Barriers));
      Out.push_back({Fig, fmt::format("{:.4g}", Cycles),
                     fmt::format("CU cycles per work-item per barrier ({:.4g} "
                                 "barriers per item, LDS time {:.4g} s "
                                 "taken off), from ",
                                 K.Counts.Barriers, TLds) +
                         Where});
    } else if (Fig == "launch_overhead") {
      // The dispatch figure takes it off only when it will be written
      // (checkFigures drops spread runs); else the profile's.
      if (It->second->getNumber("cv").value_or(0) <= CalibrateMaxCv)
        OverheadMeasured = *T;
      Out.push_back(
          {Fig, fmt::format("{:.4g} us", *T * 1e6), "event time of " + Where});
    } else if (Fig == "work_group.dispatch_cycles") {
      // Groups that do no work: the event time less the launch overhead
      // (this run's, else the profile's) is the groups' starting, spread
      // over the compute units, in clocks of the clock in use.
      const LaunchSpec &L = K.Counts.Launch;
      if (!L.Local) {
        Skipped.push_back(Fig + ": the benchmark needs a local size");
        continue;
      }
      double Groups = double(L.workGroups());
      double Overhead = OverheadMeasured.value_or(
          P.inUse("launch_overhead", P.LaunchOverheadS).value_or(0));
      double Clock = *P.inUse("clock", P.ClockHz);
      double Cycles = std::max(0.0, *T - Overhead) * double(P.ComputeUnits) *
                      Clock / Groups;
      Out.push_back(
          {Fig, fmt::format("{:.4g}", Cycles),
           fmt::format("{:.0f} groups of {} work-items that do no "
                       "work, {:.4g} s launch overhead taken off, "
                       "at {:.4g} MHz, from ",
                       Groups, L.workGroupSize(), Overhead, Clock / 1e6) +
               Where});
    } else if (Fig.rfind("alu.rates.", 0) == 0) {
      auto C = aluClassFromName(Fig.substr(10));
      if (!C) {
        Skipped.push_back(Fig + ": unknown class");
        continue;
      }
      if (P.isVliw()) {
        Skipped.push_back(Fig + ": VLIW profiles take ALU time from packing, "
                                "not rates");
        continue;
      }
      double Ops = K.Counts.Alu[unsigned(*C)] * N;
      double Rate = Ops / *T / (double(P.ComputeUnits) * P.ClockHz);
      Out.push_back({Fig, fmt::format("{:.4g}", Rate),
                     fmt::format("{:.4g} {} lane-ops per CU per clock at the "
                                 "profile's {:.4g} MHz, from ",
                                 Rate, aluClassName(*C), P.ClockHz / 1e6) +
                         Where});
    } else {
      Skipped.push_back(Fig + ": no derivation for this figure");
    }
  }
  if (KneeRun)
    solveKnee(*KneeRun, LatRun ? &*LatRun : nullptr, BwMeasured, P, Out,
              Skipped);
  return Out;
}

/// The profile's datasheet value of a figure calibrate derives (SI units),
/// when it has one: its row in the figure table.
static std::optional<double> datasheetValue(const DeviceProfile &P,
                                            const std::string &Path) {
  for (const ProfileFigure &F : profileFigures(P))
    if (F.Path == Path && F.Measurable)
      return F.Value;
  return std::nullopt;
}

std::vector<DerivedFigure> checkFigures(std::vector<DerivedFigure> Figures,
                                        const json::Value &Measurements,
                                        const DeviceProfile &P, bool Force,
                                        raw_ostream &Diags) {
  auto ById = resultsById(Measurements);
  std::vector<DerivedFigure> Kept;
  for (DerivedFigure &F : Figures) {
    auto It = ById.find(F.Path);
    double Cv = It == ById.end() ? 0 : It->second->getNumber("cv").value_or(0);
    if (Cv > CalibrateMaxCv) {
      Diags << fmt::format(
          "clspread: warning: {}: its runs spread by {:.0f}% (coefficient of "
          "variation; limit {:.0f}%): {}\n",
          F.Path, 100 * Cv, 100 * CalibrateMaxCv,
          Force ? "kept because of --force"
                : "not written; measure again on a quiet device, with more "
                  "--repeats or --min-time, or keep it with --force");
      if (!Force)
        continue;
    }
    auto Sheet = datasheetValue(P, F.Path);
    auto Got = Quantity::parse(F.Value);
    if (Sheet && *Sheet > 0 && Got) {
      double Ratio = Got->value() / *Sheet;
      if (Ratio > CalibrateDatasheetFactor ||
          Ratio < 1 / CalibrateDatasheetFactor)
        Diags << fmt::format(
            "clspread: warning: {}: measured {} is {:.3g} times the "
            "datasheet's {}; check the profile's figures and the device\n",
            F.Path, F.Value, Ratio,
            formatQuantity(*Sheet, measuredFigureDim(F.Path)));
    } else if (!Got) {
      consumeError(Got.takeError());
    }
    Kept.push_back(std::move(F));
  }
  return Kept;
}

static std::string quoted(const std::string &S) {
  std::string O = "\"";
  for (char C : S)
    O += (C == '"' || C == '\\') ? std::string("\\") + C : std::string(1, C);
  return O + "\"";
}

std::string withMeasured(const std::string &Text,
                         const std::vector<DerivedFigure> &Figures,
                         const std::string &Command, const std::string &Device,
                         const std::string &Driver, const std::string &Date) {
  // Take the existing top-level `measured:` block out (up to the next
  // top-level key) and keep everything else as written, comments included.
  // Entries of the old block that this run does not measure again stay:
  // calibrating one figure must not lose the others.
  const std::string Banner = "# Written by `clspread calibrate`; datasheet "
                             "figures above stay as they are.";
  std::istringstream In(Text);
  std::string Line, Kept, Old, Entry, EntryPath;
  bool Skipping = false;
  auto entryText = [&](const DerivedFigure &F) {
    std::string E = "  " + F.Path + ":\n";
    E += "    value: " + F.Value + "\n";
    E += "    command: " + quoted(Command) + "\n";
    E += "    device: " + quoted(Device) + "\n";
    if (!Driver.empty())
      E += "    driver: " + quoted(Driver) + "\n";
    E += "    date: " + Date + "\n";
    E += "    note: " + quoted(F.Note) + "\n";
    return E;
  };
  std::vector<bool> Written(Figures.size(), false);
  // An old entry is replaced in place by this run's figure, if any.
  auto flushEntry = [&] {
    if (EntryPath.empty())
      return;
    auto It = std::find_if(
        Figures.begin(), Figures.end(),
        [&](const DerivedFigure &F) { return F.Path == EntryPath; });
    if (It == Figures.end()) {
      Old += Entry;
    } else {
      Old += entryText(*It);
      Written[size_t(It - Figures.begin())] = true;
    }
    Entry.clear();
    EntryPath.clear();
  };
  while (std::getline(In, Line)) {
    bool TopLevel =
        !Line.empty() && Line[0] != ' ' && Line[0] != '#' && Line[0] != '\t';
    if (TopLevel) {
      if (Skipping)
        flushEntry();
      Skipping = Line.rfind("measured:", 0) == 0;
      if (Skipping)
        continue;
    }
    if (!Skipping) {
      if (Line != Banner)
        Kept += Line + "\n";
      continue;
    }
    // Inside the old block: "  PATH:" starts an entry.
    if (Line.size() > 2 && Line[0] == ' ' && Line[1] == ' ' && Line[2] != ' ' &&
        Line.back() == ':') {
      flushEntry();
      EntryPath = Line.substr(2, Line.size() - 3);
    }
    Entry += Line + "\n";
  }
  if (Skipping)
    flushEntry();
  while (Kept.size() > 1 && Kept[Kept.size() - 1] == '\n' &&
         Kept[Kept.size() - 2] == '\n')
    Kept.pop_back();
  Kept += "\n" + Banner + "\nmeasured:\n" + Old;
  for (size_t I = 0; I < Figures.size(); ++I)
    if (!Written[I])
      Kept += entryText(Figures[I]);
  return Kept;
}

int runCalibrate(const CalibrateRequest &Req, const DeviceProfile &Profile,
                 raw_ostream &Out, raw_ostream &Diags) {
  AnalysisReport Report;
  Report.ToolVersion = "0.1.0";
  int Code = runAnalyze(Req.Analyze, Profile, Report, Diags);
  if (Code != ExitOk)
    return Code;
  if (Req.PlanOnly) {
    std::string Plan = planText(Report, Diags);
    if (Req.OutPath.empty() || Req.OutPath == "-") {
      Out << Plan << "\n";
      return ExitOk;
    }
    if (Error E = writeFileAtomically(Req.OutPath, Plan + "\n")) {
      printError(Diags, toString(std::move(E)));
      return ExitOutput; // the previous file, if any, is unchanged
    }
    Out << "wrote " << Req.OutPath << "\n";
    return ExitOk;
  }

  auto Meas = obtainMeasurements(Report, Req.Measure, Diags);
  if (!Meas) {
    printError(Diags, toString(Meas.takeError()));
    return ExitUsage;
  }
  std::vector<std::string> Skipped;
  auto Figures = deriveFigures(Report, *Meas, Profile, Skipped);
  for (const auto &S : Skipped)
    Diags << "clspread: note: " << S << "\n";
  Figures = checkFigures(std::move(Figures), *Meas, Profile, Req.Force, Diags);
  if (Figures.empty()) {
    printError(Diags, "no figure could be measured");
    return ExitUsage;
  }
  const json::Object *M = Meas->getAsObject();
  auto field = [&](StringRef K) { return stringField(M, K); };
  std::string Date = field("date").substr(0, 10);
  std::string Command = Req.CommandLine;
  if (!field("command").empty())
    Command += "  (measured with: " + field("command") + ")";

  auto Source = findProfileSource(Req.ProfileArg);
  if (!Source) {
    Diags << toString(Source.takeError()) << "\n"; // complete as printed
    return ExitUsage;
  }
  std::string NewText = withMeasured(Source->Text, Figures, Command,
                                     field("device"), field("driver"), Date);
  std::string OutPath = Req.OutPath;
  if (OutPath.empty()) {
    if (isProfilePath(Req.ProfileArg))
      OutPath = Req.ProfileArg;
    else if (sys::fs::exists("device-profiles/" + Profile.Id + ".yaml"))
      OutPath = "device-profiles/" + Profile.Id + ".yaml";
    else {
      printError(Diags, "where should the profile go? pass -o FILE.yaml");
      return ExitUsage;
    }
  }
  // Never write a profile that does not load.
  if (auto Check = parseProfile(NewText, OutPath); !Check) {
    printError(Diags, "the calibrated profile does not validate: " +
                          toString(Check.takeError()));
    return ExitUsage;
  }
  if (Error E = writeFileAtomically(OutPath, NewText)) {
    printError(Diags, toString(std::move(E)));
    return ExitOutput; // the profile keeps its previous figures
  }
  for (const DerivedFigure &F : Figures)
    Out << fmt::format("{:<28} {:>14}   {}\n", F.Path, F.Value, F.Note);
  Out << "wrote " << OutPath << "\n";
  return ExitOk;
}

} // namespace clspread

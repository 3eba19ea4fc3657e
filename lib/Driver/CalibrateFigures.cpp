//===- CalibrateFigures.cpp - Figures from micro-benchmark times ----------===//
//
// deriveFigures() (CalibrateDriver.h): each figure calibrate measures, the
// value at which its micro-benchmark's own term of the model equals the
// measured time, solved on the model's graph; one branch per figure or
// family of figures, in the order calibrate.yaml lists them, the sweeps
// last (CalibrateSweeps.h).
//
//===----------------------------------------------------------------------===//
#include "Driver/CalibrateDriver.h"
#include "Driver/CalibrateSweeps.h"
#include "Model/Figures.h"
#include "Model/ModelGraph.h"
#include "Validate/Validation.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

using namespace llvm;

namespace clspread {

namespace {

/// One micro-benchmark's run, with the model's graph evaluated on its
/// counts: every figure below is the value at which the benchmark's own
/// term equals its measured time, solved on the graph (model::solveFigure)
/// rather than by a hand-written inverse of the model's formula.
struct Run {
  const KernelResult *K = nullptr;
  double T = 0;      ///< median event time, s
  std::string Where; ///< "copy_float at N work-items, median ..."
  size_t Index = 0;  ///< its figure's place in the output
};

/// The model's graph for one profile and the figures in use, with the
/// figures this calibration has derived so far laid over them: a later
/// derivation (the barrier's cycles after the LDS rate, the dispatch
/// cycles after the launch overhead) sees this run's values.
class GraphSolver {
public:
  explicit GraphSolver(const DeviceProfile &P)
      : M(model::modelFor(P)),
        Profile(model::figureValues(P, /*UseMeasured=*/true)),
        Figures(Profile) {}

  /// An evaluator of the graph on \p K's counts with the figures in use.
  model::Evaluator on(const KernelResult &K) const {
    return model::Evaluator(M.G, model::estimateInputs(K.Counts, K.Est),
                            Figures);
  }
  double term(const KernelResult &K, const char *Term) const {
    model::Evaluator V = on(K);
    return V[Term];
  }

  /// The value of \p Figure (the model's name) at which \p Term equals
  /// \p T on \p K, searched over what a profile may hold (1e-15 to 1e18,
  /// on a log scale) or over [Lo, Hi] when given; nullopt with \p Why set
  /// when no value in the range reaches \p T.
  std::optional<double>
  solve(const KernelResult &K, const std::string &Figure, const char *Term,
        double T, std::string &Why,
        std::optional<std::pair<double, double>> Range = std::nullopt,
        const model::Values &Inputs = {}) const {
    model::Evaluator V = on(K);
    for (const auto &[Name, Value] : Inputs)
      V.setInput(Name, Value);
    model::Expr E = M.G.find(Term);
    double Lo = Range ? Range->first : 1e-15, Hi = Range ? Range->second : 1e18;
    V.setFigure(Figure, Lo);
    double AtLo = V.value(E);
    V.setFigure(Figure, Hi);
    double AtHi = V.value(E);
    if (!(std::min(AtLo, AtHi) <= T && T <= std::max(AtLo, AtHi))) {
      Why = fmt::format("no {} from {:.3g} to {:.3g} makes the model's {} "
                        "({:.4g} s to {:.4g} s) equal the measured {:.4g} s",
                        Figure, Lo, Hi, Term, std::min(AtLo, AtHi),
                        std::max(AtLo, AtHi), T);
      return std::nullopt;
    }
    return model::solveFigure(V, Figure, E, T, Lo, Hi,
                              /*Decreasing=*/AtLo > AtHi, 200,
                              /*LogScale=*/!Range);
  }

  /// Lays this calibration's value of \p Figure over the profile's.
  void keep(const std::string &Figure, double V) { Figures[Figure] = V; }
  /// The profile's value of \p Figure again.
  void forget(const std::string &Figure) {
    Figures.erase(Figure);
    auto It = Profile.find(Figure);
    if (It != Profile.end())
      Figures[Figure] = It->second;
  }
  std::optional<double> figure(const std::string &Figure) const {
    auto It = Figures.find(Figure);
    return It == Figures.end() ? std::nullopt : std::optional(It->second);
  }

private:
  const model::Model &M;
  model::Values Profile, Figures;
};

/// memory.latency and memory.overlap_exponent from the latency run (one
/// load round per item, many waves) and the knee run (a launch whose
/// bandwidth and latency limits are about equal), solved together on the
/// graph: the knee's t_knee = combine(t_dram, t_latency, p) gives p at the
/// latency in use; the latency run is not purely latency-bound either, so
/// its own t_knee at that p gives the latency, and a few fixed-point rounds
/// settle both. Without a knee run, the latency run's t_latency alone.
void solveLatencyAndKnee(GraphSolver &S, const Run *Lat, const Run *Knee,
                         std::vector<DerivedFigure> &Out,
                         std::vector<std::string> &Skipped) {
  std::optional<double> Exp;
  auto latency = [&]() -> std::optional<double> {
    std::string Why;
    auto L = S.solve(*Lat->K, "memory_latency", Exp ? "t_knee" : "t_latency",
                     Lat->T, Why);
    if (!L)
      Skipped.push_back("memory.latency: " + Why);
    return L;
  };
  std::optional<double> L;
  if (Lat && !(L = latency()))
    Lat = nullptr;
  if (L)
    S.keep("memory_latency", *L);
  if (Knee) {
    const char *Fig = "memory.overlap_exponent";
    if (!S.figure("memory_latency")) {
      Skipped.push_back(std::string(Fig) + ": needs memory.latency, measured "
                                           "in this run or in the profile");
      Knee = nullptr;
    }
    for (int Round = 0; Knee && Round < 20; ++Round) {
      double A = S.term(*Knee->K, "t_dram"), B = S.term(*Knee->K, "t_latency");
      if (Knee->T <= std::max(A, B)) {
        Skipped.push_back(fmt::format(
            "{}: the knee run ({:.4g} s) took no longer than its larger limit "
            "({:.4g} s): no overlap to measure",
            Fig, Knee->T, std::max(A, B)));
        Knee = nullptr;
        break;
      }
      // The combination falls as p grows: p = 1 is the sum.
      std::string Why;
      std::optional<double> P =
          Knee->T >= A + B
              ? 1.0
              : S.solve(*Knee->K, "memory_overlap_exponent", "t_knee", Knee->T,
                        Why, std::pair(1.0, 64.0));
      if (!P) {
        Skipped.push_back(std::string(Fig) + ": " + Why);
        Knee = nullptr;
        break;
      }
      Exp = *P;
      S.keep("memory_overlap_exponent", *Exp);
      if (!Lat)
        break;
      if (auto L2 = latency())
        S.keep("memory_latency", *(L = L2));
    }
    if (Knee)
      Out.push_back({Fig, fmt::format("{:.3g}", *Exp),
                     fmt::format("bandwidth limit {:.4g} s and latency limit "
                                 "{:.4g} s combine to the measured time, from ",
                                 S.term(*Knee->K, "t_dram"),
                                 S.term(*Knee->K, "t_latency")) +
                         Knee->Where});
  }
  if (Lat) {
    model::Evaluator V = S.on(*Lat->K);
    DerivedFigure &F = Out[Lat->Index];
    F.Value = fmt::format("{:.4g} ns", *L * 1e9);
    F.Note =
        fmt::format("{:.4g} load round trips x {:.4g} waves of {:.0f} "
                    "resident work-items per CU",
                    Lat->K->Counts.GlobalLoadRounds, V["waves"], V["resident"]);
    if (Knee)
      F.Note += fmt::format(", with the bandwidth limit taken off at "
                            "memory.overlap_exponent {:.3g}",
                            *Exp);
    F.Note += ", from " + Lat->Where;
  }
}

} // namespace

std::vector<DerivedFigure> deriveFigures(const AnalysisReport &Report,
                                         const json::Value &Measurements,
                                         const DeviceProfile &P,
                                         std::vector<std::string> &Skipped) {
  auto ById = resultsById(Measurements);

  std::vector<DerivedFigure> Out;
  GraphSolver S(P);
  // The latency and knee runs, solved together after the loop, and the
  // sweeps' runs ("sweep.NAME.POINT"), fitted after everything else.
  std::optional<Run> LatRun, KneeRun;
  std::map<std::string, std::vector<SweepRun>> Sweeps;
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
    // The figure at which the benchmark's term equals its time; kept for
    // the derivations after it. Skipped with the reason when none does.
    auto solve =
        [&](const std::string &Name, const char *Term, double Target,
            std::optional<std::pair<double, double>> Range = std::nullopt,
            const model::Values &Inputs = {}) -> std::optional<double> {
      std::string Why;
      std::optional<double> V =
          S.solve(K, Name, Term, Target, Why, Range, Inputs);
      if (V)
        S.keep(Name, *V);
      else
        Skipped.push_back(Fig + ": " + Why);
      return V;
    };
    double Clock = *S.figure("clock");
    // A CPU profile whose compiler's code the model counts (CpuCode.h).
    const bool CpuCode = !K.Counts.Cpu.Target.empty();
    // The ALU issue figures need the profile's pipes and issue rate.
    auto hasPipes = [&] {
      if (!P.Alu.PipeNames.empty() && P.Alu.IssuePerClock)
        return true;
      Skipped.push_back(Fig + ": the profile gives no 'alu.pipes' and "
                              "'alu.issue_per_clock'");
      return false;
    };
    // The CPU code figures need the compiler's code (and, where \p Also
    // says, what else the figure's term counts: \p What).
    auto hasCpuCode = [&](bool Also = true,
                          const char *What = " (the compiler's instructions)") {
      if (CpuCode && Also)
        return true;
      Skipped.push_back(
          Fig + ": applies to CPU profiles that name alu.llvm_cpu" + What);
      return false;
    };
    if (Fig.rfind("sweep.", 0) == 0) {
      std::string Name = Fig.substr(6, Fig.find('.', 6) - 6);
      Sweeps[Name].push_back(SweepRun{&K, *T, Where});
    } else if (Fig == "memory.bandwidth") {
      auto Bw = solve("memory_bandwidth", "t_dram", *T);
      if (!Bw)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g} GB/s", *Bw / 1e9),
                     fmt::format("{:.4g} B per work-item to and from DRAM "
                                 "(the cache model's count) by ",
                                 K.Est.BytesMoved) +
                         Where});
    } else if (Fig == "memory.overlap_exponent") {
      KneeRun = Run{&K, *T, Where};
    } else if (Fig == "memory.latency") {
      // A placeholder, filled in by solveLatencyAndKnee.
      LatRun = Run{&K, *T, Where, Out.size()};
      Out.push_back({Fig, "", ""});
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
      // 1 when the time is the two terms' sum or more: no overlap at all.
      double Exp = 1;
      if (*T < A + B) {
        // The graph may see the run outside the range the pre-check above
        // allows (it takes the figures derived earlier in this run): then
        // solve() has said why, and the figure is skipped.
        auto X = solve("barrier_phase_exponent", "t_phases", *T,
                       std::pair(1.0, 64.0));
        if (!X)
          continue;
        Exp = *X;
      }
      Out.push_back({Fig, fmt::format("{:.3g}", Exp),
                     fmt::format("T_ALU {:.4g} s and T_MEM {:.4g} s combine "
                                 "to the measured time, from ",
                                 A, B) +
                         Where});
    } else if (Fig == "alu.pipe_overlap") {
      if (!hasPipes())
        continue;
      // The model's cycles per lane with full overlap (0) and none (1).
      model::Evaluator V = S.on(K);
      V.setFigure("alu_pipe_overlap", 0);
      double Bound = V["alu_cycles"];
      V.setFigure("alu_pipe_overlap", 1);
      double Sum = V["alu_cycles"];
      double Measured = *T * double(P.ComputeUnits) * P.LanesPerCU * Clock / N;
      if (Sum - Bound < 1e-9 * Sum) {
        Skipped.push_back(Fig + ": the benchmark's classes all run on one "
                                "pipe here");
        continue;
      }
      // Outside [0, 1] the figure means nothing: the nearer end.
      double Phi = Measured <= Bound ? 0 : Measured >= Sum ? 1 : -1;
      if (Phi < 0) {
        auto X =
            solve("alu_pipe_overlap", "t_alu_issue", *T, std::pair(0.0, 1.0));
        if (!X)
          continue; // solve() has said why
        Phi = *X;
      }
      S.keep("alu_pipe_overlap", Phi);
      Out.push_back({Fig, fmt::format("{:.3g}", Phi),
                     fmt::format("{:.4g} cycles per lane measured, between "
                                 "{:.4g} (busiest pipe) and {:.4g} (all "
                                 "classes in turn), from ",
                                 Measured, Bound, Sum) +
                         Where});
    } else if (Fig == "alu.instructions_per_clock") {
      if (!hasCpuCode())
        continue;
      // Independent work the compiler vectorizes: the core's issue rate
      // takes the time, not a chain.
      auto Rate = solve("alu_instructions_per_clock", "t_alu_issue", *T,
                        std::pair(0.01, 64.0));
      if (!Rate)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Rate),
                     fmt::format("{:.4g} instructions per work-item ({:.3g} "
                                 "lanes each), at {:.4g} MHz, from ",
                                 K.Counts.Cpu.Instructions,
                                 K.Counts.Cpu.LanesPerInstr, Clock / 1e6) +
                         Where});
    } else if (Fig == "alu.issue_per_clock") {
      if (!hasPipes())
        continue;
      // Every lane-op of the benchmark takes an issue slot, and no pipe is
      // full: the rate at which the issue cycles take the time.
      auto Rate =
          solve("alu_issue_per_clock", "t_alu_issue", *T, std::pair(1.0, 1e4));
      if (!Rate)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Rate),
                     fmt::format("{:.4g} ALU lane-ops per work-item issued, "
                                 "at {:.4g} MHz, from ",
                                 K.Est.VliwBundles, Clock / 1e6) +
                         Where});
    } else if (Fig == "cache.l2_bandwidth") {
      if (!K.Est.FiniteCache) {
        Skipped.push_back(Fig + ": the profile gives no cache sizes "
                                "('cache:'), so the model has no L2 traffic "
                                "to divide by the time");
        continue;
      }
      auto Bw = solve("cache_l2_bandwidth", "t_l2", *T);
      if (!Bw)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g} GB/s", *Bw / 1e9),
                     fmt::format("{:.4g} B per work-item through L2 (the "
                                 "cache model's count), from ",
                                 K.Est.BytesL2) +
                         Where});
    } else if (Fig == "cache.l2_narrow_store_bandwidth") {
      if (!K.Est.FiniteCache || K.Est.BytesL2Narrow <= 0) {
        Skipped.push_back(Fig + ": the cache model finds no narrow stores "
                                "written whole in the benchmark (the profile "
                                "needs 'cache:' with a write-through L1)");
        continue;
      }
      // On the event time: the launch is short enough (tens of us) that
      // its overhead matters.
      auto Bw = solve("cache_l2_narrow_store_bandwidth", "t_event", *T);
      if (!Bw)
        continue;
      Out.push_back({Fig, fmt::format("{:.0f} GB/s", *Bw / 1e9),
                     fmt::format("{:.4g} B per work-item of stores of at most "
                                 "8 bytes a lane (the cache model's count), "
                                 "from ",
                                 K.Est.BytesL2Narrow) +
                         Where});
    } else if (Fig == "cache.l2_partial_bandwidth") {
      if (!K.Est.FiniteCache || K.Est.BytesL2Partial <= 0) {
        Skipped.push_back(Fig + ": the cache model finds no partly written "
                                "sectors in the benchmark (the profile needs "
                                "'cache:' with a write-through L1)");
        continue;
      }
      if (!S.figure("cache_l2_bandwidth")) {
        Skipped.push_back(Fig + ": needs cache.l2_bandwidth, measured in this "
                                "run or in the profile, for the sectors "
                                "written whole");
        continue;
      }
      auto Bw = solve("cache_l2_partial_bandwidth", "t_l2", *T);
      if (!Bw)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g} GB/s", *Bw / 1e9),
                     fmt::format("{:.4g} B per work-item of sectors written "
                                 "in part (the cache model's count), the "
                                 "rest at the L2 bandwidth, from ",
                                 K.Est.BytesL2Partial) +
                         Where});
    } else if (Fig == "lds.bandwidth_per_clock") {
      auto Rate = solve("lds_bandwidth_per_clock", "t_lds", *T);
      if (!Rate)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g} B", *Rate),
                     fmt::format("__local bytes per CU per clock at "
                                 "{:.4g} MHz, from ",
                                 Clock / 1e6) +
                         Where});
    } else if (Fig == "tex.units_per_cu") {
      auto Rate = solve("tex_units_per_cu", "t_tex", *T);
      if (!Rate)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Rate),
                     fmt::format("image fetches per CU per clock at "
                                 "{:.4g} MHz, from ",
                                 Clock / 1e6) +
                         Where});
    } else if (Fig == "barrier.item_cycles") {
      // The loop's T_ALU: its ALU issue and its LDS time (at this run's
      // LDS rate, when it measured one) besides the barriers.
      double TLds = S.term(K, "t_lds");
      auto Cycles = solve("barrier_item_cycles", "t_alu", *T);
      if (!Cycles)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Cycles),
                     fmt::format("CU cycles per work-item per barrier ({:.4g} "
                                 "barriers per item, LDS time {:.4g} s "
                                 "taken off), from ",
                                 K.Counts.Barriers, TLds) +
                         Where});
    } else if (Fig == "launch_overhead") {
      // The event time of a kernel that does nothing: the model's t_event
      // less its (near zero) kernel time.
      auto O = solve("launch_overhead", "t_event", *T);
      if (!O)
        continue;
      // The dispatch figure takes it off only when it will be written
      // (checkFigures drops spread runs); else the profile's.
      if (It->second->getNumber("cv").value_or(0) > CalibrateMaxCv)
        S.forget("launch_overhead");
      Out.push_back(
          {Fig, fmt::format("{:.4g} us", *O * 1e6), "event time of " + Where});
    } else if (Fig == "work_group.dispatch_cycles") {
      // Groups that do no work: the event time less the launch overhead
      // (this run's, else the profile's) is the groups' starting, spread
      // over the compute units, in clocks of the clock in use.
      const LaunchSpec &L = K.Counts.Launch;
      if (!L.Local) {
        Skipped.push_back(Fig + ": the benchmark needs a local size");
        continue;
      }
      double Overhead = S.figure("launch_overhead").value_or(0);
      auto Cycles = solve("dispatch_cycles", "t_event", *T);
      if (!Cycles)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Cycles),
                     fmt::format("{:.0f} groups of {} work-items that do no "
                                 "work, {:.4g} s launch overhead taken off, "
                                 "at {:.4g} MHz, from ",
                                 double(L.workGroups()), L.workGroupSize(),
                                 Overhead, Clock / 1e6) +
                         Where});
    } else if (Fig == "cache.l1_latency" || Fig == "cache.l2_latency" ||
               Fig == "memory.dram_latency") {
      // A chain through memory whose rounds one level serves: the level's
      // round trip at which t_chain equals the time (the levels solved
      // before it in this run are laid over the profile's).
      // The model's name for the figure, from the figure table.
      auto Lat = solve(std::string(numericFigure(Fig)->Name), "t_chain", *T);
      if (!Lat)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g} ns", *Lat * 1e9),
                     fmt::format("chained load rounds per work-item: {:.4g} "
                                 "served by L1, {:.4g} by L2, {:.4g} by DRAM "
                                 "(the cache model's odds), from ",
                                 K.Est.ChainRoundsL1, K.Est.ChainRoundsL2,
                                 K.Est.ChainRoundsDram) +
                         Where});
    } else if (Fig == "memory.item_loads_in_flight" ||
               Fig == "cache.l1_loads_in_flight" ||
               Fig == "cache.l2_loads_in_flight") {
      // One work-item's loop of independent loads that one level serves:
      // the loads in flight at which t_item, the rounds at that level's
      // round trip (the latencies solved before it in this run are laid
      // over the profile's), equals the time.
      auto InFlight = solve(std::string(numericFigure(Fig)->Name), "t_item", *T,
                            std::pair(0.05, 4096.0));
      if (!InFlight)
        continue;
      Out.push_back(
          {Fig, fmt::format("{:.4g}", *InFlight),
           fmt::format("rounds of the longest work-item's loops "
                       "with no store: {:.4g} served by L1, {:.4g} "
                       "by L2, {:.4g} by DRAM (its own strides), "
                       "from ",
                       K.Est.LongestLoopRoundsL1, K.Est.LongestLoopRoundsL2,
                       K.Est.LongestLoopRoundsDram) +
               Where});
    } else if (Fig == "alu.latency_cycles") {
      // One work-item's loop of dependent operations: the clocks per
      // lane-op at which its ALU path, t_item, equals the time. On a CPU
      // whose code is modelled, the clocks per instruction of the loop's
      // recurrence, which the issue term holds.
      auto Cycles =
          solve("alu_latency_cycles", CpuCode ? "t_alu_issue" : "t_item", *T,
                std::pair(0.01, 1000.0));
      if (!Cycles)
        continue;
      Out.push_back(
          {Fig, fmt::format("{:.4g}", *Cycles),
           (CpuCode ? fmt::format("{:.4g} instructions of one work-item on "
                                  "its loop's recurrence, at {:.4g} MHz, from ",
                                  K.Counts.Cpu.ChainOps, Clock / 1e6)
                    : fmt::format("{:.4g} ALU lane-ops of one work-item, one "
                                  "after another, at {:.4g} MHz, from ",
                                  K.Counts.LongestAluOps, Clock / 1e6)) +
               Where});
    } else if (Fig == "alu.fma_latency_cycles") {
      if (!hasCpuCode())
        continue;
      // The loop's recurrence is its fused multiply-adds; the loop's own
      // counting runs beside it, off the recurrence's path.
      auto Cycles = solve("alu_fma_latency_cycles", "t_alu_issue", *T,
                          std::pair(0.01, 1000.0));
      if (!Cycles)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Cycles),
                     fmt::format("{:.4g} fused multiply-adds of one "
                                 "work-item on its loop's recurrence, at "
                                 "{:.4g} MHz, from ",
                                 K.Counts.Cpu.ChainFmaOps, Clock / 1e6) +
                         Where});
    } else if (Fig == "cache.store_forward_cycles") {
      if (!hasCpuCode(K.Counts.Cpu.ChainStoreLoads > 0,
                      " (the compiler's code, which keeps the sums in memory)"))
        continue;
      // Each step's load waits for the last step's store and then for its
      // fused multiply-add, whose clocks (solved before it in this run,
      // or the profile's) the recurrence holds beside it.
      auto Cycles = solve("cache_store_forward_cycles", "t_alu_issue", *T,
                          std::pair(0.0, 1000.0));
      if (!Cycles)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Cycles),
                     fmt::format("{:.4g} loads of one work-item on its "
                                 "loop's recurrence that wait for the last "
                                 "iteration's store, beside {:.4g} fused "
                                 "multiply-adds, at {:.4g} MHz, from ",
                                 K.Counts.Cpu.ChainStoreLoads,
                                 K.Counts.Cpu.ChainFmaOps, Clock / 1e6) +
                         Where});
    } else if (Fig.rfind("alu.call_cycles_", 0) == 0) {
      const std::string Fn = Fig.substr(16);
      const auto *It = std::find(CpuPricedCalls.begin(), CpuPricedCalls.end(),
                                 std::string_view(Fn));
      if (It == CpuPricedCalls.end()) {
        Skipped.push_back(Fig + ": not a function CPU profiles price");
        continue;
      }
      const double Lanes =
          K.Counts.Cpu.PricedCalls[size_t(It - CpuPricedCalls.begin())];
      if (!hasCpuCode(Lanes > 0, " (the compiler's code, which calls it)"))
        continue;
      // The calls are independent: their clocks add to what the loop
      // issues around them (cpu_cycles' last term).
      auto Cycles = solve(std::string(numericFigure(Fig)->Name), "t_alu_issue",
                          *T, std::pair(0.0, 100000.0));
      if (!Cycles)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Cycles),
                     fmt::format("{:.4g} {} calls of one work-item, at {:.4g} "
                                 "MHz, from ",
                                 Lanes, Fn, Clock / 1e6) +
                         Where});
    } else if (Fig == "cache.l2_refetch_cycles" ||
               Fig == "cache.l3_refetch_cycles" ||
               Fig == "cache.dirty_refetch_cycles" ||
               Fig == "cache.page_walk_cycles") {
      const bool Dirty = Fig == "cache.dirty_refetch_cycles",
                 Walk = Fig == "cache.page_walk_cycles";
      const double Count = Fig == "cache.l2_refetch_cycles" ? K.Est.CpuRefetchL2
                           : Fig == "cache.l3_refetch_cycles"
                               ? K.Est.CpuRefetchBeyond
                           : Dirty ? K.Est.CpuRefetchDirty
                                   : K.Est.CpuPageWalks;
      if (!hasCpuCode(Count > 0, Walk ? " and give cache.l1_ways, "
                                        "cache.l2_ways and cache.tlb_pages "
                                        "(the simulated TLB)"
                                      : " and give cache.l1_ways and "
                                        "cache.l2_ways (the simulated caches)"))
        continue;
      // The column walk's lines fetched again (and beside them the loads
      // of lines left dirty, the page walks), which outlast its issue and
      // its recurrence: the third term of cpu_cycles' max. The levels'
      // clocks are solved before the dirty lines' and the walks'.
      auto Cycles = solve(std::string(numericFigure(Fig)->Name), "t_alu_issue",
                          *T, std::pair(0.0, 10000.0));
      if (!Cycles)
        continue;
      const std::string Lines =
          Dirty || Walk
              ? fmt::format("{:.4g} {} a work-item, beside {:.4g} lines", Count,
                            Dirty ? "loads of lines L1 evicted dirty"
                                  : "page walks",
                            K.Est.CpuRefetchL2)
              : fmt::format("{:.4g} lines a work-item", K.Est.CpuRefetchL2);
      Out.push_back({Fig, fmt::format("{:.4g}", *Cycles),
                     Lines +
                         fmt::format(" fetched again from L2 and {:.4g} from "
                                     "beyond it (the simulated caches), at "
                                     "{:.4g} MHz, from ",
                                     K.Est.CpuRefetchBeyond, Clock / 1e6) +
                         Where});
    } else if (Fig == "cache.unprefetched_line_cycles") {
      if (!hasCpuCode(K.Est.CpuUnprefetched > 0,
                      " and give cache.l1_ways and cache.l2_ways (the "
                      "simulated caches)"))
        continue;
      // One work-item's column, each line on a 4 KiB region of its own,
      // which the runner's restore of a larger buffer has pushed out to
      // DRAM: its loads wait for their lines, side by side as far as the
      // core lets them, and the wait adds to the loop's own issue
      // (cpu_stall_cycles).
      auto Cycles = solve("cache_unprefetched_line_cycles", "t_alu_issue", *T,
                          std::pair(0.0, 10000.0));
      if (!Cycles)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Cycles),
                     fmt::format("{:.4g} loads a work-item that miss L2 where "
                                 "no prefetcher follows (the simulated "
                                 "caches), at {:.4g} MHz, from ",
                                 K.Est.CpuUnprefetched, Clock / 1e6) +
                         Where});
    } else if (Fig == "alu.fp64_latency_cycles" ||
               Fig == "alu.transcendental_latency_cycles") {
      // The same loop in doubles, or of dependent exponentials: the
      // clocks of that class's lane-op, the loop's other lane-ops at
      // alu.latency_cycles (solved before it).
      const bool Fp64 = Fig == "alu.fp64_latency_cycles";
      auto Cycles = solve(Fp64 ? "alu_fp64_latency_cycles"
                               : "alu_transcendental_latency_cycles",
                          "t_item", *T, std::pair(0.01, 10000.0));
      if (!Cycles)
        continue;
      Out.push_back(
          {Fig, fmt::format("{:.4g}", *Cycles),
           fmt::format("{:.4g} {} lane-ops of one work-item, one after "
                       "another, beside {:.4g} others, at {:.4g} MHz, from ",
                       Fp64 ? K.Counts.LongestFp64Ops
                            : K.Counts.LongestTranscendentalOps,
                       Fp64 ? "double-precision" : "transcendental",
                       K.Counts.LongestAluOps - K.Counts.LongestFp64Ops -
                           K.Counts.LongestTranscendentalOps,
                       Clock / 1e6) +
               Where});
    } else if (Fig == "cache.same_address_store_cycles" ||
               Fig == "cache.same_address_atomic_cycles") {
      // Every work-item's request to one address: the clocks per
      // wavefront at which t_same_address, and with it the event time,
      // equals the time.
      const bool Store = Fig == "cache.same_address_store_cycles";
      auto Cycles = solve(std::string(numericFigure(Fig)->Name), "t_event", *T,
                          std::pair(1e-4, 1e4));
      if (!Cycles)
        continue;
      Out.push_back(
          {Fig, fmt::format("{:.4g}", *Cycles),
           fmt::format("{:.4g} wavefront {} per work-item to one address, "
                       "at {:.4g} MHz, from ",
                       Store ? K.Est.SameAddressStores
                             : K.Est.SameAddressAtomics,
                       Store ? "stores" : "atomics", Clock / 1e6) +
               Where});
    } else if (Fig == "lds.latency") {
      // One work-item chasing indexes through __local memory: the round
      // trip at which t_item, its __local operations one after another,
      // equals the time.
      auto Lat = solve("lds_latency", "t_item", *T, std::pair(1e-10, 1e-5));
      if (!Lat)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g} ns", *Lat * 1e9),
                     fmt::format("{:.4g} __local loads and stores of the "
                                 "longest work-item, one after another, "
                                 "from ",
                                 K.Counts.LongestLocalOps) +
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
      if (CpuCode && K.Counts.Cpu.CallOps[unsigned(*C)] <= 0) {
        Skipped.push_back(Fig + ": the CPU's compiler builds this class "
                                "inline; its instructions take the time "
                                "(alu.instructions_per_clock), not a rate");
        continue;
      }
      // The benchmark isolates its class: its loop's few other operations
      // overlap with it on the device (on another pipe, or fused away), so
      // the rate is solved with the other classes' counts at zero; the
      // pipe-overlap benchmark measures how classes mix.
      model::Values Only;
      for (unsigned O = 0; O < NumAluClasses; ++O)
        if (O != unsigned(*C))
          Only[fmt::format("alu_{}", aluClassName(AluClass(O)))] = 0;
      auto Rate = solve(fmt::format("alu_rate_{}", aluClassName(*C)),
                        "t_alu_issue", *T, std::nullopt, Only);
      if (!Rate)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Rate),
                     fmt::format("{:.4g} {} lane-ops per CU per clock at "
                                 "{:.4g} MHz, from ",
                                 *Rate, aluClassName(*C), Clock / 1e6) +
                         Where});
    } else {
      Skipped.push_back(Fig + ": no derivation for this figure");
    }
  }
  if (LatRun || KneeRun)
    solveLatencyAndKnee(S, LatRun ? &*LatRun : nullptr,
                        KneeRun ? &*KneeRun : nullptr, Out, Skipped);
  // A latency run that found no latency leaves no figure.
  std::erase_if(Out, [](const DerivedFigure &F) { return F.Value.empty(); });
  // The sweeps read the figures above that will be written (checkFigures
  // drops those of spread runs).
  fitSweeps(
      Sweeps, P,
      [&](const DerivedFigure &F) {
        auto It = ById.find(F.Path);
        return It == ById.end() ||
               It->second->getNumber("cv").value_or(0) <= CalibrateMaxCv;
      },
      Out, Skipped);
  return Out;
}

} // namespace clspread

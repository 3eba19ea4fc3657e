//===- CalibrateDriver.cpp - Measured figures for a profile ---------------===//
#include "Driver/CalibrateDriver.h"
#include "Driver/PlanWriter.h"
#include "Model/Figures.h"
#include "Model/ModelGraph.h"
#include "Model/Spreadsheet.h"
#include "Support/Quantity.h"
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

/// The estimates a sweep's fit compares with its times: the whole model
/// (Tkernel and the launch overhead, as validate compares) on the profile,
/// with the figures this calibration derived before the sweep laid over it
/// and, per call, the candidate values of the sweep's own figures. The
/// sweeps' figures act inside the cache model and the chained rounds, not
/// only on the graph, so each estimate is the whole model's.
class SweepModel {
public:
  SweepModel(const DeviceProfile &P, const std::vector<DerivedFigure> &Done)
      : Base(P) {
    for (const DerivedFigure &F : Done) {
      auto Q = Quantity::parse(F.Value);
      if (!Q) {
        consumeError(Q.takeError());
        continue;
      }
      Base.Measured[F.Path].Value = Q->value();
    }
  }
  Estimate
  at(const KernelResult &K,
     std::initializer_list<std::pair<const char *, double>> Figs) const {
    DeviceProfile P = Base;
    for (auto [Path, V] : Figs)
      P.Measured[Path].Value = V;
    return estimate(K.Counts, P);
  }
  static double event(const Estimate &E) {
    return E.TKernelS + E.LaunchOverheadS;
  }

private:
  DeviceProfile Base;
};

/// Where a sweep's measured times cross half way from the model's estimate
/// on one side of a figure (Lo) to the other (Hi): the share
/// s = (t - Lo) / (Hi - Lo) of each point, by the point's X.
struct SweepPoint {
  const Run *R;
  double X, Lo, Hi;
  double share() const { return (R->T - Lo) / (Hi - Lo); }
};

/// The sweep's points where the figure moves the estimate (by 1% or more),
/// by X.
std::vector<SweepPoint> movedPoints(std::vector<SweepPoint> Points) {
  std::erase_if(Points, [](const SweepPoint &P) {
    return !(std::abs(P.Hi - P.Lo) >= 0.01 * std::min(P.Lo, P.Hi));
  });
  std::sort(Points.begin(), Points.end(),
            [](const SweepPoint &A, const SweepPoint &B) { return A.X < B.X; });
  return Points;
}

std::string sweepNote(const std::vector<SweepPoint> &Points, const char *XUnit,
                      double XScale) {
  std::string N;
  for (const SweepPoint &P : Points)
    N += fmt::format("{}{:.4g} {}: {:.4g} s between {:.4g} and {:.4g} s "
                     "(share {:.2f})",
                     N.empty() ? "" : ", ", P.X / XScale, XUnit, P.R->T, P.Lo,
                     P.Hi, P.share());
  return N;
}

/// cache.chain_l1_waves, cache.chain_l2_waves and
/// cache.chain_queue_per_wave from the chain sweep (store_reload at 2 to
/// 64 wavefronts per compute unit). The model moves a chain's rounds from
/// where the cache model serves them (L1 here) to L2 in proportion between
/// the two occupancies, then adds the queue per wavefront past the second:
/// so each point's share s of the way from the first estimate (no point
/// past chain_l1_waves) to the second (every round at L2, no queue) lies
/// on a line in the wavefronts per CU. The line fitted to the points
/// between (0.05 < s < 0.95) gives s = 0 and s = 1 at the two figures;
/// past the second, the queue per wavefront that fits the points' times
/// least squares, on the model's own rate of change.
void solveChainSweep(const std::vector<Run> &Runs, const SweepModel &M,
                     std::vector<DerivedFigure> &Out,
                     std::vector<std::string> &Skipped) {
  const char *L1 = "cache.chain_l1_waves", *L2 = "cache.chain_l2_waves",
             *Q = "cache.chain_queue_per_wave";
  std::vector<SweepPoint> Points;
  for (const Run &R : Runs)
    Points.push_back(
        {&R, double(R.K->Est.Occ.WavesPerCU),
         SweepModel::event(M.at(*R.K, {{L1, 1e9}, {L2, 1e9}, {Q, 0}})),
         SweepModel::event(M.at(*R.K, {{L1, 0}, {L2, 0}, {Q, 0}}))});
  Points = movedPoints(std::move(Points));
  double N = 0, Sx = 0, Sy = 0, Sxx = 0, Sxy = 0;
  for (const SweepPoint &P : Points)
    if (double S = P.share(); S > 0.05 && S < 0.95) {
      N += 1;
      Sx += P.X;
      Sy += S;
      Sxx += P.X * P.X;
      Sxy += P.X * S;
    }
  double Den = N * Sxx - Sx * Sx;
  double Slope = Den > 0 ? (N * Sxy - Sx * Sy) / Den : 0;
  if (N < 2 || !(Slope > 0)) {
    Skipped.push_back(fmt::format(
        "{}, {}, {}: the chain sweep has {:.0f} point(s) between the "
        "estimates of its rounds at L1 and at L2 (wavefronts per CU and "
        "share: {}); it needs two or more, rising",
        L1, L2, Q, N,
        Points.empty() ? std::string("none where the figures move the "
                                     "estimate: the model finds no chain "
                                     "behind stores, or no cache levels")
                       : sweepNote(Points, "waves", 1)));
    return;
  }
  double Icpt = (Sy - Slope * Sx) / N;
  double From = std::max(0.0, -Icpt / Slope), To = (1 - Icpt) / Slope;
  std::string Note =
      fmt::format("the chain sweep's share of the way from its rounds' "
                  "estimate at L1 to L2's, by wavefronts per CU: {}",
                  sweepNote(Points, "waves", 1));
  Out.push_back({L1, fmt::format("{:.3g}", From),
                 fmt::format("{:.3g} wavefronts per CU where the line fitted "
                             "to the {:.0f} points between meets share 0; ",
                             From, N) +
                     Note});
  Out.push_back({L2, fmt::format("{:.3g}", To),
                 fmt::format("{:.3g} wavefronts per CU where the same line "
                             "meets share 1 (the points: "
                             "cache.chain_l1_waves)",
                             To)});
  // The queue: least squares over the points past To, on the model's
  // change of each estimate per ns of queue.
  double Num = 0, Sq = 0;
  std::string Past;
  for (const SweepPoint &P : Points) {
    if (P.X <= To)
      continue;
    const KernelResult &K = *P.R->K;
    double E0 = SweepModel::event(M.at(K, {{L1, From}, {L2, To}, {Q, 0}}));
    double D =
        SweepModel::event(M.at(K, {{L1, From}, {L2, To}, {Q, 1e-9}})) - E0;
    Num += D * (P.R->T - E0);
    Sq += D * D;
    Past += fmt::format("{}{:.4g} waves: {:.4g} s (estimate {:.4g} s without "
                        "a queue, {:.4g} s more per ns)",
                        Past.empty() ? "" : ", ", P.X, P.R->T, E0, D);
  }
  if (!(Sq > 0)) {
    Skipped.push_back(fmt::format("{}: the chain sweep has no point past "
                                  "{:.3g} wavefronts per CU",
                                  Q, To));
    return;
  }
  double PerWave = std::max(0.0, Num / Sq) * 1e-9;
  Out.push_back({Q, fmt::format("{:.3g} ns", PerWave * 1e9),
                 "the least-squares wait per wavefront past " +
                     fmt::format("{:.3g}", To) +
                     " wavefronts per CU: " + Past});
}

/// A figure up to which a repeated launch finds its data in L2
/// (cache.l2_warm_rewrite: the bytes the runner restores before each
/// launch; cache.l2_warm_footprint: the launch's footprint), from a sweep
/// of that size: the size at which the measured time crosses half way
/// from the model's estimate with L2 warm to its estimate with L2 cold,
/// interpolated between the two points either side (the model's step is
/// then where the measured times turn).
void solveWarmSweep(const char *Figure, const char *What,
                    const std::vector<Run> &Runs, const SweepModel &M,
                    double (*XOf)(const KernelResult &, const Estimate &),
                    std::vector<DerivedFigure> &Out,
                    std::vector<std::string> &Skipped) {
  std::vector<SweepPoint> Points;
  for (const Run &R : Runs) {
    Estimate Warm = M.at(*R.K, {{Figure, 1e18}});
    Points.push_back({&R, XOf(*R.K, Warm), SweepModel::event(Warm),
                      SweepModel::event(M.at(*R.K, {{Figure, 0}}))});
  }
  Points = movedPoints(std::move(Points));
  // What all the sweep's launches share and the model does not know (the
  // day's launch overhead: a 10 us launch of the footprint sweep moves by
  // 0.5 us from one run to the next on one H200) is taken off: the
  // smallest point, whose data L2 keeps, is put on its warm estimate.
  if (!Points.empty()) {
    double Off = Points.front().R->T - Points.front().Lo;
    for (SweepPoint &P : Points) {
      P.Lo += Off;
      P.Hi += Off;
    }
  }
  const double MiB = 1024.0 * 1024.0;
  // The last point below half way and the one after it: a small launch,
  // whose two estimates differ by little beside its launch overhead, may
  // fall anywhere (a noise of 1% is a share of 0.5 there).
  auto Below =
      std::find_if(Points.rbegin(), Points.rend(),
                   [](const SweepPoint &P) { return P.share() < 0.5; });
  if (Below == Points.rend() || Below == Points.rbegin()) {
    Skipped.push_back(fmt::format(
        "{}: the {} sweep does not cross half way from the estimate with L2 "
        "warm to the estimate with it cold ({})",
        Figure, What,
        Points.empty() ? std::string("no point where the figure moves the "
                                     "estimate: the profile gives no "
                                     "'cache:' with an L2")
                       : sweepNote(Points, "MiB", MiB)));
    return;
  }
  const SweepPoint &A = *Below, &B = *(Below - 1);
  double X = A.X + (B.X - A.X) * (0.5 - A.share()) / (B.share() - A.share());
  // A whole size, as the profile takes it: whole MiB from 8 MiB (the
  // sweeps' points are 4 MiB apart there), else whole KiB.
  std::string Value = X >= 8 * MiB
                          ? fmt::format("{:.0f} MiB", X / MiB)
                          : fmt::format("{:.0f} KiB", std::max(1.0, X / 1024));
  Out.push_back(
      {Figure, Value,
       fmt::format("the {} sweep's time crosses half way from the estimate "
                   "with L2 warm to the estimate with it cold at {:.3g} MiB, "
                   "between {:.4g} and {:.4g} MiB ({})",
                   What, X / MiB, A.X / MiB, B.X / MiB,
                   sweepNote(Points, "MiB", MiB))});
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
  std::map<std::string, std::vector<Run>> Sweeps;
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
    // The ALU issue figures need the profile's pipes and issue rate.
    auto hasPipes = [&] {
      if (!P.Alu.PipeNames.empty() && P.Alu.IssuePerClock)
        return true;
      Skipped.push_back(Fig + ": the profile gives no 'alu.pipes' and "
                              "'alu.issue_per_clock'");
      return false;
    };
    if (Fig.rfind("sweep.", 0) == 0) {
      std::string Name = Fig.substr(6, Fig.find('.', 6) - 6);
      Sweeps[Name].push_back(Run{&K, *T, Where});
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
      // lane-op at which its ALU path, t_item, equals the time.
      auto Cycles =
          solve("alu_latency_cycles", "t_item", *T, std::pair(0.01, 1000.0));
      if (!Cycles)
        continue;
      Out.push_back({Fig, fmt::format("{:.4g}", *Cycles),
                     fmt::format("{:.4g} ALU lane-ops of one work-item, one "
                                 "after another, at {:.4g} MHz, from ",
                                 K.Counts.LongestAluOps, Clock / 1e6) +
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
  // drops those of spread runs): the chain's its round trips, the
  // footprint's the rewrite's.
  auto model = [&] {
    std::vector<DerivedFigure> Kept;
    for (const DerivedFigure &F : Out) {
      auto It = ById.find(F.Path);
      if (It == ById.end() ||
          It->second->getNumber("cv").value_or(0) <= CalibrateMaxCv)
        Kept.push_back(F);
    }
    return SweepModel(P, Kept);
  };
  if (auto It = Sweeps.find("chain"); It != Sweeps.end())
    solveChainSweep(It->second, model(), Out, Skipped);
  if (auto It = Sweeps.find("rewrite"); It != Sweeps.end())
    solveWarmSweep(
        "cache.l2_warm_rewrite", "rewrite", It->second, model(),
        [](const KernelResult &K, const Estimate &) {
          return double(K.Counts.RewrittenBytes);
        },
        Out, Skipped);
  if (auto It = Sweeps.find("footprint"); It != Sweeps.end())
    solveWarmSweep(
        "cache.l2_warm_footprint", "footprint", It->second, model(),
        [](const KernelResult &, const Estimate &E) {
          return E.FootprintBytes;
        },
        Out, Skipped);
  for (const auto &[Name, Runs] : Sweeps)
    if (Name != "chain" && Name != "rewrite" && Name != "footprint")
      Skipped.push_back("sweep." + Name + ": no derivation for this sweep");
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
  // The block goes last, but before `validation:` (validate
  // --update-profile's records), which stays the file's last block.
  std::string Tail;
  if (size_t At = ("\n" + Kept).find("\nvalidation:");
      At != std::string::npos) {
    Tail = "\n" + Kept.substr(At);
    Kept.erase(At);
  }
  while (Kept.size() > 1 && Kept[Kept.size() - 1] == '\n' &&
         Kept[Kept.size() - 2] == '\n')
    Kept.pop_back();
  Kept += "\n" + Banner + "\nmeasured:\n" + Old;
  for (size_t I = 0; I < Figures.size(); ++I)
    if (!Written[I])
      Kept += entryText(Figures[I]);
  return Kept + Tail;
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

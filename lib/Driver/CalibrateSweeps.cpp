//===- CalibrateSweeps.cpp - Figures fitted to a sweep --------------------===//
//
// calibrate's sweeps (manifest ids sweep.NAME.POINT): the chain's
// occupancies and queue (cache.chain_l1_waves, chain_l2_waves,
// chain_queue_per_wave) and the warm-L2 sizes (cache.l2_warm_rewrite,
// l2_warm_footprint), each fitted to its points on the whole model's
// estimates. docs/cli.md, "Sweeps".
//
//===----------------------------------------------------------------------===//
#include "Driver/CalibrateSweeps.h"
#include "Model/Spreadsheet.h"
#include "Support/Quantity.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace clspread {

namespace {

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
  const SweepRun *R;
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
void solveChainSweep(const std::vector<SweepRun> &Runs, const SweepModel &M,
                     std::vector<DerivedFigure> &Out,
                     std::vector<std::string> &Skipped) {
  const char *L1 = "cache.chain_l1_waves", *L2 = "cache.chain_l2_waves",
             *Q = "cache.chain_queue_per_wave";
  std::vector<SweepPoint> Points;
  for (const SweepRun &R : Runs)
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
void solveWarmSweep(const char *Figure, const char *What, const char *Level,
                    const char *Needs, const std::vector<SweepRun> &Runs,
                    const SweepModel &M,
                    double (*XOf)(const KernelResult &, const Estimate &),
                    std::vector<DerivedFigure> &Out,
                    std::vector<std::string> &Skipped) {
  std::vector<SweepPoint> Points;
  for (const SweepRun &R : Runs) {
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
        "{}: the {} sweep does not cross half way from the estimate with {} "
        "warm to the estimate with it cold ({})",
        Figure, What, Level,
        Points.empty() ? std::string("no point where the figure moves the "
                                     "estimate: ") +
                             Needs
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
                   "with {} warm to the estimate with it cold at {:.3g} MiB, "
                   "between {:.4g} and {:.4g} MiB ({})",
                   What, Level, X / MiB, A.X / MiB, B.X / MiB,
                   sweepNote(Points, "MiB", MiB))});
}

} // namespace

void fitSweeps(const std::map<std::string, std::vector<SweepRun>> &Sweeps,
               const DeviceProfile &P,
               const std::function<bool(const DerivedFigure &)> &Written,
               std::vector<DerivedFigure> &Out,
               std::vector<std::string> &Skipped) {
  // Each sweep reads the figures derived before it: the chain's its round
  // trips, the footprint's the rewrite's.
  auto model = [&] {
    std::vector<DerivedFigure> Kept;
    for (const DerivedFigure &F : Out)
      if (Written(F))
        Kept.push_back(F);
    return SweepModel(P, Kept);
  };
  if (auto It = Sweeps.find("chain"); It != Sweeps.end())
    solveChainSweep(It->second, model(), Out, Skipped);
  // On a CPU the rewrite sweep's column is a walk no prefetcher follows,
  // whose lines the last level keeps from one launch to the next up to
  // some bytes moved through it (CpuCaches.h).
  if (auto It = Sweeps.find("rewrite"); It != Sweeps.end()) {
    if (P.Kind == DeviceKind::CPU)
      solveWarmSweep(
          "cache.llc_warm_bytes", "rewrite", "the last level",
          "the profile gives no cache.unprefetched_line_cycles, or no cache "
          "ways to simulate",
          It->second, model(),
          [](const KernelResult &, const Estimate &E) {
            return E.CpuLaunchBytes;
          },
          Out, Skipped);
    else
      solveWarmSweep(
          "cache.l2_warm_rewrite", "rewrite", "L2",
          "the profile gives no 'cache:' with an L2", It->second, model(),
          [](const KernelResult &K, const Estimate &) {
            return double(K.Counts.RewrittenBytes);
          },
          Out, Skipped);
  }
  if (auto It = Sweeps.find("footprint"); It != Sweeps.end())
    solveWarmSweep(
        "cache.l2_warm_footprint", "footprint", "L2",
        "the profile gives no 'cache:' with an L2", It->second, model(),
        [](const KernelResult &, const Estimate &E) {
          return E.FootprintBytes;
        },
        Out, Skipped);
  for (const auto &[Name, Runs] : Sweeps)
    if (Name != "chain" && Name != "rewrite" && Name != "footprint")
      Skipped.push_back("sweep." + Name + ": no derivation for this sweep");
}

} // namespace clspread

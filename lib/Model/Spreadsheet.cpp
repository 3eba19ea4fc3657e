//===- Spreadsheet.cpp - T_ALU, T_TEX, T_MEM and the bound ----------------===//
#include "Model/Spreadsheet.h"
#include "Model/MemoryTraffic.h"
#include "Model/Occupancy.h"
#include "Model/Quantity.h"
#include "Model/VliwPacker.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace clspread {

namespace {

/// The measured value of \p Path when there is one and it may be used,
/// else \p Datasheet; says which in \p Notes.
std::optional<double> pick(const DeviceProfile &P, const EstimateOptions &O,
                           const std::string &Path,
                           std::optional<double> Datasheet,
                           std::vector<std::string> &Notes) {
  Quantity::Dim D = measuredFigureDim(Path);
  const Measurement *M = O.UseMeasured ? P.measured(Path) : nullptr;
  if (!M)
    return Datasheet;
  std::string Was = Datasheet ? "the datasheet " + formatQuantity(*Datasheet, D)
                              : std::string("no datasheet figure");
  Notes.push_back(fmt::format("{}: measured {} used instead of {} ({}, {})",
                              Path, formatQuantity(M->Value, D), Was,
                              M->Device, M->Date));
  return M->Value;
}

/// Bundles per item on a VLIW profile.
double vliwBundles(const KernelCounts &K, const DeviceProfile &P,
                   std::vector<std::string> &Notes) {
  double Bundles = 0, GraphOps = 0;
  unsigned BadDeps = 0;
  for (const BlockGraph &B : K.Blocks) {
    if (B.ExecPerItem <= 0 || B.Nodes.empty())
      continue;
    PackedBlock R = packBlock(B, P.Alu);
    Bundles += B.ExecPerItem * double(R.Bundles);
    GraphOps += B.ExecPerItem * double(B.Nodes.size());
    BadDeps += R.BadDeps;
  }
  const double Ops = K.aluOps();
  if (GraphOps == 0 && Ops > 0) {
    // No graphs: the best the slots allow, i.e. perfect packing.
    double SlotOps = 0, TOps = 0;
    for (unsigned C = 0; C < NumAluClasses; ++C) {
      const auto &X = P.Alu.Expand[C];
      SlotOps += K.Alu[C] * (X ? X->Ops : 1);
      TOps += K.Alu[C] * (X ? X->TSlotOps : (P.Alu.TSlotOnly[C] ? 1 : 0));
    }
    Bundles = SlotOps / P.Alu.VliwWidth;
    if (P.Alu.TranscendentalSlots)
      Bundles = std::max(Bundles, TOps / P.Alu.TranscendentalSlots);
    Notes.push_back(fmt::format(
        "no dependence graphs from the analysis: VLIW bundles assume perfect "
        "packing ({:.4g} bundles per work-item, a lower bound)",
        Bundles));
    return Bundles;
  }
  // The graphs hold more than the counts on purpose: they add the device
  // work of VLIW code that the counts leave out (id arithmetic, store
  // address shifts, LDS instructions; docs/counting.md), so the two are not
  // compared.
  if (BadDeps)
    Notes.push_back(fmt::format(
        "{} dependences in block graphs did not point to an earlier node "
        "and were ignored",
        BadDeps));
  return Bundles;
}

} // namespace

double combineLimits(double A, double B, double P) {
  double M = std::max(A, B);
  if (M <= 0)
    return 0;
  return M * std::pow(std::pow(A / M, P) + std::pow(B / M, P), 1.0 / P);
}

Estimate estimate(const KernelCounts &K, const DeviceProfile &P,
                  const EstimateOptions &Opts) {
  Estimate E;
  const double N = double(K.Launch.workItems());
  E.WorkItems = K.Launch.workItems();
  auto Figure = [&](const std::string &Path, std::optional<double> Datasheet) {
    return pick(P, Opts, Path, Datasheet, E.ProfileNotes);
  };

  const double Clock = *Figure("clock", P.ClockHz);
  const double Bandwidth =
      *Figure("memory.bandwidth", P.BandwidthBps);
  E.LaunchOverheadS =
      Figure("launch_overhead", P.LaunchOverheadS).value_or(0);

  // ALU.
  if (P.isVliw()) {
    E.VliwBundles = vliwBundles(K, P, E.Notes);
    E.AluCycles = E.VliwBundles; // one bundle per lane per clock
  } else {
    E.VliwBundles = K.aluOps();
    std::vector<double> PipeCycles(P.Alu.PipeNames.size(), 0.0);
    double Issued = 0;
    for (unsigned C = 0; C < NumAluClasses; ++C) {
      if (K.Alu[C] <= 0)
        continue;
      const char *Name = aluClassName(AluClass(C));
      std::optional<double> Rate =
          Figure(fmt::format("alu.rates.{}", Name), P.Alu.Rate[C]);
      if (!Rate) {
        E.Unsupported.push_back(AluClass(C));
        continue;
      }
      double Cycles = K.Alu[C] * P.LanesPerCU / *Rate;
      E.AluCycles += Cycles;
      Issued += K.Alu[C];
      if (P.Alu.Pipe[C] >= 0)
        PipeCycles[size_t(P.Alu.Pipe[C])] += Cycles;
    }
    // Classes on different pipes overlap in part (measured pipe_overlap).
    std::optional<double> Overlap =
        Figure("alu.pipe_overlap", P.Alu.PipeOverlap);
    if (P.Alu.IssuePerClock && Overlap && E.AluCycles > 0) {
      double Busiest = 0;
      size_t Which = 0;
      for (size_t I = 0; I < PipeCycles.size(); ++I)
        if (PipeCycles[I] > Busiest) {
          Busiest = PipeCycles[I];
          Which = I;
        }
      double Issue = Issued * P.LanesPerCU / *P.Alu.IssuePerClock;
      double Bound = std::max(Issue, Busiest);
      if (Bound < E.AluCycles) {
        double Sum = E.AluCycles;
        E.AluCycles = Bound + *Overlap * (Sum - Bound);
        E.Notes.push_back(fmt::format(
            "ALU pipes: {:.4g} cycles per lane if classes ran one after "
            "another, {:.4g} on the busiest ({} on pipe '{}'); at "
            "alu.pipe_overlap {:.3g}: {:.4g}",
            Sum, Bound, Issue >= Busiest ? "issue" : "work",
            P.Alu.PipeNames[Which], *Overlap, E.AluCycles));
      }
    }
  }
  E.TAluS = N * E.AluCycles / (double(P.ComputeUnits) * P.LanesPerCU) / Clock;

  // LDS: __local bytes at the compute unit's LDS bandwidth, added to T_ALU
  // because LDS instructions issue from the same SIMD as ALU ones (on
  // Evergreen they are ALU-clause instructions; on NVIDIA they take warp
  // issue slots at 128 B per SM per clock).
  if (std::optional<double> Lds =
          Figure("lds.bandwidth_per_clock", P.LdsBytesPerClock);
      Lds && K.LocalBytes > 0) {
    E.TLdsS = N * K.LocalBytes / (double(P.ComputeUnits) * *Lds) / Clock;
    E.TAluS += E.TLdsS;
  }
  // Barriers: the SIMD waits for the group; measured per work-item.
  if (std::optional<double> Bar =
          Figure("barrier.item_cycles", P.BarrierItemCycles);
      Bar && K.Barriers > 0) {
    E.TBarrierS = N * K.Barriers * *Bar / double(P.ComputeUnits) / Clock;
    E.TAluS += E.TBarrierS;
  }

  // TEX.
  E.TexFetches = K.ImageReads + (P.GlobalLoadsUseTex ? K.GlobalLoads : 0);
  const double TexUnits = *Figure("tex.units_per_cu", P.TexUnitsPerCU);
  E.TTexS = N * E.TexFetches / (P.ComputeUnits * TexUnits) / Clock;

  // MEM. Occupancy first: the cache model needs the resident groups.
  E.Occ = computeOccupancy(K, P, E.Notes);
  std::optional<CacheGeometry> Geo;
  if (P.Cache.L1Bytes || P.Cache.L2Bytes) {
    Geo.emplace();
    Geo->Wavefront = P.Wavefront;
    Geo->Sector = P.TransactionBytes;
    Geo->Line = unsigned(std::max<uint64_t>(
        P.TransactionBytes, P.Cache.LineBytes.value_or(P.TransactionBytes)));
    Geo->ComputeUnits = P.ComputeUnits;
    Geo->GroupsPerCU =
        std::max(1u, E.Occ.WavesPerGroup
                         ? E.Occ.WavesPerCU / E.Occ.WavesPerGroup
                         : 1u);
    uint64_t L1 = P.Cache.L1Bytes.value_or(0);
    uint64_t Lds = uint64_t(Geo->GroupsPerCU) * K.LocalMemBytes;
    if (P.Cache.L1SharedWithLds)
      L1 = L1 > Lds ? L1 - Lds : 0;
    Geo->L1Bytes = L1;
    Geo->L1WriteThrough = P.Cache.L1WriteThrough;
    Geo->L2Bytes = P.Cache.L2Bytes.value_or(0);
    Geo->DramGranule = unsigned(std::max<uint64_t>(
        Geo->Sector, P.Cache.DramGranuleBytes.value_or(Geo->Sector)));
    if (!K.Launch.Local && E.Occ.GroupSize) {
      // The driver picks the local size: assume what occupancy assumed, a
      // row of work-items along dimension 0.
      Geo->AssumedLocal = std::array<uint64_t, 3>{
          std::min<uint64_t>(E.Occ.GroupSize, K.Launch.Global[0]), 1, 1};
      E.Notes.push_back(fmt::format(
          "caches: the launch leaves the local size to the driver; the cache "
          "model assumes {}x1x1",
          (*Geo->AssumedLocal)[0]));
    }
  }
  MemoryTraffic M = memoryTraffic(K, P.Wavefront, P.TransactionBytes,
                                  Geo ? &*Geo : nullptr);
  E.BytesRequested = M.BytesRequested;
  E.BytesMoved = M.BytesMoved;
  E.FiniteCache = M.Finite;
  E.BytesL2 = M.BytesL2;
  E.BytesL2Partial = M.PartialStoreBytes;
  E.L1Lines = M.L1Lines;
  E.Notes.insert(E.Notes.end(), M.Notes.begin(), M.Notes.end());
  if (K.ImageReads > 0 || K.ImageWrites > 0)
    E.Notes.push_back("image reads and writes are charged to TEX only; their "
                      "DRAM traffic is not in T_MEM");
  E.TMemBandwidthS = N * E.BytesMoved / Bandwidth;
  E.TMemS = E.TMemBandwidthS;
  if (std::optional<double> L2Bw =
          Figure("cache.l2_bandwidth", P.Cache.L2BandwidthBps);
      L2Bw && M.Finite) {
    // Partly written sectors go at their own (lower) rate where measured.
    std::optional<double> PartialBw =
        E.BytesL2Partial > 0 ? Figure("cache.l2_partial_bandwidth",
                                      P.Cache.L2PartialBandwidthBps)
                             : std::nullopt;
    double Whole = PartialBw ? E.BytesL2 - E.BytesL2Partial : E.BytesL2;
    E.TMemL2S = N * Whole / *L2Bw +
                (PartialBw ? N * E.BytesL2Partial / *PartialBw : 0);
    if (E.TMemL2S > E.TMemS) {
      E.TMemS = E.TMemL2S;
      E.Notes.push_back(fmt::format(
          "T_MEM is L2-bound: {:.4g} B per work-item from L2 at {} "
          "(cache.l2_bandwidth) take longer than {:.4g} B from DRAM",
          E.BytesL2, formatQuantity(*L2Bw, Quantity::Dim::Bandwidth),
          E.BytesMoved));
    }
  }

  // L1 lookups: a wavefront's access takes a clock per distinct line it
  // touches (measured: bench/l1_lines), so lanes spread over many lines
  // are slow even when every line hits.
  if (std::optional<double> Rate =
          Figure("cache.l1_lines_per_clock", P.Cache.L1LinesPerClock);
      Rate && *Rate > 0 && M.Finite && E.L1Lines > 0) {
    E.TMemL1S = N * E.L1Lines /
                (double(P.ComputeUnits) * *Rate) / Clock;
    if (E.TMemL1S > E.TMemS) {
      E.TMemS = E.TMemL1S;
      E.Notes.push_back(fmt::format(
          "T_MEM is L1-bound: {:.4g} L1 lines per wavefront access on "
          "average, at {:.3g} lines per compute unit per clock "
          "(cache.l1_lines_per_clock)",
          E.L1Lines * P.Wavefront /
              std::max(1.0, K.GlobalLoads + K.GlobalStores),
          *Rate));
    }
  }

  // Latency: each work-item waits GlobalLoadRounds round trips; a compute
  // unit keeps its resident work-items' loads in flight at once, so the
  // launch takes rounds x (N / resident items) latencies. Only the share of
  // the traffic that reaches DRAM (bytes moved / requested) waits for DRAM.
  if (std::optional<double> Lat = Figure("memory.latency", P.MemoryLatencyS);
      Lat && K.GlobalLoadRounds > 0 && E.BytesRequested > 0) {
    double Resident = double(std::max(1u, E.Occ.WavesPerCU)) * P.Wavefront;
    double Fraction = std::min(1.0, E.BytesMoved / E.BytesRequested);
    double Waves = std::max(1.0, N / (double(P.ComputeUnits) * Resident));
    E.TMemLatencyS = K.GlobalLoadRounds * Fraction * Waves * *Lat;
    // Near the knee the two limits add up in part (measured p).
    if (std::optional<double> Exp =
            Figure("memory.overlap_exponent", P.MemoryOverlapExponent);
        Exp && *Exp > 0 && E.TMemBandwidthS > 0) {
      double Both = combineLimits(E.TMemBandwidthS, E.TMemLatencyS, *Exp);
      if (Both > E.TMemS) {
        E.TMemS = Both;
        E.Notes.push_back(fmt::format(
            "T_MEM near the knee: DRAM bandwidth {} and latency {} combine "
            "to {} (memory.overlap_exponent {:.3g})",
            formatQuantity(E.TMemBandwidthS, Quantity::Dim::Time),
            formatQuantity(E.TMemLatencyS, Quantity::Dim::Time),
            formatQuantity(Both, Quantity::Dim::Time), *Exp));
      }
    }
    if (E.TMemLatencyS > E.TMemS) {
      E.TMemS = E.TMemLatencyS;
      E.Notes.push_back(fmt::format(
          "T_MEM is latency-bound: {:.4g} load round trips per work-item "
          "with {:.0f} work-items resident per compute unit keep too few "
          "bytes in flight for {} (memory.latency {})",
          K.GlobalLoadRounds, Resident,
          formatQuantity(Bandwidth, Quantity::Dim::Bandwidth),
          formatQuantity(*Lat, Quantity::Dim::Time)));
    }
  }

  // The bound: ALU unless another is strictly larger; MEM before TEX.
  E.Limit = Bound::ALU;
  E.TKernelS = E.TAluS;
  if (E.TMemS > E.TKernelS) {
    E.Limit = Bound::MEM;
    E.TKernelS = E.TMemS;
  }
  if (E.TTexS > E.TKernelS) {
    E.Limit = Bound::TEX;
    E.TKernelS = E.TTexS;
  }
  // A barrier splits a work-group's work into phases (load, then compute in
  // __local): within a group they run one after the other, and only other
  // groups' phases fill the gaps. Measured: barrier.phase_exponent.
  if (std::optional<double> Exp =
          Figure("barrier.phase_exponent", P.BarrierPhaseExponent);
      Exp && *Exp > 0 && K.Barriers > 0 && E.TAluS > 0 && E.TMemS > 0) {
    double Both = combineLimits(E.TAluS, E.TMemS, *Exp);
    if (Both > E.TKernelS) {
      E.Notes.push_back(fmt::format(
          "barrier phases: T_ALU {} and T_MEM {} overlap only in part across "
          "work-groups: {} (barrier.phase_exponent {:.3g})",
          formatQuantity(E.TAluS, Quantity::Dim::Time),
          formatQuantity(E.TMemS, Quantity::Dim::Time),
          formatQuantity(Both, Quantity::Dim::Time), *Exp));
      E.TKernelS = Both;
    }
  }
  // Starting work-groups: a compute unit takes work_group.dispatch_cycles
  // per group however little the group does (measured with an empty
  // kernel), so launches of many small groups have a floor.
  E.Groups = double(K.Launch.workGroups());
  if (std::optional<double> Cycles =
          Figure("work_group.dispatch_cycles", P.DispatchCycles);
      Cycles && *Cycles > 0) {
    if (K.Launch.Local) {
      E.TDispatchS = E.Groups / double(P.ComputeUnits) * *Cycles / Clock;
      if (E.TDispatchS > E.TKernelS) {
        E.Notes.push_back(fmt::format(
            "Tkernel is the work-group dispatch: {:.0f} groups of {} "
            "work-items at {:.4g} cycles each per compute unit take {}, "
            "longer than the {}-bound {} (work_group.dispatch_cycles)",
            E.Groups, K.Launch.workGroupSize(), *Cycles,
            formatQuantity(E.TDispatchS, Quantity::Dim::Time),
            boundName(E.Limit),
            formatQuantity(E.TKernelS, Quantity::Dim::Time)));
        E.TKernelS = E.TDispatchS;
      }
    } else {
      E.Notes.push_back("work-group dispatch: the launch leaves the local "
                        "size to the driver, so the floor of "
                        "work_group.dispatch_cycles per group is left out");
    }
  }
  return E;
}

} // namespace clspread

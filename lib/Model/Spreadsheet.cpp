//===- Spreadsheet.cpp - T_ALU, T_TEX, T_MEM and the bound ----------------===//
#include "Model/Spreadsheet.h"
#include "Model/CacheModel.h"
#include "Model/CpuCaches.h"
#include "Model/Figures.h"
#include "Model/MemoryTraffic.h"
#include "Model/ModelGraph.h"
#include "Model/Occupancy.h"
#include "Model/VliwPacker.h"
#include "Support/Quantity.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace clspread {

namespace {

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

/// The note that a measured figure replaced the datasheet's, for each
/// figure the evaluation read, in the order it read them.
void measuredNotes(const DeviceProfile &P, const EstimateOptions &O,
                   const model::Evaluator &V, std::vector<std::string> &Notes) {
  if (!O.UseMeasured)
    return;
  std::vector<ProfileFigure> Figures = profileFigures(P);
  for (const std::string &Name : V.figuresRead()) {
    auto F =
        std::find_if(Figures.begin(), Figures.end(),
                     [&](const ProfileFigure &F) { return F.Name == Name; });
    if (F == Figures.end() || !F->Measurable)
      continue;
    const Measurement *M = P.measured(F->Path);
    if (!M)
      continue;
    Quantity::Dim D = measuredFigureDim(F->Path);
    std::string Was = F->Value ? "the datasheet " + formatQuantity(*F->Value, D)
                               : std::string("no datasheet figure");
    Notes.push_back(fmt::format("{}: measured {} used instead of {} ({}, {})",
                                F->Path, formatQuantity(M->Value, D), Was,
                                M->Device, M->Date));
  }
}

} // namespace

Estimate estimate(const KernelCounts &K, const DeviceProfile &P,
                  const EstimateOptions &Opts) {
  const model::Model *M = &model::modelFor(P);
  Estimate E;
  E.WorkItems = K.Launch.workItems();

  // The packer's bundles are an input of the graph; the cache model's
  // traffic becomes one below, once occupancy is known.
  if (P.isVliw())
    E.VliwBundles = vliwBundles(K, P, E.Notes);
  // A CPU's own caches, where the profile gives their ways: their
  // refetches are in the CPU code's cycles (cpu_cycles), so they are inputs
  // from the start, and only where that code was built (not on the lint
  // path, which builds none).
  if (P.Kind == DeviceKind::CPU && !K.Cpu.Target.empty() && P.Cache.L1Bytes &&
      P.Cache.L2Bytes && P.Cache.L1Ways && P.Cache.L2Ways) {
    CpuCacheGeometry CG;
    CG.Line = unsigned(P.Cache.LineBytes.value_or(P.TransactionBytes));
    CG.Page = P.Cache.PageBytes.value_or(4096);
    CG.L1 = {*P.Cache.L1Bytes, *P.Cache.L1Ways};
    CG.L2 = {*P.Cache.L2Bytes, *P.Cache.L2Ways};
    CG.ComputeUnits = P.ComputeUnits;
    CG.TlbPages = P.Cache.TlbPages.value_or(0);
    if (!K.Launch.Local) {
      // The driver picks the local size: what occupancy assumes.
      model::Evaluator V0(M->G, model::estimateInputs(K, E),
                          model::figureValues(P, Opts.UseMeasured));
      if (unsigned Size = occupancyOf(V0).GroupSize)
        CG.AssumedLocal = std::array<uint64_t, 3>{
            std::min<uint64_t>(Size, K.Launch.Global[0]), 1, 1};
    }
    CpuCacheTraffic C = cpuCacheTraffic(K, CG);
    E.CpuRefetchL2 = C.RefetchL2;
    E.CpuRefetchBeyond = C.RefetchBeyond;
    E.CpuRefetchDirty = C.RefetchDirty;
    E.CpuPageWalks = C.PageWalks;
    E.CpuUnprefetched = C.Unprefetched;
    // What passes through the last level between one launch's loads and
    // the next's: the lines the launch touches and what the runner
    // restores before it.
    E.CpuLaunchBytes = double(K.RewrittenBytes);
    for (const BufferFootprint &F : K.Footprints)
      E.CpuLaunchBytes += double(F.granuleBytes(CG.Line));
    E.Notes.push_back(C.Note);
  }
  model::Evaluator V(M->G, model::estimateInputs(K, E),
                     model::figureValues(P, Opts.UseMeasured));
  // The figures every estimate reads first, so that the measured-figure
  // notes keep their order: clock, bandwidth, launch overhead.
  for (const char *Name : {"clock", "memory_bandwidth", "launch_overhead"})
    V.value(M->G.findFigure(Name));

  // ALU. (The rates are read before the pipe overlap, as the notes list
  // them.)
  if (!P.isVliw()) {
    V["cycles_sum"];
    V.value(M->G.findFigure("alu_pipe_overlap"));
  }
  E.AluCycles = V["alu_cycles"];
  if (!P.isVliw())
    E.VliwBundles = V["alu_ops"];
  E.TAluS = V["t_alu"];
  E.TLdsS = V["t_lds"];
  E.TBarrierS = V["t_barrier"];
  model::stageNotes(*M, model::NoteStage::Alu, V, K, E.Notes);
  // Classes the device has no unit for: left out of T_ALU (a rate of
  // 0 cycles), reported by the portability rules.
  if (!P.isVliw())
    for (unsigned C = 0; C < NumAluClasses; ++C)
      if (K.Alu[C] > 0 && !V.present(M->G.findFigure(fmt::format(
                              "alu_rate_{}", aluClassName(AluClass(C))))))
        E.Unsupported.push_back(AluClass(C));

  // TEX.
  E.TexFetches = V["tex_fetches"];
  E.TTexS = V["t_tex"];

  // MEM. Occupancy first: the cache model needs the resident groups.
  E.Occ = occupancyOf(V);
  model::stageNotes(*M, model::NoteStage::Occupancy, V, K, E.Notes);
  // A model figure as the estimate uses it: measured where the profile
  // has a measurement (and the estimate takes them), else the datasheet's.
  auto inUse = [&](std::string_view Path) {
    std::optional<double> Sheet = numericFigure(Path)->value(P);
    return Opts.UseMeasured ? P.inUse(Path, Sheet) : Sheet;
  };
  std::optional<CacheGeometry> Geo;
  if ((P.Cache.L1Bytes || P.Cache.L2Bytes) && P.Kind != DeviceKind::CPU) {
    Geo.emplace();
    Geo->Wavefront = P.Wavefront;
    Geo->Sector = P.TransactionBytes;
    Geo->Line = unsigned(std::max<uint64_t>(
        P.TransactionBytes, P.Cache.LineBytes.value_or(P.TransactionBytes)));
    Geo->ComputeUnits = P.ComputeUnits;
    Geo->GroupsPerCU = std::max(
        1u, E.Occ.WavesPerGroup ? E.Occ.WavesPerCU / E.Occ.WavesPerGroup : 1u);
    uint64_t L1 = P.Cache.L1Bytes.value_or(0);
    uint64_t Lds = uint64_t(Geo->GroupsPerCU) * K.LocalMemBytes;
    if (P.Cache.L1SharedWithLds)
      L1 = L1 > Lds ? L1 - Lds : 0;
    Geo->L1Bytes = L1;
    Geo->L1WriteThrough = P.Cache.L1WriteThrough;
    Geo->L2Bytes = P.Cache.L2Bytes.value_or(0);
    Geo->DramGranule = unsigned(std::max<uint64_t>(
        Geo->Sector, P.Cache.DramGranuleBytes.value_or(Geo->Sector)));
    Geo->WarmRewrite = inUse("cache.l2_warm_rewrite");
    Geo->WarmFootprint = inUse("cache.l2_warm_footprint");
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
  MemoryTraffic T = memoryTraffic(K, P.Wavefront, P.TransactionBytes,
                                  Geo ? &*Geo : nullptr, P.WriteAllocate);
  E.BytesRequested = T.BytesRequested;
  E.BytesMoved = T.BytesMoved;
  E.FiniteCache = T.Finite;
  E.BytesL2 = T.BytesL2;
  E.BytesL2Partial = T.PartialStoreBytes;
  E.BytesL2Narrow = T.NarrowStoreBytes;
  E.L1Lines = T.L1Lines;
  E.FootprintBytes = T.FootprintBytes;
  E.SameAddressStores = T.SameAddressStores;
  E.SameAddressAtomics = T.SameAddressAtomics;
  // Chained rounds by level: a round waits on its slowest load; with each
  // load's odds of reaching L2 and DRAM (the cache model's, independent),
  // the round reaches DRAM with 1 - prod(1 - p_dram) and L2 or beyond with
  // 1 - prod(1 - p_l2). Without the cache model every round is DRAM's. (A
  // load of what the loop stored is the cache model's like any other: an
  // H100 serves it at L1's latency, calibrate.cl's chain kernels measured.)
  // The odds that a round reaches DRAM, and L2 or beyond: the cache
  // model's, the whole group's over the launch. On the longest work-item's
  // own path (\p Longest) a load waits whenever its line is not yet in L1
  // when it asks, and the wavefronts of a group that share a line ask for
  // it together: a load that steps Step bytes per iteration waits once per
  // sector it crosses, less where loops around it come back to the same
  // addresses and what it swept fits L1; the cache model's odds of its
  // buffer say how many of those waits DRAM serves.
  // With more wavefronts per compute unit than cache.chain_l1_waves, a
  // chain's stores queue on their way to L2 and the loads after them in
  // the memory pipeline wait with them: a share of the chained rounds that
  // grows to all of them at cache.chain_l2_waves waits at least an L2
  // round trip.
  const double Sector = double(std::max(1u, P.TransactionBytes));
  double ChainL2Share = 0; // the share of chained rounds L2 serves at least
  if (auto From = inUse("cache.chain_l1_waves")) {
    double To = inUse("cache.chain_l2_waves").value_or(*From);
    double W = E.Occ.WavesPerCU;
    ChainL2Share = W <= *From ? 0 : W >= To ? 1 : (W - *From) / (To - *From);
  }
  const double L1Bytes = double(P.Cache.L1Bytes.value_or(0));
  // A loop with no store issues the loads of several iterations together
  // (the loads in flight the item_loads benchmarks measure), and the group
  // waits for its slowest: where one load in Group crosses into a new
  // sector, every round of the loop waits a round trip to L2 (measured: a
  // lone work-item adding up floats or doubles one after another waits an
  // L2 round trip per group, not per sector).
  double Group = 1;
  for (const char *Fig :
       {"cache.l2_loads_in_flight", "memory.item_loads_in_flight"})
    if (auto F = inUse(Fig); F && *F > 0) {
      Group = *F;
      break;
    }
  // A buffer's odds are the share of its requested sectors a level
  // serves, over all its loads. Several loads of one buffer in a round
  // (a stencil's taps, `a[i-1] + a[i] + a[i+1]`) share the new sectors
  // between them: the first to reach a line brings it and the others hit
  // it. So for the mean work-item their shares add, up to one, where
  // multiplying them as independent loads would have the round miss the
  // line less often than each load of a single-load round does.
  //
  // A plain round runs once per work-item, all wavefronts at about the same
  // time, so lines its wavefronts share (a span that starts mid-line, the
  // next wavefront's first line) are in flight when each needs them: a
  // wavefront waits on DRAM where any line it touches comes from there,
  // and a load's odds are its buffer's share times the lines one
  // wavefront's load touches, up to one. In loops the share is by
  // iteration, as the lanes cross into new lines together.
  const uint64_t LineBytes = std::max<uint64_t>(
      P.TransactionBytes, P.Cache.LineBytes.value_or(P.TransactionBytes));
  auto linesPerWave = [&](const LoadRound::Load &L) -> double {
    if (!L.LaneStride || L.Bytes == 0 || LineBytes == 0 || P.Wavefront == 0)
      return 1;
    const uint64_t W = P.Wavefront, S = uint64_t(std::llabs(*L.LaneStride));
    uint64_t Row = W; // lanes of a wavefront in one row of the group
    if (L.OtherIds && K.Launch.Local)
      Row = std::clamp<uint64_t>((*K.Launch.Local)[0], 1, W);
    const double Rows = double((W + Row - 1) / Row);
    double PerRow = 1;
    if (S >= LineBytes)
      PerRow = double(Row * ((L.Bytes + LineBytes - 1) / LineBytes));
    else if (S > 0) {
      const uint64_t Span = (Row - 1) * S + L.Bytes;
      const bool Aligned =
          L.OffsetGcd % LineBytes == 0 && (Row * S) % LineBytes == 0;
      PerRow = double(std::min<uint64_t>(
          Row, (Span + LineBytes - 1) / LineBytes + (Aligned ? 0 : 1)));
    }
    return Rows * PerRow;
  };
  auto reach = [&](const LoadRound &R, bool Own, double Together = 1,
                   bool Plain = false) {
    double NoL2 = 1, NoDram = 1;
    std::map<std::string, CacheTraffic::LevelOdds> Shared; // by buffer
    for (const LoadRound::Load &L : R.Loads) {
      CacheTraffic::LevelOdds O;
      if (T.Finite)
        if (auto It = T.LoadOdds.find(L.Buffer); It != T.LoadOdds.end())
          O = It->second;
      if (Plain && T.Finite) {
        const double Lines = linesPerWave(L);
        O.L2 = std::min(1.0, O.L2 * Lines);
        O.Dram = std::min(1.0, O.Dram * Lines);
      }
      if (Own && T.Finite && L.Step) {
        double Miss = std::min(1.0, std::abs(double(*L.Step)) / Sector);
        if (L.Extent <= L1Bytes)
          Miss /= L.Repeats;
        Miss = std::min(1.0, Miss * Together);
        O.Dram = O.L2 > 0 ? Miss * O.Dram / O.L2 : 0;
        O.L2 = Miss;
      } else if (T.Finite && !L.Buffer.empty()) {
        auto [It, New] = Shared.try_emplace(L.Buffer, O);
        if (!New) {
          It->second.L2 = std::min(1.0, It->second.L2 + O.L2);
          It->second.Dram = std::min(1.0, It->second.Dram + O.Dram);
        }
        continue;
      }
      NoL2 *= 1 - O.L2;
      NoDram *= 1 - O.Dram;
    }
    for (const auto &[Buffer, O] : Shared) {
      NoL2 *= 1 - O.L2;
      NoDram *= 1 - O.Dram;
    }
    return std::pair{1 - NoDram, 1 - NoL2};
  };
  // Rounds split by the level that serves them: DRAM, L2, L1.
  auto add = [](double Rounds, std::pair<double, double> Reach, double &L1,
                double &L2, double &Dram) {
    auto [ToDram, ToL2] = Reach;
    Dram += Rounds * ToDram;
    L2 += Rounds * (ToL2 - ToDram);
    L1 += Rounds * (1 - ToL2);
  };
  for (const LoadRound &R : K.ChainRounds) {
    std::pair<double, double> Mean = reach(R, false);
    if (R.BehindStores) {
      Mean.second += (1 - Mean.second) * ChainL2Share;
      E.ChainRoundsQueued += R.PerItem;
    }
    add(R.PerItem, Mean, E.ChainRoundsL1, E.ChainRoundsL2, E.ChainRoundsDram);
    add(R.PerLongestItem, reach(R, true), E.LongestRoundsL1, E.LongestRoundsL2,
        E.LongestRoundsDram);
  }
  for (const LoadRound &R : K.LoopRounds) {
    add(R.PerLongestItem, reach(R, true, Group), E.LongestLoopRoundsL1,
        E.LongestLoopRoundsL2, E.LongestLoopRoundsDram);
    add(R.PerItem, reach(R, false), E.LoopRoundsL1, E.LoopRoundsL2,
        E.LoopRoundsDram);
  }
  if (T.Finite)
    for (const LoadRound &R : K.PlainRounds)
      add(R.PerItem, reach(R, false, 1, true), E.PlainRoundsL1, E.PlainRoundsL2,
          E.PlainRoundsDram);
  E.Notes.insert(E.Notes.end(), T.Notes.begin(), T.Notes.end());
  if (K.ImageReads > 0 || K.ImageWrites > 0)
    E.Notes.push_back("image reads and writes are charged to TEX only; their "
                      "DRAM traffic is not in T_MEM");
  // The cache model's figures are the graph's inputs from here on.
  for (auto &[Name, Value] : model::estimateInputs(K, E))
    V.setInput(Name, Value);

  E.TMemBandwidthS = V["t_dram"];
  E.TMemL2S = V["t_l2"];
  E.TMemL1S = V["t_l1"];
  E.TMemSameAddressS = V["t_same_address"];
  E.TMemLatencyS = V["t_latency"];
  E.TMemChainS = V["t_chain"];
  E.TMemItemS = V["t_item"];
  E.TMemS = V["t_mem"];

  const std::string &Bound = V.label(M->G.find("bound"));
  E.Limit = boundFromName(Bound);
  E.TKernelS = V["t_kernel"];
  E.Groups = V["groups"];
  E.TDispatchS = V["t_dispatch"];
  E.LaunchOverheadS = V["overhead"];
  E.Band = P.Bands[unsigned(E.Limit)];
  model::stageNotes(*M, model::NoteStage::Mem, V, K, E.Notes);
  measuredNotes(P, Opts, V, E.ProfileNotes);
  return E;
}

} // namespace clspread

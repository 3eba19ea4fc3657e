//===- Figures.cpp - The figure table -------------------------------------===//
#include "Model/Figures.h"
#include "Analysis/KernelCounts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

namespace clspread {

namespace {
using Opt = std::optional<double>;
using D = Quantity::Dim;
} // namespace

const std::vector<NumericFigure> &numericFigures() {
  // Get and Set name the DeviceProfile field; rows without them are kept
  // in ModelFigures. The order is the schema's.
  static const std::vector<NumericFigure> Figures = {
      {"clock",
       "clock",
       "Hz",
       D::Frequency,
       true,
       false,
       true,
       {},
       [](const DeviceProfile &P) -> Opt { return P.ClockHz; },
       [](DeviceProfile &P, double V) { P.ClockHz = V; }},
      {"memory.bandwidth",
       "memory_bandwidth",
       "B/s",
       D::Bandwidth,
       true,
       false,
       true,
       {},
       [](const DeviceProfile &P) -> Opt { return P.BandwidthBps; },
       [](DeviceProfile &P, double V) { P.BandwidthBps = V; }},
      {"launch_overhead",
       "launch_overhead",
       "s",
       D::Time,
       true,
       true,
       false,
       {},
       [](const DeviceProfile &P) { return P.LaunchOverheadS; },
       [](DeviceProfile &P, double V) { P.LaunchOverheadS = V; }},
      {"memory.latency",
       "memory_latency",
       "s",
       D::Time,
       true,
       false,
       false,
       {},
       [](const DeviceProfile &P) { return P.MemoryLatencyS; },
       [](DeviceProfile &P, double V) { P.MemoryLatencyS = V; }},
      {"memory.overlap_exponent",
       "memory_overlap_exponent",
       "p",
       D::Count,
       true,
       false,
       false,
       {},
       [](const DeviceProfile &P) { return P.MemoryOverlapExponent; },
       [](DeviceProfile &P, double V) { P.MemoryOverlapExponent = V; }},
      {"alu.pipe_overlap", "alu_pipe_overlap", "0 full overlap, 1 none",
       D::Count, true, true, false, "pipes",
       [](const DeviceProfile &P) { return P.Alu.PipeOverlap; },
       [](DeviceProfile &P, double V) { P.Alu.PipeOverlap = V; }},
      {"barrier.phase_exponent",
       "barrier_phase_exponent",
       "p",
       D::Count,
       true,
       false,
       false,
       {},
       [](const DeviceProfile &P) { return P.BarrierPhaseExponent; },
       [](DeviceProfile &P, double V) { P.BarrierPhaseExponent = V; }},
      {"barrier.item_cycles",
       "barrier_item_cycles",
       "CU cycles per work-item per barrier",
       D::Count,
       true,
       false,
       true,
       {},
       [](const DeviceProfile &P) { return P.BarrierItemCycles; },
       [](DeviceProfile &P, double V) { P.BarrierItemCycles = V; }},
      {"lds.bandwidth_per_clock",
       "lds_bandwidth_per_clock",
       "B per CU per clock",
       D::Bytes,
       true,
       false,
       false,
       {},
       [](const DeviceProfile &P) { return P.LdsBytesPerClock; },
       [](DeviceProfile &P, double V) { P.LdsBytesPerClock = V; }},
      {"tex.units_per_cu",
       "tex_units_per_cu",
       "fetches per CU per clock",
       D::Count,
       true,
       false,
       true,
       {},
       [](const DeviceProfile &P) -> Opt { return P.TexUnitsPerCU; },
       [](DeviceProfile &P, double V) { P.TexUnitsPerCU = V; }},
      {"cache.l2_bandwidth",
       "cache_l2_bandwidth",
       "B/s",
       D::Bandwidth,
       true,
       false,
       false,
       {},
       [](const DeviceProfile &P) { return P.Cache.L2BandwidthBps; },
       [](DeviceProfile &P, double V) { P.Cache.L2BandwidthBps = V; }},
      {"cache.l2_partial_bandwidth",
       "cache_l2_partial_bandwidth",
       "B/s",
       D::Bandwidth,
       true,
       false,
       false,
       {},
       [](const DeviceProfile &P) { return P.Cache.L2PartialBandwidthBps; },
       [](DeviceProfile &P, double V) { P.Cache.L2PartialBandwidthBps = V; }},
      {"cache.l1_lines_per_clock",
       "cache_l1_lines_per_clock",
       "lines per CU per clock",
       D::Count,
       true,
       false,
       false,
       {},
       [](const DeviceProfile &P) { return P.Cache.L1LinesPerClock; },
       [](DeviceProfile &P, double V) { P.Cache.L1LinesPerClock = V; }},
      {"work_group.dispatch_cycles",
       "dispatch_cycles",
       "CU cycles per work-group started",
       D::Count,
       true,
       false,
       false,
       {},
       [](const DeviceProfile &P) { return P.DispatchCycles; },
       [](DeviceProfile &P, double V) { P.DispatchCycles = V; }},
      // Only the model's graph reads these.
      // The round trip of a load L2 serves: the share of a load round the
      // cache model sends to L2 waits this long instead of nothing.
      {"cache.l2_latency", "cache_l2_latency", "s", D::Time},
      // The round trip of a load L1 serves, and of one DRAM serves with
      // nothing else in flight (a chain of dependent loads): what each
      // round of a chain through memory waits (t_chain). memory.latency is
      // the loaded figure the latency and knee terms use.
      {"cache.l1_latency", "cache_l1_latency", "s", D::Time},
      {"memory.dram_latency", "memory_dram_latency", "s", D::Time},
      // The loads one work-item keeps in flight in a loop with no global
      // store (its iterations' loads are independent, and the compiler
      // unrolls and hoists them): the longest work-item's rounds in such
      // loops wait each level's round trip divided by this (t_item).
      {"memory.item_loads_in_flight", "item_loads_in_flight", "loads",
       D::Count},
      // The same where L1 or L2 serves the loop's loads: a lone work-item
      // keeps fewer loads to L1 in flight than misses to DRAM (the loop's
      // own issue and the registers its unrolling takes set the pace, not
      // the round trip). A profile without them uses
      // memory.item_loads_in_flight.
      {"cache.l1_loads_in_flight", "l1_loads_in_flight", "loads", D::Count},
      {"cache.l2_loads_in_flight", "l2_loads_in_flight", "loads", D::Count},
      // The round trip of a __local load whose address waits on the one
      // before: the longest work-item's __local operations, one after
      // another, wait this long each (t_item).
      {"lds.latency", "lds_latency", "s", D::Time},
      // Wavefronts per compute unit up to which a chain's rounds are
      // served at the cache model's level, and from which every round
      // waits at least an L2 round trip: a chain's stores queue on their
      // way to L2, and the loads behind them in the memory pipeline wait
      // with them (measured: calibrate's chain sweep of store_reload). In
      // between, the share of rounds that wait on L2 grows in proportion.
      {"cache.chain_l1_waves", "chain_l1_waves", "wavefronts per CU", D::Count},
      {"cache.chain_l2_waves", "chain_l2_waves", "wavefronts per CU", D::Count},
      // Past chain_l2_waves the queue grows: each wavefront per compute
      // unit beyond it adds this much to every round chained behind stores
      // (measured: the same sweep's points past chain_l2_waves).
      {"cache.chain_queue_per_wave", "chain_queue_per_wave", "s per wavefront",
       D::Time},
      // The most bytes the host may write between two launches with L2
      // still holding the launch's data for the next one (a runner that
      // restores its inputs rewrites the buffers the kernel may write):
      // past it, a launch whose data fits L2 loads from DRAM (measured:
      // calibrate's rewrite sweep, a column walk beside a restored buffer).
      {"cache.l2_warm_rewrite", "l2_warm_rewrite", "B", D::Bytes},
      // The largest launch footprint that a repeated launch still finds in
      // L2 (below the L2's size: its two partitions each cache what their
      // SMs read): past it, the launch loads from DRAM (measured:
      // calibrate's footprint sweep, streams of 8 to 64 MiB). Where absent, a
      // launch that fits L2 loads from it, but DRAM moves its whole footprint.
      {"cache.l2_warm_footprint", "l2_warm_footprint", "B", D::Bytes},
      // L2's byte rate for whole sectors that stores of at most 8 bytes a
      // lane write through L1: about twice cache.l2_bandwidth's, which
      // float4 stores measure (bench/l2_store_width; calibrate's
      // l2_narrow_store). Where absent, they go at cache.l2_bandwidth.
      {"cache.l2_narrow_store_bandwidth", "cache_l2_narrow_store_bandwidth",
       "B/s", D::Bandwidth},
      // Clocks one wavefront's store, and one wavefront's atomic, to an
      // address every work-item of the launch aims at holds the L2 slice
      // that owns it: such requests from the whole launch go one after
      // another (measured: calibrate's same_address_store and
      // same_address_atomic). A profile without them leaves the term out.
      {"cache.same_address_store_cycles", "same_address_store_cycles",
       "clocks per wavefront", D::Count},
      {"cache.same_address_atomic_cycles", "same_address_atomic_cycles",
       "clocks per wavefront", D::Count},
      // Instructions a CPU core issues per clock, of the code its OpenCL
      // compiler builds (Analysis' CpuCode): what it sustains on
      // independent work (calibrate's cpu_issue).
      {"alu.instructions_per_clock", "alu_instructions_per_clock",
       "instructions per CU per clock", D::Count},
      // Clocks per ALU lane-op on one work-item's own path (a loop of
      // dependent operations that nothing else overlaps): the longest
      // work-item's ALU work takes at least this long (t_item).
      {"alu.latency_cycles", "alu_latency_cycles", "clocks per lane-op",
       D::Count},
      // The same for a double-precision and for a transcendental lane-op,
      // which wait longer (a dependent double multiply-add, a dependent
      // exp); a profile without them charges alu.latency_cycles.
      {"alu.fp64_latency_cycles", "alu_fp64_latency_cycles",
       "clocks per lane-op", D::Count},
      {"alu.transcendental_latency_cycles", "alu_transcendental_latency_cycles",
       "clocks per lane-op", D::Count},
      // Clocks a CPU core loses per line it fetches again, that its L1
      // held before and lost (to a conflict or to capacity) and L2
      // serves, and per line its L2 lost too, served from beyond it
      // (CpuCaches.h; calibrate's refetch_l2 and refetch_l3).
      {"cache.l2_refetch_cycles", "cache_l2_refetch_cycles", "clocks per line",
       D::Count},
      {"cache.l3_refetch_cycles", "cache_l3_refetch_cycles", "clocks per line",
       D::Count},
      // What a load adds to those when the line it fetches again left L1
      // dirty (a column read and written back), and what one walk of the
      // page tables costs a core whose TLB lost the page (CpuCaches.h;
      // calibrate's refetch_dirty, and refetch over 8192 pages).
      {"cache.dirty_refetch_cycles", "cache_dirty_refetch_cycles",
       "clocks per line", D::Count},
      {"cache.page_walk_cycles", "cache_page_walk_cycles", "clocks per walk",
       D::Count},
      // What a load that misses L2 where no prefetcher follows waits
      // (CpuCaches.h; calibrate's column_walk_restored, a column 8 KiB
      // apart beside 64 MiB the runner restores, so that it comes from
      // DRAM).
      {"cache.unprefetched_line_cycles", "cache_unprefetched_line_cycles",
       "clocks per line", D::Count},
      // The bytes a CPU launch may move through the last level, with what
      // the runner restores before it, for the next launch still to find
      // its lines there (calibrate's rewrite sweep, the column walk beside
      // 64 KiB to 64 MiB restored).
      {"cache.llc_warm_bytes", "cache_llc_warm_bytes", "B", D::Bytes},
      // Clocks per fused multiply-add on a CPU loop's recurrence (the
      // compiler's code, CpuCode.h), where it differs from an add's: a
      // profile without it charges alu.latency_cycles.
      {"alu.fma_latency_cycles", "alu_fma_latency_cycles",
       "clocks per instruction", D::Count},
      // Clocks a CPU loop's recurrence through memory waits for a store's
      // value to reach the next iteration's load of the same address,
      // the load and the store included (calibrate's store_chain): a
      // profile without it charges nothing for them.
      {"cache.store_forward_cycles", "cache_store_forward_cycles",
       "clocks per load", D::Count},
  };
  // Clocks a CPU core spends on one lane of a call to each of
  // CpuPricedCalls, its library's own time (calibrate's call_<fn>): a
  // profile without one charges the class rates of the call's lane-ops.
  static const std::vector<NumericFigure> WithCalls = [] {
    static std::vector<std::pair<std::string, std::string>> Names;
    for (const char *Fn : CpuPricedCalls)
      Names.emplace_back(fmt::format("alu.call_cycles_{}", Fn),
                         fmt::format("alu_call_cycles_{}", Fn));
    std::vector<NumericFigure> F = Figures;
    for (const auto &[Path, Name] : Names) {
      NumericFigure &R = F.emplace_back();
      R.Path = Path;
      R.Name = Name;
      R.Unit = "clocks per lane";
      R.Dim = D::Count;
    }
    return F;
  }();
  return WithCalls;
}

const NumericFigure *numericFigure(std::string_view Path) {
  for (const NumericFigure &F : numericFigures())
    if (F.Path == Path)
      return &F;
  return nullptr;
}

std::optional<double> NumericFigure::value(const DeviceProfile &P) const {
  if (Get)
    return Get(P);
  auto It = P.ModelFigures.find(std::string(Path));
  return It == P.ModelFigures.end() ? std::nullopt : Opt(It->second);
}

void NumericFigure::set(DeviceProfile &P, double V) const {
  if (Set)
    Set(P, V);
  else
    P.ModelFigures[std::string(Path)] = V;
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
  // A numeric figure: name, unit, dimension and value from its row in
  // numericFigures(); every row the calls below do not place comes last.
  std::vector<std::string_view> Placed;
  auto numeric = [&](std::string_view Path) -> ProfileFigure & {
    const NumericFigure *N = numericFigure(Path);
    assert(N && "a figure with no row in numericFigures()");
    Placed.push_back(Path);
    ProfileFigure &R = add(std::string(N->Path), std::string(N->Name),
                           std::string(N->Unit), N->value(P), N->Dim);
    R.Measurable = N->Measurable;
    R.AllowZero = N->AllowZero;
    return R;
  };
  auto measurable = [&](std::string Path, std::string Name, std::string Unit,
                        std::optional<double> V) -> ProfileFigure & {
    D Dim = measuredFigureDim(Path); // alu.rates.CLASS: a count
    ProfileFigure &R =
        add(std::move(Path), std::move(Name), std::move(Unit), V, Dim);
    R.Measurable = true;
    return R;
  };
  auto counts = [&](std::string Path, std::string Name, std::string Unit,
                    std::optional<double> V, D Dim = D::Count) {
    add(std::move(Path), std::move(Name), std::move(Unit), V, Dim).ForCounts =
        true;
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
  numeric("clock");
  counts("alu.vliw_width", "vliw_width", "slots per bundle", P.Alu.VliwWidth);
  if (P.isVliw()) {
    Placed.push_back("alu.pipe_overlap"); // it needs pipes
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
    // The schedulers' rate is a datasheet figure, but what they sustain
    // on independent work is measured (calibrate's alu_issue).
    measurable("alu.issue_per_clock", "alu_issue_per_clock",
               "lane-ops per CU per clock", P.Alu.IssuePerClock);
    numeric("alu.pipe_overlap");
    if (!P.Alu.LlvmCpu.empty())
      text("alu.llvm_cpu", P.Alu.LlvmCpu);
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
  numeric("tex.units_per_cu");
  add("tex.global_loads_use_tex", "global_loads_use_tex", "1 yes, 0 no",
      P.GlobalLoadsUseTex ? 1 : 0);
  numeric("memory.bandwidth");
  if (P.WriteAllocate)
    text("memory.write_allocate", "true");
  counts("memory.transaction", "transaction_bytes", "B", P.TransactionBytes,
         D::Bytes);
  numeric("memory.latency");
  numeric("memory.overlap_exponent");
  numeric("launch_overhead");
  numeric("lds.bandwidth_per_clock");
  numeric("barrier.item_cycles");
  numeric("barrier.phase_exponent");
  numeric("work_group.dispatch_cycles");
  numeric("cache.l2_bandwidth");
  numeric("cache.l2_partial_bandwidth");
  numeric("cache.l1_lines_per_clock");
  if (P.Cache.LineBytes)
    counts("cache.line", "cache_line_bytes", "B", optU64(P.Cache.LineBytes),
           D::Bytes);
  if (P.Cache.L1Bytes) {
    counts("cache.l1", "cache_l1_bytes", "B per CU", optU64(P.Cache.L1Bytes),
           D::Bytes);
    text("cache.l1_shared_with_lds",
         P.Cache.L1SharedWithLds ? "true" : "false");
    text("cache.l1_stores",
         P.Cache.L1WriteThrough ? "write-through" : "write-back");
  }
  if (P.Cache.L2Bytes)
    counts("cache.l2", "cache_l2_bytes", "B", optU64(P.Cache.L2Bytes),
           D::Bytes);
  if (P.Cache.L1Ways)
    counts("cache.l1_ways", "cache_l1_ways", "ways", optU(P.Cache.L1Ways),
           D::Count);
  if (P.Cache.L2Ways)
    counts("cache.l2_ways", "cache_l2_ways", "ways", optU(P.Cache.L2Ways),
           D::Count);
  if (P.Cache.PageBytes)
    counts("cache.page", "cache_page_bytes", "B", optU64(P.Cache.PageBytes),
           D::Bytes);
  if (P.Cache.TlbPages)
    counts("cache.tlb_pages", "cache_tlb_pages", "pages",
           optU(P.Cache.TlbPages), D::Count);
  if (P.Cache.DramGranuleBytes)
    counts("cache.dram_granule", "cache_dram_granule_bytes", "B",
           optU64(P.Cache.DramGranuleBytes), D::Bytes);
  // Occupancy's figures: the Kernels sheet computes occupancy from them.
  add("registers.per_cu", "registers_per_cu", "registers",
      optU(P.RegistersPerCU));
  add("registers.unit", "register_unit_bits", "bit", P.RegisterUnitBytes * 8.0);
  add("lds.per_cu", "lds_bytes_per_cu", "B", optU64(P.LdsBytes), D::Bytes);
  add("lds.shared_by", "lds_shared_by", "CUs", P.LdsSharedBy);
  add("occupancy.max_waves_per_cu", "max_waves_per_cu", "waves",
      P.MaxWavesPerCU);
  add("occupancy.max_groups_per_cu", "max_groups_per_cu", "work-groups",
      optU(P.MaxGroupsPerCU));
  for (const NumericFigure &N : numericFigures())
    if (std::find(Placed.begin(), Placed.end(), N.Path) == Placed.end())
      numeric(N.Path);
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

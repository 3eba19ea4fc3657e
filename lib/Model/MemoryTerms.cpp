//===- MemoryTerms.cpp - T_MEM's terms of the model's graph --------------===//
//
// ModelBuilder::mem() (ModelBuilder.h): DRAM bandwidth, the L2 and L1
// terms of the finite cache model, the knee, latency, chained rounds, the
// longest work-item's own path and the same-address queue, and their
// notes. docs/model.md, "T_MEM", explains each.
//
//===----------------------------------------------------------------------===//
#include "Model/ModelBuilder.h"

#include <fmt/format.h>

namespace clspread::model {

void ModelBuilder::mem() {
  E Moved = in("bytes_moved"), Requested = in("bytes_requested");
  E Finite = in("finite") > 0;
  E Bw = fig("memory_bandwidth");
  E Dram = term("t_dram", N * Moved / Bw, Unit::Time,
                "T_MEM DRAM bandwidth (s)", "estimate.t_mem_bandwidth_s");
  // L2: every byte at cache.l2_bandwidth (float4 stores measure it),
  // less what partly written sectors and whole sectors of narrow stores
  // (at most 8 bytes a lane) take at their own rates where measured.
  E L2Bw = fig("cache_l2_bandwidth"),
    PartialBw = fig("cache_l2_partial_bandwidth"),
    NarrowBw = fig("cache_l2_narrow_store_bandwidth");
  E L2 = in("bytes_l2"), Partial = in("bytes_l2_partial"),
    Narrow = in("bytes_l2_narrow");
  E TL2 = term(
      "t_l2",
      B.ifThen(
          B.has(L2Bw) && Finite,
          N * L2 / L2Bw +
              B.ifThen(Partial > 0 && B.has(PartialBw),
                       N * Partial * (B.num(1) / PartialBw - B.num(1) / L2Bw),
                       B.num(0)) +
              B.ifThen(Narrow > 0 && B.has(NarrowBw),
                       N * Narrow * (B.num(1) / NarrowBw - B.num(1) / L2Bw),
                       B.num(0)),
          B.num(0)),
      Unit::Time, "T_MEM L2 (s)", "estimate.t_mem_l2_s");
  // L1 lookups: a wavefront's access takes a clock per distinct line it
  // touches (measured: bench/l1_lines), so lanes spread over many lines
  // are slow even when every line hits.
  E L1Rate = fig("cache_l1_lines_per_clock");
  E Lines = in("l1_lines");
  E TL1 = term("t_l1",
               B.ifThen(B.has(L1Rate) && L1Rate > 0 && Finite && Lines > 0,
                        PerCU * Lines / L1Rate / Clock, B.num(0)),
               Unit::Time, "T_MEM L1 lookups (s)", "estimate.t_mem_l1_s");
  // Per-level round trips (chains through memory and loops, below): a
  // level a profile lacks falls back to the next one down, and to
  // memory.latency where none is given.
  E Lat = fig("memory_latency");
  E DramLat = fig("memory_dram_latency"), L1Lat = fig("cache_l1_latency"),
    L2Lat = fig("cache_l2_latency");
  E AtDram = B.ifThen(B.has(DramLat), DramLat, Lat);
  E AtL2 = B.ifThen(B.has(L2Lat), L2Lat, AtDram);
  E AtL1 = B.ifThen(B.has(L1Lat), L1Lat, AtL2);
  E Resident =
      term("resident", B.max(B.num(1), ref("waves_occ")) * fig("wavefront"),
           Unit::Count, "resident work-items per CU");
  E Waves = term("waves", B.max(B.num(1), PerCU / Resident), Unit::Count,
                 "waves per compute unit (latency)");
  // Latency: each work-item waits load_rounds round trips; a compute
  // unit keeps its resident work-items' loads in flight at once, so the
  // launch takes rounds x (N / resident items) latencies. Only the share
  // of the traffic that reaches DRAM (bytes moved / requested) waits for
  // DRAM. memory.latency is a loaded figure (calibrate's copy keeps every
  // compute unit's resident work-items waiting together), so it covers
  // the rounds that the caches serve too.
  //
  // Rounds in loops the device compiler unrolls, with no barrier and no
  // store that feeds them, are independent from one iteration to the
  // next (Analysis' LoopRounds): a work-item keeps item_loads_in_flight of
  // them waiting at once (calibrate's item_loads_dram), each at the round
  // trip of the level that serves it. A profile without the figure
  // waits for them one by one, as for the other rounds. Chained rounds,
  // which wait one by one, are t_chain's.
  E InFlight = fig("item_loads_in_flight");
  E HasInFlight = B.has(InFlight) && InFlight > 0;
  // Each level's own figure where the profile has one (calibrate's
  // item_loads_l1 and item_loads_l2), else the DRAM one.
  auto inFlightAt = [&](const char *Level) {
    E F = fig(Level);
    return B.ifThen(B.has(F) && F > 0, F, InFlight);
  };
  E InFlightL1 = inFlightAt("l1_loads_in_flight"),
    InFlightL2 = inFlightAt("l2_loads_in_flight");
  // Rounds of loops with no store, by level, each level's round trip
  // over its loads in flight.
  auto loopWait = [&](E R1, E R2, E RDram) {
    return R1 * AtL1 / InFlightL1 + R2 * AtL2 / InFlightL2 +
           RDram * AtDram / InFlight;
  };
  // The loop rounds by level, of the mean work-item: they are part of
  // load_rounds.
  E LoopR1 = in("loop_rounds_l1"), LoopR2 = in("loop_rounds_l2"),
    LoopRDram = in("loop_rounds_dram");
  E Rounds = term("load_rounds_waited",
                  B.ifThen(HasInFlight,
                           in("load_rounds") - (LoopR1 + LoopR2 + LoopRDram),
                           in("load_rounds")),
                  Unit::Count, "load rounds a work-item waits for in full");
  E LoopWait =
      term("t_loop_rounds",
           B.ifThen(HasInFlight, loopWait(LoopR1, LoopR2, LoopRDram), B.num(0)),
           Unit::Time, "a work-item's wait in loops (s)");
  E Share = term(
      "dram_share",
      B.ifThen(Requested > 0, B.min(B.num(1), Moved / Requested), B.num(0)),
      Unit::Count, "DRAM share of requests");
  // A round's loads are issued together and it waits for the slowest:
  // where the cache model gives each loaded buffer its odds, a round waits
  // on DRAM (memory.latency, the loaded figure) where any of its loads
  // does, as a row streamed beside cached vectors does, and else at the
  // round trip of the level that serves it. Without the cache model, the
  // share of bytes moved of memory.latency. (A profile without
  // item_loads_in_flight also waits its loop rounds in full, at the
  // plain rounds' mean wait.)
  E PlainL1 = in("plain_rounds_l1"), PlainL2 = in("plain_rounds_l2"),
    PlainDram = in("plain_rounds_dram");
  E Plain = PlainL1 + PlainL2 + PlainDram;
  E RoundWait = term(
      "round_wait",
      B.ifThen(
          B.has(Lat),
          B.ifThen(Plain > 0,
                   (PlainL1 * AtL1 + PlainL2 * AtL2 + PlainDram * Lat) / Plain,
                   Share * Lat),
          B.num(0)),
      Unit::Time, "a round waited in full (s)");
  // On a CPU whose code is counted, the GPU's latency paths do not
  // apply: its prefetchers stream what a work-item loop reads (no wave
  // waits a round trip), and a chain is a loop's recurrence (the
  // compiler keeps the value in a register, or forwards the store to the
  // load), which cpu_chain_cycles holds at the core's clocks. (GPU graphs
  // print as before.)
  auto gpuPath = [&](E Cond) { return CpuCode ? Cond && !*CpuCode : Cond; };
  E Waits =
      gpuPath(B.has(Lat) && (Rounds > 0 || LoopWait > 0) && Requested > 0);
  // A wave also waits for its work-groups' __local path: the resident
  // groups go through their __local loads and stores, barrier by
  // barrier, together, and the slots free only when a group's longest
  // work-item is done (a tree reduction's steps after its load). The
  // group's longest work-item's def-use path, at lds.latency a step.
  E LdsLat = fig("lds_latency"), LocalOps = in("longest_local_ops");
  E LocalWait =
      term("t_local_path", B.ifThen(B.has(LdsLat), LocalOps * LdsLat, B.num(0)),
           Unit::Time, "a work-group's __local path (s)");
  E TLat = term(
      "t_latency",
      (B.ifThen(Waits, Rounds * RoundWait + LoopWait, B.num(0)) + LocalWait) *
          Waves,
      Unit::Time, "T_MEM latency (s)", "estimate.t_mem_latency_s");
  // Near the knee the two limits add up in part (measured p).
  E Exp = fig("memory_overlap_exponent");
  E Knee = term("t_knee",
                B.ifThen(TLat > 0 && B.has(Exp) && Exp > 0 && Dram > 0,
                         B.combine(Dram, TLat, Exp), B.num(0)),
                Unit::Time, "T_MEM knee (s)");
  // Chains through memory (Analysis' LoadRound): in a loop that stores
  // to global memory each round of loads waits for the one before, so a
  // work-item's rounds add at the latency of the level that serves each
  // (the round's slowest load), and the resident work-items' chains run
  // side by side: rounds x latency x waves. A profile without per-level
  // figures charges every round memory.latency. Where traffic is also
  // heavy the two limits add in part, as at the knee (Volkov's thesis,
  // ch. 4: latency and throughput add at the cusp).
  E ROnL1 = in("chain_rounds_l1"), ROnL2 = in("chain_rounds_l2"),
    ROnDram = in("chain_rounds_dram");
  E Chained = ROnL1 + ROnL2 + ROnDram;
  E HasLat = B.has(DramLat) || B.has(Lat);
  // Past cache.chain_l2_waves wavefronts per compute unit the stores'
  // queue keeps growing, and every round chained behind the loop's stores
  // waits in it: where the resident wavefronts all chain (the mean
  // work-item's rounds, not a lone longest work-item's, whose neighbours
  // have left). A loop with no store to wait behind has no queue.
  E Queued = in("chain_rounds_queued");
  E QueuePer = fig("chain_queue_per_wave"), QueueFrom = fig("chain_l2_waves");
  E Queue =
      term("chain_queue",
           B.ifThen(B.has(QueuePer) && B.has(QueueFrom),
                    QueuePer * B.max(B.num(0), ref("waves_occ") - QueueFrom),
                    B.num(0)),
           Unit::Time, "a chained round's wait in the stores' queue (s)");
  E TChain = term("t_chain",
                  B.ifThen(gpuPath(Chained > 0 && HasLat),
                           (ROnL1 * AtL1 + ROnL2 * AtL2 + ROnDram * AtDram +
                            Queued * Queue) *
                               Waves,
                           B.num(0)),
                  Unit::Time, "T_MEM chains through memory (s)",
                  "estimate.t_mem_chain_s");
  // The launch lasts at least as long as its longest work-item's own path
  // (a triangle's first row, a loop only work-item 0 runs): its chained
  // rounds one after another, and the rounds of its loops with no global
  // store item_loads_in_flight at a time (a profile without the figure
  // leaves those out).
  E Longest = in("longest_rounds_l1") * AtL1 + in("longest_rounds_l2") * AtL2 +
              in("longest_rounds_dram") * AtDram;
  E LoopL1 = in("longest_loop_rounds_l1"),
    LoopL2 = in("longest_loop_rounds_l2"),
    LoopDram = in("longest_loop_rounds_dram");
  E Looped = loopWait(LoopL1, LoopL2, LoopDram);
  E LongestN = in("longest_rounds_l1") + in("longest_rounds_l2") +
               in("longest_rounds_dram");
  E LoopN = LoopL1 + LoopL2 + LoopDram;
  // Its ALU work is a path of its own, issued one operation after
  // another while the loads it need not wait for are in flight: the
  // longer of the two.
  // Double-precision and transcendental operations wait longer on a
  // dependent path than the rest (measured: a dependent double multiply-
  // add and a dependent expf): each at its class's own clocks where the
  // profile has the figure, the rest at alu.latency_cycles.
  E AluLat = fig("alu_latency_cycles"), AluOps = in("longest_alu_ops");
  E Fp64Ops = in("longest_alu_fp64"), TransOps = in("longest_alu_trans");
  auto classLat = [&](const char *Name) {
    E F = fig(Name);
    return B.ifThen(B.has(F), F, AluLat);
  };
  E MemPath =
      B.ifThen(HasLat, Longest + B.ifThen(HasInFlight, Looped, B.num(0)),
               B.num(0)) +
      LocalWait;
  E AluPath =
      term("t_alu_path",
           B.ifThen(B.has(AluLat),
                    ((AluOps - Fp64Ops - TransOps) * AluLat +
                     Fp64Ops * classLat("alu_fp64_latency_cycles") +
                     TransOps * classLat("alu_transcendental_latency_cycles")) /
                        Clock,
                    B.num(0)),
           Unit::Time, "the longest work-item's ALU path (s)");
  // A CPU runs the longest work-item's loop in its group's work-item
  // loop, among the core's instructions, which cpu_cycles counts.
  E ItemPath = B.max(MemPath, AluPath);
  if (CpuCode)
    ItemPath = B.ifThen(*CpuCode, B.num(0), ItemPath);
  E TItem =
      term("t_item", ItemPath, Unit::Time,
           "T_MEM the longest work-item's path (s)", "estimate.t_mem_item_s");
  // Stores and atomics the whole launch aims at one address: each
  // wavefront's lanes merge into one request, and the launch's requests
  // queue at the L2 slice that holds it, one after another (measured:
  // calibrate's same_address_store and same_address_atomic). Not per
  // compute unit: one slice serves them all.
  E StoreCycles = fig("same_address_store_cycles"),
    AtomicCycles = fig("same_address_atomic_cycles");
  E SameStores = in("same_address_stores"),
    SameAtomics = in("same_address_atomics");
  E TSame = term(
      "t_same_address",
      (B.ifThen(B.has(StoreCycles), N * SameStores * StoreCycles, B.num(0)) +
       B.ifThen(B.has(AtomicCycles), N * SameAtomics * AtomicCycles,
                B.num(0))) /
          Clock,
      Unit::Time, "T_MEM requests to one address (s)",
      "estimate.t_mem_same_address_s");
  E Traffic = B.max(B.max(Dram, TL2), TL1);
  // Where traffic is also heavy the two limits add in part.
  auto withTraffic = [&](E T) {
    return B.ifThen(T > 0 && B.has(Exp) && Exp > 0, B.combine(T, Traffic, Exp),
                    T);
  };
  E ChainMem = term("t_chain_traffic", withTraffic(TChain), Unit::Time,
                    "T_MEM chains with traffic (s)");
  E ItemMem = term("t_item_traffic", withTraffic(TItem), Unit::Time,
                   "T_MEM the longest work-item with traffic (s)");
  term("t_mem",
       B.wrap(M.G.pick(PickKind::Largest, {{"DRAM bandwidth", Dram},
                                           {"L2", TL2},
                                           {"L1", TL1},
                                           {"knee", Knee},
                                           {"latency", TLat},
                                           {"chains", ChainMem},
                                           {"longest work-item", ItemMem},
                                           {"one address", TSame}})),
       Unit::Time, "T_MEM (s)", "estimate.t_mem_s");
  // A note for each limit that raises T_MEM over the ones before it.
  E UpToL2 = B.max(Dram, TL2), UpToL1 = B.max(UpToL2, TL1),
    UpToKnee = B.max(UpToL1, Knee);
  note(NoteStage::Mem, TL2 > Dram, [=](Evaluator &V, const KernelCounts &) {
    return fmt::format(
        "T_MEM is L2-bound: {:.4g} B per work-item from L2 at {} "
        "(cache.l2_bandwidth) take longer than {:.4g} B from DRAM",
        V.value(L2), formatQuantity(V.value(L2Bw), Quantity::Dim::Bandwidth),
        V.value(Moved));
  });
  E Wave = fig("wavefront");
  note(NoteStage::Mem, TL1 > UpToL2, [=](Evaluator &V, const KernelCounts &K) {
    return fmt::format(
        "T_MEM is L1-bound: {:.4g} L1 lines per wavefront access on "
        "average, at {:.3g} lines per compute unit per clock "
        "(cache.l1_lines_per_clock)",
        V.value(Lines) * V.value(Wave) /
            std::max(1.0, K.GlobalLoads + K.GlobalStores),
        V.value(L1Rate));
  });
  note(NoteStage::Mem, Knee > UpToL1, [=](Evaluator &V, const KernelCounts &) {
    return fmt::format("T_MEM near the knee: DRAM bandwidth {} and latency {} "
                       "combine to {} (memory.overlap_exponent {:.3g})",
                       time(V.value(Dram)), time(V.value(TLat)),
                       time(V.value(Knee)), V.value(Exp));
  });
  note(NoteStage::Mem, ChainMem > B.max(UpToKnee, TLat),
       [=](Evaluator &V, const KernelCounts &) {
         return fmt::format(
             "T_MEM is chains through memory: loops whose loads a store "
             "of an earlier iteration may have written, or that the device "
             "compiler cannot unroll (an inner loop, a step from the "
             "launch), wait for each round of their loads, {:.4g} rounds "
             "per work-item ({:.4g} served by L1, {:.4g} by L2, {:.4g} by "
             "DRAM) over {:.4g} waves take {}{}",
             V.value(Chained), V.value(ROnL1), V.value(ROnL2), V.value(ROnDram),
             V.value(Waves), time(V.value(TChain)),
             V.value(ChainMem) > V.value(TChain)
                 ? fmt::format(", {} with the traffic's {}",
                               time(V.value(ChainMem)), time(V.value(Traffic)))
                 : std::string());
       });
  note(NoteStage::Mem,
       TSame > B.max(B.max(B.max(UpToKnee, TLat), ChainMem), ItemMem),
       [=](Evaluator &V, const KernelCounts &) {
         // "N wavefront stores per work-item at C clocks each (FIGURE)"
         // for each kind the launch has and the profile charges.
         auto part = [&](E Count, E Cycles, const char *What,
                         const char *Figure) {
           double N = V.value(Count), C = V.value(Cycles);
           return N > 0 && C > 0
                      ? fmt::format("{:.4g} wavefront {} per work-item at "
                                    "{:.3g} clocks each ({})",
                                    N, What, C, Figure)
                      : std::string();
         };
         std::string Stores = part(SameStores, StoreCycles, "stores",
                                   "cache.same_address_store_cycles");
         std::string Atomics = part(SameAtomics, AtomicCycles, "atomics",
                                    "cache.same_address_atomic_cycles");
         return fmt::format(
             "T_MEM is requests to one address: {}{}{} that every "
             "work-item aims at the same address, one wavefront's after "
             "another at its L2 slice, take {}",
             Stores, !Stores.empty() && !Atomics.empty() ? " and " : "",
             Atomics, time(V.value(TSame)));
       });
  note(NoteStage::Mem, ItemMem > B.max(B.max(UpToKnee, TLat), ChainMem),
       [=](Evaluator &V, const KernelCounts &) {
         return fmt::format(
             "T_MEM is the longest work-item's own path: {:.4g} chained "
             "load rounds one after another, {:.4g} rounds of unrolled "
             "loops ({:.4g} served by L1, {:.4g} by L2, "
             "{:.4g} by DRAM) {:.3g}, {:.3g} and {:.3g} at a time "
             "(loads in flight at L1, L2 and DRAM) and {:.4g} __local "
             "loads and stores at {} (lds.latency) take {}; its {:.4g} "
             "ALU lane-ops at {:.3g} clocks each (alu.latency_cycles{}) "
             "take {}",
             V.value(LongestN), V.value(LoopN), V.value(LoopL1),
             V.value(LoopL2), V.value(LoopDram), V.value(InFlightL1),
             V.value(InFlightL2), V.value(InFlight), V.value(LocalOps),
             time(V.value(LdsLat)), time(V.value(MemPath)), V.value(AluOps),
             V.value(AluLat),
             V.value(Fp64Ops) + V.value(TransOps) > 0
                 ? fmt::format("; {:.4g} of them double and {:.4g} "
                               "transcendental at their own clocks",
                               V.value(Fp64Ops), V.value(TransOps))
                 : std::string(),
             time(V.value(AluPath)));
       });
  note(NoteStage::Mem, TLat > UpToKnee,
       [=](Evaluator &V, const KernelCounts &) {
         return fmt::format(
             "T_MEM is latency-bound: {:.4g} load round trips per "
             "work-item with {:.0f} work-items resident per compute unit "
             "keep too few bytes in flight for {} (memory.latency {})",
             V.value(Rounds), V.value(Resident),
             formatQuantity(V.value(Bw), Quantity::Dim::Bandwidth),
             time(V.value(Lat)));
       });
  note(NoteStage::Mem,
       LocalWait > 0 &&
           !(B.max(B.max(UpToL1, ChainMem), ItemMem) > B.max(TLat, Knee)),
       [=](Evaluator &V, const KernelCounts &) {
         return fmt::format(
             "T_MEM latency: each of the {:.4g} waves per compute unit also "
             "waits {} for its work-groups' __local path ({:.4g} loads and "
             "stores one after another at lds.latency {})",
             V.value(Waves), time(V.value(LocalWait)), V.value(LocalOps),
             time(V.value(LdsLat)));
       });
}

} // namespace clspread::model

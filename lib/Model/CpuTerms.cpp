//===- CpuTerms.cpp - The CPU code's cycles in the model's graph ----------===//
//
// ModelBuilder::cpuCycles() (ModelBuilder.h): a CPU profile's work-item
// cycles from the code its compiler builds (Analysis' CpuCode): the issue
// rate, the busiest execution unit, the loops' recurrences (through
// registers and through memory), the lines its caches fetch again, the
// loads no prefetcher follows, and builtins left as library calls; and
// the note that says what was built. docs/model.md, "CPU profiles" and
// "CPU caches", explains each.
//
//===----------------------------------------------------------------------===//
#include "Analysis/Builtins.h"
#include "Model/ModelBuilder.h"

#include <fmt/format.h>

namespace clspread::model {

namespace {

/// The lane-ops a lane of a call to CpuPricedCalls[I] counts, by class,
/// as the analysis counts them (Builtins.h): a float pow 2 transcendental,
/// a double one its routine's fp64, integer and conversion lane-ops.
std::array<double, NumAluClasses> pricedLaneOps(size_t I) {
  std::array<double, NumAluClasses> Ops{};
  const bool Double = I >= CpuPricedFp64;
  auto Info = lookupBuiltin(CpuPricedCalls[Double ? I - CpuPricedFp64 : I],
                            /*IsFloat=*/true, Double);
  if (!Info)
    return Ops;
  if (const DoubleRoutine *R = Info->Routine) {
    Ops[unsigned(AluClass::Fp64)] = R->Fp64;
    Ops[unsigned(AluClass::IntSimple)] = R->Int;
    Ops[unsigned(AluClass::Conversion)] = R->Conversion;
  } else {
    Ops[unsigned(Info->Class)] = Info->OpsPerLane;
  }
  return Ops;
}

} // namespace

ModelBuilder::E ModelBuilder::cpuCycles() {
  // The work-group as its compiler builds it (Analysis' CpuCode): a core
  // issues alu.instructions_per_clock of its instructions, and a loop's
  // recurrence waits alu.latency_cycles per instruction on it, whichever
  // is longer; builtins left as library calls take their class's rate
  // (alu.rates), or their own clocks where the profile prices them.
  E Ipc = fig("alu_instructions_per_clock");
  E Lat = fig("alu_latency_cycles");
  E Instr = in("cpu_instructions");
  E Thr = term("cpu_issue_cycles", B.ifThen(B.has(Ipc), Instr / Ipc, B.num(0)),
               Unit::Count, "CPU cycles issuing one work-item's instructions");
  // A fused multiply-add on the recurrence waits its own latency where
  // the profile has it (Zen 4: 4 clocks, an add or a multiply 3).
  E FmaLat = fig("alu_fma_latency_cycles");
  E FmaOps = in("cpu_chain_fma_ops");
  // A sum kept in memory waits, each step, for its last store to be
  // forwarded to its load (bench/cpu_chains: 13.3 clocks a step on
  // PoCL's Zen 4, against 4.6 for the same sum in a register).
  E Forward = fig("cache_store_forward_cycles");
  E Chain = term(
      "cpu_chain_cycles",
      B.ifThen(B.has(Lat),
               (in("cpu_chain_ops") - FmaOps) * Lat +
                   FmaOps * B.ifThen(B.has(FmaLat), FmaLat, Lat) +
                   B.ifThen(B.has(Forward),
                            in("cpu_chain_store_loads") * Forward, B.num(0)),
               B.num(0)),
      Unit::Count, "CPU cycles of its loops' recurrences");
  // Library functions the profile prices one by one (calibrate's
  // call_<fn>: PoCL's pow takes 9x its sin) take their own clocks a
  // lane; their lane-ops leave their classes' rates.
  std::optional<E> Priced;
  std::array<std::optional<E>, NumAluClasses> PricedOps;
  for (size_t I = 0; I < CpuPricedCalls.size(); ++I) {
    E Lanes = in(fmt::format("cpu_calls_{}", CpuPricedCalls[I]));
    E Cycles = B.figure(fmt::format("alu_call_cycles_{}", CpuPricedCalls[I]));
    E X = B.ifThen(B.has(Cycles), Lanes * Cycles, B.num(0));
    Priced = Priced ? *Priced + X : X;
    const std::array<double, NumAluClasses> Weights = pricedLaneOps(I);
    for (unsigned C = 0; C < NumAluClasses; ++C)
      if (double W = Weights[C]; W > 0) {
        E Ops = B.ifThen(B.has(Cycles), Lanes * B.num(W), B.num(0));
        PricedOps[C] = PricedOps[C] ? *PricedOps[C] + Ops : Ops;
      }
  }
  std::optional<E> Calls;
  for (unsigned C = 0; C < NumAluClasses; ++C) {
    const char *Class = aluClassName(AluClass(C));
    E Count = in(fmt::format("cpu_call_{}", Class));
    if (PricedOps[C])
      Count = Count - *PricedOps[C];
    E Rate = B.figure(fmt::format("alu_rate_{}", Class));
    E X = B.ifThen(Count > 0 && B.has(Rate), Count / Rate, B.num(0));
    Calls = Calls ? *Calls + X : X;
  }
  if (Priced)
    Calls = *Calls + *Priced;
  E CallCycles = term("cpu_call_cycles", *Calls, Unit::Count,
                      "CPU cycles of builtins left as calls");
  // Lines the core's caches lost and fetch again (CpuCaches.h), at the
  // clocks calibrate measured for each level. An out-of-order core keeps
  // the refetches in flight while it issues and while a recurrence
  // waits: the longest of the three (measured, docs/results/pocl-cpu/
  // caches: a naive matmul whose column L1 loses runs at its fma chain's
  // pace, one whose column L2 loses at the refetches').
  // A load of a line L1 evicted dirty adds its own clocks, and so does a
  // walk of the page tables (the TLB's misses, which nothing prefetches).
  //
  // A load that misses L2 where no prefetcher follows (a column walked
  // more than a page apart: Rodinia's nw, a transpose's column) holds
  // the core up beside its instructions, not under them: its clocks add
  // to the (measured: nw-upper's 3 such loads a work-item,
  // cachegrind, and 1091 clocks where its instructions take 466). Its
  // line comes from DRAM, unless the launch finds it in the last level,
  // where the last launch left it: its bytes and what the runner
  // restores within cache.llc_warm_bytes, at the price of a line from
  // beyond L2 (measured: 23 clocks a line beside 64 KiB restored, 125
  // beside 64 MiB; docs/results/pocl-cpu/unprefetched).
  E R2 = fig("cache_l2_refetch_cycles"), R3 = fig("cache_l3_refetch_cycles");
  E Rd = fig("cache_dirty_refetch_cycles"), Pw = fig("cache_page_walk_cycles"),
    Pu = fig("cache_unprefetched_line_cycles"),
    Keep = fig("cache_llc_warm_bytes");
  E PuAt =
      term("cpu_unprefetched_cycles",
           B.ifThen(B.has(Pu),
                    B.ifThen(B.has(Keep) && B.has(R3) &&
                                 !(in("cpu_launch_bytes") > Keep),
                             R3, Pu),
                    B.num(0)),
           Unit::Count, "CPU cycles a load waits where no prefetcher follows");
  E Refetch =
      term("cpu_refetch_cycles",
           B.ifThen(B.has(R2), in("cpu_refetch_l2") * R2, B.num(0)) +
               B.ifThen(B.has(R3), in("cpu_refetch_beyond") * R3, B.num(0)) +
               B.ifThen(B.has(Rd), in("cpu_refetch_dirty") * Rd, B.num(0)) +
               B.ifThen(B.has(Pw), in("cpu_page_walks") * Pw, B.num(0)),
           Unit::Count,
           "CPU cycles fetching again lines its caches lost, and walking "
           "the page tables");
  // The unit its instructions queue on, where that takes longer than the
  // issue rate (a divide holds the divider for several clocks): LLVM's
  // scheduling model of the CPU, summed over the machine code
  // (CpuPorts.h). No figure: the tables are the compiler's own.
  E Ports = term("cpu_port_cycles_bound", in("cpu_port_cycles"), Unit::Count,
                 "CPU cycles its busiest execution unit is held");
  E Stalls =
      term("cpu_stall_cycles", in("cpu_unprefetched") * PuAt, Unit::Count,
           "CPU cycles waiting for lines no prefetcher fetched");
  E Cycles = term("cpu_cycles",
                  B.max(B.max(B.max(Thr + Stalls, Ports), Chain), Refetch) +
                      CallCycles,
                  Unit::Count, "CPU cycles per work-item");
  E HasIpc = B.has(Ipc);
  note(NoteStage::Alu, B.num(1), [=](Evaluator &V, const KernelCounts &K) {
    std::string Why = !K.Cpu.Note.empty() ? K.Cpu.Note
                      : K.Cpu.Target.empty()
                          ? "the profile names no alu.llvm_cpu"
                      : V.value(HasIpc) == 0
                          ? "the profile gives no alu.instructions_per_clock"
                          : "";
    if (!Why.empty())
      return fmt::format("CPU code not modelled ({}): ALU lane-ops at the "
                         "class rates",
                         Why);
    std::string Calls;
    if (double C = V.value(CallCycles); C > 0)
      Calls = fmt::format(", {:.4g} of them in library calls", C);
    return fmt::format(
        "CPU code for {}: {:.4g} instructions per work-item, {:.3g} "
        "lanes each on average, {:.4g} of them on loop recurrences: "
        "{:.4g} cycles{}{}",
        K.Cpu.Target, K.Cpu.Instructions, K.Cpu.LanesPerInstr, K.Cpu.ChainOps,
        V.value(Cycles), Calls,
        !K.Cpu.PortNote.empty()
            ? fmt::format(" (no execution ports: {})", K.Cpu.PortNote)
        : V.value(Ports) > V.value(Thr)
            ? fmt::format(" ({} held {:.4g} cycles a work-item, longer "
                          "than its instructions take to issue)",
                          K.Cpu.PortBound, V.value(Ports))
            : "");
  });
  return Cycles;
}

} // namespace clspread::model

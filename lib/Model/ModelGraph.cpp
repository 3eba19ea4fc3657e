//===- ModelGraph.cpp - The spreadsheet model as one graph ----------------===//
//
// Every formula of the model is here once. Operand order follows the order
// the model was first written in (Spreadsheet.cpp before the graph), so its
// values are unchanged to the last bit: N * x / (a * b) / c is evaluated as
// ((N * x) / (a * b)) / c everywhere it is printed.
//
//===----------------------------------------------------------------------===//
#include "Model/ModelGraph.h"
#include "Model/Figures.h"
#include "Model/ModelBuilder.h"
#include "Support/Quantity.h"

#include <fmt/format.h>

#include <map>
#include <mutex>
#include <optional>

namespace clspread::model {

void ModelBuilder::launch() {
  N = term("N", in("gx") * in("gy") * in("gz"), Unit::Count, "work-items N",
           "launch.work_items");
  Clock = fig("clock");
  CUs = fig("compute_units");
  Lanes = fig("lanes_per_cu");
  E HasLocal = B.has(in("lx"));
  Groups =
      term("groups",
           B.ifThen(HasLocal,
                    B.ceil(in("gx") / in("lx")) * B.ceil(in("gy") / in("ly")) *
                        B.ceil(in("gz") / in("lz")),
                    B.num(0)),
           Unit::Count, "work-groups", "estimate.work_groups");
  // The busiest compute unit's work-items: work-groups go to compute
  // units whole, so G groups put ceil(G / CUs) on some (the last wave's
  // quantization) and fewer groups than compute units leave the rest
  // idle. The per-CU throughput terms charge this share, not N / CUs.
  // Without a local size the driver's split is unknown: N / CUs.
  PerCU = term("items_per_cu",
               B.ifThen(HasLocal,
                        B.ceil(Groups / CUs) * in("lx") * in("ly") * in("lz"),
                        N / CUs),
               Unit::Count, "work-items on the busiest compute unit");
}

void ModelBuilder::alu() {
  E AluCycles = M.Vliw ? vliwAluCycles() : simtAluCycles();
  // A wavefront whose work-items go both ways at a branch on the id
  // issues both sides, its lanes idle on each (Analysis' WaveIssueScale,
  // by the nearest of 8, 16, 32 and 64 work-items a wavefront).
  E Wave = fig("wavefront");
  E Diverged =
      term("wave_issue_scale",
           B.ifThen(Wave > 48, in("wave_issue_scale_64"),
                    B.ifThen(Wave > 24, in("wave_issue_scale_32"),
                             B.ifThen(Wave > 12, in("wave_issue_scale_16"),
                                      in("wave_issue_scale_8")))),
           Unit::Count, "wavefront issue over work-item issue");
  note(NoteStage::Alu, Diverged > 1.005,
       [=](Evaluator &V, const KernelCounts &) {
         return fmt::format(
             "divergence: branches on the work-item id split wavefronts of "
             "{:.0f}, which issue both sides: {:.3g}x the ALU and __local "
             "instructions the work-items run",
             V.value(Wave), V.value(Diverged));
       });
  E Simt = PerCU * AluCycles * Diverged / Lanes / Clock;
  // CPU: the work-group as its compiler builds it (CpuTerms.cpp). Built,
  // its code is what runs even where it issues nothing a work-item: a
  // kernel whose work-item loop the optimizer removes (a guard no
  // work-item passes) costs only its work-groups' starts, not its
  // lane-ops at the class rates. Not built (no alu.llvm_cpu, or too
  // large): lane-ops at the class rates.
  std::optional<E> CpuUse;
  if (P.Kind == DeviceKind::CPU) {
    E Cycles = cpuCycles();
    CpuUse = in("cpu_built") > 0 && B.has(fig("alu_instructions_per_clock"));
    CpuCode = *CpuUse;
    Simt = B.ifThen(*CpuUse, PerCU * Cycles / Clock, Simt);
  }
  E Issue = term("t_alu_issue", Simt, Unit::Time, "T_ALU issue (s)");
  // LDS: __local bytes at the compute unit's LDS bandwidth. On VLIW
  // (Evergreen, TeraScale) LDS instructions are ALU-clause instructions,
  // so the time adds to T_ALU. Where the profile gives an issue rate
  // (NVIDIA), an LDS instruction takes an issue slot like an ALU one, but
  // its bytes move in the LDS pipe while the ALUs work: T_ALU is the
  // larger of the issue (ALU and LDS instructions) and the LDS bandwidth.
  E LdsBw = fig("lds_bandwidth_per_clock");
  // On a CPU whose code is modelled, __local loads and stores are among
  // its instructions: __local is ordinary memory there.
  E LdsUsed = B.has(LdsBw) && in("lds_bytes") > 0;
  if (CpuUse)
    LdsUsed = LdsUsed && !*CpuUse;
  E Lds =
      term("t_lds",
           B.ifThen(LdsUsed, PerCU * in("lds_bytes") / LdsBw / Clock, B.num(0)),
           Unit::Time, "T_LDS (s, in T_ALU)", "estimate.t_lds_s");
  // Barriers: the SIMD waits for the group; measured per work-item.
  E Bar = fig("barrier_item_cycles");
  E Barrier =
      term("t_barrier",
           B.ifThen(B.has(Bar) && in("barriers") > 0,
                    PerCU * in("barriers") * Bar / Clock, B.num(0)),
           Unit::Time, "T_BARRIER (s, in T_ALU)", "estimate.t_barrier_s");
  if (M.Vliw) {
    term("t_alu", Issue + Lds + Barrier, Unit::Time, "T_ALU (s)",
         "estimate.t_alu_s");
    return;
  }
  E IssueRate = fig("alu_issue_per_clock");
  E LdsIssue = term(
      "t_lds_issue",
      B.ifThen(B.has(IssueRate) && in("lds_ops") > 0,
               PerCU * in("lds_ops") * Diverged / IssueRate / Clock, B.num(0)),
      Unit::Time, "LDS instructions' issue (s)");
  term("t_alu",
       B.ifThen(B.has(IssueRate), B.max(Issue + LdsIssue, Lds) + Barrier,
                Issue + Lds + Barrier),
       Unit::Time, "T_ALU (s)", "estimate.t_alu_s");
}

/// VLIW: the packer's bundles, one per lane per clock.
Builder::E ModelBuilder::vliwAluCycles() {
  return term("alu_cycles", in("bundles"), Unit::Count,
              "ALU cycles per lane (= bundles)", "per_item.alu_cycles");
}

/// SIMT and CPU: a lane-op of class c costs lanes_per_cu / rate_c lane
/// cycles; with pipes, classes on different pipes overlap in part.
Builder::E ModelBuilder::simtAluCycles() {
  E Ops = in(fmt::format("alu_{}", aluClassName(AluClass(0))));
  for (unsigned C = 1; C < NumAluClasses; ++C)
    Ops = Ops + in(fmt::format("alu_{}", aluClassName(AluClass(C))));
  term("alu_ops", Ops, Unit::Count, "ALU lane-ops", "per_item.alu_ops");
  term("bundles", ref("alu_ops"), Unit::Count, "ALU issue slots (= lane-ops)",
       "per_item.vliw_bundles");
  std::vector<E> Cycles;
  // Sums start from their first class, not from 0: 0 + x is x, and the
  // formulas read better.
  std::optional<E> Sum, Issued;
  auto add = [](std::optional<E> &Acc, E X) { Acc = Acc ? *Acc + X : X; };
  for (unsigned C = 0; C < NumAluClasses; ++C) {
    const char *Class = aluClassName(AluClass(C));
    E Count = in(fmt::format("alu_{}", Class));
    E Rate = B.figure(fmt::format("alu_rate_{}", Class));
    // A class the device has no unit for ("none") is left out of T_ALU;
    // the portability rules report it.
    E Runs = Count > 0 && B.has(Rate);
    Cycles.push_back(term(fmt::format("cyc_{}", Class),
                          B.ifThen(Runs, Count * Lanes / Rate, B.num(0)),
                          Unit::Count, fmt::format("cycles {}", Class)));
    add(Sum, Cycles.back());
    add(Issued, B.ifThen(Runs, Count, B.num(0)));
  }
  E Total = term("cycles_sum", *Sum, Unit::Count,
                 "ALU cycles, classes one after another");
  E IssueRate = fig("alu_issue_per_clock");
  E IssueCycles =
      term("issue_cycles",
           B.ifThen(B.has(IssueRate), *Issued * Lanes / IssueRate, B.num(0)),
           Unit::Count, "ALU issue cycles (alu.issue_per_clock)");
  std::vector<std::pair<std::string, Expr>> Pipes;
  for (size_t I = 0; I < P.Alu.PipeNames.size(); ++I) {
    std::optional<E> Pipe;
    for (unsigned C = 0; C < NumAluClasses; ++C)
      if (P.Alu.Pipe[C] == int(I))
        add(Pipe, Cycles[C]);
    Pipes.push_back({P.Alu.PipeNames[I], Pipe ? *Pipe : B.num(0)});
  }
  E Busiest = Pipes.empty()
                  ? B.num(0)
                  : B.wrap(M.G.pick(PickKind::Largest, std::move(Pipes)));
  Busiest =
      term("busiest", Busiest, Unit::Count, "ALU cycles on the busiest pipe");
  E Overlap = fig("alu_pipe_overlap");
  E Bound = B.max(IssueCycles, Busiest);
  E Overlaps = B.has(Overlap) && B.has(IssueRate) && Total > 0;
  E Cycles1 = term("alu_cycles",
                   B.ifThen(Overlaps,
                            B.ifThen(Bound < Total,
                                     Bound + Overlap * (Total - Bound), Total),
                            Total),
                   Unit::Count, "ALU cycles per lane", "per_item.alu_cycles");
  bool HasPipes = !P.Alu.PipeNames.empty();
  note(NoteStage::Alu, Overlaps && Bound < Total,
       [=](Evaluator &V, const KernelCounts &) {
         double Issue = V.value(IssueCycles), Busy = V.value(Busiest);
         std::string Pipe = HasPipes ? V.label(Busiest) : "";
         return fmt::format(
             "ALU pipes: {:.4g} cycles per lane if classes ran one after "
             "another, {:.4g} on the busiest ({} on pipe '{}'); at "
             "alu.pipe_overlap {:.3g}: {:.4g}",
             V.value(Total), V.value(Bound), Issue >= Busy ? "issue" : "work",
             Pipe, V.value(Overlap), V.value(Cycles1));
       });
  return Cycles1;
}

void ModelBuilder::tex() {
  // Image reads, and global loads on profiles whose loads go through the
  // fetch units (TeraScale's VTX_READ).
  E Fetches = term("tex_fetches",
                   in("image_reads") + B.ifThen(fig("global_loads_use_tex") > 0,
                                                in("global_loads"), B.num(0)),
                   Unit::Count, "TEX fetches", "per_item.tex_fetches");
  term("t_tex", PerCU * Fetches / fig("tex_units_per_cu") / Clock, Unit::Time,
       "T_TEX (s)", "estimate.t_tex_s");
}

/// Occupancy.h describes the limits and their tie order.
void ModelBuilder::occupancy() {
  E W = B.max(B.num(1), fig("wavefront"));
  E HasLocal = B.has(in("lx"));
  E Group =
      term("group_size", B.ifThen(HasLocal, in("lx") * in("ly") * in("lz"), W),
           Unit::Count, "work-group size (occupancy)");
  note(NoteStage::Occupancy, !HasLocal,
       [W](Evaluator &V, const KernelCounts &) {
         return fmt::format(
             "no local size given: occupancy and launch checks assume "
             "work-groups of one wavefront ({} work-items)",
             uint64_t(V.value(W)));
       });
  E PerGroup = term("waves_per_group", B.ceil(Group / W), Unit::Count,
                    "waves per work-group");
  E Hardware = term("waves_by_hardware", fig("max_waves_per_cu"), Unit::Count,
                    "waves by the hardware", "occupancy.by_hardware");
  // Registers: the compiler spills rather than fail, so at least one wave.
  E Rpc = fig("registers_per_cu");
  E Regs = in("registers");
  E Units =
      B.ceil(Regs / B.max(B.num(1), B.floor(fig("register_unit_bits") / 32)));
  E ByRegsRaw = B.floor(Rpc / (Units * W));
  E ByRegs = term(
      "waves_by_registers",
      B.ifThen(B.has(Rpc) && Regs > 0, B.max(B.num(1), ByRegsRaw), Hardware),
      Unit::Count, "waves by registers", "occupancy.by_registers");
  note(NoteStage::Occupancy, B.has(Rpc) && Regs == 0,
       [](Evaluator &, const KernelCounts &) {
         return std::string("register count unknown: occupancy not limited "
                            "by registers");
       });
  note(NoteStage::Occupancy, B.has(Rpc) && Regs > 0 && ByRegsRaw == 0,
       [=](Evaluator &V, const KernelCounts &K) {
         return fmt::format(
             "{} registers per work-item need {} per wavefront, more than "
             "the {} a compute unit holds: the compiler must spill; "
             "assumed one wavefront",
             K.Registers, uint64_t(V.value(Units) * V.value(W)),
             uint64_t(V.value(Rpc)));
       });
  // LDS: whole work-groups share a pool; a group that does not fit
  // cannot launch at all (0 waves).
  E Pool = fig("lds_bytes_per_cu");
  E Alloc = in("local_mem_bytes");
  E Fit = B.floor(Pool / Alloc);
  E Uses = B.has(Pool) && Alloc > 0;
  E ByLds = term(
      "waves_by_lds",
      B.ifThen(Uses,
               B.ifThen(Fit == 0, B.num(0),
                        B.max(B.floor(Fit * PerGroup /
                                      B.max(B.num(1), fig("lds_shared_by"))),
                              B.num(1))),
               Hardware),
      Unit::Count, "waves by local memory", "occupancy.by_lds");
  note(NoteStage::Occupancy, Uses && Fit == 0,
       [=](Evaluator &V, const KernelCounts &K) {
         return fmt::format(
             "a work-group allocates {} of local memory, more than the {} "
             "available: the launch fails",
             formatQuantity(double(K.LocalMemBytes), Quantity::Dim::Bytes),
             formatQuantity(V.value(Pool), Quantity::Dim::Bytes));
       });
  E MaxGroups = fig("max_groups_per_cu");
  E ByGroups = term("waves_by_groups",
                    B.ifThen(B.has(MaxGroups), MaxGroups * PerGroup, Hardware),
                    Unit::Count, "waves by work-groups per CU",
                    "occupancy.by_work_groups");
  // The busiest compute unit's groups (items_per_cu) when the launch
  // gives its local size; else the launch spread evenly.
  E ByLaunch = term(
      "waves_by_launch",
      B.ifThen(B.has(in("lx")), B.ceil(Groups / CUs) * PerGroup,
               B.ceil(B.ceil(N / Group) * PerGroup / B.max(B.num(1), CUs))),
      Unit::Count, "waves by the launch", "occupancy.by_launch");
  // Ties go to the first: a resource that allows exactly the hardware
  // cap is not what limits.
  E Occ = term(
      "waves_occ",
      B.wrap(M.G.pick(PickKind::Smallest, {{"hardware", Hardware},
                                           {"launch", ByLaunch},
                                           {"registers", ByRegs},
                                           {"lds", ByLds},
                                           {"work-group-size", ByGroups}})),
      Unit::Count, "occupancy (waves per CU)", "occupancy.waves_per_cu");
  M.G.labelTerm("limited_by", Occ, "occupancy limited by",
                "occupancy.limited_by");
}

void ModelBuilder::kernel() {
  // The bound: ALU unless another is strictly larger; MEM before TEX.
  E Alu = ref("t_alu"), Mem = ref("t_mem");
  E Bound = term(
      "t_bound",
      B.wrap(M.G.pick(PickKind::Largest,
                      {{"ALU", Alu}, {"MEM", Mem}, {"TEX", ref("t_tex")}})),
      Unit::Time, "max(T_ALU, T_MEM, T_TEX) (s)");
  M.G.labelTerm("bound", Bound, "bound", "estimate.bound");
  // A barrier splits a work-group's work into phases (load, then compute
  // in __local): within a group they run one after the other, and only
  // other groups' phases fill the gaps. Measured: barrier.phase_exponent.
  E Phase = fig("barrier_phase_exponent");
  E Phases = term("t_phases",
                  B.ifThen(B.has(Phase) && Phase > 0 && in("barriers") > 0 &&
                               Alu > 0 && Mem > 0,
                           B.combine(Alu, Mem, Phase), B.num(0)),
                  Unit::Time, "barrier phases (s)");
  // Starting work-groups: a compute unit takes work_group.dispatch_cycles
  // per group however little the group does (measured with an empty
  // kernel), so launches of many small groups have a floor.
  // A copy: the notes' lambdas outlive this builder.
  E Groups = this->Groups;
  E HasLocal = B.has(in("lx"));
  E Cycles = fig("dispatch_cycles");
  E Dispatches = B.has(Cycles) && Cycles > 0;
  E Dispatch = term(
      "t_dispatch",
      B.ifThen(Dispatches && HasLocal, Groups / CUs * Cycles / Clock, B.num(0)),
      Unit::Time, "work-group dispatch (s)", "estimate.t_dispatch_s");
  E Kernel =
      term("t_kernel",
           B.wrap(M.G.pick(PickKind::Largest, {{"bound", Bound},
                                               {"barrier phases", Phases},
                                               {"dispatch", Dispatch}})),
           Unit::Time, "Tkernel (s)", "estimate.t_kernel_s");
  E BeforeDispatch = B.max(Bound, Phases);
  note(NoteStage::Mem, Phases > Bound, [=](Evaluator &V, const KernelCounts &) {
    return fmt::format(
        "barrier phases: T_ALU {} and T_MEM {} overlap only in part "
        "across work-groups: {} (barrier.phase_exponent {:.3g})",
        time(V.value(Alu)), time(V.value(Mem)), time(V.value(Phases)),
        V.value(Phase));
  });
  note(NoteStage::Mem, Dispatch > BeforeDispatch,
       [=](Evaluator &V, const KernelCounts &K) {
         return fmt::format(
             "Tkernel is the work-group dispatch: {:.0f} groups of {} "
             "work-items at {:.4g} cycles each per compute unit take {}, "
             "longer than the {}-bound {} (work_group.dispatch_cycles)",
             V.value(Groups), K.Launch.workGroupSize(), V.value(Cycles),
             time(V.value(Dispatch)), V.label(Bound),
             time(V.value(BeforeDispatch)));
       });
  note(NoteStage::Mem, Dispatches && !HasLocal,
       [](Evaluator &, const KernelCounts &) {
         return std::string(
             "work-group dispatch: the launch leaves the local size to the "
             "driver, so the floor of work_group.dispatch_cycles per group "
             "is left out");
       });
  (void)Kernel;
  E Overhead = fig("launch_overhead");
  // Fixed cost per launch: reported beside Tkernel, not added to it (the
  // Tkernel of AMD's talk has no such term).
  E Over = term("overhead", B.ifThen(B.has(Overhead), Overhead, B.num(0)),
                Unit::Time, "launch overhead (s, not in Tkernel)",
                "estimate.launch_overhead_s");
  term("t_event", ref("t_kernel") + Over, Unit::Time,
       "Tkernel + overhead (s, what validate compares)");
}

std::unique_ptr<Model> buildModel(const DeviceProfile &P) {
  auto M = std::make_unique<Model>();
  M->Vliw = P.isVliw();
  M->Headline = {"t_alu", "t_tex",    "t_mem",  "t_kernel",
                 "bound", "overhead", "t_event"};
  ModelBuilder(*M, P).build();
  return M;
}

const Model &modelFor(const DeviceProfile &P) {
  // The graph's structure depends on these alone; every value comes from
  // the evaluator's figures.
  std::string Shape = P.isVliw()                  ? "vliw"
                      : P.Kind == DeviceKind::CPU ? "cpu"
                                                  : "simt";
  for (const std::string &Pipe : P.Alu.PipeNames)
    Shape += "|" + Pipe;
  for (int Pipe : P.Alu.Pipe)
    Shape += "," + std::to_string(Pipe);
  static std::mutex Lock;
  static std::map<std::string, std::unique_ptr<Model>> Models;
  std::lock_guard<std::mutex> Hold(Lock);
  std::unique_ptr<Model> &M = Models[Shape];
  if (!M)
    M = buildModel(P);
  return *M;
}

Values kernelInputs(const KernelCounts &K, const LaunchSpec &L,
                    const Estimate &E) {
  Values V;
  const char *Axes[] = {"x", "y", "z"};
  for (unsigned D = 0; D < 3; ++D) {
    V[std::string("g") + Axes[D]] = double(L.Global[D]);
    if (L.Local)
      V[std::string("l") + Axes[D]] = double((*L.Local)[D]);
  }
  for (unsigned C = 0; C < NumAluClasses; ++C)
    V[fmt::format("alu_{}", aluClassName(AluClass(C)))] = K.Alu[C];
  V["bundles"] = E.VliwBundles;
  V["image_reads"] = K.ImageReads;
  V["global_loads"] = K.GlobalLoads;
  V["lds_bytes"] = K.LocalBytes;
  V["barriers"] = K.Barriers;
  V["bytes_requested"] = E.BytesRequested;
  V["bytes_moved"] = E.BytesMoved;
  V["finite"] = E.FiniteCache ? 1 : 0;
  if (E.FiniteCache) {
    V["bytes_l2"] = E.BytesL2;
    V["bytes_l2_partial"] = E.BytesL2Partial;
    V["bytes_l2_narrow"] = E.BytesL2Narrow;
  }
  V["l1_lines"] = E.L1Lines;
  V["same_address_stores"] = E.SameAddressStores;
  V["same_address_atomics"] = E.SameAddressAtomics;
  V["load_rounds"] = K.GlobalLoadRounds;
  V["loop_rounds_l1"] = E.LoopRoundsL1;
  V["loop_rounds_l2"] = E.LoopRoundsL2;
  V["loop_rounds_dram"] = E.LoopRoundsDram;
  V["plain_rounds_l1"] = E.PlainRoundsL1;
  V["plain_rounds_l2"] = E.PlainRoundsL2;
  V["plain_rounds_dram"] = E.PlainRoundsDram;
  V["longest_local_ops"] = K.LongestLocalOps;
  V["longest_alu_ops"] = K.LongestAluOps;
  V["longest_alu_fp64"] = K.LongestFp64Ops;
  V["longest_alu_trans"] = K.LongestTranscendentalOps;
  V["lds_ops"] = K.LocalLoads + K.LocalStores;
  for (unsigned W = 0; W < 4; ++W)
    V[fmt::format("wave_issue_scale_{}", 8u << W)] = K.WaveIssueScale[W];
  V["chain_rounds_l1"] = E.ChainRoundsL1;
  V["chain_rounds_l2"] = E.ChainRoundsL2;
  V["chain_rounds_dram"] = E.ChainRoundsDram;
  V["chain_rounds_queued"] = E.ChainRoundsQueued;
  V["longest_rounds_l1"] = E.LongestRoundsL1;
  V["longest_rounds_l2"] = E.LongestRoundsL2;
  V["longest_rounds_dram"] = E.LongestRoundsDram;
  V["longest_loop_rounds_l1"] = E.LongestLoopRoundsL1;
  V["longest_loop_rounds_l2"] = E.LongestLoopRoundsL2;
  V["longest_loop_rounds_dram"] = E.LongestLoopRoundsDram;
  V["cpu_built"] = K.Cpu.Target.empty() ? 0 : 1;
  V["cpu_instructions"] = K.Cpu.Instructions;
  V["cpu_chain_ops"] = K.Cpu.ChainOps;
  V["cpu_chain_fma_ops"] = K.Cpu.ChainFmaOps;
  V["cpu_chain_store_loads"] = K.Cpu.ChainStoreLoads;
  V["cpu_port_cycles"] = K.Cpu.PortCycles;
  V["cpu_refetch_l2"] = E.CpuRefetchL2;
  V["cpu_refetch_beyond"] = E.CpuRefetchBeyond;
  V["cpu_refetch_dirty"] = E.CpuRefetchDirty;
  V["cpu_page_walks"] = E.CpuPageWalks;
  V["cpu_unprefetched"] = E.CpuUnprefetched;
  V["cpu_launch_bytes"] = E.CpuLaunchBytes;
  for (unsigned C = 0; C < NumAluClasses; ++C)
    V[fmt::format("cpu_call_{}", aluClassName(AluClass(C)))] = K.Cpu.CallOps[C];
  for (size_t I = 0; I < CpuPricedCalls.size(); ++I)
    V[fmt::format("cpu_calls_{}", CpuPricedCalls[I])] = K.Cpu.PricedCalls[I];
  V["local_mem_bytes"] = double(K.LocalMemBytes);
  V["registers"] = K.Registers;
  return V;
}

const std::vector<InputInfo> &inputInfo() {
  static const std::vector<InputInfo> Info = [] {
    std::vector<InputInfo> I;
    const char *Axes = "xyz";
    for (unsigned D = 0; D < 3; ++D)
      I.push_back({fmt::format("g{}", Axes[D]),
                   fmt::format("global {}", Axes[D]),
                   fmt::format("launch.global.{}", D), Unit::Count, true});
    for (unsigned D = 0; D < 3; ++D)
      I.push_back({fmt::format("l{}", Axes[D]),
                   fmt::format("local {}", Axes[D]),
                   fmt::format("launch.local.{}", D), Unit::Count, true});
    for (unsigned C = 0; C < NumAluClasses; ++C) {
      const char *Class = aluClassName(AluClass(C));
      I.push_back({fmt::format("alu_{}", Class),
                   fmt::format("lane-ops {}", Class),
                   fmt::format("per_item.alu_by_class.{}", Class)});
    }
    I.push_back({"bundles", "VLIW bundles", "per_item.vliw_bundles"});
    I.push_back({"image_reads", "image reads", "per_item.image_reads"});
    I.push_back({"global_loads", "global loads", "per_item.global_loads"});
    I.push_back({"lds_bytes", "LDS bytes", "per_item.lds_bytes", Unit::Bytes});
    I.push_back({"barriers", "barriers", "per_item.barriers"});
    I.push_back({"bytes_requested", "bytes requested",
                 "per_item.bytes_requested", Unit::Bytes});
    I.push_back({"bytes_moved", "bytes moved (DRAM)", "per_item.bytes_moved",
                 Unit::Bytes});
    I.push_back({"finite", "finite cache model (1/0)", ""});
    I.push_back({"bytes_l2", "L2 bytes", "per_item.bytes_l2", Unit::Bytes});
    I.push_back({"bytes_l2_partial", "L2 bytes of partly written sectors",
                 "per_item.bytes_l2_partial", Unit::Bytes});
    I.push_back({"bytes_l2_narrow", "L2 bytes of narrow stores",
                 "per_item.bytes_l2_narrow", Unit::Bytes});
    I.push_back({"l1_lines", "L1 lines", ""});
    I.push_back({"same_address_stores",
                 "wavefront stores to the launch's one address, per item", ""});
    I.push_back({"same_address_atomics",
                 "wavefront atomics on the launch's one address, per item",
                 ""});
    I.push_back({"load_rounds", "global load rounds", ""});
    I.push_back({"loop_rounds_l1",
                 "rounds in loops with no store, L1 (mean item)", ""});
    I.push_back({"loop_rounds_l2",
                 "rounds in loops with no store, L2 (mean item)", ""});
    I.push_back({"loop_rounds_dram",
                 "rounds in loops with no store, DRAM (mean item)", ""});
    I.push_back(
        {"plain_rounds_l1", "other rounds waited in full, L1 (mean item)", ""});
    I.push_back(
        {"plain_rounds_l2", "other rounds waited in full, L2 (mean item)", ""});
    I.push_back({"plain_rounds_dram",
                 "other rounds waited in full, DRAM (mean item)", ""});
    I.push_back({"longest_alu_ops", "the longest item's ALU lane-ops", ""});
    I.push_back({"longest_alu_fp64",
                 "the longest item's double-precision lane-ops", ""});
    I.push_back({"longest_alu_trans",
                 "the longest item's transcendental lane-ops", ""});
    I.push_back({"longest_local_ops",
                 "the longest item's __local loads and stores", ""});
    I.push_back({"lds_ops", "__local loads and stores", ""});
    for (unsigned W = 8; W <= 64; W *= 2)
      I.push_back({fmt::format("wave_issue_scale_{}", W),
                   fmt::format("wavefront issue over work-item issue, "
                               "wavefronts of {}",
                               W),
                   ""});
    I.push_back({"chain_rounds_l1", "chained load rounds L1 serves", ""});
    I.push_back({"chain_rounds_l2", "chained load rounds L2 serves", ""});
    I.push_back({"chain_rounds_dram", "chained load rounds DRAM serves", ""});
    I.push_back({"chain_rounds_queued",
                 "chained load rounds behind the loop's stores", ""});
    I.push_back(
        {"longest_rounds_l1", "the longest item's chained rounds, L1", ""});
    I.push_back(
        {"longest_rounds_l2", "the longest item's chained rounds, L2", ""});
    I.push_back(
        {"longest_rounds_dram", "the longest item's chained rounds, DRAM", ""});
    I.push_back({"longest_loop_rounds_l1",
                 "the longest item's rounds in loops with no store, L1", ""});
    I.push_back({"longest_loop_rounds_l2",
                 "the longest item's rounds in loops with no store, L2", ""});
    I.push_back({"longest_loop_rounds_dram",
                 "the longest item's rounds in loops with no store, DRAM", ""});
    I.push_back({"cpu_built",
                 "1 where the CPU compiler's code was built and counted", ""});
    I.push_back({"cpu_instructions",
                 "CPU instructions per work-item (the compiler's code)",
                 "per_item.cpu_instructions"});
    I.push_back({"cpu_chain_ops",
                 "of them, one after another on loop recurrences",
                 "per_item.cpu_chain_ops"});
    I.push_back({"cpu_chain_fma_ops", "of those, fused multiply-adds",
                 "per_item.cpu_chain_fma_ops"});
    I.push_back({"cpu_chain_store_loads",
                 "loads on them of what the last iteration stored there",
                 "per_item.cpu_chain_store_loads"});
    I.push_back({"cpu_port_cycles",
                 "CPU cycles its busiest execution unit is held (LLVM's "
                 "scheduling model)",
                 "per_item.cpu_port_cycles"});
    I.push_back({"cpu_refetch_l2",
                 "CPU lines fetched again from L2 (simulated caches)", ""});
    I.push_back({"cpu_refetch_beyond",
                 "CPU lines fetched again from beyond L2 (simulated caches)",
                 ""});
    I.push_back({"cpu_refetch_dirty",
                 "of them, loads of lines L1 evicted dirty (simulated caches)",
                 ""});
    I.push_back({"cpu_page_walks",
                 "CPU page walks for pages the TLB lost (simulated TLB)", ""});
    I.push_back({"cpu_unprefetched",
                 "CPU loads that miss L2 where no prefetcher follows "
                 "(simulated caches)",
                 ""});
    I.push_back({"cpu_launch_bytes",
                 "bytes through the last level from one launch to the next "
                 "(lines touched, buffers the runner restores)",
                 ""});
    for (unsigned C = 0; C < NumAluClasses; ++C) {
      const char *Class = aluClassName(AluClass(C));
      I.push_back(
          {fmt::format("cpu_call_{}", Class),
           fmt::format("lane-ops {} left as library calls (CPU)", Class), ""});
    }
    for (const char *Fn : CpuPricedCalls)
      I.push_back({fmt::format("cpu_calls_{}", Fn),
                   fmt::format("lanes of {} calls (CPU, single precision)", Fn),
                   fmt::format("per_item.cpu_calls.{}", Fn)});
    I.push_back({"local_mem_bytes", "__local bytes per work-group",
                 "per_item.local_mem_per_group", Unit::Bytes});
    I.push_back({"registers", "registers per work-item (0: unknown)",
                 "per_item.registers"});
    return I;
  }();
  return Info;
}

std::vector<std::pair<Expr, TermValue>>
evaluateTerms(const Model &M, const Values &Inputs, const Values &Figures) {
  Evaluator V(M.G, Inputs, Figures);
  std::vector<std::pair<Expr, TermValue>> Out;
  for (Expr T : M.G.terms()) {
    TermValue TV;
    if (T->IsLabel) {
      TV.IsLabel = true;
      TV.Label = V.label(T);
    } else {
      TV.Number = V.value(T);
    }
    Out.push_back({T, std::move(TV)});
  }
  return Out;
}

void stageNotes(const Model &M, NoteStage S, Evaluator &V,
                const KernelCounts &K, std::vector<std::string> &Notes) {
  for (const ModelNote &N : M.Notes)
    if (N.Stage == S && V.value(N.Cond) != 0)
      Notes.push_back(N.Text(V, K));
}

Values figureValues(const DeviceProfile &P, bool UseMeasured) {
  Values V;
  for (const ProfileFigure &F : profileFigures(P))
    if (!F.Name.empty())
      if (std::optional<double> X = figureInUse(P, F, UseMeasured))
        V[F.Name] = *X;
  return V;
}

} // namespace clspread::model

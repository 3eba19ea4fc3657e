//===- AnalysisReport.cpp - Table, JSON and CSV printers for analyze ------===//
#include "Report/AnalysisReport.h"
#include "Report/FindingPrinters.h"

#include <fmt/format.h>

#include <cmath>

using namespace llvm;

namespace clspread {

std::string formatSeconds(double S) {
  if (S == 0)
    return "0 s";
  static const struct {
    double Scale;
    const char *Unit;
  } Units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}};
  for (auto &U : Units)
    if (std::fabs(S) >= U.Scale || U.Scale == 1e-9)
      return fmt::format("{:.4g} {}", S / U.Scale, U.Unit);
  return fmt::format("{:.4g} s", S);
}

static std::string launchText(const LaunchSpec &L) {
  std::string S =
      "global " + formatSizes(L.Global, L.Dims) + ", local " +
      (!L.Local          ? "driver's choice"
       : L.LocalByDriver ? formatSizes(*L.Local, L.Dims) + " (the driver's)"
                         : formatSizes(*L.Local, L.Dims));
  return S;
}

/// Trims a count for display: integers print bare, fractions to 4 digits.
static std::string num(double V) {
  if (V == std::floor(V) && std::fabs(V) < 1e15)
    return fmt::format("{}", int64_t(V));
  return fmt::format("{:.4g}", V);
}

void printTable(const AnalysisReport &R, const ReportOptions &O,
                raw_ostream &OS) {
  bool First = true;
  for (const KernelResult &K : R.Kernels) {
    const KernelCounts &C = K.Counts;
    const Estimate &E = K.Est;
    if (!First)
      OS << "\n";
    First = false;
    OS << fmt::format("{}:{}: kernel {}{} on {} ({})\n", K.File, C.Loc.Line,
                      C.Name, K.SuiteId.empty() ? "" : " [" + K.SuiteId + "]",
                      R.ProfileId, R.ProfileName);
    OS << fmt::format("  launch: {} = {} work-items\n", launchText(C.Launch),
                      C.Launch.workItems());
    OS << "  per work-item\n";
    std::string Classes;
    for (unsigned I = 0; I < NumAluClasses; ++I)
      if (C.Alu[I] > 0)
        Classes += fmt::format("{}{} {}", Classes.empty() ? "" : ", ",
                               aluClassName(AluClass(I)), num(C.Alu[I]));
    auto row = [&](const char *Name, const std::string &V,
                   const std::string &Note = "") {
      OS << fmt::format("    {:<22}{:>12}{}\n", Name, V,
                        Note.empty() ? "" : "   " + Note);
    };
    row("ALU lane-ops", num(C.aluOps()),
        Classes.empty() ? "" : "(" + Classes + ")");
    row("ALU issue slots", num(E.VliwBundles), "(VLIW bundles, or lane-ops)");
    row("TEX fetches", num(E.TexFetches));
    row("global loads", num(C.GlobalLoads),
        "(" + num(C.GlobalLoadBytes) + " B)");
    row("global stores", num(C.GlobalStores),
        "(" + num(C.GlobalStoreBytes) + " B)");
    if (C.ConstantLoads > 0)
      row("constant loads", num(C.ConstantLoads),
          "(" + num(C.ConstantBytes) + " B)");
    row("bytes moved (DRAM)", num(E.BytesMoved) + " B",
        "(requested " + num(E.BytesRequested) + " B)");
    row("LDS bytes", num(C.LocalBytes) + " B");
    if (C.ImageReads > 0 || C.ImageWrites > 0)
      row("image reads/writes", num(C.ImageReads) + "/" + num(C.ImageWrites));
    row("barriers", num(C.Barriers));
    if (C.Atomics > 0)
      row("atomics", num(C.Atomics));
    row("registers (32-bit)", std::to_string(C.Registers));
    OS << "  estimate\n";
    auto trow = [&](const char *Name, double T, Bound B) {
      bool Is = E.Limit == B;
      OS << fmt::format("    {:<10}{:>14}{}\n", Name, formatSeconds(T),
                        Is ? "   <- bound" : "");
    };
    trow("T_ALU", E.TAluS, Bound::ALU);
    if (E.TLdsS > 0)
      OS << fmt::format("      {:<8}{:>14}   (LDS traffic, part of T_ALU)\n",
                        "of which", formatSeconds(E.TLdsS));
    if (E.TBarrierS > 0)
      OS << fmt::format("      {:<8}{:>14}   (barriers, part of T_ALU)\n",
                        "of which", formatSeconds(E.TBarrierS));
    trow("T_TEX", E.TTexS, Bound::TEX);
    trow("T_MEM", E.TMemS, Bound::MEM);
    if (E.TMemLatencyS > 0 || E.TMemL2S > 0 || E.TMemL1S > 0 ||
        E.TMemChainS > 0 || E.TMemItemS > 0 || E.TMemSameAddressS > 0) {
      std::string Parts;
      if (E.TMemL1S > 0)
        Parts += fmt::format(", {} L1", formatSeconds(E.TMemL1S));
      if (E.TMemL2S > 0)
        Parts += fmt::format(", {} L2", formatSeconds(E.TMemL2S));
      if (E.TMemLatencyS > 0)
        Parts += fmt::format(", {} latency", formatSeconds(E.TMemLatencyS));
      if (E.TMemChainS > 0)
        Parts += fmt::format(", {} chains", formatSeconds(E.TMemChainS));
      if (E.TMemItemS > 0)
        Parts +=
            fmt::format(", {} longest work-item", formatSeconds(E.TMemItemS));
      if (E.TMemSameAddressS > 0)
        Parts +=
            fmt::format(", {} one address", formatSeconds(E.TMemSameAddressS));
      OS << fmt::format("      {:<8}{:>14}   DRAM bandwidth{}\n", "max of",
                        formatSeconds(E.TMemBandwidthS), Parts);
    }
    if (E.TDispatchS > 0)
      OS << fmt::format("    {:<10}{:>14}   ({:.0f} work-groups started; "
                        "Tkernel is at least this)\n",
                        "dispatch", formatSeconds(E.TDispatchS), E.Groups);
    OS << fmt::format("    {:<10}{:>14}   {}-bound ({})\n", "Tkernel",
                      formatSeconds(E.TKernelS), boundName(E.Limit),
                      bandText(E.Band));
    if (K.TripRange) {
      const auto &[Lo, Hi] = *K.TripRange;
      std::string Lines;
      for (const auto &T : C.TripRanges)
        Lines += fmt::format("{}{} [1, {}]", Lines.empty() ? "" : ", ", T.Line,
                             T.Max);
      OS << fmt::format("      {:<8}{:>14}   to {} ({} to {}-bound): loop{} "
                        "at line {} at 1 and at {} bound\n",
                        "range", formatSeconds(Lo.TKernelS),
                        formatSeconds(Hi.TKernelS), boundName(Lo.Limit),
                        boundName(Hi.Limit), C.TripRanges.size() > 1 ? "s" : "",
                        Lines, C.TripRanges.size() > 1 ? "their" : "its");
      // The model's own error widens the range at both ends.
      if (Lo.Band && Hi.Band)
        OS << fmt::format("      {:<8}{:>14}   to {} with the model's 90% "
                          "band at each end\n",
                          "", formatSeconds(Lo.TKernelS * (1 - Lo.Band->P90)),
                          formatSeconds(Hi.TKernelS * (1 + Hi.Band->P90)));
    }
    if (E.LaunchOverheadS > 0)
      OS << fmt::format("    {:<10}{:>14}   (per launch, not in Tkernel)\n",
                        "overhead", formatSeconds(E.LaunchOverheadS));
    OS << fmt::format("  occupancy: {} waves per compute unit, limited by {}\n",
                      E.Occ.WavesPerCU, E.Occ.LimitedBy);
    if (!K.Findings.empty()) {
      OS << "  findings\n";
      for (const Finding &F : K.Findings) // a header's file is named
        OS << fmt::format("    {}{}:{}: {}: {} [{}]\n",
                          F.Loc.File == K.File ? "" : F.Loc.File + ":",
                          F.Loc.Line, F.Loc.Col, severityName(F.Sev), F.Message,
                          F.RuleId);
    }
    if (!C.Assumptions.empty() || !E.Notes.empty()) {
      OS << "  assumptions\n";
      for (const Assumption &A : C.Assumptions)
        OS << "    - " << A.text() << "\n";
      for (const std::string &N : E.Notes)
        OS << "    - " << N << "\n";
    }
    if (O.Lines && !C.Lines.empty()) {
      OS << fmt::format("  per source line (per work-item)\n    {:>6} {:>12} "
                        "{:>12} {:>10} {:>8}\n",
                        "line", "ALU ops", "global B", "LDS B", "TEX");
      for (const LineCounts &L : C.Lines)
        OS << fmt::format("    {:>6} {:>12} {:>12} {:>10} {:>8}\n", L.Line,
                          num(L.AluOps), num(L.GlobalBytes), num(L.LocalBytes),
                          num(L.TexFetches));
    }
  }
  // Which profile figures were measured rather than taken from the
  // datasheet: the same for every kernel, so printed once, not per kernel.
  std::vector<std::string> Figures;
  for (const KernelResult &K : R.Kernels)
    for (const std::string &N : K.Est.ProfileNotes)
      if (!llvm::is_contained(Figures, N))
        Figures.push_back(N);
  if (!Figures.empty()) {
    OS << fmt::format("\nprofile {}: figures every estimate above used\n",
                      R.ProfileId);
    for (const std::string &N : Figures)
      OS << "  - " << N << "\n";
  }
}

json::Array sizesJSON(const std::array<uint64_t, 3> &S) {
  return json::Array{S[0], S[1], S[2]};
}

static json::Object widths(const std::map<unsigned, double> &W) {
  json::Object O;
  for (auto &[B, N] : W)
    O[std::to_string(B)] = N;
  return O;
}

json::Value errorBandJSON(const std::optional<ErrorBand> &B) {
  if (!B)
    return nullptr;
  return json::Object{{"median_abs_error", B->Median},
                      {"p90_abs_error", B->P90},
                      {"kernels", B->Kernels},
                      {"suites", B->Suites},
                      {"bound_class", B->Class
                                          ? json::Value(boundName(*B->Class))
                                          : json::Value(nullptr)},
                      {"device", B->Device.empty() ? json::Value(nullptr)
                                                   : json::Value(B->Device)},
                      {"date", B->Date},
                      {"text", B->text()}};
}

json::Value toJSON(const AnalysisReport &R, const ReportOptions &O) {
  json::Array Kernels;
  for (const KernelResult &K : R.Kernels) {
    const KernelCounts &C = K.Counts;
    const Estimate &E = K.Est;
    json::Object Alu;
    for (unsigned I = 0; I < NumAluClasses; ++I)
      Alu[aluClassName(AluClass(I))] = C.Alu[I];
    json::Array Checks, Assumptions, Accesses, Footprints, Lines;
    for (const Finding &F : K.Findings)
      Checks.push_back(findingJSON(F));
    for (const Assumption &A : C.Assumptions)
      Assumptions.push_back(json::Object{{"file", A.File},
                                         {"line", A.Line},
                                         {"kind", A.Kind},
                                         {"message", A.Message}});
    json::Array Notes;
    for (const std::string &N : E.allNotes())
      Notes.push_back(N);
    for (const GlobalAccess &A : C.Accesses) {
      json::Object Obj{
          {"kind", A.IsAtomic  ? "atomic"
                   : A.IsStore ? "store"
                               : "load"},
          {"space", A.Space == AddrSpace::Constant ? "constant" : "global"},
          {"buffer", A.Buffer},
          {"bytes", A.Bytes},
          {"exec_per_item", A.ExecPerItem},
          {"line", A.Loc.Line},
          {"column", A.Loc.Col}};
      Obj["stride_bytes"] =
          A.StrideBytes ? json::Value(*A.StrideBytes) : json::Value(nullptr);
      Accesses.push_back(std::move(Obj));
    }
    for (const BufferFootprint &F : C.Footprints)
      Footprints.push_back(json::Object{{"buffer", F.Arg},
                                        {"arg_index", F.ArgIndex},
                                        {"bytes", F.Bytes},
                                        {"exact", F.Exact},
                                        {"read", F.Read},
                                        {"written", F.Written}});
    const LaunchSpec &L = C.Launch;
    json::Object Launch{{"global", sizesJSON(L.Global)},
                        {"local", L.Local ? json::Value(sizesJSON(*L.Local))
                                          : json::Value(nullptr)},
                        {"local_by_driver", L.LocalByDriver},
                        {"work_items", L.workItems()}};
    json::Object Args;
    for (auto &[Name, V] : L.Args)
      Args[Name] = V.IsFloat ? json::Value(V.Float) : json::Value(V.Int);
    Launch["args"] = std::move(Args);
    json::Object PerItem{
        {"alu_ops", C.aluOps()},
        {"alu_by_class", std::move(Alu)},
        {"vliw_bundles", E.VliwBundles},
        {"alu_cycles", E.AluCycles},
        {"tex_fetches", E.TexFetches},
        {"global_loads", C.GlobalLoads},
        {"global_stores", C.GlobalStores},
        {"global_load_bytes", C.GlobalLoadBytes},
        {"global_store_bytes", C.GlobalStoreBytes},
        {"load_widths", widths(C.LoadWidths)},
        {"store_widths", widths(C.StoreWidths)},
        {"constant_loads", C.ConstantLoads},
        {"constant_bytes", C.ConstantBytes},
        {"bytes_requested", E.BytesRequested},
        {"bytes_moved", E.BytesMoved},
        {"bytes_l2",
         E.FiniteCache ? json::Value(E.BytesL2) : json::Value(nullptr)},
        {"bytes_l2_partial",
         E.FiniteCache ? json::Value(E.BytesL2Partial) : json::Value(nullptr)},
        {"bytes_l2_narrow",
         E.FiniteCache ? json::Value(E.BytesL2Narrow) : json::Value(nullptr)},
        {"lds_bytes", C.LocalBytes},
        {"private_bytes", C.PrivateBytes},
        {"image_reads", C.ImageReads},
        {"image_writes", C.ImageWrites},
        {"barriers", C.Barriers},
        {"atomics", C.Atomics},
        {"registers", C.Registers},
        {"local_mem_per_group", C.LocalMemBytes}};
    // A CPU profile's compiler's code (CpuCode.h), null where not built.
    const bool Cpu = !C.Cpu.Target.empty();
    auto cpu = [&](double V) {
      return Cpu ? json::Value(V) : json::Value(nullptr);
    };
    PerItem["cpu_target"] =
        Cpu ? json::Value(C.Cpu.Target) : json::Value(nullptr);
    PerItem["cpu_instructions"] = cpu(C.Cpu.Instructions);
    PerItem["cpu_chain_ops"] = cpu(C.Cpu.ChainOps);
    PerItem["cpu_chain_fma_ops"] = cpu(C.Cpu.ChainFmaOps);
    PerItem["cpu_chain_store_loads"] = cpu(C.Cpu.ChainStoreLoads);
    PerItem["cpu_port_cycles"] = cpu(C.Cpu.PortCycles);
    PerItem["cpu_micro_ops"] = cpu(C.Cpu.MicroOps);
    PerItem["cpu_port_bound"] =
        Cpu ? json::Value(C.Cpu.PortBound) : json::Value(nullptr);
    PerItem["cpu_lanes_per_instruction"] = cpu(C.Cpu.LanesPerInstr);
    json::Object Calls;
    for (size_t I = 0; I < CpuPricedCalls.size(); ++I)
      if (C.Cpu.PricedCalls[I] > 0)
        Calls[CpuPricedCalls[I]] = C.Cpu.PricedCalls[I];
    PerItem["cpu_calls"] =
        Cpu ? json::Value(std::move(Calls)) : json::Value(nullptr);
    json::Object Kernel{
        {"name", C.Name},
        {"file", K.File},
        {"line", C.Loc.Line},
        {"launch", std::move(Launch)},
        {"per_item", std::move(PerItem)},
        {"estimate", json::Object{{"t_alu_s", E.TAluS},
                                  {"t_lds_s", E.TLdsS},
                                  {"t_barrier_s", E.TBarrierS},
                                  {"t_mem_bandwidth_s", E.TMemBandwidthS},
                                  {"t_mem_latency_s", E.TMemLatencyS},
                                  {"t_mem_chain_s", E.TMemChainS},
                                  {"t_mem_item_s", E.TMemItemS},
                                  {"t_mem_l2_s", E.TMemL2S},
                                  {"t_mem_l1_s", E.TMemL1S},
                                  {"t_mem_same_address_s", E.TMemSameAddressS},
                                  {"t_tex_s", E.TTexS},
                                  {"t_mem_s", E.TMemS},
                                  {"work_groups", E.Groups},
                                  {"t_dispatch_s", E.TDispatchS},
                                  {"t_kernel_s", E.TKernelS},
                                  {"launch_overhead_s", E.LaunchOverheadS},
                                  {"bound", boundName(E.Limit)},
                                  {"error_band", errorBandJSON(E.Band)}}},
        {"occupancy", json::Object{{"waves_per_cu", E.Occ.WavesPerCU},
                                   {"limited_by", E.Occ.LimitedBy},
                                   {"by_registers", E.Occ.WavesByRegisters},
                                   {"by_lds", E.Occ.WavesByLds},
                                   {"by_work_groups", E.Occ.WavesByWorkGroups},
                                   {"by_hardware", E.Occ.WavesByHardware},
                                   {"by_launch", E.Occ.WavesByLaunch}}},
        {"findings", std::move(Checks)},
        {"assumptions", std::move(Assumptions)},
        {"model_notes", std::move(Notes)},
        {"accesses", std::move(Accesses)},
        {"footprints", std::move(Footprints)}};
    if (K.TripRange) {
      // The figures at both ends of the trip-count ranges the estimate
      // rests on (loops assumed at a count within a proven bound).
      const auto &[Lo, Hi] = *K.TripRange;
      json::Array Loops;
      for (const auto &T : C.TripRanges)
        Loops.push_back(json::Object{{"line", T.Line},
                                     {"min", 1},
                                     {"max", T.Max},
                                     {"assumed", T.Assumed}});
      auto pair = [](double A, double B) { return json::Array{A, B}; };
      Kernel["range"] = json::Object{
          {"loops", std::move(Loops)},
          {"t_alu_s", pair(Lo.TAluS, Hi.TAluS)},
          {"t_tex_s", pair(Lo.TTexS, Hi.TTexS)},
          {"t_mem_s", pair(Lo.TMemS, Hi.TMemS)},
          {"t_kernel_s", pair(Lo.TKernelS, Hi.TKernelS)},
          {"t_kernel_s_with_band",
           Lo.Band && Hi.Band
               ? json::Value(pair(Lo.TKernelS * (1 - Lo.Band->P90),
                                  Hi.TKernelS * (1 + Hi.Band->P90)))
               : json::Value(nullptr)},
          {"bound", json::Array{boundName(Lo.Limit), boundName(Hi.Limit)}}};
    }
    if (!K.SuiteId.empty())
      Kernel["suite_id"] = K.SuiteId;
    if (!K.VariantOf.empty())
      Kernel["variant_of"] = K.VariantOf;
    if (O.Lines) {
      for (const LineCounts &LC : C.Lines)
        Lines.push_back(json::Object{{"line", LC.Line},
                                     {"alu_ops", LC.AluOps},
                                     {"global_bytes", LC.GlobalBytes},
                                     {"lds_bytes", LC.LocalBytes},
                                     {"tex_fetches", LC.TexFetches}});
      Kernel["lines"] = std::move(Lines);
    }
    Kernels.push_back(std::move(Kernel));
  }
  return json::Object{
      {"schema", FindingsSchemaVersion}, {"tool", "clspread"},
      {"version", R.ToolVersion},        {"profile", R.ProfileId},
      {"profile_name", R.ProfileName},   {"kernels", std::move(Kernels)}};
}

static std::string csvField(const std::string &S) {
  if (S.find_first_of(",\"\n") == std::string::npos)
    return S;
  std::string Out = "\"";
  for (char C : S)
    Out += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Out + "\"";
}

/// Every assumption of a kernel in one CSV field: "FILE:LINE: [KIND]
/// MESSAGE" joined by " | ".
static std::string assumptionList(const KernelCounts &C) {
  std::string S;
  for (const Assumption &A : C.Assumptions)
    S += (S.empty() ? "" : " | ") +
         (A.Line ? A.File + ":" + std::to_string(A.Line) + ": " : "") + "[" +
         A.Kind + "] " + A.Message;
  return S;
}

void printSideBySide(const std::vector<AnalysisReport> &Reports,
                     raw_ostream &OS) {
  OS << "side by side: Tkernel and bound per device\n";
  size_t Width = 24;
  for (const KernelResult &K : Reports.front().Kernels)
    Width = std::max(Width, K.Counts.Name.size() + K.SuiteId.size() + 3);
  OS << fmt::format("  {:<{}}", "kernel", Width);
  for (const AnalysisReport &R : Reports)
    OS << fmt::format("  {:>22}", R.ProfileId);
  OS << "\n";
  for (size_t I = 0; I < Reports.front().Kernels.size(); ++I) {
    const KernelResult &K = Reports.front().Kernels[I];
    std::string Name = K.SuiteId.empty()
                           ? K.Counts.Name
                           : K.Counts.Name + " [" + K.SuiteId + "]";
    OS << fmt::format("  {:<{}}", Name, Width);
    for (const AnalysisReport &R : Reports) {
      if (I >= R.Kernels.size()) {
        OS << fmt::format("  {:>22}", "-");
        continue;
      }
      const Estimate &E = R.Kernels[I].Est;
      OS << fmt::format("  {:>22}",
                        formatSeconds(E.TKernelS) + " " + boundName(E.Limit));
    }
    OS << "\n";
  }
}

void printCsv(const AnalysisReport &R, raw_ostream &OS, bool Header) {
  if (Header)
    OS << "profile,file,kernel,suite_id,line,global,local,work_items,alu_ops,"
          "vliw_bundles,tex_fetches,global_loads,global_stores,"
          "global_load_bytes,global_store_bytes,bytes_moved,lds_bytes,"
          "barriers,registers,t_alu_s,t_tex_s,t_mem_s,t_kernel_s,bound,"
          "waves_per_cu,limited_by,findings,assumptions,assumption_list\n";
  for (const KernelResult &K : R.Kernels) {
    const KernelCounts &C = K.Counts;
    const Estimate &E = K.Est;
    const LaunchSpec &L = C.Launch;
    OS << fmt::format(
        "{},{},{},{},{},{},{},{},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},{:.9g},"
        "{:.9g},{:.9g},{:.9g},{:.9g},{},{:.6e},{:.6e},{:.6e},{:.6e},{},{},{},"
        "{},{},{}\n",
        csvField(R.ProfileId), csvField(K.File), csvField(C.Name),
        csvField(K.SuiteId), C.Loc.Line, formatSizes(L.Global, L.Dims),
        L.Local ? formatSizes(*L.Local, L.Dims) : "", L.workItems(), C.aluOps(),
        E.VliwBundles, E.TexFetches, C.GlobalLoads, C.GlobalStores,
        C.GlobalLoadBytes, C.GlobalStoreBytes, E.BytesMoved, C.LocalBytes,
        C.Barriers, C.Registers, E.TAluS, E.TTexS, E.TMemS, E.TKernelS,
        boundName(E.Limit), E.Occ.WavesPerCU, csvField(E.Occ.LimitedBy),
        K.Findings.size(), C.Assumptions.size(), csvField(assumptionList(C)));
  }
}

} // namespace clspread

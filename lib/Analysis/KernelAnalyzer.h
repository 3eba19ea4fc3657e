//===- KernelAnalyzer.h - Per-work-item counts of one kernel ---*- C++ -*-===//
//
// The analysis proper. For one kernel of a compiled unit and one launch:
//
//  1. clone the module and keep only that kernel;
//  2. specialize it to the launch: scalar arguments given with --arg become
//     constants, get_global_size / get_local_size / get_num_groups /
//     get_work_dim become constants;
//  3. run the -O2 pipeline, so loops whose bounds came from the launch get
//     constant trip counts (or are unrolled away);
//  4. give every CFG edge a probability: loop exits from ScalarEvolution's
//     exit counts, branches that depend only on work-item ids counted
//     exactly over the NDRange (IdEvaluator), anything else a stated default
//     recorded in KernelCounts::Assumptions;
//  5. solve the flow equations for executions per work-item of each block;
//  6. count every instruction times its block's executions: ALU lane-ops by
//     class, memory by address space and width, TEX, barriers, atomics;
//  7. describe each global access (stride in dimension 0, buffer) and each
//     buffer's footprint over the NDRange; estimate registers; attribute
//     counts to source lines; build per-block dependence graphs for packing.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_KERNELANALYZER_H
#define CLSPREAD_ANALYSIS_KERNELANALYZER_H

#include "Analysis/KernelCounts.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <array>
#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class DIFile;
}

namespace clspread {

struct AnalyzeOptions {
  LaunchSpec Launch;
  /// False when the user gave no --global: the analyzer picks a default
  /// (1M work-items in the dimensions the kernel uses) and says so.
  bool LaunchGiven = true;
  /// Branches depending only on ids are evaluated for every work-item up to
  /// this many; larger NDRanges are sampled (and say so).
  uint64_t MaxEvaluatedItems = uint64_t(1) << 22;
  /// Trip count assumed for a loop whose count depends on data.
  unsigned DefaultTripCount = 16;
  /// Trip counts the user states where analysis cannot count (`--trip
  /// FILE:LINE=N`, `// clspread: trip N` above the loop), by the line of
  /// the loop's `for`/`while`/`do`.
  std::map<unsigned, uint64_t> TripCounts;
  /// Bytes of buffer arguments, by name, where the launch states them (a
  /// manifest's `buffers:`, --buffer): a buffer whose accesses are not
  /// affine touches at most these (Footprints.h).
  std::map<std::string, uint64_t> BufferBytes;
  /// What a manifest says index buffers hold (`buffers:` range and
  /// order): a load whose address comes from one filled in no order lands
  /// anywhere in that range (GlobalAccess::Scattered).
  std::map<std::string, BufferContents> BufferFills;
  /// Operations the id evaluator compiles at most for one kernel (its
  /// work budget, IdEvaluator::setBudget): a branch whose condition needs
  /// more, or is more than 64 operations deep, gets 50% and an assumption
  /// that says so.
  unsigned MaxIdOperations = 4096;
  /// When set, analyzeKernel() stops soon after this time and returns an
  /// AnalysisTimedOut error. Checked between phases (the optimizer itself
  /// is not interrupted) and inside the long loops of the analysis.
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  /// The LLVM CPU (`x86-64-v3`, `skylake-avx512`) of a CPU profile: the
  /// kernel is also built as a CPU compiler builds it (CpuCode.h). Empty
  /// for GPU profiles.
  std::string CpuTarget;
  /// The local size the driver picks for a launch that leaves it, where
  /// the profile says (Model/DriverLocal.h); the analysis then takes it
  /// as the launch's local size, as it takes reqd_work_group_size.
  std::function<std::optional<std::array<uint64_t, 3>>(const LaunchSpec &)>
      DriverLocal;
};

/// The error analyzeKernel() returns when AnalyzeOptions::Deadline passed:
/// "analysis stopped after its time limit". Tell it from other errors with
/// `E.isA<AnalysisTimedOut>()` or handleErrors().
class AnalysisTimedOut : public llvm::ErrorInfo<AnalysisTimedOut> {
public:
  static char ID;
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
};

/// The path of the source file \p F names: \p Main (the main file's path
/// as the user gave it) when it is that file, else an included file's path
/// in the same style (relative to the working directory, or absolute).
std::string sourcePathOf(const llvm::DIFile &F, const std::string &Main);

/// Names of the kernels (spir_kernel functions) in \p M, in source order.
std::vector<std::string> kernelNames(const llvm::Module &M);

/// Analyzes kernel \p Kernel of \p M (which is not modified). \p File is the
/// path used in assumptions and source locations.
llvm::Expected<KernelCounts> analyzeKernel(const llvm::Module &M,
                                           const std::string &Kernel,
                                           const AnalyzeOptions &Opts);

} // namespace clspread

#endif

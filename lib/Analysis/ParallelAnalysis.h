//===- ParallelAnalysis.h - Several kernels analyzed at once ----*- C++ -*-===//
//
// analyzeKernel() on many kernels, on several threads. A file's kernels
// are independent of each other, and on the largest real files most of the
// time is the optimizer on each one (hashcat's combinator kernels: two
// kernels of about 8 s each), so spare cores can take them side by side.
//
// An LLVMContext, and every module in it, belongs to one thread at a time.
// With more than one thread, each module the jobs name is written to
// bitcode once, and each thread reads its own copy into its own context:
// the analysis sees the same IR and computes the same counts as on the
// original module, in the original order.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_PARALLELANALYSIS_H
#define CLSPREAD_ANALYSIS_PARALLELANALYSIS_H

#include "Analysis/KernelAnalyzer.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// One analyzeKernel() call: kernel \p Kernel of \p M with \p Opts.
struct KernelJob {
  const llvm::Module *M = nullptr;
  std::string Kernel;
  AnalyzeOptions Opts;
};

/// Below this many instructions (all the jobs' modules together, before
/// optimization) the kernels are analyzed one after another: such a file
/// takes milliseconds, and the bitcode copies and threads cost more than
/// they save (`bench/lint_speed.py`: 38.5 ms for load_pattern.cl's three
/// kernels on one thread, 40.3 ms on two). The largest real files have
/// hundreds of thousands.
constexpr size_t ParallelMinInstructions = 20000;

/// The results of analyzeKernel() for each of \p Jobs, in their order, on
/// up to \p Threads threads (the calling thread is one; fewer when there
/// are fewer jobs, or when a thread cannot be started), or on one when the
/// modules have fewer than \p MinInstructions instructions. With one
/// thread the jobs run on the calling thread on the modules themselves.
std::vector<llvm::Expected<KernelCounts>>
analyzeKernels(llvm::ArrayRef<KernelJob> Jobs, unsigned Threads,
               size_t MinInstructions = ParallelMinInstructions);

} // namespace clspread

#endif

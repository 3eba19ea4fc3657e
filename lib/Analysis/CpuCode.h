//===- CpuCode.h - A kernel as a CPU OpenCL compiler builds it --*- C++ -*-===//
//
// PoCL runs a work-group as a loop over its work-items and hands that loop
// to LLVM's optimizer for the host CPU. Work-items become SIMD lanes only
// where LLVM's loop vectorizer takes that loop; a kernel with a loop of
// its own, or written in vector types, runs one work-item at a time, its
// float4 one 4-wide instruction (docs/results/pocl-cpu/vectorize). The
// lane-ops Analysis counts cannot tell these apart, and their times on
// one core differ 23-fold at equal lane-ops.
//
// Rather than guess the vectorizer's decision, cpuCode() builds the same
// loop around the specialized kernel and runs LLVM's -O3 pipeline for the
// profile's x86 CPU (`cpu.target`) on it, then counts what comes out:
// the instructions one work-item issues, the work-items one instruction
// serves, the instructions that wait one after another on a loop's
// recurrence, and the lane-ops of builtins left as library calls.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_CPUCODE_H
#define CLSPREAD_ANALYSIS_CPUCODE_H

#include "Analysis/KernelAnalyzer.h"
#include "Analysis/KernelCounts.h"

#include "llvm/IR/Module.h"

#include <string>

namespace clspread {

/// \p Kernel of \p M (the front end's module), specialized to \p Opts'
/// launch (Opts.CpuTarget names the CPU), as a CPU compiler builds one
/// work-group of it. When it cannot be built, the result's Target is
/// empty and Note says why.
CpuCounts cpuCode(const llvm::Module &M, const std::string &Kernel,
                  const std::vector<KernelArgInfo> &Args,
                  const AnalyzeOptions &Opts);

} // namespace clspread

#endif

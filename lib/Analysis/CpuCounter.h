//===- CpuCounter.h - Counting a CPU compiler's code ----------*- C++ -*-===//
//
// Step 6 of CpuCode.cpp: the work-group function it built, counted by how
// often each instruction runs. SCEV's trip counts (else a stated --trip,
// else SCEV's count at the launch's mean work-item, else the analysis'
// default), block frequency within an iteration, a branch on a
// work-item's ids at the launch's odds (CpuBranchOdds.h); a helper left a
// call counts its own instructions so, per call; and per loop the longest
// path from one iteration to the next, through registers or through a
// store and the next iteration's load.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_CPUCOUNTER_H
#define CLSPREAD_ANALYSIS_CPUCOUNTER_H

#include "Analysis/CpuBranchOdds.h"
#include "Analysis/CpuPorts.h"
#include "Analysis/KernelAnalyzer.h"
#include "Analysis/KernelCounts.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"

namespace clspread {

/// Metadata on the loads and stores of a kernel's loop that waits at a
/// barrier (step 3). PoCL runs each region between barriers for all the
/// group's work-items before the next, so such a loop's steps have the
/// other work-items' regions between them: a value a work-item stores in
/// one step and loads in the next waits for nothing (hotspot's tile,
/// stored after its stencil's barrier). Metadata, because the optimizer
/// keeps an instruction's, where it rebuilds or drops the loop's own.
inline constexpr const char *CpuCutMemoryKind = "clspread.cut";

/// What \p WG, the work-group function, issues, per work-item of
/// \p Shape's groups: Target and PortNote are left to the caller.
/// \p Ports prices the machine code's resources where given;
/// \p Barriers says the kernel waits at a barrier (its work-item loop
/// then carries no chain through memory).
CpuCounts countGroup(llvm::Function &WG, llvm::FunctionAnalysisManager &FAM,
                     const AnalyzeOptions &Opts, const LaunchShape &Shape,
                     const PortModel *Ports, bool Barriers);

} // namespace clspread

#endif

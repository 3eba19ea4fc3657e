//===- LoopSteps.h - Loops stepped by a launch value -----------*- C++ -*-===//
//
// Part of step 2 of KernelAnalyzer.h, read by the load rounds of step 7.
// A work-item keeps several iterations' loads in flight only when the
// device's compiler unrolls the loop and issues them before the first use
// (memory.item_loads_in_flight). It can for a loop that counts by a
// literal (`k++`, `i += 1024`), however many trips, but not for one that
// steps by a value of the launch (`j += get_global_size(0)`, `i += n`): it
// compiles the kernel before any launch, and cannot tell how many
// iterations are left or that the step is not 0. The analysis folds the
// launch into the kernel before optimizing (Specialize.h), so the loops
// are found before that, while the step is still a call or an argument.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_LOOPSTEPS_H
#define CLSPREAD_ANALYSIS_LOOPSTEPS_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Function.h"

namespace clspread {

/// The source lines of \p F's loops (before the launch is folded in)
/// whose loop variable, one an exit compares, is stepped by something
/// other than a literal: each loop's start line and
/// the lines of its exit tests, so that the loop is found again after
/// the optimizer has moved its blocks (launchSteppedAt).
llvm::DenseSet<unsigned> launchSteppedLoopLines(llvm::Function &F);

/// Whether \p Lp, in the optimized kernel, is one of those loops.
bool launchSteppedAt(const llvm::Loop &Lp,
                     const llvm::DenseSet<unsigned> &Lines);

} // namespace clspread

#endif

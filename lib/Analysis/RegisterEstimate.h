//===- RegisterEstimate.h - Registers one work-item needs -------*- C++ -*-===//
//
// Part of step 7 of KernelAnalyzer.h: the most 32-bit registers live at
// once in the optimized kernel, from SSA liveness. Occupancy follows from
// it (how many wavefronts fit a compute unit's register file). Kernel
// arguments are not counted (GPUs keep them in constant memory), nor are
// booleans (predicate registers).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_REGISTERESTIMATE_H
#define CLSPREAD_ANALYSIS_REGISTERESTIMATE_H

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"

namespace clspread {

/// 32-bit registers per work-item of \p F: at least 1.
unsigned estimateRegisters(llvm::Function &F, const llvm::DataLayout &DL);

} // namespace clspread

#endif

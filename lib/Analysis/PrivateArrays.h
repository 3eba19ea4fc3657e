//===- PrivateArrays.h - Private arrays that stay in scratch memory -------===//
//
// For lint's scratch-memory rule: a private array that the optimizer kept
// in memory (an alloca indexed at run time) is scratch memory on GPUs,
// slow as global memory. One indexed only by counters of loops with
// constant trip counts would become registers once those loops are fully
// unrolled, as GPU compilers do: KernelCounts::PrivateArray says which,
// and how many iterations that unrolling takes.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_PRIVATEARRAYS_H
#define CLSPREAD_ANALYSIS_PRIVATEARRAYS_H

#include "Analysis/AnalysisContext.h"
#include "Analysis/BlockFrequency.h"
#include "Analysis/KernelCounts.h"

namespace clspread {

/// Appends to K.PrivateArrays the private arrays that are accessed, in
/// the order of their allocas.
void findPrivateArrays(AnalysisContext &C, const BlockFrequencies &BF,
                       KernelCounts &K);

} // namespace clspread

#endif

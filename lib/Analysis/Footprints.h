//===- Footprints.h - The bytes of each buffer an NDRange touches ---------===//
//
// Part of step 7 of KernelAnalyzer.h. A buffer's footprint is the range of
// bytes its accesses reach over the whole NDRange, from the affine offsets
// of its sites (AffineOffset.h): DRAM traffic for a buffer is bounded by
// it, since stencils re-read their neighbours from cache, not from DRAM.
// An access that is not affine in ids and counted loops makes the
// buffer's footprint unknown (an assumption says so).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_FOOTPRINTS_H
#define CLSPREAD_ANALYSIS_FOOTPRINTS_H

#include "Analysis/AnalysisContext.h"
#include "Analysis/KernelCounts.h"
#include "Analysis/MemoryAccesses.h"

#include <vector>

namespace clspread {

/// Appends to K.Footprints the footprint of every buffer argument that
/// \p Shapes (the sites of K.Accesses, not yet merged) access.
void computeFootprints(AnalysisContext &C,
                       const std::vector<AccessShape> &Shapes, KernelCounts &K);

} // namespace clspread

#endif

//===- FloatPrecision.h - Where a kernel uses double and half arithmetic --===//
//
// For lint's portability rules: double precision needs cl_khr_fp64 (and is
// slow or absent on many GPUs), half arithmetic needs cl_khr_fp16. Found
// on the optimized kernel, so only what runs counts: the first place that
// runs with a double, the first half operation, and how many half lane-ops
// a work-item does. Half as a storage format (vload_half, conversions,
// loads and stores) needs no extension and is not counted.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_FLOATPRECISION_H
#define CLSPREAD_ANALYSIS_FLOATPRECISION_H

#include "Analysis/AnalysisContext.h"
#include "Analysis/BlockFrequency.h"
#include "Analysis/KernelCounts.h"

namespace clspread {

/// Sets K.Fp64Use, K.Fp16Use and K.Fp16Ops.
void findFloatPrecisionUses(AnalysisContext &C, const BlockFrequencies &BF,
                            KernelCounts &K);

} // namespace clspread

#endif

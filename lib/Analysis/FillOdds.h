//===- FillOdds.h - Branch odds on values the launch fills ------*- C++ -*-===//
//
// Part of the block frequencies (BlockFrequency.h). A branch on data is
// assumed taken by half of the work-items, unless the launch says what the
// data is: a suite manifest's `range:` fill (Suite.h, AnalyzeOptions::
// BufferFills) puts values spread evenly over an interval into a buffer,
// as the host's data would be. A comparison of such a loaded value with a
// constant (an argument the launch gives is one by then) is then taken by
// the share of the interval that satisfies it: `nb >= 0` over [-2, 232535]
// by all but 2 of 232538 values.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_FILLODDS_H
#define CLSPREAD_ANALYSIS_FILLODDS_H

#include "Analysis/KernelCounts.h"

#include "llvm/IR/Value.h"

#include <map>
#include <optional>
#include <string>

namespace clspread {

/// The odds that \p Cond is true for one work-item: \p Cond compares a
/// value loaded from a buffer that \p Fills gives a range (through
/// integer and float conversions) with a constant. \p Buffer is set to
/// the buffer's name. nullopt where \p Cond is not such a comparison.
std::optional<double>
fillOdds(const llvm::Value *Cond,
         const std::map<std::string, BufferContents> &Fills,
         std::string &Buffer);

} // namespace clspread

#endif

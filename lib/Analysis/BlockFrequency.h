//===- BlockFrequency.h - Executions per work-item of each block ----------===//
//
// Steps 4 and 5 of KernelAnalyzer.h. Every CFG edge gets a probability:
// loop exits from ScalarEvolution's exit counts (or a count the user
// stated, or a bound it proves), branches that depend only on work-item
// ids counted exactly over the NDRange (IdEvaluator), anything else a
// stated default recorded as an assumption. The flow equations then give
// each block's executions per work-item, averaged over the NDRange.
//
// Everything later is weighted by these figures, so they are computed
// once, first, and handed to the other parts as a result.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_BLOCKFREQUENCY_H
#define CLSPREAD_ANALYSIS_BLOCKFREQUENCY_H

#include "Analysis/AnalysisContext.h"
#include "Analysis/KernelCounts.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/BasicBlock.h"

#include <array>
#include <utility>
#include <vector>

namespace clspread {

struct BlockFrequencies {
  /// Executions per work-item of each block (NDRange average).
  llvm::DenseMap<const llvm::BasicBlock *, double> Freq;
  /// Branches on ids of dimension 0, with the fraction of wavefronts they
  /// split where it could be evaluated, by the block that holds them (the
  /// site's executions are that block's).
  std::vector<std::pair<const llvm::BasicBlock *, BranchSite>> Sites;
  /// Loops taken at a bound ScalarEvolution proves (KernelCounts::TripRanges).
  std::vector<KernelCounts::TripRange> TripRanges;
  /// Loops whose trip count depends on the work-item: the longest item's
  /// trips over the mean ((max + 1) / (mean + 1) executions of the exiting
  /// block per entry), for the longest item's chain (LoadRound).
  llvm::DenseMap<const llvm::Loop *, double> LongestSkew;
  /// Blocks under branches on ids that some work-items take and others do
  /// not (`if (i == 0)`): 1 / the share of items that reach them, the
  /// factor by which an item that does runs them more than the mean.
  llvm::DenseMap<const llvm::BasicBlock *, double> LongestBlockSkew;
  /// Branches and switches on ids whose sides different work-items take:
  /// the blocks only each side leads to. One work-item runs one side, so
  /// the longest item's path takes the heaviest side of each, not all.
  std::vector<std::vector<std::vector<const llvm::BasicBlock *>>>
      ExclusiveSides;
  /// Blocks under branches on ids whose sides split wavefronts, for
  /// wavefronts of 8, 16, 32 and 64 work-items: how many times more often
  /// a wavefront runs them than a work-item does (a wavefront runs a side
  /// when any of its work-items takes it). 1 where absent.
  llvm::DenseMap<const llvm::BasicBlock *, std::array<double, 4>> WaveSkew;
};

/// The block frequencies of the context's kernel. Guesses go to the
/// context's assumptions; when the deadline passes the context says
/// TimedOut and the result is partial.
BlockFrequencies computeBlockFrequencies(AnalysisContext &C);

} // namespace clspread

#endif

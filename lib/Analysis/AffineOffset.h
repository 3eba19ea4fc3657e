//===- AffineOffset.h - Addresses as affine functions of ids and loops ----===//
//
// Part of step 7 of KernelAnalyzer.h. The byte offset of a memory access
// into its buffer, as ScalarEvolution sees it, rewritten as a constant
// plus coefficients of the work-item ids (global, local, group; three
// dimensions) and of the iterations of the loops around the access.
// From it come an access's stride between neighbouring work-items, its
// GlobalAccess::Pattern for the cache model, and buffer footprints.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_AFFINEOFFSET_H
#define CLSPREAD_ANALYSIS_AFFINEOFFSET_H

#include "Analysis/AnalysisContext.h"
#include "Analysis/BlockFrequency.h"
#include "Analysis/KernelCounts.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace clspread {

/// An offset as an affine function of work-item ids and loop iterations.
struct Affine {
  int64_t Const = 0;
  int64_t Gid[3] = {0, 0, 0}, Lid[3] = {0, 0, 0}, Grp[3] = {0, 0, 0};
  std::vector<std::pair<const llvm::Loop *, int64_t>> Iter;
  /// A term from a scalar argument not given with --arg: the same for
  /// every work-item, so the stride is known but the footprint is not.
  bool Symbolic = false;

  bool operator==(const Affine &) const = default;

  void scale(int64_t K) {
    Const *= K;
    for (int D = 0; D < 3; ++D) {
      Gid[D] *= K;
      Lid[D] *= K;
      Grp[D] *= K;
    }
    for (auto &P : Iter)
      P.second *= K;
  }
  void add(const Affine &O) {
    Symbolic |= O.Symbolic;
    Const += O.Const;
    for (int D = 0; D < 3; ++D) {
      Gid[D] += O.Gid[D];
      Lid[D] += O.Lid[D];
      Grp[D] += O.Grp[D];
    }
    for (auto &P : O.Iter) {
      bool Found = false;
      for (auto &Q : Iter)
        if (Q.first == P.first) {
          Q.second += P.second;
          Found = true;
        }
      if (!Found)
        Iter.push_back(P);
    }
  }
  int64_t strideDim0() const { return Gid[0] + Lid[0]; }
};

/// \p S as an Affine: sums, products by constants, affine recurrences of
/// loops, casts, clamps (min/max, the builtins too) and merges of one
/// index computed two ways; nullopt for anything else (data, a product of
/// two variables). A scalar argument not given with --arg is a Symbolic
/// term.
std::optional<Affine> affineOffset(AnalysisContext &C, const llvm::SCEV *S);

/// Iterations per entry of \p Lp: its constant trip count, or the
/// header's frequency over the frequency of the edges that enter it.
double averageTrips(AnalysisContext &C, const BlockFrequencies &BF,
                    const llvm::Loop *Lp);

/// The pattern of an access at offset \p Off in block \p BB: \p Off's id
/// coefficients, and a term for every loop around \p BB, innermost first.
GlobalAccess::Pattern shapeOf(AnalysisContext &C, const BlockFrequencies &BF,
                              const Affine &Off, const llvm::BasicBlock *BB);

} // namespace clspread

#endif

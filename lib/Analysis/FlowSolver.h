//===- FlowSolver.h - Expected block executions from edge probabilities ---===//
//
// A kernel's blocks run f = e + P^T f times per work-item: e is 1 for the
// entry block, P the edge probabilities. The system is solved by sparse
// Gaussian elimination with partial pivoting, so its cost follows the
// control flow's shape: a switch of 20,000 cases is 20,000 short rows, not
// a dense 20,000 x 20,000 matrix (3.2 GB, which is what the dense solve
// this replaces needed).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_FLOWSOLVER_H
#define CLSPREAD_ANALYSIS_FLOWSOLVER_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <utility>
#include <vector>

namespace clspread {

/// Solves f[i] = [i == Entry] + sum over edges (j -> i) of p(j -> i) f[j]
/// for the \p Out.size() blocks, where Out[j] lists (i, p) pairs. A block
/// that cannot be left (its equation singular) gets 0. \p Stop is asked
/// now and then; when it says true the solve gives up and returns nullopt.
std::optional<std::vector<double>> solveBlockFrequencies(
    const std::vector<std::vector<std::pair<unsigned, double>>> &Out,
    unsigned Entry, llvm::function_ref<bool()> Stop);

} // namespace clspread

#endif

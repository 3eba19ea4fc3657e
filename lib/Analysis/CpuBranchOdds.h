//===- CpuBranchOdds.h - How often the CPU code's branches go each way -*- C++
//-*-===//
//
// Step 6 of CpuCode.cpp counts the built code's instructions by how often
// they run, from LLVM's block frequencies. Where the optimizer left a
// branch no weights, LLVM's own odds (1/2 for most comparisons) would
// run a guarded body for half the work-items, the border of an image as
// often as its inside, and a loop only work-item 0 enters for half of
// them. These are the launch's odds instead: of a work-item's ids taking
// a value, of an ordered comparison of ids over the launch's work-items,
// and of the loop vectorizer's run-time guards (which pass).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_CPUBRANCHODDS_H
#define CLSPREAD_ANALYSIS_CPUBRANCHODDS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Function.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>

namespace clspread {

/// The work-group function CpuCode builds: the kernel's parameters, then
/// a group's first global ids and its group ids (three each).
inline constexpr const char *CpuGroupFn = "clspread.wg";
/// Its work-item loops' counters: lid.x, lid.y, lid.z.
inline constexpr const char *CpuLidName = "lid.";

/// The work-item loops of clspread.wg by dimension (their counters are
/// named CpuLidName + x, y, z, and the optimizer keeps the names, adding
/// a suffix to a copy: `lid.x.us` where it unswitched the loop on a
/// kernel argument, `lid.x12` where a name was taken).
std::map<const llvm::Loop *, unsigned> itemLoops(const llvm::Function &F,
                                                 llvm::LoopInfo &LI);

/// The launch's shape, for how often a work-item's ids take a value.
struct LaunchShape {
  std::array<uint64_t, 3> Global, Local;
};

/// \p S where its leaves have values: an affine loop counter its start
/// plus \p Iteration's steps, an unknown what \p Leaf gives (a group's
/// first ids and its group ids); sums, products, quotients (rounded
/// down), least and greatest of those, casts keeping the value (ids and
/// the sums of ids here stay far within 32 bits). Null where a leaf has
/// none.
std::optional<double> scevValue(
    const llvm::SCEV *S, llvm::ScalarEvolution &SE,
    llvm::function_ref<std::optional<double>(const llvm::SCEVUnknown *)> Leaf,
    llvm::function_ref<std::optional<double>(const llvm::Loop *)> Iteration,
    int Depth = 0);

/// \p F's group parameters (F the work-group function), by what \p Pick
/// makes of a dimension and whether \p U is its first id (else its group
/// id); null for any other unknown.
std::optional<double>
groupParam(const llvm::Function &F, const llvm::SCEVUnknown *U,
           llvm::function_ref<double(unsigned Dim, bool First)> Pick);

/// Whether \p Br leaves \p L on the second visit of L's header at the
/// latest: its condition is a header phi that is one constant on entry and
/// another on the back edge, which takes the branch out of L. The
/// optimizer writes `if (get_local_id(0) == 0)` in the work-item loop so
/// (the first iteration, then out), which SCEV cannot count.
bool exitsOnSecondVisit(const llvm::BranchInst &Br, const llvm::Loop &L);

/// Sets the weights of \p F's branches and switches that the optimizer
/// left none, at the launch's odds (see the file's comment).
void weighBranches(llvm::Function &F, llvm::ScalarEvolution &SE,
                   llvm::LoopInfo &LI, const LaunchShape &Shape);

} // namespace clspread

#endif

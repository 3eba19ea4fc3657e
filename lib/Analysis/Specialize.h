//===- Specialize.h - A kernel specialized to one launch --------*- C++ -*-===//
//
// Step 2 of KernelAnalyzer.h: before the optimizer runs, the launch's
// figures replace what the kernel would read at run time. Scalar arguments
// given with --arg become constants, and so do get_global_size,
// get_local_size, get_num_groups, get_global_offset and get_work_dim; ids
// of dimensions beyond the launch's are 0. The optimizer then folds loop
// bounds that came from the launch into constant trip counts.
//
// Also here: which launch that is when the user gave none (a default
// NDRange over the dimensions the kernel uses), and the local size a
// reqd_work_group_size attribute imposes.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_SPECIALIZE_H
#define CLSPREAD_ANALYSIS_SPECIALIZE_H

#include "Analysis/KernelAnalyzer.h"
#include "Analysis/KernelCounts.h"

#include "llvm/IR/Function.h"
#include "llvm/Support/Error.h"

#include <array>
#include <optional>
#include <vector>

namespace clspread {

/// reqd_work_group_size(X, Y, Z) of kernel \p F, when it has one.
std::optional<std::array<uint64_t, 3>>
reqdWorkGroupSize(const llvm::Function &F);

/// The launch to analyze \p F under: Opts.Launch, or when the user gave no
/// --global (Opts.LaunchGiven false) a default NDRange over the dimensions
/// \p F uses, with an assumption in \p Notes that says so; and \p Reqd as
/// the local size when the launch gives none (a launch must use it).
LaunchSpec launchFor(const llvm::Function &F, const AnalyzeOptions &Opts,
                     const std::optional<std::array<uint64_t, 3>> &Reqd,
                     std::vector<Assumption> &Notes);

/// \p V as a constant of the scalar parameter type \p T (an integer or a
/// floating-point type; nullptr for any other). The value must fit the
/// type: specialize() checks that before it calls this.
llvm::Constant *argConstant(llvm::Type *T, const ArgValue &V);

/// Replaces sizes and scalar arguments of \p F with the launch's constants;
/// adds the bytes of __local pointer arguments sized with --arg to
/// \p LocalArgBytes. A value that does not fit its parameter's type is an
/// error; an --arg that names no parameter, or a __local argument without
/// a size, is a note in \p Assumptions.
llvm::Error specialize(llvm::Function &F,
                       const std::vector<KernelArgInfo> &Args,
                       const LaunchSpec &L,
                       std::vector<Assumption> &Assumptions,
                       uint64_t &LocalArgBytes);

} // namespace clspread

#endif

//===- HelperInlining.h - When helpers are inlined into a kernel ----------===//
//
// GPU compilers inline every call in a kernel, and so does the analysis:
// counts, packing graphs and registers are those of the fully inlined
// kernel. What this file decides is *when* a helper is inlined.
//
// Most helpers are inlined before the optimizer runs (`alwaysinline`), so
// that constants from the launch reach their loops and their private
// pointers are promoted to registers.
//
// A helper that is a pure function of its value arguments and is not
// called inside a loop is deferred instead: it is optimized once, on its
// own, while the kernel is optimized around opaque calls to it, and it is
// inlined afterwards, followed by a short cleanup (Reassociate,
// InstCombine, EarlyCSE, SimplifyCFG) that does what is left across the
// former call boundary: constant arguments reaching arithmetic, common
// subexpressions and factors between the caller and the copies.
//
// "Pure" means: no pointer argument or result, and, with the helpers it
// calls inlined, no loop (a trip count may need the caller's constants),
// no memory but private memory, and no call but to ALU builtins (no
// work-item functions, barriers, atomics or images). median.cl's
// findMedian is pure (the sort3 and cmpSwap it calls take pointers to its
// own variables), and so is rgbToLum. "Not in a loop": an opaque call
// would make a loop body look small to the unroller, which would then
// decide differently than with the helper's body in the loop.
//
// Why: inlined early, a helper is optimized once per call site inside the
// kernel. median_x4 calls findMedian four times; inlined early, the kernel
// was 1851 instructions through five InstCombine runs, about half the time
// of analyzing median.cl (docs/bench.md).
//
// What it changes: on the bundled suite the counts, bundles and strides
// are the same as with early inlining; the register estimate of median_x4
// is 44 instead of 52 (it follows the instruction order, which differs).
// On other kernels the optimizer sees a different IR and may order or
// combine a few instructions differently (phase ordering): on the kernels
// tried while writing this, the ALU lane-op counts were the same, one
// kernel had one VLIW bundle more (an x^2 + x^4 evaluated as two products
// rather than factored), and one had a store's stride resolved where it
// was not before.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_HELPERINLINING_H
#define CLSPREAD_ANALYSIS_HELPERINLINING_H

#include "llvm/IR/Module.h"

namespace clspread {

/// Marks every defined function of \p M other than \p Kernel: deferred
/// helpers (see above) `noinline` until inlineDeferredHelpers(), all others
/// `alwaysinline`. Returns the number of deferred helpers.
unsigned markHelpersForInlining(llvm::Module &M, llvm::Function &Kernel);

/// After the optimizer: inlines the helpers markHelpersForInlining()
/// deferred and cleans up across the former call boundaries. Does nothing
/// when no helper was deferred.
void inlineDeferredHelpers(llvm::Module &M);

} // namespace clspread

#endif

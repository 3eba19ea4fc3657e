//===- CpuBuiltins.h - Builtins as a CPU compiler builds them -*- C++ -*-===//
//-*-===//
//
// Step 3 and 4 of CpuCode.cpp: in the work-group function it builds,
// barriers are dropped and the common builtins become the LLVM operations
// PoCL's library compiles them to, so that LLVM's vectorizers and its x86
// code see what PoCL's see; the rest stay calls that touch no memory.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_CPUBUILTINS_H
#define CLSPREAD_ANALYSIS_CPUBUILTINS_H

#include "llvm/IR/Function.h"

namespace clspread {

/// Lowers \p WG's builtin calls (see the file comment); with \p
/// KeepBarriers, barriers and fences stay (before work-item loops exist).
void lowerCpuBuiltins(llvm::Function &WG, bool KeepBarriers = false);

} // namespace clspread

#endif

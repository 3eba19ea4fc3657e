//===- KernelArgs.h - Kernel arguments from Clang's metadata ---*- C++ -*-===//
//
// What a kernel's parameters are, as the source declares them: names, types
// (typedefs resolved, in OpenCL C spelling), address spaces, struct layouts
// (Clang's kernel_arg_* metadata, -cl-kernel-arg-info), and how the kernel
// body uses each pointer (read, written). Used by analyzeKernel.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_KERNELARGS_H
#define CLSPREAD_ANALYSIS_KERNELARGS_H

#include "Analysis/KernelCounts.h"

#include "llvm/IR/Function.h"

#include <vector>

namespace clspread {

/// Every parameter of kernel \p F from its kernel_arg_* metadata.
std::vector<KernelArgInfo> argumentInfo(const llvm::Function &F);

/// Marks in \p Args whether the optimized kernel \p F reads and writes
/// through each pointer parameter.
void pointerAccess(const llvm::Function &F, std::vector<KernelArgInfo> &Args);

/// Whether parameter \p ArgNo of kernel \p F is declared volatile in the
/// source (its kernel_arg_type_qual). The analysis marks every global
/// access volatile itself, so the IR cannot tell.
bool argDeclaredVolatile(const llvm::Function &F, unsigned ArgNo);

} // namespace clspread

#endif

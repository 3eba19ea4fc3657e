//===- KernelClone.h - One kernel and what it references --------*- C++ -*-===//
//
// The module analyzeKernel specializes and optimizes: one kernel of a
// compiled unit with only the functions and globals it reaches, so that a
// file's cost grows with its kernels, not with their square.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_KERNELCLONE_H
#define CLSPREAD_ANALYSIS_KERNELCLONE_H

#include "llvm/IR/Module.h"

#include <memory>

namespace clspread {

/// A new module with \p Kernel of \p M and what it references (see
/// KernelClone.cpp).
std::unique_ptr<llvm::Module> cloneKernel(const llvm::Module &M,
                                          const llvm::Function &Kernel);

} // namespace clspread

#endif

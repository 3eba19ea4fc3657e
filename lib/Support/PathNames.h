//===- PathNames.h - Paths as reports and keys name them ------*- C++ -*-===//
//
// Paths that must compare equal whatever directory the tool ran in and
// however the user spelled them (baseline keys, SARIF URIs, diff's two
// trees, configuration globs, a plan's include directories): absolute,
// "." and ".." removed, '/' separators, and relative to a directory where
// they lie below it.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_SUPPORT_PATHNAMES_H
#define CLSPREAD_SUPPORT_PATHNAMES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace clspread {

/// \p Path made absolute against the working directory, normalized, with
/// '/' separators.
std::string absolutePath(llvm::StringRef Path);

/// \p Abs (an absolutePath()) relative to the directory \p Dir (also
/// absolute) when it lies below it, else \p Abs itself.
std::string pathBelow(llvm::StringRef Abs, llvm::StringRef Dir);

} // namespace clspread

#endif

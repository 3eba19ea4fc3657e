//===- Git.h - Running git for clspread diff -------------------*- C++ -*-===//
//
// `clspread diff` reads the base side of a change from git: which files
// differ (with git's rename detection) and the tree at the base revision.
// git is run as a subprocess, the way a user would, so every repository
// layout git understands (worktrees, submodules, sparse checkouts) works.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_GIT_H
#define CLSPREAD_DRIVER_GIT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace clspread {

/// Runs `git ARGS` in \p Dir ("" : the working directory) and returns its
/// standard output; an error carrying git's own message when it fails or
/// git is not installed.
llvm::Expected<std::string> runGit(llvm::ArrayRef<std::string> Args,
                                   const std::string &Dir = "");

} // namespace clspread

#endif

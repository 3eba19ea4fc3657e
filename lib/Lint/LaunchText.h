//===- LaunchText.h - Launches written as text: comments and config -------===//
//
// Lint rules about global sizes need the launch. Besides the command line,
// it can be written next to the kernel or in .clspread.yaml, in one syntax:
//
//   // clspread: launch global=4096x4096 local=16x16
//   args=width=4096,height=4096
//   __kernel void median_1(...)
//
//   Launches:
//     median_1: "global=4096x4096 local=16x16 args=width=4096,height=4096"
//
// The comment applies to the kernel directly below it (attribute lines and
// other comment lines between them are allowed).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_LAUNCHTEXT_H
#define CLSPREAD_LINT_LAUNCHTEXT_H

#include "Analysis/Launch.h"
#include "Lint/LintRule.h"

#include "llvm/Support/Error.h"

#include <optional>

namespace clspread {

/// Parses "global=A[xBxC] [local=A[xBxC]] [args=name=value,...]". Errors are
/// plain messages; the caller adds the place.
llvm::Expected<LaunchSpec> parseLaunchText(llvm::StringRef Text);

/// A `// clspread: launch ...` comment found above a kernel.
struct LaunchComment {
  LaunchSpec Launch;
  unsigned Line = 0, Col = 0;
};

/// The launch comment above the kernel declared on line \p KernelLine, or
/// nullopt. A malformed comment is an error `FILE:LINE:COL: error: ...`.
llvm::Expected<std::optional<LaunchComment>>
findLaunchComment(const SourceFile &Src, unsigned KernelLine);

} // namespace clspread

#endif

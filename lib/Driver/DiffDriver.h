//===- DiffDriver.h - clspread diff: what a change costs -------*- C++ -*-===//
//
// Lints the kernels of a change twice, at the base revision and in the
// working tree, and compares their estimates per profile
// (Report/DiffReport.h). The base side is the tree `git archive BASE`
// gives, unpacked into a private temporary directory, so that its
// headers, .clspread.yaml files and manifests are the base's too and
// nothing in the repository is checked out or touched. Each side takes
// each kernel's launch the way lint does (command line, configuration,
// launch comment, manifest). With --against REPORT.json the base side is
// a saved `analyze --format json` report instead.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_DIFFDRIVER_H
#define CLSPREAD_DRIVER_DIFFDRIVER_H

#include "Driver/LintDriver.h"
#include "Report/DiffReport.h"

namespace clspread {

struct DiffRequest {
  std::string Base;    ///< a git revision ("" with Against)
  std::string Against; ///< a saved analyze JSON report
  /// Files to compare; empty: the .cl files that differ from the base
  /// (renames followed, untracked ones included) and those of manifest
  /// entries whose file or launch changed.
  std::vector<std::string> Files;
  std::vector<std::string> Profiles; ///< empty: each file's lint profile
  LintRequest Lint; ///< build and launch flags; Files are set per side
};

/// Fills \p Out; returns 0 when it was filled (whatever changed), 2 for
/// bad input (an unknown revision, a file that does not compile now).
int runDiff(const DiffRequest &Req, DiffReport &Out, llvm::raw_ostream &Errs);

} // namespace clspread

#endif

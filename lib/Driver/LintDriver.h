//===- LintDriver.h - clspread lint, end to end --------------*- C++ -*-===//
//
// For each file (in parallel, output in input order): find its
// .clspread.yaml, choose the profile and the rules, compile it once, and for
// each kernel take the launch from the first place that has one -- the
// command line, the configuration's Launches, a `// clspread: launch`
// comment above the kernel, the suite manifest in the file's directory (or
// --suite) --, analyze, estimate and run the rules; then apply NOLINT
// comments and WarningsAsErrors. A kernel that does not compile yields
// Clang's diagnostics as findings (clang-diagnostic-error / -warning).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_LINTDRIVER_H
#define CLSPREAD_DRIVER_LINTDRIVER_H

#include "Analysis/Launch.h"
#include "Frontend/OpenCLFrontend.h"
#include "Lint/LintConfig.h"
#include "Lint/LintRule.h"
#include "Report/FindingPrinters.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace clspread {

struct LintRequest {
  std::vector<std::string> Files;
  FrontendOptions Frontend;           ///< -D, -I, -cl-std, extra args
  bool ClStdGiven = false;            ///< --cl-std on the command line
  std::optional<std::string> Profile; ///< --profile
  LaunchSpec Launch;                  ///< --global/--local/--arg
  bool LaunchGiven = false;
  std::vector<TripOption> Trips;    ///< --trip FILE:LINE=N
  std::vector<std::string> Kernels; ///< --kernel
  std::optional<std::string> Rules; ///< --rules
  std::optional<std::string> WarningsAsErrors;
  std::string ConfigPath;     ///< --config; "" : walk up
  std::string SuitePath;      ///< --suite; "" : suite.yaml beside
  unsigned Jobs = 0;          ///< 0: every core
  double TimeoutSeconds = 60; ///< --timeout per file; 0: none
  bool Verbose = false;
  /// --baseline: report only findings not in it (Lint/Baseline.h); ""
  /// takes each file's configuration's Baseline:, if any.
  std::string BaselinePath;
  /// --write-baseline: record every finding there instead (no baseline is
  /// applied).
  std::string WriteBaselinePath;
  /// Keep each analyzed kernel (LintedKernel) for the caller: diff
  /// estimates them on its profiles.
  bool KeepKernels = false;
};

/// A kernel lint analyzed: its counts at the launch lint found for it.
struct LintedKernel {
  std::string File;       ///< as linted
  std::string ProfileArg; ///< the profile lint used for the file
  KernelCounts Counts;    ///< Counts.Loc: the kernel's declaration
  LaunchOrigin Origin = LaunchOrigin::None;
  std::string LaunchFrom; ///< "k.cl:3", a configuration's path, ...
};

/// Lints every file. Input problems (unreadable files, bad configuration or
/// profile) are printed to \p Errs and make the result 2; findings go to
/// \p Out. \p VerboseLog gets --verbose lines (skipped rules, launch
/// origins), in input order.
int runLint(const LintRequest &Req, LintOutput &Out, llvm::raw_ostream &Errs,
            std::vector<std::string> &VerboseLog,
            std::vector<LintedKernel> *Kernels = nullptr);

/// --write-baseline: the findings of \p Out (from runLint) recorded in
/// Req.WriteBaselinePath, with the entries of files this run did not lint
/// kept from the old file. Prints what it wrote to \p Errs; returns the
/// exit code (2 for a bad old file, 3 when it cannot be written).
int writeLintBaseline(const LintRequest &Req, const LintOutput &Out,
                      llvm::raw_ostream &Errs);

/// The effective configuration for \p File as YAML (--dump-config): the
/// profile, the rules and every selected rule's options with their values.
/// Returns 2 and prints to \p Errs when the configuration does not load.
int dumpLintConfig(const LintRequest &Req, const std::string &File,
                   llvm::raw_ostream &OS, llvm::raw_ostream &Errs);

} // namespace clspread

#endif

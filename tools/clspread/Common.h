//===- Common.h - Helpers that several clspread commands share --*- C++ -*-===//
//
// Each command (analyze, lint, validate, ...) reads the same kinds of flags
// and writes its output the same way; these helpers keep the wording of
// their errors and the exit codes (docs/cli.md) identical across commands.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_TOOLS_COMMON_H
#define CLSPREAD_TOOLS_COMMON_H

#include "Analysis/Launch.h"
#include "Driver/AnalyzeDriver.h"
#include "Lint/Finding.h"
#include "Model/DeviceProfile.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// The tool's version, in --version and in every report.
inline constexpr const char *Version = "0.1.0";

/// --fail-on: the least severity that makes the exit code 1; "never" is
/// nullopt.
std::optional<Severity> failOnSeverity(const std::string &S);

/// 1 when a finding reaches \p FailOn, else 0.
int findingsExit(const std::vector<const Finding *> &Findings,
                 std::optional<Severity> FailOn);

/// Parses each --trip FILE:LINE=N; prints the problem and returns false on
/// bad text.
bool parseTrips(const std::vector<std::string> &Texts,
                std::vector<TripOption> &Out);

/// Parses --global/--local/--arg into \p L; prints the problem and returns
/// false on bad text. \p RequireDivides: OpenCL 1.2's rule that the local
/// size divides the global one (analyze); lint reports it as a finding.
bool parseLaunchFlags(const std::string &Global, const std::string &Local,
                      const std::vector<std::string> &ArgList,
                      bool RequireDivides, LaunchSpec &L, bool &Given);

/// Prints \p E, an output that could not be written, and returns its exit
/// code (3, ExitOutput; other errors 2).
int outputFailed(llvm::Error E);

/// Standard output directly (colours on a terminal), a file whole or not
/// at all (Support/OutputFile.h): a failed or interrupted run never leaves
/// a half-written output or loses the previous one.
int emit(const std::string &Path,
         llvm::function_ref<void(llvm::raw_ostream &)> Print);

/// Refuses an output that is a directory or one of the run's inputs
/// (`lint k.cl -o k.cl` once replaced the kernel with its findings),
/// before any work: prints why and returns false.
bool outputAllowed(const std::string &Path, std::vector<std::string> Inputs);

/// The profile an id or path names; prints the error (with its
/// file:line:col) and returns nothing when it does not load.
std::optional<DeviceProfile> loadProfile(const std::string &IdOrPath);

/// The runner flags that measure, validate and calibrate pass on to
/// clspread-run as they were given (the runner checks them, so its own
/// errors reach the user unchanged).
struct RunnerFlags {
  std::string Platform, Device, Repeats, MinTime;

  /// Declares --platform, --device, --repeats and --min-time on \p Sub
  /// (measure and validate; calibrate words its help more briefly).
  void declare(CLI::App &Sub);

  /// `--platform P --device D ...` for the flags that were given, in that
  /// order.
  std::vector<std::string> args() const;
};

} // namespace clspread

#endif

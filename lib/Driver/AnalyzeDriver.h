//===- AnalyzeDriver.h - The analyze pipeline, end to end ------*- C++ -*-===//
//
// Frontend -> Analysis -> Model for a list of files with one launch, or for
// every entry of a suite manifest with its own launch. The CLI only parses
// flags into AnalyzeRequest and prints the AnalysisReport.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_ANALYZEDRIVER_H
#define CLSPREAD_DRIVER_ANALYZEDRIVER_H

#include "Analysis/Launch.h"
#include "Frontend/OpenCLFrontend.h"
#include "Model/DeviceProfile.h"
#include "Report/AnalysisReport.h"
#include "Suite/Suite.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace clspread {

/// Documented exit codes (README, docs/cli.md).
enum ExitCode : int {
  ExitOk = 0,
  ExitCompileError = 1, ///< a kernel did not compile (Clang's diagnostics)
  ExitFindings = 1,     ///< a finding reached --fail-on (lint, analyze)
  ExitUsage = 2,        ///< bad flags, profile, manifest or kernel name
  ExitOutput = 3,       ///< an output could not be written (it is unchanged)
};

struct AnalyzeRequest {
  std::vector<std::string> Files;             ///< empty: the suite
  std::string SuitePath;                      ///< "" : a bundled manifest
  std::string BundledManifest = "suite.yaml"; ///< which bundled manifest
  bool Quick = false;                ///< suite entries at their quick launch
  std::vector<std::string> SuiteIds; ///< subset of suite entries
  std::vector<std::string> Kernels;  ///< --kernel: subset by name
  LaunchSpec Launch;
  bool LaunchGiven = false;
  std::vector<TripOption> Trips; ///< --trip FILE:LINE=N
  /// --buffer NAME=SIZE: buffer sizes in bytes for files, where the access
  /// analysis cannot derive them (what a manifest's `buffers:` gives).
  std::map<std::string, uint64_t> BufferBytes;
  FrontendOptions Frontend; ///< File is filled per file
  /// -j: kernels of a file analyzed at once; 0: one per core.
  unsigned Jobs = 0;
};

/// The trip counts stated for \p File: its `// clspread: trip N` comments,
/// overridden by the --trip options whose file is this one. A malformed
/// comment is an error `FILE:LINE:COL: error: ...`.
llvm::Expected<std::map<unsigned, uint64_t>>
tripCountsFor(const std::string &File, const std::string &Source,
              const std::vector<TripOption> &Given);

/// Runs the pipeline. Diagnostics (Clang's, gcc style) go to \p Diags.
/// Returns the exit code; \p Report holds every kernel that succeeded.
int runAnalyze(const AnalyzeRequest &Req, const DeviceProfile &Profile,
               AnalysisReport &Report, llvm::raw_ostream &Diags);

/// The error for an --arg that none of \p Report's kernels has as a scalar
/// or __local parameter ("" when every name is some kernel's).
std::string unknownArgs(const LaunchSpec &Launch, const AnalysisReport &Report);

/// Prints "clspread: error: MESSAGE" the one way the tool does.
/// The options a runner passes to clBuildProgram for the same build as
/// \p FO ("-cl-std=CL1.2 -DITEMS=4 -Iinc ..."); also the key under which
/// a build is cached.
std::string buildOptionsOf(const FrontendOptions &FO);

void printError(llvm::raw_ostream &OS, const llvm::Twine &Message);

} // namespace clspread

#endif

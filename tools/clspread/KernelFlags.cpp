//===- KernelFlags.cpp - Flags analyze, plan and measure share ------------===//
//
// The checks run in the order the single run() of main.cpp ran them, so
// that a command line with several mistakes still reports the same one.
//
//===----------------------------------------------------------------------===//
#include "KernelFlags.h"

#include "Common.h"

#include "Suite/Suite.h"
#include "Support/Quantity.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Process.h"

#include <algorithm>

using namespace clspread;

void KernelFlags::declare(CLI::App &Sub, bool OneProfile) {
  Sub.add_option("files", Req.Files, "OpenCL C files (default: the suite)");
  if (OneProfile)
    Sub.add_option("-p,--profile", ProfileArg,
                   "Bundled profile id or a profile YAML file (default "
                   "hd4870; measure: pocl-cpu, the default device's)");
  Sub.add_option("-g,--global", Global, "Global size, e.g. 2048x2048");
  Sub.add_option("-l,--local", Local, "Local size, e.g. 16x16");
  Sub.add_option("-a,--arg", ArgList,
                 "Scalar argument value (name=value), or the bytes of a "
                 "__local pointer argument; repeatable")
      ->allow_extra_args(false);
  Sub.add_option("--buffer", BufferList,
                 "Buffer size where the accesses do not give it (it also "
                 "bounds what they touch): NAME=SIZE (\"16 MiB\", 4096); "
                 "repeatable")
      ->allow_extra_args(false);
  Sub.add_option("--trip", TripList,
                 "Trip count of a loop analysis cannot count: "
                 "FILE:LINE=N (LINE: the loop's first line); repeatable")
      ->allow_extra_args(false);
  Sub.add_option("-k,--kernel", Req.Kernels,
                 "Only this kernel; repeatable (default: all)")
      ->allow_extra_args(false);
  Sub.add_option("-o,--output", Output, "Write to a file (atomically)");
  Sub.add_option("-D", Req.Frontend.Defines, "Define a macro (-DNAME=VALUE)")
      ->allow_extra_args(false);
  Sub.add_option("-I", Req.Frontend.IncludeDirs, "Include directory")
      ->allow_extra_args(false);
  Sub.add_option("--cl-std", ClStd,
                 "OpenCL C version: CL1.2, CL2.0 or CL3.0 (also -cl-std=)")
      ->capture_default_str();
  Sub.add_option("--suite", Req.SuitePath,
                 "Suite manifest (default: the bundled kernels/suite.yaml)");
  Sub.add_option("--entry", Req.SuiteIds, "Only this suite entry; repeatable")
      ->allow_extra_args(false);
  Sub.add_flag("--quick", Req.Quick,
               "Use the suite's small launches (as CI runs them)");
  Sub.add_option("-j,--jobs", Req.Jobs,
                 "Kernels of a file analyzed at once (default: every "
                 "core)");
  Sub.add_option("--max-instructions", Req.Frontend.MaxInstructions,
                 "Refuse sources larger than N LLVM instructions before "
                 "optimization")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  Sub.footer("Arguments after `--` are passed to Clang unchanged.");
}

bool KernelFlags::outputAllowed(
    const std::vector<std::string> &Profiles) const {
  std::vector<std::string> Inputs = Req.Files;
  Inputs.insert(Inputs.end(), Profiles.begin(), Profiles.end());
  Inputs.insert(Inputs.end(), {ProfileArg, Req.SuitePath});
  return clspread::outputAllowed(Output, Inputs);
}

bool KernelFlags::finish(const Invocation &Inv) {
  if (!parseLaunchFlags(Global, Local, ArgList, /*RequireDivides=*/true,
                        Req.Launch, Req.LaunchGiven) ||
      !parseTrips(TripList, Req.Trips))
    return false;
  for (const std::string &B : BufferList) {
    auto [Name, Size] = llvm::StringRef(B).split('=');
    auto Bytes = parseByteCount(Size.trim());
    if (Name.empty() || Size.empty() || !Bytes) {
      printError(llvm::errs(), "bad --buffer '" + B +
                                   "' (expected NAME=SIZE, e.g. data=16MiB "
                                   "or data=4096)");
      return false;
    }
    Req.BufferBytes[Name.trim().str()] = *Bytes;
  }
  if (!Req.Files.empty() &&
      (Req.Quick || !Req.SuiteIds.empty() || !Req.SuitePath.empty())) {
    printError(llvm::errs(),
               "--suite, --entry and --quick apply to suite runs (no files)");
    return false;
  }
  if (Req.Files.empty() &&
      (Req.LaunchGiven || !ArgList.empty() || !BufferList.empty())) {
    printError(llvm::errs(), "--global/--local/--arg/--buffer apply to files; "
                             "suite entries carry their own launches");
    return false;
  }
  Req.Frontend.ClStd = ClStd;
  Req.Frontend.ExtraArgs = Inv.ClangArgs;
  Req.Frontend.ColorDiagnostics = llvm::sys::Process::StandardErrHasColors();
  return true;
}

bool KernelFlags::analyze(const std::vector<std::string> &ProfileIds,
                          AnalyzedRun &Run) const {
  // Every profile loads before any analysis: a misspelt second profile
  // fails at once, not after the first device's work.
  for (const std::string &Id : ProfileIds) {
    auto P = loadProfile(Id);
    if (!P) {
      Run.Code = ExitUsage;
      return false;
    }
    Run.Devices.push_back(std::move(*P));
  }
  Run.Reports.resize(Run.Devices.size());
  for (size_t I = 0; I < Run.Devices.size(); ++I) {
    Run.Reports[I].ToolVersion = Version;
    int C = runAnalyze(Req, Run.Devices[I], Run.Reports[I],
                       I == 0 ? llvm::errs() : llvm::nulls());
    if (C != ExitOk && Run.Reports[I].Kernels.empty()) {
      Run.Code = C;
      return false;
    }
    Run.Code = std::max(Run.Code, C);
  }
  // An input error leaves the report incomplete: a file given with -o
  // keeps its previous content.
  return !(Run.Code == ExitUsage && !Output.empty() && Output != "-");
}

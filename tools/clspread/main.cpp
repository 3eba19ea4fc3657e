//===- main.cpp - The clspread command line ---------------------------------===//
//
// Flags and wiring only: parses the command line with CLI11, loads the
// profile, hands an AnalyzeRequest to the driver and prints the report in
// the chosen format. Exit codes: 0 ok, 1 a kernel did not compile, 2 bad
// usage or input (docs/cli.md).
//
//===----------------------------------------------------------------------===//
#include "Driver/AnalyzeDriver.h"
#include "Driver/CalibrateDriver.h"
#include "Support/InputFile.h"
#include "Support/OutputFile.h"
#include "Driver/LintDriver.h"
#include "Driver/MeasureCommand.h"
#include "Report/WhatIfPage.h"
#include "Driver/PlanWriter.h"
#include "Driver/ValidateDriver.h"
#include "Model/DeviceProfile.h"
#include "Lint/GlobList.h"
#include "Lint/RuleRegistry.h"
#include "Report/AnalysisReport.h"
#include "Report/FindingPrinters.h"
#include "Report/ProfileReport.h"
#include "Report/Workbook.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdlib>
#include <ctime>
#include <new>
#include <unistd.h>
#include <string>
#include <vector>

using namespace clspread;

/// A directory name under the working directory that does not exist yet:
/// PREFIX-YYYYMMDD-HHMMSS, with -2, -3 ... if two runs share a second. A
/// default output never overwrites earlier results (from a clone of this
/// repository, docs/results/ holds the committed ones).
static std::string freshOutDir(const std::string &Prefix) {
  std::time_t Now = std::time(nullptr);
  char Stamp[32];
  std::strftime(Stamp, sizeof Stamp, "%Y%m%d-%H%M%S", std::localtime(&Now));
  std::string Dir = Prefix + "-" + Stamp;
  for (int N = 2; llvm::sys::fs::exists(Dir); ++N)
    Dir = Prefix + "-" + Stamp + "-" + std::to_string(N);
  return Dir;
}

/// --fail-on: the least severity that makes the exit code 1; "never" is
/// nullopt.
static std::optional<Severity> failOnSeverity(const std::string &S) {
  if (S == "note")
    return Severity::Note;
  if (S == "warning")
    return Severity::Warning;
  if (S == "error")
    return Severity::Error;
  return std::nullopt;
}

/// 1 when a finding reaches \p FailOn, else 0.
static int findingsExit(const std::vector<const Finding *> &Findings,
                        std::optional<Severity> FailOn) {
  if (!FailOn)
    return ExitOk;
  for (const Finding *F : Findings)
    if (F->Sev >= *FailOn)
      return ExitFindings;
  return ExitOk;
}

/// Parses each --trip FILE:LINE=N; prints the problem and returns false on
/// bad text.
static bool parseTrips(const std::vector<std::string> &Texts,
                       std::vector<TripOption> &Out) {
  for (const std::string &T : Texts) {
    auto O = parseTripOption(T);
    if (!O) {
      printError(llvm::errs(), "bad --trip '" + T +
                                   "' (expected FILE:LINE=N, N a positive "
                                   "integer)");
      return false;
    }
    Out.push_back(*O);
  }
  return true;
}

/// Parses --global/--local/--arg into \p L; prints the problem and returns
/// false on bad text. \p RequireDivides: OpenCL 1.2's rule that the local
/// size divides the global one (analyze); lint reports it as a finding.
static bool parseLaunchFlags(const std::string &Global, const std::string &Local,
                             const std::vector<std::string> &ArgList,
                             bool RequireDivides, LaunchSpec &L, bool &Given) {
  if (!Global.empty()) {
    auto G = parseSizes(Global, L.Dims);
    if (!G) {
      printError(llvm::errs(), "bad --global '" + Global +
                                   "' (expected sizes like 1024 or 2048x2048)");
      return false;
    }
    if (!workItemsFit(*G, L.Dims)) {
      printError(llvm::errs(), "--global " + Global +
                                   " is 2^40 or more work-items; clspread "
                                   "takes fewer");
      return false;
    }
    L.Global = *G;
    Given = true;
  }
  if (!Local.empty()) {
    unsigned LDims = 0;
    auto Lo = parseSizes(Local, LDims);
    if (!Lo) {
      printError(llvm::errs(), "bad --local '" + Local + "'");
      return false;
    }
    if (Given && LDims != L.Dims) {
      printError(llvm::errs(), "--local has " + std::to_string(LDims) +
                                   " dimensions, --global has " +
                                   std::to_string(L.Dims));
      return false;
    }
    for (unsigned D = 0; D < 3 && Given && RequireDivides; ++D)
      if (L.Global[D] % (*Lo)[D]) {
        printError(llvm::errs(), "--local " + Local + " does not divide --global " +
                                     Global + " (OpenCL 1.2 needs it to)");
        return false;
      }
    L.Local = *Lo;
  }
  for (const std::string &A : ArgList) {
    auto P = parseArg(A);
    if (!P) {
      printError(llvm::errs(), "bad --arg '" + A + "' (expected name=value)");
      return false;
    }
    // An integer too large for 64 bits would be read as a float and then
    // converted back, wrapped (tests/bad-input).
    llvm::StringRef V(P->second.Text);
    V.consume_front("-") || V.consume_front("+");
    bool Hex = V.consume_front_insensitive("0x");
    if (P->second.IsFloat && !V.empty() &&
        V.find_first_not_of(Hex ? "0123456789abcdefABCDEF" : "0123456789") ==
            llvm::StringRef::npos) {
      printError(llvm::errs(), "--arg " + A +
                                   ": the integer does not fit in 64 bits");
      return false;
    }
    L.Args[P->first] = P->second;
  }
  return true;
}

static const char *const Version = "0.1.0";

/// Prints \p E, an output that could not be written, and returns its exit
/// code (3, ExitOutput; other errors 2).
static int outputFailed(llvm::Error E) {
  int Code = E.isA<OutputError>() ? ExitOutput : ExitUsage;
  printError(llvm::errs(), llvm::toString(std::move(E)));
  return Code;
}

/// Standard output directly (colours on a terminal), a file whole or not
/// at all (Support/OutputFile.h): a failed or interrupted run never leaves
/// a half-written output or loses the previous one.
static int emit(const std::string &Path,
                llvm::function_ref<void(llvm::raw_ostream &)> Print) {
  if (Path.empty() || Path == "-") {
    Print(llvm::outs());
    llvm::outs().flush();
    if (llvm::outs().has_error()) { // a full disk behind a redirection
      std::error_code EC = llvm::outs().error();
      llvm::outs().clear_error();
      return outputFailed(llvm::make_error<OutputError>("standard output",
                                                        EC.message()));
    }
    return ExitOk;
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  Print(OS);
  OS.flush();
  if (llvm::Error E = writeOutput(Path, Text))
    return outputFailed(std::move(E));
  return ExitOk;
}

/// Writes \p R as a workbook (Report/Workbook.h), whole or not at all.
static int emitWorkbook(const std::string &Path,
                        const std::vector<ProfiledReport> &Reports,
                        const ReportOptions &O) {
  if (llvm::Error E = writeWorkbook(Reports, O, Path))
    return outputFailed(std::move(E));
  return ExitOk;
}

/// Refuses an output that is a directory or one of the run's inputs
/// (issue 17: `lint k.cl -o k.cl` replaced the kernel with its findings),
/// before any work: prints why and returns false.
static bool outputAllowed(const std::string &Path,
                          std::vector<std::string> Inputs) {
  if (auto Problem = outputProblem(Path, Inputs)) {
    printError(llvm::errs(), *Problem);
    return false;
  }
  return true;
}

/// The profile an id or path names; prints the error (with its
/// file:line:col) and returns nothing when it does not load.
static std::optional<DeviceProfile> loadProfile(const std::string &IdOrPath) {
  if (auto Problem = yamlFileProblem(IdOrPath, "profile")) {
    printError(llvm::errs(), *Problem);
    return std::nullopt;
  }
  auto P = findProfile(IdOrPath);
  if (!P) {
    llvm::errs() << llvm::toString(P.takeError()) << "\n";
    return std::nullopt;
  }
  return std::move(*P);
}

/// Out of memory (an input far larger than any kernel, or a limit set with
/// ulimit -v): one error line and exit 2, at once, from whichever thread
/// ran out. No unwinding: LLVM is built without exceptions.
static void outOfMemory() {
  static const char Message[] = "clspread: error: out of memory\n";
  [[maybe_unused]] auto N = ::write(2, Message, sizeof Message - 1);
  std::_Exit(ExitUsage);
}

static int run(int argc, char **argv);

/// The words after `--`: Clang options to \p Clang (with the value of one
/// that takes a separate word, `-D X`, `-I dir`, `-Xclang x`), every other
/// word to \p Files.
static void splitAfterDoubleDash(llvm::ArrayRef<const char *> Words,
                                 std::vector<std::string> &Clang,
                                 std::vector<std::string> &Files) {
  for (size_t I = 0; I < Words.size(); ++I) {
    llvm::StringRef W = Words[I];
    if (!W.starts_with("-") || W == "-") {
      Files.push_back(W.str());
      continue;
    }
    Clang.push_back(W.str());
    if (clangOptionTakesValue(W) && I + 1 < Words.size())
      Clang.push_back(Words[++I]);
  }
}

int main(int argc, char **argv) {
  std::set_new_handler(outOfMemory);
  return run(argc, argv);
}

static int run(int argc, char **argv) {
  // Clang-style spellings that CLI11 cannot take directly: `-cl-std=CL2.0`
  // becomes `--cl-std=CL2.0`. After `--`, options go to Clang and the
  // other words are files: pre-commit appends the files it checks after
  // the hook's `args:`, which may end in `-- -DX` (docs/cli.md).
  std::vector<std::string> Args;
  std::vector<std::string> ClangArgs;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    if (A == "--") {
      splitAfterDoubleDash({argv + I + 1, argv + argc}, ClangArgs, Args);
      break;
    }
    if (A.rfind("-cl-std=", 0) == 0)
      A = "-" + A;
    Args.push_back(A);
  }
  std::reverse(Args.begin(), Args.end()); // CLI11 takes them reversed

  CLI::App App{"clspread: static performance model and linter for OpenCL C "
               "kernels"};
  App.set_version_flag("--version", std::string("clspread ") + Version);
  App.require_subcommand(1);

  // analyze
  AnalyzeRequest Req;
  std::string ProfileArg = DefaultProfileId, Format = "table", Output;
  std::string Global, Local, ClStd = "CL1.2";
  std::vector<std::string> ArgList, TripList, BufferList;
  bool Lines = false;
  CLI::App *Analyze = App.add_subcommand(
      "analyze", "Estimate kernels on a device profile (default: the bundled "
                 "suite on the default profile)");
  CLI::App *Plan = App.add_subcommand(
      "plan", "Write the launch plan clspread-run measures (default: the "
              "bundled suite)");
  CLI::App *MeasureCmd = App.add_subcommand(
      "measure", "Analyze, run on an OpenCL device now (default: PoCL) and "
                 "print each estimate beside the measured time");
  std::string MeasureFormat = "table";
  MeasureOptions MeasureOpts;
  std::string MPlatform, MDevice, MRepeats, MMinTime;
  MeasureCmd->add_option("-f,--format", MeasureFormat, "table or json")
      ->check(CLI::IsMember({"table", "json"}))
      ->capture_default_str();
  MeasureCmd->add_option("--platform", MPlatform, "Runner: platform index or name");
  MeasureCmd->add_option("--device", MDevice, "Runner: device index or name");
  MeasureCmd->add_option("--repeats", MRepeats, "Runner: exact launches per kernel");
  MeasureCmd->add_option("--min-time", MMinTime, "Runner: seconds of kernel time");
  MeasureCmd->add_option("--runner", MeasureOpts.RunnerPath,
                         "clspread-run to use (default: beside clspread)");
  // analyze, plan and measure read the same kernels and launches.
  // analyze takes several profiles (one estimate per kernel per device).
  std::vector<std::string> AnalyzeProfiles;
  Analyze
      ->add_option("-p,--profile", AnalyzeProfiles,
                   "Bundled profile id or a profile YAML file; several, "
                   "comma-separated or repeated, give one estimate per "
                   "device (default hd4870)")
      ->delimiter(',')
      ->allow_extra_args(false);
  for (CLI::App *Sub : {Analyze, Plan, MeasureCmd}) {
    Sub->add_option("files", Req.Files, "OpenCL C files (default: the suite)");
    if (Sub != Analyze)
      Sub->add_option("-p,--profile", ProfileArg,
                      "Bundled profile id or a profile YAML file (default "
                      "hd4870; measure: pocl-cpu, the default device's)");
    Sub->add_option("-g,--global", Global, "Global size, e.g. 2048x2048");
    Sub->add_option("-l,--local", Local, "Local size, e.g. 16x16");
    Sub->add_option("-a,--arg", ArgList,
                    "Scalar argument value (name=value), or the bytes of a "
                    "__local pointer argument; repeatable")
        ->allow_extra_args(false);
    Sub->add_option("--buffer", BufferList,
                    "Buffer size where the accesses do not give it: "
                    "NAME=SIZE (\"16 MiB\", 4096); repeatable")
        ->allow_extra_args(false);
    Sub->add_option("--trip", TripList,
                    "Trip count of a loop analysis cannot count: "
                    "FILE:LINE=N (LINE: the loop's first line); repeatable")
        ->allow_extra_args(false);
    Sub->add_option("-k,--kernel", Req.Kernels,
                    "Only this kernel; repeatable (default: all)")
        ->allow_extra_args(false);
    Sub->add_option("-o,--output", Output, "Write to a file (atomically)");
    Sub->add_option("-D", Req.Frontend.Defines, "Define a macro (-DNAME=VALUE)")
        ->allow_extra_args(false);
    Sub->add_option("-I", Req.Frontend.IncludeDirs, "Include directory")
        ->allow_extra_args(false);
    Sub->add_option("--cl-std", ClStd,
                    "OpenCL C version: CL1.2, CL2.0 or CL3.0 (also -cl-std=)")
        ->capture_default_str();
    Sub->add_option("--suite", Req.SuitePath,
                    "Suite manifest (default: the bundled kernels/suite.yaml)");
    Sub->add_option("--entry", Req.SuiteIds,
                    "Only this suite entry; repeatable")
        ->allow_extra_args(false);
    Sub->add_flag("--quick", Req.Quick,
                  "Use the suite's small launches (as CI runs them)");
    Sub->add_option("-j,--jobs", Req.Jobs,
                    "Kernels of a file analyzed at once (default: every "
                    "core)");
    Sub->add_option("--max-instructions", Req.Frontend.MaxInstructions,
                    "Refuse sources larger than N LLVM instructions before "
                    "optimization")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    Sub->footer("Arguments after `--` are passed to Clang unchanged.");
  }
  Analyze->add_option("-f,--format", Format, "table, json, csv, html or xlsx")
      ->check(CLI::IsMember({"table", "json", "csv", "html", "xlsx"}))
      ->capture_default_str();
  Analyze->add_flag("--lines", Lines, "Counts per source line");
  std::string FailOn = "error";
  Analyze->add_option("--fail-on", FailOn,
                      "Exit 1 when a finding has this severity or worse: "
                      "note, warning, error or never")
      ->check(CLI::IsMember({"note", "warning", "error", "never"}))
      ->capture_default_str();

  // lint
  LintRequest LReq;
  std::string LProfile, LFormat = "text", LOutput, LColor = "auto",
                        LFailOn = "error", LGlobal, LLocal, LClStd = "CL1.2",
                        LRules, LWAE;
  std::vector<std::string> LArgs;
  unsigned LJobs = 0;
  bool ListRules = false, DumpConfig = false;
  CLI::App *Lint = App.add_subcommand(
      "lint", "Findings about kernel sources: what to change, where "
              "(gcc-style lines, JSON or SARIF)");
  Lint->add_option("files", LReq.Files, "OpenCL C files");
  Lint->add_option("-p,--profile", LProfile,
                   "Bundled profile id or a profile YAML file (default: the "
                   "configuration's Profile, else " +
                       std::string(DefaultProfileId) + ")");
  Lint->add_option("-j,--jobs", LJobs, "Files analyzed at once (default: "
                                       "every core)");
  Lint->add_option("-f,--format", LFormat, "text, json or sarif")
      ->check(CLI::IsMember({"text", "json", "sarif"}))
      ->capture_default_str();
  Lint->add_option("--color", LColor, "auto, always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  Lint->add_option("--fail-on", LFailOn,
                   "Exit 1 when a finding has this severity or worse: note, "
                   "warning, error or never")
      ->check(CLI::IsMember({"note", "warning", "error", "never"}))
      ->capture_default_str();
  Lint->add_option("--warnings-as-errors", LWAE,
                   "Rules (globs, e.g. 'perf-*') whose warnings are errors");
  Lint->add_option("--rules", LRules,
                   "Rules to run (globs: '*,-perf-scalar-global-access')");
  Lint->add_option("-g,--global", LGlobal, "Global size for every kernel");
  Lint->add_option("-l,--local", LLocal, "Local size for every kernel");
  Lint->add_option("-a,--arg", LArgs, "Scalar argument value (name=value); "
                                      "repeatable")
      ->allow_extra_args(false);
  Lint->add_option("-k,--kernel", LReq.Kernels, "Only this kernel; repeatable")
      ->allow_extra_args(false);
  std::vector<std::string> LTrips;
  Lint->add_option("--trip", LTrips, "Trip count of a loop: FILE:LINE=N")
      ->allow_extra_args(false);
  Lint->add_option("-D", LReq.Frontend.Defines, "Define a macro")
      ->allow_extra_args(false);
  Lint->add_option("-I", LReq.Frontend.IncludeDirs, "Include directory")
      ->allow_extra_args(false);
  Lint->add_option("--cl-std", LClStd, "OpenCL C version (also -cl-std=)")
      ->capture_default_str();
  Lint->add_option("--max-instructions", LReq.Frontend.MaxInstructions,
                   "Refuse sources larger than N LLVM instructions before "
                   "optimization")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  Lint->add_option("--timeout", LReq.TimeoutSeconds,
                   "Seconds of analysis per file; a file that takes longer "
                   "gets an error and the run goes on (0: no limit)")
      ->check(CLI::Validator(
          [](std::string &S) -> std::string {
            double V = 0;
            if (llvm::StringRef(S).getAsDouble(V) || !(V >= 0) ||
                !std::isfinite(V))
              return "expected a number of seconds, 0 or more; got '" + S + "'";
            return "";
          },
          "SECONDS"))
      ->capture_default_str();
  Lint->add_option("--config", LReq.ConfigPath,
                   "Configuration file (default: the nearest .clspread.yaml "
                   "above each file)");
  Lint->add_option("--suite", LReq.SuitePath,
                   "Suite manifest with launches (default: suite.yaml beside "
                   "the file, if any)");
  Lint->add_flag("--dump-config", DumpConfig,
                 "Print the effective configuration for the first file (or "
                 "the current directory) and exit");
  Lint->add_flag("--list-rules", ListRules, "List the rules and exit");
  Lint->add_flag("-v,--verbose", LReq.Verbose,
                 "Say where each launch came from and which rules were "
                 "skipped for want of one");
  Lint->add_option("-o,--output", LOutput, "Write to a file (atomically)");
  std::string SarifRoot;
  Lint->add_option("--sarif-root", SarifRoot,
                   "SARIF: the directory URIs are relative to (%SRCROOT%; "
                   "default: the git work tree, else the working directory)");
  Lint->footer("Exit codes: 0 no finding reaches --fail-on, 1 one does, 2 bad "
               "usage or input.");

  // explain
  std::string ExplainId;
  CLI::App *Explain =
      App.add_subcommand("explain", "Print a rule's page (docs/rules/ID.md)");
  Explain->add_option("rule", ExplainId, "Rule id")->required();

  // validate
  ValidateRequest VReq;
  std::string VProfile = "pocl-cpu", Platform, Device, Repeats, MinTime;
  CLI::App *Validate = App.add_subcommand(
      "validate", "Measure the suite with clspread-run (or read measurements) "
                  "and compare with the estimates");
  Validate->add_option("-p,--profile", VProfile,
                       "Profile of the measured device")
      ->capture_default_str();
  Validate->add_option("--measurements", VReq.MeasurementsPath,
                       "clspread-run JSON taken elsewhere (else: run now)");
  Validate->add_option("--platform", Platform, "Runner: platform index or name");
  Validate->add_option("--device", Device, "Runner: device index or name");
  Validate->add_option("--repeats", Repeats, "Runner: exact launches per kernel");
  Validate->add_option("--min-time", MinTime, "Runner: seconds of kernel time");
  Validate->add_option("--runner", VReq.RunnerPath,
                       "clspread-run to use (default: beside clspread)");
  Validate->add_option("--out-dir", VReq.OutDir,
                       "Where validate.{json,md,html,svg} go (default: a new "
                       "directory validate-PROFILE-DATE-TIME here)");
  Validate->add_option("--suite", VReq.Analyze.SuitePath, "Suite manifest");
  Validate->add_option("--entry", VReq.Analyze.SuiteIds,
                       "Only this suite entry; repeatable")
      ->allow_extra_args(false);
  Validate->add_flag("--quick", VReq.Analyze.Quick,
                     "The suite's small launches");
  std::vector<std::string> VTrips;
  Validate->add_option("--trip", VTrips,
                       "Trip count of a loop analysis cannot count: "
                       "FILE:LINE=N (LINE: the loop's first line); repeatable")
      ->allow_extra_args(false);

  // calibrate
  CalibrateRequest CReq;
  CReq.ProfileArg = "pocl-cpu";
  CLI::App *Calibrate = App.add_subcommand(
      "calibrate", "Measure a device's figures with micro-benchmarks and "
                   "write them into its profile");
  Calibrate->add_option("-p,--profile", CReq.ProfileArg,
                        "Profile id or YAML file to calibrate")
      ->capture_default_str();
  Calibrate->add_option("-o,--output", CReq.OutPath,
                        "Where the calibrated profile goes (default: the "
                        "profile file; with --plan, the plan)");
  Calibrate->add_flag("--plan", CReq.PlanOnly,
                      "Only write the micro-benchmarks' launch plan (to run "
                      "clspread-run on another machine)");
  Calibrate->add_option("--measurements", CReq.Measure.MeasurementsPath,
                        "clspread-run JSON of that plan, taken elsewhere");
  Calibrate->add_option("--platform", Platform, "Runner: platform");
  Calibrate->add_option("--device", Device, "Runner: device");
  Calibrate->add_option("--repeats", Repeats, "Runner: launches per kernel");
  Calibrate->add_option("--min-time", MinTime, "Runner: seconds per kernel");
  Calibrate->add_option("--runner", CReq.Measure.RunnerPath,
                        "clspread-run to use (default: beside clspread)");
  Calibrate->add_flag("--force", CReq.Force,
                      "Write figures even from runs whose spread exceeds "
                      "50% (coefficient of variation)");
  Calibrate->add_flag("--quick", CReq.Analyze.Quick,
                      "Small launches (a CPU through PoCL)");

  // profiles
  CLI::App *Profiles =
      App.add_subcommand("profiles", "List the bundled device profiles");
  std::string ShowId;
  CLI::App *Show = Profiles->add_subcommand("show", "Print one profile");
  Show->add_option("id", ShowId, "Profile id or YAML file")->required();
  std::string FormulasId;
  CLI::App *Formulas = Profiles->add_subcommand(
      "formulas", "Print the model's terms for a profile, from its graph");
  Formulas->add_option("id", FormulasId, "Profile id or YAML file")
      ->required();

  try {
    App.parse(Args);
  } catch (const CLI::CallForHelp &E) {
    return App.exit(E);
  } catch (const CLI::CallForAllHelp &E) {
    return App.exit(E);
  } catch (const CLI::CallForVersion &E) {
    return App.exit(E);
  } catch (const CLI::ParseError &E) {
    // Usage errors read like every other error of the tool.
    printError(llvm::errs(), std::string(E.what()) +
                                 " (run clspread --help for the options)");
    return ExitUsage;
  }

  if (Explain->parsed()) {
    if (auto Page = rulePage(ExplainId)) {
      llvm::outs() << *Page;
      return ExitOk;
    }
    std::string Ids;
    for (const RuleRegistration &R : ruleRegistry())
      Ids += std::string(Ids.empty() ? "" : ", ") + R.Id;
    printError(llvm::errs(), "no rule '" + ExplainId + "' (rules: " + Ids + ")");
    return ExitUsage;
  }

  if (Lint->parsed()) {
    if (ListRules) {
      for (const RuleInfo &R : listRules())
        llvm::outs() << llvm::formatv("{0,-36} {1,-8} {2}{3}{4}\n", R.Id,
                                      severityName(R.DefaultSeverity),
                                      R.Summary,
                                      R.NeedsLaunch ? " (needs a launch)" : "",
                                      R.InDefaultSet ? ""
                                                     : " (not in the default "
                                                       "set: name it to run it)");
      return ExitOk;
    }
    if (!parseLaunchFlags(LGlobal, LLocal, LArgs, /*RequireDivides=*/false,
                          LReq.Launch, LReq.LaunchGiven) ||
        !parseTrips(LTrips, LReq.Trips))
      return ExitUsage;
    if (!LReq.LaunchGiven && LReq.Launch.Local) {
      printError(llvm::errs(), "--local needs --global");
      return ExitUsage;
    }
    if (!LProfile.empty())
      LReq.Profile = LProfile;
    // A glob that matches no rule is a misspelling, not a selection.
    for (auto [Flag, Text] : {std::pair{"--rules", &LRules},
                              {"--warnings-as-errors", &LWAE}}) {
      auto G = GlobList::parse(*Text);
      if (!G) {
        printError(llvm::errs(), std::string("bad ") + Flag + " '" + *Text +
                                     "': " + llvm::toString(G.takeError()));
        return ExitUsage;
      }
      if (auto None = G->unmatched(selectableRuleIds()); !None.empty()) {
        printError(llvm::errs(), std::string(Flag) + ": '" + None.front() +
                                     "' matches no rule (clspread lint "
                                     "--list-rules lists them)");
        return ExitUsage;
      }
    }
    if (!LRules.empty())
      LReq.Rules = LRules;
    if (!LWAE.empty())
      LReq.WarningsAsErrors = LWAE;
    auto Std = normalizeClStd(LClStd);
    if (!Std) {
      printError(llvm::errs(), "unknown OpenCL C version '" + LClStd +
                                   "' (expected CL1.2, CL2.0 or CL3.0)");
      return ExitUsage;
    }
    LReq.Frontend.ClStd = *Std;
    LReq.ClStdGiven = Lint->count("--cl-std") > 0;
    LReq.Frontend.ExtraArgs = ClangArgs;
    LReq.Jobs = LJobs;
    {
      std::vector<std::string> Inputs = LReq.Files;
      Inputs.insert(Inputs.end(), {LReq.ConfigPath, LReq.SuitePath, LProfile});
      if (!outputAllowed(LOutput, Inputs))
        return ExitUsage;
    }
    if (DumpConfig) {
      std::string Out;
      llvm::raw_string_ostream OS(Out);
      int Code = dumpLintConfig(LReq, LReq.Files.empty() ? "./-" : LReq.Files.front(),
                                OS, llvm::errs());
      if (Code != ExitOk)
        return Code;
      return emit(LOutput, [&](llvm::raw_ostream &S) { S << Out; });
    }
    if (LReq.Files.empty()) {
      printError(llvm::errs(), "lint needs at least one file (run clspread "
                               "lint --help for the options)");
      return ExitUsage;
    }
    LintOutput LO;
    LO.ToolVersion = Version;
    if (SarifRoot.empty()) {
      LO.SarifRoot = defaultSarifRoot();
    } else {
      llvm::SmallString<256> R(SarifRoot);
      llvm::sys::fs::make_absolute(R);
      llvm::sys::path::remove_dots(R, /*remove_dot_dot=*/true);
      LO.SarifRoot = llvm::sys::path::convert_to_slash(R);
      while (LO.SarifRoot.size() > 1 && LO.SarifRoot.back() == '/')
        LO.SarifRoot.pop_back();
    }
    std::vector<std::string> VerboseLog;
    int Code = runLint(LReq, LO, llvm::errs(), VerboseLog);
    for (const std::string &V : VerboseLog)
      llvm::errs() << "clspread: note: " << V << "\n";
    // An input error leaves the report incomplete: a file given with -o
    // keeps its previous content (a CI step that uploads it regardless
    // must not upload "no findings").
    if (Code == ExitUsage && !LOutput.empty() && LOutput != "-")
      return Code;
    bool ToTerminal = LOutput.empty() || LOutput == "-";
    bool Color = LColor == "always" ||
                 (LColor == "auto" && ToTerminal &&
                  llvm::sys::Process::StandardOutIsDisplayed());
    int WriteCode = emit(LOutput, [&](llvm::raw_ostream &OS) {
      if (LFormat == "json")
        OS << llvm::formatv("{0:2}", findingsJSON(LO)) << "\n";
      else if (LFormat == "sarif")
        OS << llvm::formatv("{0:2}", findingsSARIF(LO)) << "\n";
      else
        printFindingsText(LO.Files, Color, OS);
    });
    if (Code != ExitOk)
      return Code;
    if (WriteCode != ExitOk)
      return WriteCode;
    std::vector<const Finding *> All;
    for (const FileFindings &FF : LO.Files)
      for (const Finding &F : FF.Findings)
        All.push_back(&F);
    return findingsExit(All, failOnSeverity(LFailOn));
  }

  if (Profiles->parsed()) {
    if (Show->parsed()) {
      auto P = loadProfile(ShowId);
      if (!P)
        return ExitUsage;
      llvm::outs() << formatProfile(*P);
      return ExitOk;
    }
    if (Formulas->parsed()) {
      auto P = loadProfile(FormulasId);
      if (!P)
        return ExitUsage;
      llvm::outs() << formatModelFormulas(*P);
      return ExitOk;
    }
    llvm::outs() << formatProfileList(bundledProfiles());
    return ExitOk;
  }

  auto runnerArgs = [&]() {
    std::vector<std::string> A;
    for (auto [Flag, Value] : {std::pair{"--platform", &Platform},
                               {"--device", &Device},
                               {"--repeats", &Repeats},
                               {"--min-time", &MinTime}})
      if (!Value->empty()) {
        A.push_back(Flag);
        A.push_back(*Value);
      }
    return A;
  };
  auto commandLine = [&]() {
    std::string C = "clspread";
    for (int I = 1; I < argc; ++I)
      C += std::string(" ") + argv[I];
    return C;
  };

  if (Calibrate->parsed()) {
    auto P = loadProfile(CReq.ProfileArg);
    if (!P)
      return ExitUsage;
    CReq.Analyze.BundledManifest = "calibrate/calibrate.yaml";
    if (CReq.Measure.RunnerPath.empty())
      CReq.Measure.RunnerPath = toolBeside(argv[0], "clspread-run");
    CReq.Measure.RunnerArgs = runnerArgs();
    CReq.CommandLine = commandLine();
    return runCalibrate(CReq, *P, llvm::outs(), llvm::errs());
  }

  if (Validate->parsed()) {
    if (!parseTrips(VTrips, VReq.Analyze.Trips))
      return ExitUsage;
    auto P = loadProfile(VProfile);
    if (!P)
      return ExitUsage;
    if (VReq.RunnerPath.empty())
      VReq.RunnerPath = toolBeside(argv[0], "clspread-run");
    if (VReq.OutDir.empty())
      VReq.OutDir = freshOutDir("validate-" + P->Id);
    VReq.RunnerArgs = runnerArgs();
    VReq.CommandLine = commandLine();
    VReq.Analyze.Frontend.ColorDiagnostics =
        llvm::sys::Process::StandardErrHasColors();
    return runValidate(VReq, *P, llvm::outs(), llvm::errs());
  }

  // A workbook is a zip archive written by name: a file, not stdout.
  if (Analyze->parsed() && Format == "xlsx" &&
      (Output.empty() || Output == "-")) {
    printError(llvm::errs(), "--format xlsx needs -o FILE");
    return ExitUsage;
  }
  if (Analyze->parsed() || Plan->parsed()) {
    std::vector<std::string> Inputs = Req.Files;
    Inputs.insert(Inputs.end(), AnalyzeProfiles.begin(), AnalyzeProfiles.end());
    Inputs.insert(Inputs.end(), {ProfileArg, Req.SuitePath});
    if (!outputAllowed(Output, Inputs))
      return ExitUsage;
  }

  // analyze: launch flags.
  if (!parseLaunchFlags(Global, Local, ArgList, /*RequireDivides=*/true,
                        Req.Launch, Req.LaunchGiven) ||
      !parseTrips(TripList, Req.Trips))
    return ExitUsage;
  for (const std::string &B : BufferList) {
    auto [Name, Size] = llvm::StringRef(B).split('=');
    auto Bytes = parseByteSize(Size.trim());
    if (Name.empty() || Size.empty() || !Bytes) {
      printError(llvm::errs(), "bad --buffer '" + B +
                                   "' (expected NAME=SIZE, e.g. data=16MiB "
                                   "or data=4096)");
      return ExitUsage;
    }
    Req.BufferBytes[Name.trim().str()] = *Bytes;
  }
  if (!Req.Files.empty() && (Req.Quick || !Req.SuiteIds.empty() ||
                             !Req.SuitePath.empty())) {
    printError(llvm::errs(),
               "--suite, --entry and --quick apply to suite runs (no files)");
    return ExitUsage;
  }
  if (Req.Files.empty() &&
      (Req.LaunchGiven || !ArgList.empty() || !BufferList.empty())) {
    printError(llvm::errs(), "--global/--local/--arg/--buffer apply to files; "
                             "suite entries carry their own launches");
    return ExitUsage;
  }
  Req.Frontend.ClStd = ClStd;
  Req.Frontend.ExtraArgs = ClangArgs;
  Req.Frontend.ColorDiagnostics =
      llvm::sys::Process::StandardErrHasColors();

  if (MeasureCmd->parsed()) {
    if (!MeasureCmd->count("--profile"))
      ProfileArg = "pocl-cpu";
    auto P = loadProfile(ProfileArg);
    if (!P)
      return ExitUsage;
    if (MeasureOpts.RunnerPath.empty())
      MeasureOpts.RunnerPath = toolBeside(argv[0], "clspread-run");
    for (auto [Flag, Value] : {std::pair{"--platform", &MPlatform},
                               {"--device", &MDevice},
                               {"--repeats", &MRepeats},
                               {"--min-time", &MMinTime}})
      if (!Value->empty()) {
        MeasureOpts.RunnerArgs.push_back(Flag);
        MeasureOpts.RunnerArgs.push_back(*Value);
      }
    return runMeasure(Req, *P, MeasureOpts, commandLine(), MeasureFormat == "json",
                      llvm::outs(), llvm::errs());
  }

  if (!Analyze->parsed() || AnalyzeProfiles.empty())
    AnalyzeProfiles = {ProfileArg};
  // One report per device; compile errors and warnings print once, with
  // the first.
  std::vector<DeviceProfile> Devices;
  for (const std::string &Id : AnalyzeProfiles) {
    auto P = loadProfile(Id);
    if (!P)
      return ExitUsage;
    Devices.push_back(std::move(*P));
  }
  std::vector<AnalysisReport> Reports(Devices.size());
  int Code = ExitOk;
  for (size_t I = 0; I < Devices.size(); ++I) {
    Reports[I].ToolVersion = Version;
    int C = runAnalyze(Req, Devices[I], Reports[I],
                       I == 0 ? llvm::errs() : llvm::nulls());
    if (C != ExitOk && Reports[I].Kernels.empty())
      return C;
    Code = std::max(Code, C);
  }
  AnalysisReport &Report = Reports.front();
  // An input error leaves the report incomplete: a file given with -o
  // keeps its previous content.
  if (Code == ExitUsage && !Output.empty() && Output != "-")
    return Code;

  if (Plan->parsed()) {
    std::string PlanJSON = planText(Report, llvm::errs());
    int WriteCode = emit(Output, [&](llvm::raw_ostream &OS) {
      OS << PlanJSON << "\n";
    });
    return Code != ExitOk ? Code : WriteCode;
  }

  ReportOptions RO;
  RO.Lines = Lines;
  std::vector<ProfiledReport> Profiled;
  for (size_t I = 0; I < Reports.size(); ++I)
    Profiled.push_back({&Reports[I], &Devices[I]});
  int WriteCode = ExitOk;
  if (Format == "xlsx")
    WriteCode = emitWorkbook(Output, Profiled, RO);
  else
    WriteCode = emit(Output, [&](llvm::raw_ostream &OS) {
      if (Format == "html") {
        OS << whatIfPage(Profiled);
      } else if (Format == "json" && Reports.size() == 1) {
        OS << llvm::formatv("{0:2}", toJSON(Report, RO)) << "\n";
      } else if (Format == "json") {
        llvm::json::Array All;
        for (const AnalysisReport &R : Reports)
          All.push_back(toJSON(R, RO));
        OS << llvm::formatv("{0:2}",
                            llvm::json::Value(llvm::json::Object{
                                {"tool", "clspread"},
                                {"version", Version},
                                {"reports", std::move(All)}}))
           << "\n";
      } else if (Format == "csv") {
        for (size_t I = 0; I < Reports.size(); ++I)
          printCsv(Reports[I], OS, /*Header=*/I == 0);
      } else {
        for (const AnalysisReport &R : Reports)
          printTable(R, RO, OS);
        if (Reports.size() > 1)
          printSideBySide(Reports, OS);
      }
    });
  if (Code != ExitOk)
    return Code;
  if (WriteCode != ExitOk)
    return WriteCode;
  std::vector<const Finding *> All;
  for (const AnalysisReport &R : Reports)
    for (const KernelResult &K : R.Kernels)
      for (const Finding &F : K.Findings)
        All.push_back(&F);
  return findingsExit(All, failOnSeverity(FailOn));
}

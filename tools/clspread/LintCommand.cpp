//===- LintCommand.cpp - clspread lint: findings about kernel sources -----===//
//
// Checks the flags, hands a LintRequest to Driver/LintDriver.h and prints
// the findings in the --format chosen. Exit codes: 0 no finding reaches
// --fail-on, 1 one does, 2 bad usage or input, 3 the output could not be
// written.
//
//===----------------------------------------------------------------------===//
#include "Command.h"
#include "Common.h"
#include "Formats.h"

#include "Driver/LintDriver.h"
#include "Frontend/OpenCLFrontend.h"
#include "Lint/GlobList.h"
#include "Lint/RuleRegistry.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <cmath>

using namespace clspread;

namespace {

class LintCommand : public Command {
public:
  void declare(CLI::App &Sub) override {
    Sub.description("Findings about kernel sources: what to change, where "
                    "(gcc-style lines, JSON or SARIF)");
    this->Sub = &Sub;
    Sub.add_option("files", Req.Files, "OpenCL C files");
    Sub.add_option("-p,--profile", Profile,
                   "Bundled profile id or a profile YAML file (default: the "
                   "configuration's Profile, else " +
                       std::string(DefaultProfileId) + ")");
    Sub.add_option("-j,--jobs", Req.Jobs,
                   "Files analyzed at once (default: "
                   "every core)");
    std::vector<std::string> Formats = formatNames(lintFormats());
    Sub.add_option("-f,--format", Format, formatNameList(Formats))
        ->check(CLI::IsMember(Formats))
        ->capture_default_str();
    Sub.add_option("--color", Color, "auto, always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
    Sub.add_option("--fail-on", FailOn,
                   "Exit 1 when a finding has this severity or worse: note, "
                   "warning, error or never")
        ->check(CLI::IsMember({"note", "warning", "error", "never"}))
        ->capture_default_str();
    Sub.add_option("--warnings-as-errors", WarningsAsErrors,
                   "Rules (globs, e.g. 'perf-*') whose warnings are errors");
    Sub.add_option("--rules", Rules,
                   "Rules to run (globs: '*,-perf-scalar-global-access')");
    Sub.add_option("-g,--global", Global, "Global size for every kernel");
    Sub.add_option("-l,--local", Local, "Local size for every kernel");
    Sub.add_option("-a,--arg", Args,
                   "Scalar argument value (name=value); "
                   "repeatable")
        ->allow_extra_args(false);
    Sub.add_option("-k,--kernel", Req.Kernels, "Only this kernel; repeatable")
        ->allow_extra_args(false);
    Sub.add_option("--trip", Trips, "Trip count of a loop: FILE:LINE=N")
        ->allow_extra_args(false);
    Sub.add_option("-D", Req.Frontend.Defines, "Define a macro")
        ->allow_extra_args(false);
    Sub.add_option("-I", Req.Frontend.IncludeDirs, "Include directory")
        ->allow_extra_args(false);
    Sub.add_option("--cl-std", ClStd, "OpenCL C version (also -cl-std=)")
        ->capture_default_str();
    Sub.add_option("--max-instructions", Req.Frontend.MaxInstructions,
                   "Refuse sources larger than N LLVM instructions before "
                   "optimization")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    Sub.add_option("--timeout", Req.TimeoutSeconds,
                   "Seconds of analysis per file; a file that takes longer "
                   "gets an error and the run goes on (0: no limit)")
        ->check(CLI::Validator(
            [](std::string &S) -> std::string {
              double V = 0;
              if (llvm::StringRef(S).getAsDouble(V) || !(V >= 0) ||
                  !std::isfinite(V))
                return "expected a number of seconds, 0 or more; got '" + S +
                       "'";
              return "";
            },
            "SECONDS"))
        ->capture_default_str();
    Sub.add_option("--config", Req.ConfigPath,
                   "Configuration file (default: the nearest .clspread.yaml "
                   "above each file)");
    Sub.add_option("--suite", Req.SuitePath,
                   "Suite manifest with launches (default: suite.yaml beside "
                   "the file, if any)");
    Sub.add_option("--baseline", Req.BaselinePath,
                   "Report only findings not in this baseline (default: "
                   "the configuration's Baseline, if any)");
    Sub.add_option("--write-baseline", Req.WriteBaselinePath,
                   "Record the current findings in FILE (a baseline for "
                   "--baseline) instead of printing them");
    Sub.add_flag("--dump-config", DumpConfig,
                 "Print the effective configuration for the first file (or "
                 "the current directory) and exit");
    Sub.add_flag("--list-rules", ListRules, "List the rules and exit");
    Sub.add_flag("-v,--verbose", Req.Verbose,
                 "Say where each launch came from and which rules were "
                 "skipped for want of one");
    Sub.add_option("-o,--output", Output, "Write to a file (atomically)");
    Sub.add_option("--sarif-root", SarifRoot,
                   "SARIF: the directory URIs are relative to (%SRCROOT%; "
                   "default: the git work tree, else the working directory)");
    Sub.footer("Exit codes: 0 no finding reaches --fail-on, 1 one does, 2 "
               "bad usage or input.");
  }

  int run(const Invocation &Inv) override {
    if (ListRules) {
      printRules();
      return ExitOk;
    }
    if (!parseLaunchFlags(Global, Local, Args, /*RequireDivides=*/false,
                          Req.Launch, Req.LaunchGiven) ||
        !parseTrips(Trips, Req.Trips))
      return ExitUsage;
    if (!Req.LaunchGiven && Req.Launch.Local) {
      printError(llvm::errs(), "--local needs --global");
      return ExitUsage;
    }
    if (!Profile.empty())
      Req.Profile = Profile;
    if (!rulesFlagsValid())
      return ExitUsage;
    if (!Rules.empty())
      Req.Rules = Rules;
    if (!WarningsAsErrors.empty())
      Req.WarningsAsErrors = WarningsAsErrors;
    auto Std = normalizeClStd(ClStd);
    if (!Std) {
      printError(llvm::errs(), "unknown OpenCL C version '" + ClStd +
                                   "' (expected CL1.2, CL2.0 or CL3.0)");
      return ExitUsage;
    }
    Req.Frontend.ClStd = *Std;
    Req.ClStdGiven = Sub->count("--cl-std") > 0;
    Req.Frontend.ExtraArgs = Inv.ClangArgs;
    {
      std::vector<std::string> Inputs = Req.Files;
      Inputs.insert(Inputs.end(),
                    {Req.ConfigPath, Req.SuitePath, Profile, Req.BaselinePath});
      if (!outputAllowed(Output, Inputs) ||
          !outputAllowed(Req.WriteBaselinePath, Req.Files))
        return ExitUsage;
      if (!Req.BaselinePath.empty() && !Req.WriteBaselinePath.empty()) {
        printError(llvm::errs(), "--baseline and --write-baseline do not go "
                                 "together (write the new baseline over the "
                                 "old one)");
        return ExitUsage;
      }
    }
    if (DumpConfig) {
      std::string Out;
      llvm::raw_string_ostream OS(Out);
      int Code = dumpLintConfig(
          Req, Req.Files.empty() ? "./-" : Req.Files.front(), OS, llvm::errs());
      if (Code != ExitOk)
        return Code;
      return emit(Output, [&](llvm::raw_ostream &S) { S << Out; });
    }
    if (Req.Files.empty()) {
      printError(llvm::errs(), "lint needs at least one file (run clspread "
                               "lint --help for the options)");
      return ExitUsage;
    }
    LintOutput LO;
    LO.ToolVersion = Version;
    LO.SarifRoot = sarifRoot();
    std::vector<std::string> VerboseLog;
    int Code = runLint(Req, LO, llvm::errs(), VerboseLog);
    for (const std::string &V : VerboseLog)
      llvm::errs() << "clspread: note: " << V << "\n";
    if (!Req.WriteBaselinePath.empty())
      // A run that could not lint every file must not shrink the baseline.
      return Code == ExitUsage ? Code
                               : writeLintBaseline(Req, LO, llvm::errs());
    printBaselineSummary(LO, Req.Verbose, llvm::errs());
    // An input error leaves the report incomplete: a file given with -o
    // keeps its previous content (a CI step that uploads it regardless
    // must not upload "no findings").
    if (Code == ExitUsage && !Output.empty() && Output != "-")
      return Code;
    bool ToTerminal = Output.empty() || Output == "-";
    bool UseColor =
        Color == "always" || (Color == "auto" && ToTerminal &&
                              llvm::sys::Process::StandardOutIsDisplayed());
    int WriteCode =
        createFormatNamed(lintFormats(), Format)->write({LO, UseColor}, Output);
    if (Code != ExitOk)
      return Code;
    if (WriteCode != ExitOk)
      return WriteCode;
    std::vector<const Finding *> All;
    for (const FileFindings &FF : LO.Files)
      for (const Finding &F : FF.Findings)
        if (reported(F))
          All.push_back(&F);
    return findingsExit(All, failOnSeverity(FailOn));
  }

private:
  /// --list-rules: docs/rules/README.md's table is made from this output
  /// (tools/rules_table.py), so its columns are fixed.
  static void printRules() {
    for (const RuleInfo &R : listRules())
      llvm::outs() << llvm::formatv("{0,-36} {1,-8} {2}{3}{4}\n", R.Id,
                                    severityName(R.DefaultSeverity), R.Summary,
                                    R.NeedsLaunch ? " (needs a launch)" : "",
                                    R.InDefaultSet ? ""
                                                   : " (not in the default "
                                                     "set: name it to run it)");
  }

  /// A glob that matches no rule is a misspelling, not a selection: prints
  /// the problem and returns false.
  bool rulesFlagsValid() const {
    for (auto [Flag, Text] : {std::pair{"--rules", &Rules},
                              {"--warnings-as-errors", &WarningsAsErrors}}) {
      auto G = GlobList::parse(*Text);
      if (!G) {
        printError(llvm::errs(), std::string("bad ") + Flag + " '" + *Text +
                                     "': " + llvm::toString(G.takeError()));
        return false;
      }
      if (auto None = G->unmatched(selectableRuleIds()); !None.empty()) {
        printError(llvm::errs(), std::string(Flag) + ": '" + None.front() +
                                     "' matches no rule (clspread lint "
                                     "--list-rules lists them)");
        return false;
      }
    }
    return true;
  }

  /// --sarif-root made absolute, with '/' and no trailing slash (the form
  /// LintOutput::SarifRoot takes); without it, the default.
  std::string sarifRoot() const {
    if (SarifRoot.empty())
      return defaultSarifRoot();
    llvm::SmallString<256> R(SarifRoot);
    llvm::sys::fs::make_absolute(R);
    llvm::sys::path::remove_dots(R, /*remove_dot_dot=*/true);
    std::string Root = llvm::sys::path::convert_to_slash(R);
    while (Root.size() > 1 && Root.back() == '/')
      Root.pop_back();
    return Root;
  }

  CLI::App *Sub = nullptr;
  LintRequest Req;
  std::string Profile, Format = "text", Output, Color = "auto",
                       FailOn = "error", Global, Local, ClStd = "CL1.2", Rules,
                       WarningsAsErrors, SarifRoot;
  std::vector<std::string> Args, Trips;
  bool ListRules = false, DumpConfig = false;
};

} // namespace

std::unique_ptr<Command> clspread::createLintCommand() {
  return std::make_unique<LintCommand>();
}

//===- DiffCommand.cpp - clspread diff: the estimated cost of a change ----===//
//
// Flags only: Driver/DiffDriver.h compares the estimates of a change's
// kernels with the base revision's (or a saved report's) and
// Report/DiffReport.h prints them. Exit codes: 0 no kernel is slower than
// --fail-above, 1 one is, 2 bad usage or input, 3 the output could not be
// written.
//
//===----------------------------------------------------------------------===//
#include "Command.h"
#include "Common.h"

#include "Driver/DiffDriver.h"
#include "Report/FindingPrinters.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace clspread;

namespace {

class DiffCommand : public Command {
public:
  void declare(CLI::App &Sub) override {
    Sub.description("The estimated cost of a change: each changed kernel's "
                    "Tkernel at a git revision and now, per profile");
    Sub.add_option("base", Req.Base,
                   "Git revision to compare with (e.g. origin/main); not "
                   "with --against");
    Sub.add_option("files", Req.Files,
                   "Files to compare (default: the .cl files that differ "
                   "from the base, and those of manifest entries whose "
                   "launch changed)");
    Sub.add_option("--against", Req.Against,
                   "Compare with a saved `clspread analyze --format json` "
                   "report instead of a revision");
    Sub.add_option("-p,--profile", Req.Profiles,
                   "Profiles to estimate on, comma-separated or repeated "
                   "(default: each file's lint profile)")
        ->delimiter(',')
        ->allow_extra_args(false);
    Sub.add_option("--fail-above", FailAbove,
                   "Exit 1 when a kernel is estimated slower by more than "
                   "this many percent on any profile")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    Sub.add_option("-f,--format", Format, "text, json, sarif or markdown")
        ->check(CLI::IsMember({"text", "json", "sarif", "markdown"}))
        ->capture_default_str();
    Sub.add_option("-o,--output", Output, "Write to a file (atomically)");
    Sub.add_option("-g,--global", Global, "Global size for every kernel");
    Sub.add_option("-l,--local", Local, "Local size for every kernel");
    Sub.add_option("-a,--arg", Args, "Scalar argument value (name=value)")
        ->allow_extra_args(false);
    Sub.add_option("-D", Req.Lint.Frontend.Defines, "Define a macro")
        ->allow_extra_args(false);
    Sub.add_option("-I", Req.Lint.Frontend.IncludeDirs, "Include directory")
        ->allow_extra_args(false);
    Sub.add_option("--config", Req.Lint.ConfigPath,
                   "Configuration file (default: the nearest .clspread.yaml "
                   "above each file, at each side)");
    Sub.add_option("--suite", Req.Lint.SuitePath,
                   "Suite manifest with launches (default: suite.yaml "
                   "beside the file, at each side)");
    Sub.add_option("-j,--jobs", Req.Lint.Jobs, "Files analyzed at once");
    Sub.add_option("--sarif-root", SarifRoot,
                   "SARIF: the directory URIs are relative to (default: "
                   "the git work tree)");
    Sub.footer("Exit codes: 0 no kernel slower than --fail-above, 1 one is, "
               "2 bad usage or input, 3 the output could not be written.");
  }

  int run(const Invocation &Inv) override {
    // With --against there is no revision: the first positional is a file.
    if (!Req.Against.empty() && !Req.Base.empty()) {
      Req.Files.insert(Req.Files.begin(), Req.Base);
      Req.Base.clear();
    }
    if (Req.Base.empty() && Req.Against.empty()) {
      printError(llvm::errs(),
                 "diff needs a git revision or --against REPORT.json");
      return ExitUsage;
    }
    if (!parseLaunchFlags(Global, Local, Args, /*RequireDivides=*/false,
                          Req.Lint.Launch, Req.Lint.LaunchGiven))
      return ExitUsage;
    Req.Lint.Frontend.ExtraArgs = Inv.ClangArgs;
    if (!outputAllowed(Output, Req.Files))
      return ExitUsage;
    DiffReport R;
    R.ToolVersion = Version;
    R.FailAbove = FailAbove / 100;
    R.SarifRoot = SarifRoot.empty() ? defaultSarifRoot() : SarifRoot;
    if (int Code = runDiff(Req, R, llvm::errs()); Code != ExitOk)
      return Code;
    int W = emit(Output, [&](llvm::raw_ostream &OS) {
      if (Format == "text")
        printDiffText(R, OS);
      else if (Format == "markdown")
        OS << diffMarkdown(R);
      else
        OS << llvm::formatv("{0:2}\n",
                            Format == "json" ? diffJSON(R) : diffSARIF(R));
    });
    if (W != ExitOk)
      return W;
    return R.regressions() ? ExitFindings : ExitOk;
  }

private:
  DiffRequest Req;
  double FailAbove = 5;
  std::string Format = "text", Output, Global, Local, SarifRoot;
  std::vector<std::string> Args;
};

} // namespace

std::unique_ptr<Command> clspread::createDiffCommand() {
  return std::make_unique<DiffCommand>();
}

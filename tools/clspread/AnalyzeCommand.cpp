//===- AnalyzeCommand.cpp - clspread analyze: estimates per device --------===//
//
// Analyzes files or the suite on one or several profiles and prints the
// reports in the --format chosen; exit 1 when a finding reaches --fail-on
// or a kernel did not compile.
//
//===----------------------------------------------------------------------===//
#include "Command.h"
#include "Common.h"
#include "Formats.h"
#include "KernelFlags.h"

using namespace clspread;

namespace {

class AnalyzeCommand : public Command {
public:
  void declare(CLI::App &Sub) override {
    Sub.description("Estimate kernels on a device profile (default: the "
                    "bundled suite on the default profile)");
    Sub.add_option("-p,--profile", Profiles,
                   "Bundled profile id or a profile YAML file; several, "
                   "comma-separated or repeated, give one estimate per "
                   "device (default hd4870)")
        ->delimiter(',')
        ->allow_extra_args(false);
    Kernels.declare(Sub, /*OneProfile=*/false);
    std::vector<std::string> Formats = formatNames(analyzeFormats());
    Sub.add_option("-f,--format", Format, formatNameList(Formats))
        ->check(CLI::IsMember(Formats))
        ->capture_default_str();
    Sub.add_flag("--lines", Lines, "Counts per source line");
    Sub.add_option("--fail-on", FailOn,
                   "Exit 1 when a finding has this severity or worse: "
                   "note, warning, error or never")
        ->check(CLI::IsMember({"note", "warning", "error", "never"}))
        ->capture_default_str();
  }

  int run(const Invocation &Inv) override {
    auto Fmt = createFormatNamed(analyzeFormats(), Format);
    const std::string &Output = Kernels.Output;
    if (Fmt->needsFile() && (Output.empty() || Output == "-")) {
      printError(llvm::errs(), "--format " + Format + " needs -o FILE");
      return ExitUsage;
    }
    if (!Kernels.outputAllowed(Profiles) || !Kernels.finish(Inv))
      return ExitUsage;
    if (Profiles.empty())
      Profiles = {Kernels.ProfileArg};
    AnalyzedRun Run;
    if (!Kernels.analyze(Profiles, Run))
      return Run.Code;

    std::vector<ProfiledReport> Profiled;
    for (size_t I = 0; I < Run.Reports.size(); ++I)
      Profiled.push_back({&Run.Reports[I], &Run.Devices[I]});
    ReportOptions RO;
    RO.Lines = Lines;
    int WriteCode = Fmt->write({Run.Reports, Profiled, RO}, Output);
    // The analysis's own failure (a kernel that did not compile, an input
    // error) outranks a failed write, which outranks the findings.
    if (Run.Code != ExitOk)
      return Run.Code;
    if (WriteCode != ExitOk)
      return WriteCode;
    std::vector<const Finding *> All;
    for (const AnalysisReport &R : Run.Reports)
      for (const KernelResult &K : R.Kernels)
        for (const Finding &F : K.Findings)
          All.push_back(&F);
    return findingsExit(All, failOnSeverity(FailOn));
  }

private:
  KernelFlags Kernels;
  /// Several: one report per device (--profile a,b).
  std::vector<std::string> Profiles;
  std::string Format = "table";
  bool Lines = false;
  std::string FailOn = "error";
};

} // namespace

std::unique_ptr<Command> clspread::createAnalyzeCommand() {
  return std::make_unique<AnalyzeCommand>();
}

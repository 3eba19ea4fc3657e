//===- MeasureCommand.cpp - clspread measure: estimate beside a run -------===//
//
// Flags only: Driver/MeasureCommand.h analyzes, runs clspread-run now and
// prints each estimate beside the measured time.
//
//===----------------------------------------------------------------------===//
#include "Command.h"
#include "Common.h"
#include "KernelFlags.h"

#include "Driver/MeasureCommand.h"
#include "Driver/ValidateDriver.h"

using namespace clspread;

namespace {

class MeasureCommand : public Command {
public:
  void declare(CLI::App &Sub) override {
    Sub.description("Analyze, run on an OpenCL device now (default: PoCL) "
                    "and print each estimate beside the measured time");
    this->Sub = &Sub;
    Sub.add_option("-f,--format", Format, "table or json")
        ->check(CLI::IsMember({"table", "json"}))
        ->capture_default_str();
    Runner.declare(Sub);
    Sub.add_option("--runner", Opts.RunnerPath,
                   "clspread-run to use (default: beside clspread)");
    Kernels.declare(Sub, /*OneProfile=*/true);
  }

  int run(const Invocation &Inv) override {
    // measure prints to standard output only: -o, which comes with the
    // shared flags, is accepted and unused, so it is not checked either.
    if (!Kernels.finish(Inv))
      return ExitUsage;
    // The device measured by default is PoCL's CPU, so its profile is the
    // default here rather than hd4870.
    if (!Sub->count("--profile"))
      Kernels.ProfileArg = "pocl-cpu";
    auto P = loadProfile(Kernels.ProfileArg);
    if (!P)
      return ExitUsage;
    if (Opts.RunnerPath.empty())
      Opts.RunnerPath = toolBeside(Inv.Argv0, "clspread-run");
    for (std::string &A : Runner.args())
      Opts.RunnerArgs.push_back(std::move(A));
    return runMeasure(Kernels.Req, *P, Opts, Inv.CommandLine, Format == "json",
                      llvm::outs(), llvm::errs());
  }

private:
  CLI::App *Sub = nullptr;
  KernelFlags Kernels;
  std::string Format = "table";
  RunnerFlags Runner;
  MeasureOptions Opts;
};

} // namespace

std::unique_ptr<Command> clspread::createMeasureCommand() {
  return std::make_unique<MeasureCommand>();
}

//===- CalibrateCommand.cpp - clspread calibrate: a device's figures ------===//
//
// Flags only: Driver/CalibrateDriver.h runs the micro-benchmarks of the
// bundled calibrate/calibrate.yaml and writes the figures into the profile.
//
//===----------------------------------------------------------------------===//
#include "Command.h"
#include "Common.h"

#include "Driver/CalibrateDriver.h"
#include "Driver/ValidateDriver.h"

using namespace clspread;

namespace {

class CalibrateCommand : public Command {
public:
  CalibrateCommand() { Req.ProfileArg = "pocl-cpu"; }

  void declare(CLI::App &Sub) override {
    Sub.description("Measure a device's figures with micro-benchmarks and "
                    "write them into its profile");
    Sub.add_option("-p,--profile", Req.ProfileArg,
                   "Profile id or YAML file to calibrate")
        ->capture_default_str();
    Sub.add_option("-o,--output", Req.OutPath,
                   "Where the calibrated profile goes (default: the "
                   "profile file; with --plan, the plan)");
    Sub.add_flag("--plan", Req.PlanOnly,
                 "Only write the micro-benchmarks' launch plan (to run "
                 "clspread-run on another machine)");
    Sub.add_option("--measurements", Req.Measure.MeasurementsPath,
                   "clspread-run JSON of that plan, taken elsewhere");
    Sub.add_option("--platform", Runner.Platform, "Runner: platform");
    Sub.add_option("--device", Runner.Device, "Runner: device");
    Sub.add_option("--repeats", Runner.Repeats, "Runner: launches per kernel");
    Sub.add_option("--min-time", Runner.MinTime, "Runner: seconds per kernel");
    Sub.add_option("--runner", Req.Measure.RunnerPath,
                   "clspread-run to use (default: beside clspread)");
    Sub.add_flag("--force", Req.Force,
                 "Write figures even from runs whose spread exceeds "
                 "50% (coefficient of variation)");
    Sub.add_flag("--quick", Req.Analyze.Quick,
                 "Small launches (a CPU through PoCL)");
    Sub.add_option("--entry", Req.Analyze.SuiteIds,
                   "Only this figure's micro-benchmark (its id in "
                   "calibrate.yaml, e.g. cache.store_forward_cycles); "
                   "repeatable; the profile's other figures stay")
        ->allow_extra_args(false);
  }

  int run(const Invocation &Inv) override {
    auto P = loadProfile(Req.ProfileArg);
    if (!P)
      return ExitUsage;
    Req.Analyze.BundledManifest = "calibrate/calibrate.yaml";
    if (Req.Measure.RunnerPath.empty())
      Req.Measure.RunnerPath = toolBeside(Inv.Argv0, "clspread-run");
    Req.Measure.RunnerArgs = Runner.args();
    Req.CommandLine = Inv.CommandLine;
    return runCalibrate(Req, *P, llvm::outs(), llvm::errs());
  }

private:
  CalibrateRequest Req;
  RunnerFlags Runner;
};

} // namespace

std::unique_ptr<Command> clspread::createCalibrateCommand() {
  return std::make_unique<CalibrateCommand>();
}

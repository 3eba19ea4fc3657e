//===- ValidateCommand.cpp - clspread validate: estimates vs measurements -===//
//
// Flags only: Driver/ValidateDriver.h measures the suite with clspread-run
// (or reads measurements taken elsewhere) and writes the comparison.
//
//===----------------------------------------------------------------------===//
#include "Command.h"
#include "Common.h"

#include "Driver/ValidateDriver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"

#include <ctime>

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

namespace {

class ValidateCommand : public Command {
public:
  void declare(CLI::App &Sub) override {
    Sub.description("Measure the suite with clspread-run (or read "
                    "measurements) and compare with the estimates");
    Sub.add_option("-p,--profile", Profile, "Profile of the measured device")
        ->capture_default_str();
    Sub.add_option("--measurements", Req.MeasurementsPath,
                   "clspread-run JSON taken elsewhere (else: run now)");
    Runner.declare(Sub);
    Sub.add_option("--runner", Req.RunnerPath,
                   "clspread-run to use (default: beside clspread)");
    Sub.add_option("--out-dir", Req.OutDir,
                   "Where validate.{json,md,html,svg} go (default: a new "
                   "directory validate-PROFILE-DATE-TIME here)");
    Sub.add_option("--suite", Req.Analyze.SuitePath, "Suite manifest");
    Sub.add_option("--entry", Req.Analyze.SuiteIds,
                   "Only this suite entry; repeatable")
        ->allow_extra_args(false);
    Sub.add_flag("--quick", Req.Analyze.Quick, "The suite's small launches");
    Sub.add_flag("--update-profile", UpdateProfile,
                 "Record this run's errors in the profile file's "
                 "`validation:` list, so that every estimate on it carries "
                 "an error band (needs --profile FILE, or a bundled id run "
                 "from the source tree)");
    Sub.add_option("--trip", Trips,
                   "Trip count of a loop analysis cannot count: "
                   "FILE:LINE=N (LINE: the loop's first line); repeatable")
        ->allow_extra_args(false);
  }

  int run(const Invocation &Inv) override {
    if (!parseTrips(Trips, Req.Analyze.Trips))
      return ExitUsage;
    auto P = loadProfile(Profile);
    if (!P)
      return ExitUsage;
    if (Req.RunnerPath.empty())
      Req.RunnerPath = toolBeside(Inv.Argv0, "clspread-run");
    if (Req.OutDir.empty())
      Req.OutDir = freshOutDir("validate-" + P->Id);
    Req.RunnerArgs = Runner.args();
    Req.CommandLine = Inv.CommandLine;
    if (UpdateProfile) {
      // A bundled id names its file in the source tree.
      Req.UpdateProfile = isProfilePath(Profile) ? Profile : P->File;
      if (!llvm::sys::fs::is_regular_file(Req.UpdateProfile)) {
        printError(llvm::errs(),
                   "--update-profile: no profile file '" + Req.UpdateProfile +
                       "' to update (give --profile the profile's path)");
        return ExitUsage;
      }
    }
    Req.Analyze.Frontend.ColorDiagnostics =
        llvm::sys::Process::StandardErrHasColors();
    return runValidate(Req, *P, llvm::outs(), llvm::errs());
  }

private:
  ValidateRequest Req;
  std::string Profile = "pocl-cpu";
  RunnerFlags Runner;
  std::vector<std::string> Trips;
  bool UpdateProfile = false;
};

} // namespace

std::unique_ptr<Command> clspread::createValidateCommand() {
  return std::make_unique<ValidateCommand>();
}

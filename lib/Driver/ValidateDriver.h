//===- ValidateDriver.h - The validate pipeline ----------------*- C++ -*-===//
//
// clspread validate: analyze the suite on a profile, measure the same
// launches with clspread-run (a subprocess: the runner links only OpenCL),
// or read measurements taken elsewhere (a GPU server), join them, and write
// validate.json, validate.md and validate.html.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_VALIDATEDRIVER_H
#define CLSPREAD_DRIVER_VALIDATEDRIVER_H

#include "Driver/AnalyzeDriver.h"

#include <string>
#include <vector>

namespace clspread {

struct ValidateRequest {
  AnalyzeRequest Analyze;              ///< suite, entries, quick
  std::string MeasurementsPath;        ///< "" : run clspread-run now
  std::string RunnerPath;              ///< "" : next to this executable
  std::vector<std::string> RunnerArgs; ///< --platform, --device, ...
  std::string OutDir;                  ///< where the three reports go
  std::string CommandLine;             ///< recorded in the reports
  /// --update-profile: the profile file whose `validation:` list gets
  /// this run's errors (Model/ErrorBand.h); "" leaves it alone.
  std::string UpdateProfile;
};

/// Returns the exit code: 0 when reports were written and at least one
/// kernel was compared, even if some failed to run or had invalid times
/// (they are listed in the report); 2 when nothing was compared (the
/// reports are still written), on duplicate result ids, or bad input.
int runValidate(const ValidateRequest &Req, const DeviceProfile &Profile,
                llvm::raw_ostream &Out, llvm::raw_ostream &Diags);

/// Path of a tool installed beside the running executable.
std::string toolBeside(const char *Argv0, const std::string &Name);

} // namespace clspread

#endif

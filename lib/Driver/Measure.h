//===- Measure.h - Measurements from clspread-run --------------*- C++ -*-===//
//
// validate and calibrate both need measured times for analyzed kernels:
// either from a file taken elsewhere (a GPU server), or by writing the
// launch plan and running clspread-run on it now, as a subprocess (the
// runner links only OpenCL and stays a separate program).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_MEASURE_H
#define CLSPREAD_DRIVER_MEASURE_H

#include "Model/DeviceProfile.h"
#include "Report/AnalysisReport.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace clspread {

struct MeasureOptions {
  std::string MeasurementsPath; ///< "" : run the runner now
  std::string RunnerPath;       ///< clspread-run
  std::vector<std::string> RunnerArgs;
};

/// The runner's measurement JSON for the kernels of \p Report.
llvm::Expected<llvm::json::Value>
obtainMeasurements(const AnalysisReport &Report, const MeasureOptions &O,
                   llvm::raw_ostream &Diags);

/// What the measured device says about itself that \p Profile does not:
/// a different count of compute units (figures solved per compute unit
/// take up the difference, and estimates scale with the profile's count),
/// and on a CPU profile, a PoCL build for another LLVM CPU than
/// alu.llvm_cpu (the code counted is not the code run). One sentence
/// each, for `clspread: warning:`; none when the file has no device_info.
std::vector<std::string> deviceMismatches(const llvm::json::Value &Meas,
                                          const DeviceProfile &Profile);

/// Prints deviceMismatches() as warnings.
void warnDeviceMismatches(const llvm::json::Value &Meas,
                          const DeviceProfile &Profile,
                          llvm::raw_ostream &Diags);

/// Writes \p Text to \p Path through a temporary file and a rename.
llvm::Error writeFileAtomically(const std::string &Path,
                                const std::string &Text);

} // namespace clspread

#endif

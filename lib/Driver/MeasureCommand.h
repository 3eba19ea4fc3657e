//===- MeasureCommand.h - clspread measure: estimate beside a real run ----===//
//
// The one-shot path for a kernel written elsewhere: analyze the files at
// the given launch, write the plan, run clspread-run on it now (the
// default device: PoCL on a machine without a GPU), and print each
// kernel's estimate beside its measured median time and the error.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_MEASURECOMMAND_H
#define CLSPREAD_DRIVER_MEASURECOMMAND_H

#include "Driver/AnalyzeDriver.h"
#include "Driver/Measure.h"

namespace clspread {

/// Returns the exit code: 0, 1 when a kernel did not compile or did not
/// run, 2 for bad input or a runner that could not start.
int runMeasure(const AnalyzeRequest &Req, const DeviceProfile &Profile,
               const MeasureOptions &MO, const std::string &CommandLine,
               bool Json, llvm::raw_ostream &Out, llvm::raw_ostream &Diags);

} // namespace clspread

#endif

//===- RunPlan.h - Run a plan's kernels on one device -----------*- C++ -*-===//
//
// The library entry point behind `clspread-run PLAN.json`: pick the device,
// run the selected kernels one after another, and collect a Measurement.
// Kernel-level failures are inside the Measurement; only problems that stop
// the whole run (no device, unknown --kernel id) throw.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_RUNPLAN_H
#define CLSPREAD_RUNTIME_RUNPLAN_H

#include "Measurement.h"
#include "Plan.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace clspread::runtime {

struct RunRequest {
  std::string PlatformSel, DeviceSel;
  std::vector<std::string> KernelIds; ///< empty: all kernels of the plan
  RunSettings Settings;
  std::string Command;                ///< argv joined, for the record
  bool Progress = false;              ///< one line per kernel on stderr
  bool ReportFailures = true;         ///< one line per failed kernel on stderr
  /// The measurement's header only (device, settings): every kernel runs
  /// in a process of its own (clspread-run --isolate).
  bool NoKernels = false;
};

/// A request that cannot run at all (exit status 2).
class UsageError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Throws UsageError, DeviceError or ClError (context creation) when the
/// run cannot start.
Measurement runPlan(const Plan &P, const RunRequest &Req);

/// 0 when every result is ok, 1 otherwise.
int exitStatusOf(const Measurement &M);

} // namespace clspread::runtime

#endif

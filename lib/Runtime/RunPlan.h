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

#include "DeviceInfo.h"
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
  std::string Command;        ///< argv joined, for the record
  bool Progress = false;      ///< one line per kernel on stderr
  bool ReportFailures = true; ///< one line per failed kernel on stderr
};

/// A request that cannot run at all (exit status 2).
class UsageError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The plan kernels Req selects (--kernel), in plan order; throws
/// UsageError for an id the plan lacks.
std::vector<const KernelSpec *> selectKernels(const Plan &P,
                                              const RunRequest &Req);

/// A Measurement with everything but the results.
Measurement measurementHeader(const Plan &P, const RunRequest &Req,
                              const DeviceRef &Ref, const DeviceInfo &Info);

/// The progress line of kernel \p I of \p N (stderr; see docs/runner.md).
void reportKernel(const RunRequest &Req, size_t I, size_t N,
                  const KernelResult &R);
void reportKernel(const RunRequest &Req, size_t I, size_t N,
                  const std::string &Id, const std::string &Status,
                  const std::string &Message, const std::string &OkText);

/// Runs every selected kernel in this process (--no-isolate; Isolation.h
/// has the default). Throws UsageError, DeviceError or ClError (context
/// creation) when the run cannot start.
Measurement runPlan(const Plan &P, const RunRequest &Req);

/// 0 when every result is ok, 1 otherwise.
int exitStatusOf(const Measurement &M);

} // namespace clspread::runtime

#endif

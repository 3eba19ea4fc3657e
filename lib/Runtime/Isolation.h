//===- Isolation.h - Kernels in worker processes ----------------*- C++ -*-===//
//
// A bad kernel can take the whole process with it: on PoCL a scalar given
// for a pointer parameter is a SIGSEGV, an out-of-bounds write corrupts the
// heap (abort in malloc, exit 134), and after a timed-out kernel the next
// blocking call may never return. So the runner process that
// writes the JSON never loads an OpenCL driver: it forks a worker, which
// opens the device, runs the kernels one after another in one context and
// streams each result back over a pipe (one JSON line per message). When
// the worker dies, the kernel it was running is recorded as "crashed" with
// the signal, and a fresh worker goes on with the next kernel; when a
// blocking call hangs, the worker's watchdog (Watchdog.h) reports it and
// ends the worker ("timeout"). A worker also ends after any kernel that
// abandoned its context (a timeout, a failed launch), so the next kernel
// starts in a fresh process, which no poisoned context or wedged driver
// state follows (NVIDIA: CL_INVALID_CONTEXT after an out-of-bounds access).
//
// A crash in a worker that had already run other kernels may be an earlier
// kernel's doing (heap corruption surfaces later), so the crashed kernel is
// run once more alone before it is blamed.
//
// Only fork() is used, before any OpenCL call of the parent, so the child
// inherits no driver threads; the worker ends with exit() after a clean
// run (oclgrind prints its counts then) and _exit() after an abandon.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_ISOLATION_H
#define CLSPREAD_RUNTIME_ISOLATION_H

#include "Plan.h"
#include "RunPlan.h"

#include <nlohmann/json.hpp>

namespace clspread::runtime {

enum class Isolation {
  Worker,    ///< default: one worker, replaced after a crash, hang or abandon
  PerKernel, ///< --isolate: every kernel in a worker of its own
};

const char *isolationName(Isolation I);

/// Runs the selected kernels of \p P in worker processes and returns the
/// measurement JSON with one result per selected kernel, in plan order.
/// Throws UsageError (unknown --kernel id) or std::runtime_error when no
/// worker could open the device (its message says why): exit status 2.
nlohmann::json runIsolated(const Plan &P, const RunRequest &Req,
                           Isolation Mode);

/// "SIGSEGV" for 11, "signal 77" for one without a name here.
std::string signalName(int Sig);

} // namespace clspread::runtime

#endif

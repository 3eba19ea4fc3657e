//===- Watchdog.h - A deadline over every blocking OpenCL call --*- C++ -*-===//
//
// The launch poller (TimedLaunch) notices a kernel that runs too long, but
// other calls block inside the driver where no poll can see them: after a
// timed-out kernel, PoCL blocked forever in the next kernel's blocking
// buffer write, and the run lost every kernel after it. Each such call is
// wrapped in a WatchGuard that sets a process-wide deadline; a thread
// started in a worker process (Isolation.h) checks it and, once it passes,
// reports which call hung and ends the process, so the supervisor records
// the kernel as "timeout" and goes on in a fresh process. Without
// startWatchdog() (in-process runs, --no-isolate) the guards only store the
// deadline and nothing fires.
//
// Cost: two relaxed atomic stores per guarded call.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_WATCHDOG_H
#define CLSPREAD_RUNTIME_WATCHDOG_H

#include <string>

namespace clspread::runtime {

/// Called on the watchdog thread with a sentence saying which call hung;
/// must not return (it ends the process).
using WatchdogFire = void (*)(const std::string &What);

/// Starts the watchdog thread of this process. \p Seconds is the default
/// deadline of a guard (--timeout); <= 0 disables the watchdog.
void startWatchdog(double Seconds, WatchdogFire OnFire);

/// The default deadline (0 when no watchdog runs).
double watchdogSeconds();

/// Arms the deadline for the lifetime of the object: \p What names the
/// call ("clEnqueueWriteBuffer (arg 0 'out')"), \p Seconds overrides the
/// default when positive. Guards nest: the outer deadline comes back.
class WatchGuard {
public:
  explicit WatchGuard(const char *What, double Seconds = 0);
  WatchGuard(const std::string &What, double Seconds = 0);
  ~WatchGuard();
  WatchGuard(const WatchGuard &) = delete;
  WatchGuard &operator=(const WatchGuard &) = delete;

private:
  void arm(double Seconds);
  long long PrevDeadline;
  const std::string *PrevWhat;
  double PrevSeconds;
  std::string Text;
};

} // namespace clspread::runtime

#endif

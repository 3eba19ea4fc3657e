//===- TimedLaunch.h - One kernel launch under a watchdog -------*- C++ -*-===//
//
// A launch is enqueued, flushed, and then its event is polled rather than
// waited on with clFinish: a kernel that hangs (an infinite loop on some
// input) must not hang the runner, which reports it as status "timeout" and
// moves on. Polling spins briefly (short kernels finish within
// microseconds, and the wall-clock figure should not be rounded up to a
// sleep quantum), then sleeps with a growing interval up to 1 ms so a long
// kernel does not lose a CPU core to the host thread (PoCL runs kernels on
// the same cores).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_TIMEDLAUNCH_H
#define CLSPREAD_RUNTIME_TIMEDLAUNCH_H

#include "OpenCL.h"

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace clspread::runtime {

struct LaunchTiming {
  double DeviceSeconds = 0; ///< profiling END - START; 0 when unavailable
  double WallSeconds = 0;   ///< enqueue to observed completion
  bool Profiled = false;
};

/// The launch did not complete within the watchdog time. The kernel may
/// still be running, so the caller must abandon the queue and its objects.
class LaunchTimeout : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The call ClError names when a launch was enqueued but failed on the
/// device (its event ended with an error status).
inline constexpr const char *KernelExecutionCall = "kernel execution";

/// Enqueues \p K over the NDRange and waits for it by polling. \p Local
/// empty lets the driver choose. \p TimeoutSeconds <= 0 waits forever.
/// Throws ClError when the enqueue fails ("clEnqueueNDRangeKernel") or the
/// event reports an error (KernelExecutionCall).
LaunchTiming timedLaunch(cl_command_queue Q, cl_kernel K, unsigned Dims,
                         const std::array<uint64_t, 3> &Global,
                         const std::optional<std::array<uint64_t, 3>> &Local,
                         double TimeoutSeconds);

} // namespace clspread::runtime

#endif

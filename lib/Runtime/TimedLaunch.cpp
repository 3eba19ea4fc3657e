//===- TimedLaunch.cpp - One kernel launch under a watchdog ---------------===//
#include "TimedLaunch.h"
#include "ClError.h"
#include "ClHandle.h"

#include <chrono>
#include <cstdio>
#include <thread>

namespace clspread::runtime {

using Clock = std::chrono::steady_clock;

static double since(Clock::time_point T0) {
  return std::chrono::duration<double>(Clock::now() - T0).count();
}

static std::string secondsText(double S) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g s", S);
  return Buf;
}

LaunchTiming timedLaunch(cl_command_queue Q, cl_kernel K, unsigned Dims,
                         const std::array<uint64_t, 3> &Global,
                         const std::optional<std::array<uint64_t, 3>> &Local,
                         double TimeoutSeconds) {
  size_t G[3] = {size_t(Global[0]), size_t(Global[1]), size_t(Global[2])};
  size_t L[3] = {1, 1, 1};
  if (Local)
    for (int I = 0; I < 3; ++I)
      L[I] = size_t((*Local)[size_t(I)]);

  LaunchTiming T;
  cl_event Raw = nullptr;
  auto T0 = Clock::now();
  check(clEnqueueNDRangeKernel(Q, K, Dims, nullptr, G, Local ? L : nullptr, 0,
                               nullptr, &Raw),
        "clEnqueueNDRangeKernel");
  Event E(Raw);
  check(clFlush(Q), "clFlush");

  auto Sleep = std::chrono::microseconds(10);
  for (;;) {
    cl_int Status = CL_QUEUED;
    check(clGetEventInfo(E.get(), CL_EVENT_COMMAND_EXECUTION_STATUS,
                         sizeof Status, &Status, nullptr),
          "clGetEventInfo");
    if (Status == CL_COMPLETE)
      break;
    if (Status < 0) // the command was terminated abnormally
      throw ClError(KernelExecutionCall, Status,
                    "the launch failed on the device");
    double Elapsed = since(T0);
    if (TimeoutSeconds > 0 && Elapsed > TimeoutSeconds)
      throw LaunchTimeout("the launch did not complete within " +
                          secondsText(TimeoutSeconds) +
                          " (watchdog, --timeout); event status " +
                          (Status == CL_RUNNING     ? "CL_RUNNING"
                           : Status == CL_SUBMITTED ? "CL_SUBMITTED"
                                                    : "CL_QUEUED"));
    if (Elapsed < 200e-6) {
      std::this_thread::yield();
      continue;
    }
    std::this_thread::sleep_for(Sleep);
    if (Sleep < std::chrono::microseconds(1000))
      Sleep *= 2;
  }
  T.WallSeconds = since(T0);

  cl_ulong Start = 0, End = 0;
  cl_int E1 = clGetEventProfilingInfo(E.get(), CL_PROFILING_COMMAND_START,
                                      sizeof Start, &Start, nullptr);
  cl_int E2 = clGetEventProfilingInfo(E.get(), CL_PROFILING_COMMAND_END,
                                      sizeof End, &End, nullptr);
  if (E1 == CL_SUCCESS && E2 == CL_SUCCESS && End >= Start) {
    T.DeviceSeconds = double(End - Start) * 1e-9;
    T.Profiled = true;
  } else if (E1 != CL_PROFILING_INFO_NOT_AVAILABLE && E1 != CL_SUCCESS) {
    check(E1, "clGetEventProfilingInfo");
  }
  return T;
}

} // namespace clspread::runtime

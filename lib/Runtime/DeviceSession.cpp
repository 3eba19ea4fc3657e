//===- DeviceSession.cpp - The context and queue kernels run on -----------===//
#include "DeviceSession.h"
#include "ClError.h"
#include "Watchdog.h"

#include <algorithm>
#include <utility>

namespace clspread::runtime {

DeviceSession::DeviceSession(const DeviceRef &Ref, DeviceInfo Info)
    : Ref(Ref), Info(std::move(Info)) {
  create();
}

void DeviceSession::create() {
  WatchGuard G(
      "creating the context and queue (clCreateContext, clCreateCommandQueue)",
      std::max(watchdogSeconds(), 60.0));
  cl_int Err = CL_SUCCESS;
  cl_context_properties Props[] = {
      CL_CONTEXT_PLATFORM,
      reinterpret_cast<cl_context_properties>(Ref.Platform), 0};
  cl_device_id D = Ref.Device;
  Ctx = Context(clCreateContext(Props, 1, &D, nullptr, nullptr, &Err));
  check(Err, "clCreateContext");
  Q = Queue(
      clCreateCommandQueue(Ctx.get(), D, CL_QUEUE_PROFILING_ENABLE, &Err));
  check(Err, "clCreateCommandQueue");
}

void DeviceSession::renew() {
  Q.leak();
  Ctx.leak();
  Abandoned = true;
  if (RenewAfterAbandon)
    create();
}

} // namespace clspread::runtime

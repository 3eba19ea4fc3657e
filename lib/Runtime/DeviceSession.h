//===- DeviceSession.h - The context and queue kernels run on ---*- C++ -*-===//
//
// One context and one in-order profiling queue serve all kernels of a run.
// After a watchdog timeout or a failed launch the queue may still be busy
// or be in an error state (NVIDIA marks the whole context unusable after
// an out-of-bounds access), so renew() abandons both and starts over for
// the next kernel; the abandoned ones are never released because releasing
// a queue with a running kernel can block.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_DEVICESESSION_H
#define CLSPREAD_RUNTIME_DEVICESESSION_H

#include "ClHandle.h"
#include "DeviceInfo.h"

namespace clspread::runtime {

class DeviceSession {
public:
  DeviceSession(const DeviceRef &Ref, DeviceInfo Info);

  cl_device_id device() const { return Ref.Device; }
  cl_context context() const { return Ctx.get(); }
  cl_command_queue queue() const { return Q.get(); }
  const DeviceInfo &info() const { return Info; }
  const DeviceRef &ref() const { return Ref; }

  /// Abandons the current context and queue (see the file comment) and
  /// creates fresh ones, unless RenewAfterAbandon is false: a worker
  /// process (Isolation.h) ends after such a kernel instead, and the next
  /// kernel starts in a fresh process, which no wedged driver state follows.
  void renew();
  bool RenewAfterAbandon = true;
  /// True once renew() abandoned a queue that may still be running.
  bool abandonedWork() const { return Abandoned; }

private:
  void create();

  DeviceRef Ref;
  DeviceInfo Info;
  Context Ctx;
  Queue Q;
  bool Abandoned = false;
};

} // namespace clspread::runtime

#endif

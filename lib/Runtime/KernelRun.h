//===- KernelRun.h - Build, bind, time and check one plan kernel ----------===//
//
// runKernel() turns one KernelSpec into one KernelResult and never throws
// for problems of that kernel: build failures, missing kernels, refused
// local sizes, bad arguments and watchdog timeouts all end up as the
// result's status and message, so the run goes on with the next kernel.
//
// Soundness of the output check: every buffer and image the kernel may
// write (access write or read_write) is restored to its initial contents
// before every launch, warm-ups included. Each launch therefore computes
// the same function of the same inputs, and a kernel that accumulates into
// a read_write buffer gives the same result every time; differing
// checksums then mean a real nondeterminism (a race, float atomics,
// uninitialized memory). The restore is a device-side copy from a pristine
// buffer (a host write when the device has no room for one), finished
// before the wall clock starts, so it is in neither timing.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_KERNELRUN_H
#define CLSPREAD_RUNTIME_KERNELRUN_H

#include "DeviceSession.h"
#include "Measurement.h"
#include "Plan.h"

namespace clspread::runtime {

KernelResult runKernel(DeviceSession &Session, const KernelSpec &Spec,
                       const RunSettings &S);

/// A result naming \p Spec (id, file, sizes, the plan's warnings) with no
/// measurement yet: status "error", empty message.
KernelResult resultFor(const KernelSpec &Spec);

} // namespace clspread::runtime

#endif

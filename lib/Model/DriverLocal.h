//===- DriverLocal.h - The local size a driver picks ------------*- C++ -*-===//
//
// A launch may leave the local size to the driver (a null local size to
// clEnqueueNDRangeKernel). Most drivers do not say what they pick, so the
// model assumes a group of one wavefront there. PoCL does, in its source:
// its CPU devices take the largest sizes that divide the global size in
// steps of the preferred multiple (the wavefront), halve them (z, then y,
// then x) until the group fits the largest work-group, and split a launch
// of fewer groups than compute units while the groups stay at least four
// wavefronts (pocl_default_local_size_optimizer, PoCL 3.1's
// lib/CL/pocl_local_size.c). A profile that names that rule
// (`launch.driver_local: pocl`) gets the same local size here, and the
// analysis takes it as the launch's (KernelAnalyzer.h): Rodinia's
// gaussian Fan1 at 2048 work-items runs 2 groups of 1024, Fan2 at
// 2048x2048 groups of 512x8, nn at 42816 12 groups of 3568 (PoCL's kernel
// cache names each build by its local size).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_DRIVERLOCAL_H
#define CLSPREAD_MODEL_DRIVERLOCAL_H

#include "Analysis/Launch.h"
#include "Model/DeviceProfile.h"

#include <array>
#include <cstdint>
#include <optional>

namespace clspread {

/// PoCL's local size for a launch of \p Global (unused dimensions 1), on a
/// device whose preferred multiple is \p Multiple, whose work-groups hold
/// at most \p MaxGroup work-items (each dimension too), with \p Units
/// compute units.
std::array<uint64_t, 3> poclLocalSize(const std::array<uint64_t, 3> &Global,
                                      uint64_t Multiple, uint64_t MaxGroup,
                                      uint64_t Units);

/// The local size \p P's driver picks for \p L, where the launch leaves it
/// to the driver and the profile names the driver's rule; else nullopt.
std::optional<std::array<uint64_t, 3>> driverLocal(const DeviceProfile &P,
                                                   const LaunchSpec &L);

} // namespace clspread

#endif

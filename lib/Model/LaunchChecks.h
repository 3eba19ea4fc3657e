//===- LaunchChecks.h - Findings about the launch and occupancy -*- C++ -*-===//
//
// The "practical implications" of seeds/002, made concrete for a profile:
//
//   launch-work-group-multiple    local size not a multiple of the wavefront
//   launch-global-size-underused  N < compute_units * waves_per_cu_min * W
//                                 (HD 4870: 10 * 2 * 64 = 1280)
//   launch-global-size-latency    N < compute_units * waves_per_cu_latency
//                                 * W (2560), but not underused
//   occupancy-low                 waves per CU < waves_per_cu_latency and
//                                 registers or LDS are the limiter
//
// Each id has a page docs/rules/<id>.md. (Spreadsheet.cpp adds one more,
// device-unsupported-op, while it charges ALU work.)
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_LAUNCHCHECKS_H
#define CLSPREAD_MODEL_LAUNCHCHECKS_H

#include "Analysis/KernelCounts.h"
#include "Model/DeviceProfile.h"
#include "Model/Estimate.h"

#include <vector>

namespace clspread {

std::vector<Check> launchChecks(const KernelCounts &K, const DeviceProfile &P,
                                const Occupancy &O);

} // namespace clspread

#endif

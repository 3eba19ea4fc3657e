//===- Occupancy.h - Wavefronts in flight per compute unit -----*- C++ -*-===//
//
// GPUs hide memory latency by switching between resident wavefronts
// (AMD's talk "AMD and OpenCL", 2009: "Register usage determines maximum
// number of wavefronts in flight"). The number a compute unit can hold is
// the smallest of:
//
//   registers   per_cu / (registers per item in the profile's unit * W)
//               HD 4870: 16384 x 128-bit; 12 32-bit registers = 3 units,
//               16384 / (3 * 64) = 85 waves
//   lds         floor(lds per_cu / local bytes per group) groups
//               * waves per group / shared_by
//   work-groups max_groups_per_cu * waves per group (when the profile
//               gives it)
//   hardware    max_waves_per_cu
//   launch      ceil(total waves of the NDRange / compute units)
//
// and the limiter is named. Ties go to the first of hardware, launch,
// registers, lds, work-group-size: a resource that allows exactly the
// hardware cap is not what limits. A limit that does not apply (no
// registers in the profile, no __local use) is reported as the hardware
// cap.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_OCCUPANCY_H
#define CLSPREAD_MODEL_OCCUPANCY_H

#include "Analysis/KernelCounts.h"
#include "Model/DeviceProfile.h"
#include "Model/Estimate.h"

#include <string>
#include <vector>

namespace clspread {

namespace model {
class Evaluator;
}

/// The occupancy terms of the model's graph (ModelGraph.h) as evaluated.
Occupancy occupancyOf(model::Evaluator &V);

/// Occupancy of \p K's launch on \p P; assumptions go to \p Notes.
Occupancy computeOccupancy(const KernelCounts &K, const DeviceProfile &P,
                           std::vector<std::string> &Notes);

/// \p Registers 32-bit registers per work-item in the profile's unit
/// (HD 4870, 128-bit: ceil(Registers / 4)).
unsigned registersInUnit(unsigned Registers, const DeviceProfile &P);

} // namespace clspread

namespace clspread {
/// The work-group size the model prefers for \p K's launch on \p P: among
/// sizes that divide the global size and are multiples of the wavefront
/// (powers of two up to 1024; 2-D tiles with at least 8 work-items along
/// dimension 0, for coalescing), the one with the most waves per compute
/// unit; ties go to the launch's own local size, then to 256 work-items,
/// then to the wider tile.
std::array<uint64_t, 3> preferredLocalSize(const KernelCounts &K,
                                           const DeviceProfile &P);
} // namespace clspread

#endif

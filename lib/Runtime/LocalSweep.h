//===- LocalSweep.h - Local sizes worth timing for one launch ---*- C++ -*-===//
//
// --local-sweep times a kernel at several work-group sizes to show how
// much the choice matters on a device and which size is fastest. The
// candidates are the sizes a kernel author would try: powers of two from 8
// up to the maximum work-group size, small multiples of the preferred
// multiple (warp / wavefront width), and for 2-D and 3-D launches the usual
// tile shapes (8x8, 16x16, 32x4, 64x2 ...). Sizes below 8 are left out:
// they are never a good choice on a GPU and make a sweep of a large NDRange
// take minutes on a CPU device. OpenCL 1.2 requires the global size to be
// a multiple of the local size, so sizes that do not divide it are dropped.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_LOCALSWEEP_H
#define CLSPREAD_RUNTIME_LOCALSWEEP_H

#include <array>
#include <cstdint>
#include <vector>

namespace clspread::runtime {

using Sizes3 = std::array<uint64_t, 3>;

/// Candidate local sizes for a launch of \p Dims dimensions over \p Global,
/// bounded by the work-group limit \p MaxGroup (the smaller of the
/// device's and the kernel's) and the per-dimension \p MaxItems. Sorted
/// by work-group size, then by shape; no duplicates.
std::vector<Sizes3> sweepCandidates(unsigned Dims, const Sizes3 &Global,
                                    uint64_t MaxGroup, const Sizes3 &MaxItems,
                                    uint64_t PreferredMultiple);

} // namespace clspread::runtime

#endif

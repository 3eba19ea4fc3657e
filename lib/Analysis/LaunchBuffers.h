//===- LaunchBuffers.h - The bytes a launch allocates per buffer -*- C++
//-*-===//
//
// One answer for how big a buffer argument is at a launch: the size the
// launch states (a manifest's `buffers:`, `--buffer`), else what the
// kernel's accesses reach. The plan gives it to the runner, which
// allocates and, before every launch, restores that many bytes of each
// buffer the kernel may write; the analysis counts those rewritten bytes
// for the cache model (KernelCounts::RewrittenBytes).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_LAUNCHBUFFERS_H
#define CLSPREAD_ANALYSIS_LAUNCHBUFFERS_H

#include "Analysis/KernelCounts.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// Bytes of buffer argument \p A at a launch: \p Stated's size for it,
/// else one past the highest byte \p Footprints say it reaches, rounded
/// up to 16 (so vector reinterpretations stay inside); nullopt when
/// neither is known.
std::optional<uint64_t>
launchBufferBytes(const KernelArgInfo &A,
                  const std::vector<BufferFootprint> &Footprints,
                  const std::map<std::string, uint64_t> &Stated);

/// Whether the kernel may write buffer argument \p A: as its footprint in
/// \p Footprints says where it has one, else as the IR does (A.MayWrite);
/// never a __constant or const one. The runner restores such a buffer
/// before every launch.
bool launchWrites(const KernelArgInfo &A,
                  const std::vector<BufferFootprint> &Footprints);

} // namespace clspread

#endif

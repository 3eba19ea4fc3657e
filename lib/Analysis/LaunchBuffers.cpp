//===- LaunchBuffers.cpp - The bytes a launch allocates per buffer --------===//
#include "Analysis/LaunchBuffers.h"

namespace clspread {

std::optional<uint64_t>
launchBufferBytes(const KernelArgInfo &A,
                  const std::vector<BufferFootprint> &Footprints,
                  const std::map<std::string, uint64_t> &Stated) {
  if (auto It = Stated.find(A.Name); It != Stated.end())
    return It->second;
  for (const BufferFootprint &F : Footprints)
    if (F.ArgIndex == A.Index && F.MaxOffset)
      return (F.MaxOffset + 15) / 16 * 16;
  return std::nullopt;
}

bool launchWrites(const KernelArgInfo &A,
                  const std::vector<BufferFootprint> &Footprints) {
  if (A.Space == AddrSpace::Constant || !A.MayWrite)
    return false;
  const BufferFootprint *FP = nullptr;
  for (const BufferFootprint &F : Footprints)
    if (F.ArgIndex == A.Index)
      FP = &F;
  return FP ? FP->Written : true;
}

} // namespace clspread

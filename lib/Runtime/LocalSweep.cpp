//===- LocalSweep.cpp - Local sizes worth timing for one launch -----------===//
#include "LocalSweep.h"

#include <algorithm>

namespace clspread::runtime {

std::vector<Sizes3> sweepCandidates(unsigned Dims, const Sizes3 &Global,
                                    uint64_t MaxGroup, const Sizes3 &MaxItems,
                                    uint64_t PreferredMultiple) {
  std::vector<Sizes3> Raw;
  uint64_t Start = MaxGroup < 8 ? 1 : 8;
  // Along x: powers of two and multiples of the preferred multiple.
  for (uint64_t X = Start; X <= MaxGroup; X *= 2)
    Raw.push_back({X, 1, 1});
  if (PreferredMultiple > 0)
    for (uint64_t F : {1, 2, 3, 4, 6, 8, 12, 16})
      Raw.push_back({PreferredMultiple * F, 1, 1});
  if (Dims >= 2) {
    static const uint64_t Shapes2D[][2] = {
        {8, 8},  {16, 4},  {32, 2}, {16, 8}, {32, 4},  {64, 2},
        {8, 16}, {16, 16}, {32, 8}, {64, 4}, {128, 2}, {32, 16},
        {64, 8}, {32, 32}, {4, 4},  {8, 4}};
    for (const auto &S : Shapes2D)
      Raw.push_back({S[0], S[1], 1});
    if (PreferredMultiple > 0)
      for (uint64_t Y : {2, 4, 8})
        Raw.push_back({PreferredMultiple, Y, 1});
  }
  if (Dims >= 3) {
    static const uint64_t Shapes3D[][3] = {
        {4, 4, 4}, {8, 8, 2}, {8, 8, 4}, {16, 8, 2}, {16, 4, 4}};
    for (const auto &S : Shapes3D)
      Raw.push_back({S[0], S[1], S[2]});
  }

  std::vector<Sizes3> Out;
  for (const Sizes3 &L : Raw) {
    uint64_t Group = L[0] * L[1] * L[2];
    bool Ok = Group <= MaxGroup;
    for (unsigned D = 0; D < 3 && Ok; ++D) {
      uint64_t G = D < Dims ? Global[D] : 1;
      if (D >= Dims && L[D] != 1)
        Ok = false;
      else if (L[D] == 0 || G % L[D] != 0 ||
               (MaxItems[D] && L[D] > MaxItems[D]))
        Ok = false;
    }
    if (Ok && std::find(Out.begin(), Out.end(), L) == Out.end())
      Out.push_back(L);
  }
  std::sort(Out.begin(), Out.end(), [](const Sizes3 &A, const Sizes3 &B) {
    uint64_t GA = A[0] * A[1] * A[2], GB = B[0] * B[1] * B[2];
    return GA != GB ? GA < GB : A > B;
  });
  return Out;
}

} // namespace clspread::runtime

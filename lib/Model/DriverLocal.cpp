//===- DriverLocal.cpp - The local size a driver picks --------------------===//
//
// See DriverLocal.h. The steps are PoCL's, in its order, written here from
// its description; where one step cannot apply it passes to the next.
//
//===----------------------------------------------------------------------===//
#include "Model/DriverLocal.h"

#include <algorithm>
#include <numeric>

namespace clspread {

namespace {

/// The largest divisor of \p N that is at most \p Limit (\p N itself when
/// smaller), as PoCL searches it: down from the limit.
uint64_t largestDivisorAtMost(uint64_t N, uint64_t Limit) {
  if (N < Limit)
    return N;
  Limit = std::max<uint64_t>(Limit, 1);
  while (N % Limit != 0)
    --Limit;
  return Limit;
}

} // namespace

std::array<uint64_t, 3> poclLocalSize(const std::array<uint64_t, 3> &Global,
                                      uint64_t Multiple, uint64_t MaxGroup,
                                      uint64_t Units) {
  Multiple = std::max<uint64_t>(Multiple, 1);
  MaxGroup = std::max<uint64_t>(MaxGroup, 1);
  std::array<uint64_t, 3> G, Grain, Local;
  for (int D = 0; D < 3; ++D) {
    G[D] = std::max<uint64_t>(Global[D], 1);
    // Steps of the preferred multiple, where the global size allows them.
    Grain[D] = std::gcd(Multiple, G[D]);
    const uint64_t Max = std::min(MaxGroup, G[D]);
    Local[D] =
        D > 0 && Max <= 1
            ? 1
            : Grain[D] * largestDivisorAtMost(G[D] / Grain[D], Max / Grain[D]);
  }
  auto size = [&] { return Local[0] * Local[1] * Local[2]; };
  // A size that keeps dividing the global size in whole grains.
  auto fits = [&](int D, uint64_t L) {
    return L % Grain[D] == 0 && G[D] % L == 0;
  };
  // Too large a group: halve z, then y, then x; else drop to 1 the
  // dimension of the smallest grain; else any dimension, z first.
  while (size() > MaxGroup) {
    bool Done = false;
    for (int D : {2, 1, 0})
      if (!Done && Local[D] % 2 == 0 && fits(D, Local[D] / 2)) {
        Local[D] /= 2;
        Done = true;
      }
    for (auto [A, B, C] : {std::array{2, 0, 1}, {1, 2, 0}, {0, 1, 2}})
      if (!Done && Local[A] > 1 && Grain[A] <= Grain[B] &&
          Grain[A] <= Grain[C]) {
        Local[A] = 1;
        Done = true;
      }
    for (int D : {2, 1, 0})
      if (!Done && Local[D] > 1) {
        Local[D] = 1;
        Done = true;
      }
    if (!Done)
      break;
  }
  // Fewer groups than compute units: split one dimension, while the
  // groups keep four wavefronts; else drop the smallest dimension to 1.
  const uint64_t MinGroup = std::min(4 * Multiple, MaxGroup);
  std::array<uint64_t, 3> Groups;
  for (int D = 0; D < 3; ++D)
    Groups[D] = G[D] / Local[D];
  uint64_t Splits;
  while ((Splits = Units / (Groups[0] * Groups[1] * Groups[2])) > 1 &&
         size() >= Splits * MinGroup) {
    bool Split = false;
    while (Splits > 1 && !Split) {
      for (int D : {2, 1, 0})
        if (!Split && Local[D] % Splits == 0 && fits(D, Local[D] / Splits)) {
          Local[D] /= Splits;
          Groups[D] *= Splits;
          Split = true;
        }
      if (!Split)
        --Splits;
    }
    if (Split)
      continue;
    bool Dropped = false;
    for (auto [A, B, C] : {std::array{2, 0, 1}, {1, 2, 0}, {0, 1, 2}})
      if (!Dropped && Local[A] > 1 && Local[A] <= Local[B] &&
          Local[A] <= Local[C] && Local[B] * Local[C] >= MinGroup) {
        Local[A] = 1;
        Groups[A] = G[A];
        Dropped = true;
      }
    if (!Dropped)
      break;
  }
  return Local;
}

std::optional<std::array<uint64_t, 3>> driverLocal(const DeviceProfile &P,
                                                   const LaunchSpec &L) {
  if (L.Local || P.DriverLocal != "pocl")
    return std::nullopt;
  std::array<uint64_t, 3> Global = {1, 1, 1};
  for (unsigned D = 0; D < std::min(L.Dims, 3u); ++D)
    Global[D] = L.Global[D];
  return poclLocalSize(Global, P.Wavefront,
                       P.MaxWorkGroupSize.value_or(P.Wavefront),
                       P.ComputeUnits);
}

} // namespace clspread

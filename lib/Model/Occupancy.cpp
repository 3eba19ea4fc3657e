//===- Occupancy.cpp - Waves per compute unit and their limiter -----------===//
#include "Model/Occupancy.h"
#include "Model/Quantity.h"

#include "llvm/Support/MathExtras.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

namespace clspread {

namespace {

unsigned clampU(uint64_t V) {
  return unsigned(std::min<uint64_t>(V, std::numeric_limits<unsigned>::max()));
}

} // namespace

unsigned registersInUnit(unsigned Registers, const DeviceProfile &P) {
  unsigned PerUnit = std::max(1u, P.RegisterUnitBytes / 4);
  return clampU(llvm::divideCeil(Registers, PerUnit));
}

namespace {

/// computeOccupancy() for \p K's register and local-memory needs at the
/// launch \p L (preferredLocalSize tries several without copying \p K).
Occupancy occupancyAt(const KernelCounts &K, const LaunchSpec &L,
                      const DeviceProfile &P, std::vector<std::string> &Notes) {
  Occupancy O;
  const unsigned W = std::max(1u, P.Wavefront);
  uint64_t Group = L.workGroupSize();
  if (Group == 0) {
    Group = W;
    Notes.push_back(fmt::format(
        "no local size given: occupancy and launch checks assume work-groups "
        "of one wavefront ({} work-items)",
        W));
  }
  O.GroupSize = clampU(Group);
  O.WavesPerGroup = clampU(llvm::divideCeil(Group, W));
  O.WavesByHardware = P.MaxWavesPerCU;

  // Registers: the compiler spills rather than fail, so at least one wave.
  O.WavesByRegisters = O.WavesByHardware;
  if (P.RegistersPerCU) {
    if (K.Registers == 0) {
      Notes.push_back("register count unknown: occupancy not limited by "
                      "registers");
    } else {
      unsigned Units = registersInUnit(K.Registers, P);
      uint64_t Waves = *P.RegistersPerCU / (uint64_t(Units) * W);
      if (Waves == 0) {
        Notes.push_back(fmt::format(
            "{} registers per work-item need {} per wavefront, more than the "
            "{} a compute unit holds: the compiler must spill; assumed one "
            "wavefront",
            K.Registers, uint64_t(Units) * W, *P.RegistersPerCU));
        Waves = 1;
      }
      O.WavesByRegisters = clampU(Waves);
    }
  }

  // LDS: whole work-groups share a pool; a group that does not fit cannot
  // launch at all (0 waves).
  O.WavesByLds = O.WavesByHardware;
  if (P.LdsBytes && K.LocalMemBytes > 0) {
    uint64_t Groups = *P.LdsBytes / K.LocalMemBytes;
    if (Groups == 0) {
      O.WavesByLds = 0;
      Notes.push_back(fmt::format(
          "a work-group allocates {} of local memory, more than the {} "
          "available: the launch fails",
          formatQuantity(double(K.LocalMemBytes), Quantity::Dim::Bytes),
          formatQuantity(double(*P.LdsBytes), Quantity::Dim::Bytes)));
    } else {
      uint64_t Waves = Groups * O.WavesPerGroup / std::max(1u, P.LdsSharedBy);
      O.WavesByLds = clampU(std::max<uint64_t>(Waves, 1));
    }
  }

  O.WavesByWorkGroups =
      P.MaxGroupsPerCU ? clampU(uint64_t(*P.MaxGroupsPerCU) * O.WavesPerGroup)
                       : O.WavesByHardware;

  uint64_t TotalWaves = llvm::divideCeil(L.workItems(), Group) * O.WavesPerGroup;
  O.WavesByLaunch = clampU(llvm::divideCeil(TotalWaves, std::max(1u, P.ComputeUnits)));

  // Tie order: hardware, launch, registers, lds, work-group-size.
  std::pair<unsigned, const char *> Limits[] = {
      {O.WavesByHardware, "hardware"},
      {O.WavesByLaunch, "launch"},
      {O.WavesByRegisters, "registers"},
      {O.WavesByLds, "lds"},
      {O.WavesByWorkGroups, "work-group-size"},
  };
  auto Min = std::min_element(
      std::begin(Limits), std::end(Limits),
      [](const auto &A, const auto &B) { return A.first < B.first; });
  O.WavesPerCU = Min->first;
  O.LimitedBy = Min->second;
  return O;
}

} // namespace

Occupancy computeOccupancy(const KernelCounts &K, const DeviceProfile &P,
                           std::vector<std::string> &Notes) {
  return occupancyAt(K, K.Launch, P, Notes);
}

std::array<uint64_t, 3> preferredLocalSize(const KernelCounts &K,
                                           const DeviceProfile &P) {
  const LaunchSpec &L = K.Launch;
  std::vector<std::array<uint64_t, 3>> Cands;
  for (uint64_t Total = std::max<uint64_t>(P.Wavefront, 1); Total <= 1024;
       Total *= 2) {
    if (L.Dims == 1) {
      Cands.push_back({Total, 1, 1});
      continue;
    }
    for (uint64_t X = 8; X <= Total; X *= 2)
      Cands.push_back({X, Total / X, 1});
  }
  std::array<uint64_t, 3> Best = L.localOrOnes();
  long BestScore = -1;
  for (const auto &C : Cands) {
    bool Fits = true;
    for (unsigned D = 0; D < 3; ++D)
      Fits &= C[D] >= 1 && L.Global[D] % C[D] == 0;
    if (!Fits)
      continue;
    LaunchSpec Try = L;
    Try.Local = C;
    std::vector<std::string> Notes;
    Occupancy O = occupancyAt(K, Try, P, Notes);
    uint64_t Items = C[0] * C[1] * C[2];
    // Waves first; then the launch's own size, 256 items, a wider tile.
    long Score = long(O.WavesPerCU) * 1000 +
                 (L.Local && *L.Local == C ? 500 : 0) +
                 (Items == 256 ? 100 : 0) + long(std::min<uint64_t>(C[0], 64));
    if (Score > BestScore) {
      BestScore = Score;
      Best = C;
    }
  }
  return Best;
}

} // namespace clspread

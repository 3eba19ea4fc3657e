//===- Occupancy.cpp - Waves per compute unit and their limiter -----------===//
#include "Model/Occupancy.h"
#include "Model/ModelGraph.h"

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

Occupancy occupancyOf(model::Evaluator &V) {
  auto U = [&](const char *Term) {
    // Whole numbers of waves; a term the figures left undefined (NaN) is
    // no wave rather than a conversion C++ leaves undefined.
    double X = V[Term];
    if (!(X > 0))
      return 0u;
    return X >= double(std::numeric_limits<unsigned>::max())
               ? std::numeric_limits<unsigned>::max()
               : unsigned(X);
  };
  Occupancy O;
  O.WavesPerCU = U("waves_occ");
  O.LimitedBy = V.label(V.graph().find("waves_occ"));
  O.WavesByRegisters = U("waves_by_registers");
  O.WavesByLds = U("waves_by_lds");
  O.WavesByWorkGroups = U("waves_by_groups");
  O.WavesByHardware = U("waves_by_hardware");
  O.WavesByLaunch = U("waves_by_launch");
  O.GroupSize = U("group_size");
  O.WavesPerGroup = U("waves_per_group");
  return O;
}

namespace {

/// The model's occupancy terms for \p K at launch \p L (the counts the
/// cache model gives do not enter occupancy).
Occupancy occupancyAt(const model::Model &M, model::Evaluator &V,
                      const KernelCounts &K, const LaunchSpec &L,
                      std::vector<std::string> &Notes) {
  for (auto &[Name, Value] : model::kernelInputs(K, L, Estimate{}))
    V.setInput(Name, Value);
  for (const char *Local : {"lx", "ly", "lz"})
    if (!L.Local)
      V.setInput(Local, std::nullopt);
  Occupancy O = occupancyOf(V);
  model::stageNotes(M, model::NoteStage::Occupancy, V, K, Notes);
  return O;
}

} // namespace

Occupancy computeOccupancy(const KernelCounts &K, const DeviceProfile &P,
                           std::vector<std::string> &Notes) {
  const model::Model *M = &model::modelFor(P);
  model::Evaluator V(M->G, {}, model::figureValues(P, true));
  return occupancyAt(*M, V, K, K.Launch, Notes);
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
  const model::Model *M = &model::modelFor(P);
  model::Evaluator V(M->G, {}, model::figureValues(P, true));
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
    Occupancy O = occupancyAt(*M, V, K, Try, Notes);
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

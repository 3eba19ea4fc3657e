//===- OutputSample.cpp - A small numeric summary of an output ------------===//
#include "OutputSample.h"

#include <cmath>

namespace clspread::runtime {

OutputSample sampleOutput(const std::vector<unsigned char> &Bytes,
                          const ElemType &Type, unsigned K) {
  OutputSample S;
  S.Elem = Type.Name;
  const size_t SB = Type.scalarBytes(), Stored = Type.storedLanes();
  const size_t Elems = Bytes.size() / (SB * Stored);
  S.Values = Elems * Type.Lanes;
  S.K = unsigned(std::min<uint64_t>(K, S.Values));
  // The I-th real scalar, skipping the padding lane of 3-vectors.
  auto at = [&](uint64_t I) {
    uint64_t E = I / Type.Lanes, L = I % Type.Lanes;
    double V = scalarToDouble(Type.Kind, Bytes.data() + (E * Stored + L) * SB);
    if (!std::isfinite(V))
      ++S.NonFinite;
    return V;
  };
  for (uint64_t I = 0; I < S.K; ++I) {
    S.FirstSum += at(I);
    S.LastSum += at(S.Values - S.K + I);
    S.StridedSum += at(I * S.Values / (S.K ? S.K : 1));
  }
  return S;
}

nlohmann::json OutputSample::toJson() const {
  // NaN has no JSON form; nlohmann writes it as null, which --compare
  // treats as "not finite" on both sides.
  return {{"elem", Elem},
          {"values", Values},
          {"k", K},
          {"first_sum", FirstSum},
          {"last_sum", LastSum},
          {"strided_sum", StridedSum},
          {"nonfinite", NonFinite}};
}

} // namespace clspread::runtime

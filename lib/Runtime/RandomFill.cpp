//===- RandomFill.cpp - Seeded, portable buffer contents ------------------===//
#include "RandomFill.h"

#include <algorithm>
#include "Checksum.h"

#include <cmath>
#include <cstring>

namespace clspread::runtime {

uint64_t streamSeed(uint64_t Seed, const std::string &KernelId, unsigned ArgIndex) {
  SplitMix64 Mix(Seed ^ fnv1a64(KernelId.data(), KernelId.size()) ^
                 (uint64_t(ArgIndex) * 0x2545f4914f6cdd1dULL));
  return Mix.next();
}

template <typename T> static void store(unsigned char *P, T V) { std::memcpy(P, &V, sizeof V); }

static void fillScalar(unsigned char *P, Scalar K, SplitMix64 &Rng,
                       const std::optional<std::pair<double, double>> &Range) {
  if (K == Scalar::Half || K == Scalar::Float || K == Scalar::Double) {
    double Lo = Range ? Range->first : 0.5, Hi = Range ? Range->second : 1.5;
    double V = Lo + (Hi - Lo) * Rng.unit();
    if (K == Scalar::Half)
      store(P, floatToHalf(float(V)));
    else if (K == Scalar::Float)
      store(P, float(V));
    else
      store(P, V);
    return;
  }
  uint64_t Bits = Rng.next();
  if (Range) {
    // Inclusive integer range; the span is computed in long double so a
    // full 64-bit range does not overflow.
    long double Lo = std::ceil((long double)Range->first);
    long double Hi = std::floor((long double)Range->second);
    long double Span = Hi - Lo + 1;
    long double V = Span > 0 ? Lo + std::floor((long double)Rng.unit() * Span) : Lo;
    if (V > Hi)
      V = Hi;
    if (V < 0)
      Bits = uint64_t(int64_t(V));
    else
      Bits = uint64_t(V);
  }
  switch (K) {
  case Scalar::Char: case Scalar::UChar: store(P, uint8_t(Bits)); break;
  case Scalar::Short: case Scalar::UShort: store(P, uint16_t(Bits)); break;
  case Scalar::Int: case Scalar::UInt: store(P, uint32_t(Bits)); break;
  default: store(P, Bits); break;
  }
}

void fillRandom(std::vector<unsigned char> &Bytes, const ElemType &Type, uint64_t Seed,
                std::optional<std::pair<double, double>> Range) {
  SplitMix64 Rng(Seed);
  const size_t SB = Type.scalarBytes();
  size_t Whole = Bytes.size() / SB * SB;
  for (size_t Off = 0; Off < Whole; Off += SB)
    fillScalar(Bytes.data() + Off, Type.Kind, Rng, Range);
  for (size_t Off = Whole; Off < Bytes.size(); ++Off)
    Bytes[Off] = uint8_t(Rng.next());
}

void fillRandomStructs(std::vector<unsigned char> &Bytes, uint64_t StructBytes,
                       const std::vector<std::pair<uint64_t, ElemType>> &Fields,
                       uint64_t Seed, std::optional<std::pair<double, double>> Range) {
  SplitMix64 Rng(Seed);
  std::fill(Bytes.begin(), Bytes.end(), 0);
  for (size_t Base = 0; Base + StructBytes <= Bytes.size(); Base += StructBytes)
    for (const auto &[Offset, Type] : Fields)
      for (unsigned L = 0; L < Type.Lanes; ++L)
        fillScalar(Bytes.data() + Base + Offset + L * Type.scalarBytes(), Type.Kind, Rng,
                   Range);
}

} // namespace clspread::runtime

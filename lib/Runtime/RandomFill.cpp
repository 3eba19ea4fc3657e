//===- RandomFill.cpp - Seeded, portable buffer contents ------------------===//
#include "RandomFill.h"

#include "Checksum.h"
#include <algorithm>

#include <cmath>
#include <cstring>

namespace clspread::runtime {

uint64_t streamSeed(uint64_t Seed, const std::string &KernelId,
                    unsigned ArgIndex) {
  SplitMix64 Mix(Seed ^ fnv1a64(KernelId.data(), KernelId.size()) ^
                 (uint64_t(ArgIndex) * 0x2545f4914f6cdd1dULL));
  return Mix.next();
}

template <typename T> static void store(unsigned char *P, T V) {
  std::memcpy(P, &V, sizeof V);
}

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
    long double V =
        Span > 0 ? Lo + std::floor((long double)Rng.unit() * Span) : Lo;
    if (V > Hi)
      V = Hi;
    if (V < 0)
      Bits = uint64_t(int64_t(V));
    else
      Bits = uint64_t(V);
  }
  switch (K) {
  case Scalar::Char:
  case Scalar::UChar:
    store(P, uint8_t(Bits));
    break;
  case Scalar::Short:
  case Scalar::UShort:
    store(P, uint16_t(Bits));
    break;
  case Scalar::Int:
  case Scalar::UInt:
    store(P, uint32_t(Bits));
    break;
  default:
    store(P, Bits);
    break;
  }
}

void fillRandom(std::vector<unsigned char> &Bytes, const ElemType &Type,
                uint64_t Seed, std::optional<std::pair<double, double>> Range) {
  SplitMix64 Rng(Seed);
  const size_t SB = Type.scalarBytes();
  size_t Whole = Bytes.size() / SB * SB;
  for (size_t Off = 0; Off < Whole; Off += SB)
    fillScalar(Bytes.data() + Off, Type.Kind, Rng, Range);
  for (size_t Off = Whole; Off < Bytes.size(); ++Off)
    Bytes[Off] = uint8_t(Rng.next());
}

/// Stores \p V (already within the type's values) as a \p K.
static void storeValue(unsigned char *P, Scalar K, long double V) {
  switch (K) {
  case Scalar::Half:
    store(P, floatToHalf(float(V)));
    return;
  case Scalar::Float:
    store(P, float(V));
    return;
  case Scalar::Double:
    store(P, double(V));
    return;
  default:
    break;
  }
  uint64_t Bits = V < 0 ? uint64_t(int64_t(V)) : uint64_t(V);
  switch (K) {
  case Scalar::Char:
  case Scalar::UChar:
    store(P, uint8_t(Bits));
    break;
  case Scalar::Short:
  case Scalar::UShort:
    store(P, uint16_t(Bits));
    break;
  case Scalar::Int:
  case Scalar::UInt:
    store(P, uint32_t(Bits));
    break;
  default:
    store(P, Bits);
    break;
  }
}

/// Reads back what fillScalar stored, as a number (for sorting).
static long double loadValue(const unsigned char *P, Scalar K) {
  auto get = [&](auto T) {
    std::memcpy(&T, P, sizeof T);
    return T;
  };
  switch (K) {
  case Scalar::Char:
    return get(int8_t());
  case Scalar::UChar:
    return get(uint8_t());
  case Scalar::Short:
    return get(int16_t());
  case Scalar::UShort:
    return get(uint16_t());
  case Scalar::Int:
    return get(int32_t());
  case Scalar::UInt:
    return get(uint32_t());
  case Scalar::Long:
    return get(int64_t());
  case Scalar::ULong:
    return get(uint64_t());
  case Scalar::Half:
    return halfToFloat(get(uint16_t()));
  case Scalar::Float:
    return get(float());
  case Scalar::Double:
    return get(double());
  }
  return 0;
}

void fillOrdered(std::vector<unsigned char> &Bytes, const ElemType &Type,
                 uint64_t Seed, std::optional<std::pair<double, double>> Range,
                 const std::string &Order) {
  const size_t SB = Type.scalarBytes();
  const size_t N = Bytes.size() / SB;
  const bool Float = Type.Kind == Scalar::Half || Type.Kind == Scalar::Float ||
                     Type.Kind == Scalar::Double;
  if (Order == "sorted" || N == 0) {
    fillRandom(Bytes, Type, Seed, Range);
    std::vector<long double> V(N);
    for (size_t I = 0; I < N; ++I)
      V[I] = loadValue(Bytes.data() + I * SB, Type.Kind);
    std::sort(V.begin(), V.end());
    for (size_t I = 0; I < N; ++I)
      storeValue(Bytes.data() + I * SB, Type.Kind, V[I]);
    return;
  }
  SplitMix64 Rng(Seed);
  long double Lo = Range ? std::ceil((long double)Range->first) : 0;
  long double Hi = Range ? std::floor((long double)Range->second) : 0;
  if (Float) {
    Lo = Range ? Range->first : 0;
    Hi = Range ? Range->second : 0;
  }
  if (Order == "permutation") {
    // Each value of [lo, hi] once per cycle, shuffled (Fisher-Yates).
    uint64_t Count = Hi >= Lo ? uint64_t(Hi - Lo) + 1 : 1;
    std::vector<uint64_t> Perm;
    for (size_t I = 0; I < N; ++I) {
      if (I % Count == 0) {
        size_t Len = size_t(std::min<uint64_t>(Count, N - I));
        // A full cycle is shuffled whole; a partial one takes distinct
        // values drawn from all of [lo, hi].
        Perm.resize(Count > (uint64_t(1) << 26) ? Len : Count);
        for (size_t J = 0; J < Perm.size(); ++J)
          Perm[J] = J;
        for (size_t J = 0; J < Len && J + 1 < Perm.size(); ++J) {
          size_t K = J + size_t(Rng.next() % (Perm.size() - J));
          std::swap(Perm[J], Perm[K]);
        }
      }
      storeValue(Bytes.data() + I * SB, Type.Kind,
                 Lo + (long double)Perm[I % Count]);
    }
  } else { // monotone
    std::vector<long double> V(N);
    for (size_t I = 0; I < N; ++I) {
      long double U =
          Lo + (long double)Rng.unit() * (Hi - Lo + (Float ? 0 : 1));
      V[I] = Float ? U : std::min(Hi, std::floor(U));
    }
    std::sort(V.begin(), V.end());
    V.front() = Lo;
    V.back() = Hi;
    for (size_t I = 0; I < N; ++I)
      storeValue(Bytes.data() + I * SB, Type.Kind, V[I]);
  }
  for (size_t Off = N * SB; Off < Bytes.size(); ++Off)
    Bytes[Off] = uint8_t(Rng.next());
}

void fillRandomStructs(std::vector<unsigned char> &Bytes, uint64_t StructBytes,
                       const std::vector<std::pair<uint64_t, ElemType>> &Fields,
                       uint64_t Seed,
                       std::optional<std::pair<double, double>> Range) {
  SplitMix64 Rng(Seed);
  std::fill(Bytes.begin(), Bytes.end(), 0);
  for (size_t Base = 0; Base + StructBytes <= Bytes.size(); Base += StructBytes)
    for (const auto &[Offset, Type] : Fields)
      for (unsigned L = 0; L < Type.Lanes; ++L)
        fillScalar(Bytes.data() + Base + Offset + L * Type.scalarBytes(),
                   Type.Kind, Rng, Range);
}

} // namespace clspread::runtime

//===- RandomFill.h - Seeded, portable buffer contents ----------*- C++ -*-===//
//
// Inputs are random but reproducible: the same seed, kernel id and
// argument index give the same bytes on every machine and in every
// --kernel subset, so checksums from a PoCL run and a GPU run of the same
// plan are comparable. The generator is SplitMix64 and the float mapping
// is written out here, because std:: distributions differ between
// standard libraries.
//
// Floats land in [0.5, 1.5) (never zero, no overflow in sums or products,
// safe divisors); integers take their type's full range. Outputs get a
// fixed non-zero byte pattern so a kernel that skips elements leaves a
// visible mark in the checksum.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_RANDOMFILL_H
#define CLSPREAD_RUNTIME_RANDOMFILL_H

#include "ElemType.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clspread::runtime {

class SplitMix64 {
public:
  explicit SplitMix64(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
    return Z ^ (Z >> 31);
  }
  /// Uniform in [0, 1) with 53 random bits.
  double unit() { return double(next() >> 11) * 0x1.0p-53; }

private:
  uint64_t State;
};

/// Byte written into every output buffer before each launch.
constexpr unsigned char OutputPattern = 0xA5;

/// Stream seed for one argument: mixes the run seed, the kernel id and the
/// argument index so each buffer has its own independent stream.
uint64_t streamSeed(uint64_t Seed, const std::string &KernelId,
                    unsigned ArgIndex);

/// Fills \p Bytes with random elements of \p Type. \p Range, when given,
/// bounds the values: [lo, hi) for floats, [lo, hi] for integers. Bytes past
/// the last whole element are random too.
/// Fills a buffer of structs of \p StructBytes: each field with values of
/// its type (as fillRandom), the padding with zeros.
void fillRandomStructs(
    std::vector<unsigned char> &Bytes, uint64_t StructBytes,
    const std::vector<std::pair<uint64_t, ElemType>> &Fields, uint64_t Seed,
    std::optional<std::pair<double, double>> Range = std::nullopt);

void fillRandom(std::vector<unsigned char> &Bytes, const ElemType &Type,
                uint64_t Seed,
                std::optional<std::pair<double, double>> Range = {});

/// Index buffers (a plan argument's "order"): \p Order is "sorted" (the
/// values of fillRandom, ascending), "permutation" (each integer of
/// [lo, hi] once in random order, cycled when the buffer holds more
/// elements), "monotone" (non-decreasing, the first element lo and the
/// last hi: the row pointers of a CSR matrix with hi non-zeros). \p Type
/// is a scalar type; permutation and monotone need \p Range.
void fillOrdered(std::vector<unsigned char> &Bytes, const ElemType &Type,
                 uint64_t Seed, std::optional<std::pair<double, double>> Range,
                 const std::string &Order);

} // namespace clspread::runtime

#endif

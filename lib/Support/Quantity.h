//===- Quantity.h - Figures with their units written out -------*- C++ -*-===//
//
// The one units module: device profiles, suite manifests and command-line
// sizes all read quantities here. Device profiles write every figure with its
// unit ("750 MHz", "115.2 GB/s", "16 KiB", "128 bit") so that a reader can
// check it against its source without guessing a scale. Quantity parses such
// text into a value in SI base units (Hz, bytes, bytes per second, seconds) and
// its dimension, so a profile loader can reject "clock: 64 B" instead of
// silently misreading it.
//
// Prefixes: k/K, M, G, T, P are decimal (10^3 ...); Ki, Mi, Gi, Ti, Pi are
// binary (2^10 ...). "256 KB" is therefore 256000 bytes and "16 KiB" 16384.
// A decimal prefix is applied to the digits as written ("1.98 GHz" parses
// as the literal 1.98e9), so the result is the correctly rounded double of
// the written figure, not 1.98 * 1e9 with its extra rounding step.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_SUPPORT_QUANTITY_H
#define CLSPREAD_SUPPORT_QUANTITY_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace clspread {

class Quantity {
public:
  enum class Dim {
    Count,     ///< a plain number: "10", "0.5"
    Frequency, ///< Hz
    Bytes,     ///< B (a "bit" is 1/8 B)
    Bandwidth, ///< B/s
    Time,      ///< s
  };

  Quantity() = default;
  Quantity(double Value, Dim D) : Value(Value), D(D) {}

  /// Parses "750 MHz", "3.35 TB/s", "16 KiB", "128 bit", "5 us", "10".
  /// The error message has no location; callers add "file:line:col".
  static llvm::Expected<Quantity> parse(std::string_view Text);

  /// Value in SI base units of dim(): Hz, bytes, bytes/s, seconds.
  double value() const { return Value; }
  Dim dim() const { return D; }

  /// Formats with a readable prefix: "750 MHz", "1.98 GHz", "3.35 TB/s",
  /// "16 KiB" (binary prefixes for exact multiples of 1024 bytes).
  std::string str() const;

private:
  double Value = 0;
  Dim D = Dim::Count;
};

/// "a count", "a frequency", ... for error messages.
const char *dimDescription(Quantity::Dim D);
/// An example of a well-formed figure of that dimension: "750 MHz".
const char *dimExample(Quantity::Dim D);

/// A whole, positive number of bytes: "4096", "512 B", "16 MiB", "1.5 KiB",
/// "64 MB" (any spelling parse() takes whose dimension is a size or a plain
/// count). The suite's buffer sizes and `--buffer NAME=SIZE` read sizes
/// through it, so a size means the same everywhere. nullopt for text that
/// is not a size, zero, a negative size, or a fraction of a byte.
std::optional<uint64_t> parseByteCount(std::string_view Text);

/// Shorthand for Quantity(V, D).str().
std::string formatQuantity(double V, Quantity::Dim D);

} // namespace clspread

#endif

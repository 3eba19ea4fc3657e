//===- Launch.h - An NDRange launch and its scalar arguments ---*- C++ -*-===//
//
// The launch a kernel is analyzed for: global and local sizes and the
// values of scalar kernel arguments. Analysis resolves trip counts and
// branch fractions with it; Model uses its sizes for occupancy and launch
// checks. It is a plain value so both layers can share it without Analysis
// reaching into Model.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_LAUNCH_H
#define CLSPREAD_ANALYSIS_LAUNCH_H

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clspread {

/// A scalar kernel argument value as given on the command line or in the
/// suite manifest (`--arg n=1024`, `--arg alpha=2.5`).
struct ArgValue {
  bool IsFloat = false;
  int64_t Int = 0;
  double Float = 0.0;
  /// False for a value the command line gave that is not a number
  /// (`--arg width=abc`): kept, so the analysis can say which parameter
  /// and type it was meant for.
  bool Numeric = true;
  std::string Text; ///< as written, for messages

  static ArgValue ofInt(int64_t V) {
    return {false, V, double(V), true, std::to_string(V)};
  }
  /// Int is the value truncated where int64 can hold it, else 0: a float
  /// past 2^63 (62222...2e109 in a manifest, found by fuzz_Suite) has no
  /// int64 value, and converting it would be undefined. Consumers that need
  /// an integer check Float's range first (specialize()).
  static ArgValue ofFloat(double V) {
    bool Fits = V > -0x1p63 && V < 0x1p63; // false for NaN too
    return {true, Fits ? int64_t(V) : 0, V, true, std::to_string(V)};
  }
  static ArgValue ofText(std::string T) {
    return {false, 0, 0.0, false, std::move(T)};
  }
};

/// Launches of 2^40 work-items or more are refused wherever sizes are read
/// (command line, suite manifest, lint launch text): beyond any device, and
/// past where the model's per-launch arithmetic stays exact
/// (tests/bad-input).
constexpr uint64_t MaxWorkItems = uint64_t(1) << 40;

/// True when the first \p Dims of \p Sizes multiply (without overflow) to
/// fewer than MaxWorkItems work-items.
template <typename SizeArray>
bool workItemsFit(const SizeArray &Sizes, unsigned Dims) {
  uint64_t Items = 1;
  for (unsigned D = 0; D < Dims; ++D)
    if (__builtin_mul_overflow(Items, uint64_t(Sizes[D]), &Items) ||
        Items >= MaxWorkItems)
      return false;
  return true;
}

struct LaunchSpec {
  unsigned Dims = 1; ///< 1, 2 or 3
  std::array<uint64_t, 3> Global = {1, 1, 1};
  std::optional<std::array<uint64_t, 3>> Local; ///< nullopt: driver's choice
  /// Local is what the driver picks, as the profile knows its rule (the
  /// launch itself left it null, and a plan leaves it so).
  bool LocalByDriver = false;
  std::map<std::string, ArgValue> Args; ///< scalar args by name

  uint64_t workItems() const { return Global[0] * Global[1] * Global[2]; }
  uint64_t workGroupSize() const {
    return Local ? (*Local)[0] * (*Local)[1] * (*Local)[2] : 0;
  }
  /// Work-groups in the launch, a partial group counting as one; 0 when
  /// the driver picks the local size.
  uint64_t workGroups() const {
    if (!Local)
      return 0;
    uint64_t N = 1;
    for (unsigned D = 0; D < 3; ++D)
      N *= (Global[D] + (*Local)[D] - 1) / (*Local)[D];
    return N;
  }
  /// The local size, or 1x1x1 where the driver chooses (work-item i of a
  /// dimension is then its own group).
  std::array<uint64_t, 3> localOrOnes() const {
    return Local ? *Local : std::array<uint64_t, 3>{1, 1, 1};
  }
};

/// Parses "2048x2048" (1 to 3 positive sizes separated by 'x' or ',').
/// Returns nullopt on malformed text; \p Dims receives the dimension count.
std::optional<std::array<uint64_t, 3>> parseSizes(const std::string &Text,
                                                  unsigned &Dims);
/// Parses a scalar argument's value: an integer literal (C syntax: 42,
/// 0x2a, 052) gives an int, otherwise a floating-point literal a float;
/// nullopt for anything else, the empty text included.
std::optional<ArgValue> parseArgValue(const std::string &Text);
/// The first \p Dims sizes as parseSizes() reads them: "2048x2048".
std::string formatSizes(const std::array<uint64_t, 3> &S, unsigned Dims);
/// Parses "name=value" (value as parseArgValue(); text that is not a number
/// is kept as ArgValue::ofText for the analysis to reject with the
/// parameter's type); nullopt without a name and '='.
std::optional<std::pair<std::string, ArgValue>>
parseArg(const std::string &Text);

/// Trip counts stated in a source: `// clspread: trip N` on the line(s)
/// directly above a loop, by the line of the loop (the next line that is
/// not a comment). Malformed directives are returned in \p Bad as
/// (line, text).
std::map<unsigned, uint64_t>
parseTripComments(const std::string &Source,
                  std::vector<std::pair<unsigned, std::string>> &Bad);

/// Parses `--trip FILE:LINE=N`: (file, line, N), or nullopt.
struct TripOption {
  std::string File;
  unsigned Line = 0;
  uint64_t Count = 0;
};
std::optional<TripOption> parseTripOption(const std::string &Text);

} // namespace clspread

#endif

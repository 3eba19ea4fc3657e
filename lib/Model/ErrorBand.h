//===- ErrorBand.h - How far a profile's estimates are usually off -*- C++
//-*-===//
//
// `clspread validate` measures how far the model is off on a device; the
// profile keeps what it found (a `validation:` list, written by
// `validate --update-profile` or naming a validate.json), and every
// estimate on that profile carries the resulting band: the median and the
// 90th percentile of |estimate - measured| / measured over the kernels
// measured, for the estimate's bound class where enough kernels of that
// class were measured, else over all of them. A profile with no validation
// has no band, and the printers say so.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_MODEL_ERRORBAND_H
#define CLSPREAD_MODEL_ERRORBAND_H

#include "Model/Bound.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// One validation run, as the profile keeps it.
struct ValidationRecord {
  /// What was validated: the manifest, with --quick and --entry when given
  /// ("kernels/suite.yaml", "bench/outside/rodinia.yaml --entry a,b").
  std::string Suite;
  std::string Date;   ///< YYYY-MM-DD of the measurement
  std::string Device; ///< the device measured, as its driver names it
  /// |error| of each kernel measured, by the bound its estimate had
  /// (indexed by Bound).
  std::array<std::vector<double>, 3> AbsErrors;
  /// A validate.json this record was read from ("" when the profile holds
  /// the errors itself).
  std::string Report;
  unsigned kernels() const {
    return unsigned(AbsErrors[0].size() + AbsErrors[1].size() +
                    AbsErrors[2].size());
  }
};

/// A band of one bound class needs this many kernels of the class; with
/// fewer, the class takes the band of every kernel measured.
constexpr unsigned MinKernelsPerBoundClass = 8;

struct ErrorBand {
  double Median = 0, P90 = 0; ///< of |error|, as fractions
  unsigned Kernels = 0;       ///< measured kernels the band rests on
  unsigned Suites = 0;
  std::optional<Bound> Class; ///< nullopt: every kernel measured
  std::string Device;         ///< "" when the records name several
  std::string Date;           ///< the latest record's
  /// "typically within ±3.6%, 90% within ±21%: 17 kernels measured on
  /// NVIDIA H100 80GB HBM3, 2026-11-25"
  std::string text() const;
};

/// What the printers say of \p Band: its text(), or that the profile has
/// no validation.
std::string bandText(const std::optional<ErrorBand> &Band);

/// The band for each bound class (index Bound), from \p Records; all
/// nullopt when there are none.
std::array<std::optional<ErrorBand>, 3>
errorBands(const std::vector<ValidationRecord> &Records);

/// A fraction as the bands print it: "3.6%" below 10%, "21%" above.
std::string bandPercent(double Fraction);

/// The `validation:` list for a profile file, as YAML text starting with
/// "validation:\n" (records that came from a report are written as that
/// report's name).
std::string validationYaml(const std::vector<ValidationRecord> &Records);

/// \p ProfileText with its top-level `validation:` key replaced by
/// \p Block (validationYaml's text), or \p Block appended when it has none;
/// the rest of the file, comments included, is left as it was.
std::string replaceValidationBlock(const std::string &ProfileText,
                                   const std::string &Block);

} // namespace clspread

#endif

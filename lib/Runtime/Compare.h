//===- Compare.h - Compare two measurements of the same plan ----*- C++ -*-===//
//
// `clspread-run --compare A.json B.json` answers "did both devices compute
// the same thing, and how do their times relate?". Outputs are compared per
// kernel and per written buffer: equal checksums mean identical bytes;
// otherwise the sampled sums (OutputSample) are compared, exactly for
// integer elements and with a relative tolerance for floating-point ones,
// since float results legitimately differ across devices in the last bits.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_COMPARE_H
#define CLSPREAD_RUNTIME_COMPARE_H

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace clspread::runtime {

struct CompareOptions {
  double RTol = 1e-4; ///< relative tolerance of float sample sums
  double ATol = 1e-9; ///< absolute tolerance, for sums near zero
};

/// Loads a measurement file; throws std::runtime_error when it is not one.
nlohmann::json loadMeasurement(const std::string &Path);

/// The comparison as JSON (see docs/runner.md); "ok" is true when every
/// kernel was compared and none differs.
nlohmann::json compareMeasurements(const nlohmann::json &A,
                                   const nlohmann::json &B,
                                   const std::string &PathA,
                                   const std::string &PathB,
                                   const CompareOptions &Opts);

/// Human-readable table of a comparison.
void printComparison(std::ostream &OS, const nlohmann::json &C);

} // namespace clspread::runtime

#endif

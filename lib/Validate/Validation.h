//===- Validation.h - Estimates joined with measured times -----*- C++ -*-===//
//
// `clspread validate` joins each suite kernel's estimate (an AnalysisReport
// on one profile) with its measured time (clspread-run's measurement JSON,
// docs/runner.md) and summarizes how well the model did:
//
//   error = (estimate - measured) / measured, per kernel
//   median, mean and 90th percentile of |error|, the kernels off by more
//   than 2x, the spread of ln(estimate / measured), Spearman's rank
//   correlation,
//   and for every pair of variants of one job, whether the estimate picks
//   the faster one.
//
// The record is printed as JSON, Markdown and a self-contained HTML page
// with SVG charts (ValidationPrinters.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_VALIDATE_VALIDATION_H
#define CLSPREAD_VALIDATE_VALIDATION_H

#include "Lint/KernelResult.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

struct ValidatedKernel {
  std::string Id, Name, VariantOf, Bound;
  std::array<uint64_t, 3> Global{}, Local{};
  bool HasLocal = false;
  bool LocalByDriver = false; ///< Local is the driver's pick (LaunchSpec)
  uint64_t WorkItems = 0;
  double EstimateS = 0; ///< Tkernel + the profile's launch overhead
  double TAluS = 0, TTexS = 0, TMemS = 0, OverheadS = 0;
  double BytesMoved = 0; ///< DRAM bytes of the launch, as the model has them
  double AluOps = 0;     ///< ALU lane-ops of the launch
  std::optional<double> MeasuredS; ///< median kernel time; none if it failed
  double MinS = 0, MaxS = 0, Cv = 0;
  /// The runner's (ok, error, build_error, timeout), or validate's own:
  /// missing (no result with this id), mismatch (measured at another
  /// launch), invalid (a time that cannot be compared; Message says why).
  std::string Status;
  std::string Message;
  double error() const { return (EstimateS - *MeasuredS) / *MeasuredS; }
};

struct VariantPair {
  std::string Job, A, B; ///< entry ids
  bool Correct = false;  ///< the estimate orders them as measured
  /// The measured times differ by more than DistinctPairRatio: a pair
  /// whose order the estimate must get right (validate reports how many
  /// of these pairs it orders correctly).
  bool Distinct = false;
};

/// Pairs whose measured times differ by more than this (10%) must be
/// ordered correctly; closer ones are within run-to-run noise of each other.
constexpr double DistinctPairRatio = 0.10;

/// The shortest kernel time taken as a measurement (1 ps): no launch of a
/// real device is shorter by orders of magnitude, so a smaller median (0,
/// a denormal such as 5e-324) is a broken file, and dividing by it would
/// make the error and the achieved rates infinite.
constexpr double MinValidTimeS = 1e-12;

struct ValidationSummary {
  /// Measured: kernels compared (a valid time); Invalid: kernels whose
  /// result has a time that cannot be compared (status "invalid").
  unsigned Kernels = 0, Measured = 0, Invalid = 0;
  double MedianAbsError = 0, P90AbsError = 0, Spearman = 0;
  /// The mean |error|, the kernels whose estimate is more than twice or
  /// less than half the measured time, and the spread of the log ratio
  /// (the standard deviation of ln(estimate / measured)): a median hides
  /// the misses that these show.
  double MeanAbsError = 0, LogRatioSpread = 0;
  unsigned OffBy2x = 0;
  unsigned VariantPairs = 0, VariantOrderCorrect = 0;
  /// Of those, the pairs measured more than 10% apart, and how many of
  /// them the estimate orders correctly (strictly, no tie).
  unsigned DistinctPairs = 0, DistinctCorrect = 0;
};

struct Validation {
  std::string ProfileId, ProfileName;
  std::string Device, Driver, Platform, Command, Date, MeasuredWith;
  std::vector<std::string> ProfileNotes; ///< which figures were measured
  std::vector<ValidatedKernel> Kernels;
  /// Result ids of the measurement file that no kernel of the report has
  /// (in file order), and the number of results that have no "id".
  std::vector<std::string> UnknownIds;
  unsigned ResultsWithoutId = 0;
  std::vector<VariantPair> Pairs;
  ValidationSummary Summary;
};

/// Reading clspread-run's measurement JSON (docs/runner.md), for validate
/// and calibrate alike.
/// The "results" of \p Measurements by their "id" (empty if none).
std::map<std::string, const llvm::json::Object *>
resultsById(const llvm::json::Value &Measurements);
/// A result's median time when it ran ("status": "ok") and its times are
/// valid (invalidTimes() is "").
std::optional<double> okMedian(const llvm::json::Object &Result);
/// Why the times of a result with "status": "ok" cannot be compared: its
/// "median_s" is missing, not a number, not finite, or below MinValidTimeS
/// (zero, negative, a denormal), or its "min_s", "max_s" or "cv" is
/// negative or not finite. "" when they are valid.
std::string invalidTimes(const llvm::json::Object &Result);
/// The first result id that occurs twice in \p Measurements, or "".
std::string duplicateResultId(const llvm::json::Value &Measurements);
/// Why \p Result was measured at another launch than \p L (its "global"
/// differs), or "" when it matches or does not say: a time at another
/// size says nothing about this estimate.
std::string launchMismatch(const llvm::json::Object &Result,
                           const LaunchSpec &L);
/// A string field of \p O, or "" when \p O is null or has none.
std::string stringField(const llvm::json::Object *O, llvm::StringRef Key);

/// Joins \p Report (suite kernels, by suite id) with \p Measurements (the
/// runner's JSON, by result id). \p Command is the validate command line.
/// An id that two results share is an error naming it (which one was
/// meant cannot be known). A kernel whose time is invalid gets the status
/// "invalid" and the reason; it is not compared.
llvm::Expected<Validation>
joinMeasurements(const AnalysisReport &Report,
                 const llvm::json::Value &Measurements,
                 const std::string &Command);

/// Fills Summary and Pairs from Kernels (exposed for tests).
void summarize(Validation &V);

llvm::json::Value toJSON(const Validation &V);
std::string toMarkdown(const Validation &V);
std::string toHTML(const Validation &V);
/// The estimate-vs-measured scatter alone, as a standalone SVG file.
std::string toSVG(const Validation &V);
/// The summary lines printed last on the terminal.
std::string summaryText(const Validation &V);

} // namespace clspread

#endif

//===- KernelResult.h - One analyzed kernel, and a run's record -*- C++ -*-===//
//
// The record `clspread analyze` produces: per kernel, its counts (device
// independent), the estimate on one profile and what the lint rules say
// about it at its launch. It holds Analysis, Model and Lint records, so it
// lives in the lowest layer that sees all three: lib/Report prints it
// (AnalysisReport.h), lib/Validate joins it with measurements and
// lib/Driver writes plans from it, without the printers.
//
// Not the runner's clspread::runtime::KernelResult (lib/Runtime), which is
// what clspread-run measured.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_KERNELRESULT_H
#define CLSPREAD_LINT_KERNELRESULT_H

#include "Analysis/KernelCounts.h"
#include "Lint/Finding.h"
#include "Model/Estimate.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

struct KernelResult {
  std::string File;    ///< as given on the command line or in the suite
  std::string SuiteId; ///< suite entry id, "" outside a suite run
  std::string VariantOf;
  KernelCounts Counts;
  Estimate Est;
  // What a runner needs to build the kernel again (clspread plan). One
  // text shared by every kernel of the file: a file of 5,000 kernels would
  // otherwise hold 5,000 copies of itself.
  std::shared_ptr<const std::string> Source;
  const std::string &source() const {
    static const std::string None;
    return Source ? *Source : None;
  }
  std::string BuildOptions;                    ///< "-cl-std=CL1.2 -DITEMS=4"
  std::map<std::string, uint64_t> BufferBytes; ///< sizes the user gave
  /// What the manifest says index buffers hold (range, order), by name.
  std::map<std::string, BufferContents> BufferFills;
  std::array<uint64_t, 3> PreferredLocal{1, 1, 1}; ///< the model's choice
  /// What the lint rules say about this kernel at this launch (the launch
  /// checks among them), NOLINT comments applied.
  std::vector<Finding> Findings;
  /// When the estimate rests on assumed trip counts of loops with a proven
  /// bound (Counts.TripRanges): the estimates with every such loop at 1
  /// iteration and at its bound.
  std::optional<std::array<Estimate, 2>> TripRange;
};

/// One analyze run on one profile: every kernel's result, in order.
struct AnalysisReport {
  std::string ToolVersion;
  std::string ProfileId, ProfileName;
  std::vector<KernelResult> Kernels;
};

} // namespace clspread

#endif

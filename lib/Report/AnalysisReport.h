//===- AnalysisReport.h - One record of an analyze run, several printers -*- C++ -*-===//
//
// The record `clspread analyze` produces: per kernel, its counts (device
// independent) and the estimate on one profile. Printers render the same
// record as a readable table, JSON (schema in docs/output.md) or CSV; none
// of them computes anything.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_REPORT_ANALYSISREPORT_H
#define CLSPREAD_REPORT_ANALYSISREPORT_H

#include "Analysis/KernelCounts.h"
#include "Lint/Finding.h"
#include "Model/DeviceProfile.h"
#include "Model/Estimate.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <map>
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
  std::string BuildOptions; ///< "-cl-std=CL1.2 -DITEMS=4"
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

struct AnalysisReport {
  std::string ToolVersion;
  std::string ProfileId, ProfileName;
  std::vector<KernelResult> Kernels;
};

/// One device's report and the profile it was estimated on (`--profile a,b`
/// gives one per device).
struct ProfiledReport {
  const AnalysisReport *Report = nullptr;
  const DeviceProfile *Profile = nullptr;
};

struct ReportOptions {
  bool Lines = false; ///< per-source-line counts
};

void printTable(const AnalysisReport &R, const ReportOptions &O,
                llvm::raw_ostream &OS);
/// After the tables of several devices: Tkernel and the bound per kernel,
/// one column per device (kernels matched by position: every report
/// analyzes the same kernels at the same launches).
void printSideBySide(const std::vector<AnalysisReport> &Reports,
                     llvm::raw_ostream &OS);
llvm::json::Value toJSON(const AnalysisReport &R, const ReportOptions &O);
/// Launch sizes as JSON: [x, y, z] (reports and plans alike).
llvm::json::Array sizesJSON(const std::array<uint64_t, 3> &S);
void printCsv(const AnalysisReport &R, llvm::raw_ostream &OS,
              bool Header = true);

/// Formats seconds with an SI prefix: "1.067 us", "5.03 ms".
std::string formatSeconds(double S);

} // namespace clspread

#endif

//===- AnalysisReport.h - One record of an analyze run, several printers --===//
//
// Printers of the record `clspread analyze` produces (KernelResult and
// AnalysisReport, lib/Lint/KernelResult.h): per kernel, its counts (device
// independent) and the estimate on one profile, as a readable table, JSON
// (schema in docs/output.md) or CSV; none of them computes anything.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_REPORT_ANALYSISREPORT_H
#define CLSPREAD_REPORT_ANALYSISREPORT_H

#include "Lint/KernelResult.h"
#include "Model/DeviceProfile.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

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
/// An estimate's error band (Model/ErrorBand.h) as the JSON reports hold
/// it: the figures, their source and text(); null without a validation.
llvm::json::Value errorBandJSON(const std::optional<ErrorBand> &B);
/// Launch sizes as JSON: [x, y, z] (reports and plans alike).
llvm::json::Array sizesJSON(const std::array<uint64_t, 3> &S);
void printCsv(const AnalysisReport &R, llvm::raw_ostream &OS,
              bool Header = true);

/// Formats seconds with an SI prefix: "1.067 us", "5.03 ms".
std::string formatSeconds(double S);

} // namespace clspread

#endif

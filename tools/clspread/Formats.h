//===- Formats.h - The --format values of analyze and lint ------*- C++ -*-===//
//
// What each command hands its format, and the registries that list the
// formats (AnalyzeFormats.cpp, LintFormats.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_TOOLS_FORMATS_H
#define CLSPREAD_TOOLS_FORMATS_H

#include "OutputFormat.h"

#include "Report/AnalysisReport.h"
#include "Report/FindingPrinters.h"

#include <vector>

namespace clspread {

/// analyze's reports: one per device, in --profile's order, each with the
/// profile it was estimated on.
struct AnalyzeResults {
  const std::vector<AnalysisReport> &Reports;
  const std::vector<ProfiledReport> &Profiled;
  ReportOptions Options;
};

/// lint's findings, and whether the text gets clang's colours (--color).
struct LintResults {
  const LintOutput &Out;
  bool Color = false;
};

/// analyze --format: table, json, csv, html, xlsx.
llvm::ArrayRef<FormatRegistration<AnalyzeResults>> analyzeFormats();
/// lint --format: text, json, sarif.
llvm::ArrayRef<FormatRegistration<LintResults>> lintFormats();

} // namespace clspread

#endif

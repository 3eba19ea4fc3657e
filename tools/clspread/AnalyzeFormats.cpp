//===- AnalyzeFormats.cpp - analyze's --format values ---------------------===//
//
// Every format prints all devices' reports (--profile a,b): the tables one
// after another, CSV a row per kernel per device, JSON one report or a
// list, the what-if page a panel per device, the workbook sheets per
// device and a Summary.
//
//===----------------------------------------------------------------------===//
#include "Formats.h"

#include "Report/WhatIfPage.h"
#include "Report/Workbook.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace clspread;

namespace {

/// The tables, then (several devices) one column per device.
class TableFormat : public StreamFormat<AnalyzeResults> {
  void print(const AnalyzeResults &R, llvm::raw_ostream &OS) const override {
    for (const AnalysisReport &Report : R.Reports)
      printTable(Report, R.Options, OS);
    if (R.Reports.size() > 1)
      printSideBySide(R.Reports, OS);
  }
};

/// One device: its report alone; several: {"reports": [...]} with the
/// tool and version once (docs/cli.md).
class JsonFormat : public StreamFormat<AnalyzeResults> {
  void print(const AnalyzeResults &R, llvm::raw_ostream &OS) const override {
    if (R.Reports.size() == 1) {
      OS << llvm::formatv("{0:2}", toJSON(R.Reports.front(), R.Options))
         << "\n";
      return;
    }
    llvm::json::Array All;
    for (const AnalysisReport &Report : R.Reports)
      All.push_back(toJSON(Report, R.Options));
    OS << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                     {"tool", "clspread"},
                                     {"version", Version},
                                     {"reports", std::move(All)}}))
       << "\n";
  }
};

/// One header, then every device's rows.
class CsvFormat : public StreamFormat<AnalyzeResults> {
  void print(const AnalyzeResults &R, llvm::raw_ostream &OS) const override {
    for (size_t I = 0; I < R.Reports.size(); ++I)
      printCsv(R.Reports[I], OS, /*Header=*/I == 0);
  }
};

class HtmlFormat : public StreamFormat<AnalyzeResults> {
  void print(const AnalyzeResults &R, llvm::raw_ostream &OS) const override {
    OS << whatIfPage(R.Profiled);
  }
};

/// A zip archive that libxlsxwriter writes by name: never standard output.
class XlsxFormat : public OutputFormat<AnalyzeResults> {
  bool needsFile() const override { return true; }
  int write(const AnalyzeResults &R, const std::string &Path) const override {
    if (llvm::Error E = writeWorkbook(R.Profiled, R.Options, Path))
      return outputFailed(std::move(E));
    return ExitOk;
  }
};

} // namespace

llvm::ArrayRef<FormatRegistration<AnalyzeResults>> clspread::analyzeFormats() {
  static const FormatRegistration<AnalyzeResults> Registry[] = {
      {"table", createFormat<TableFormat>}, {"json", createFormat<JsonFormat>},
      {"csv", createFormat<CsvFormat>},     {"html", createFormat<HtmlFormat>},
      {"xlsx", createFormat<XlsxFormat>},
  };
  return Registry;
}

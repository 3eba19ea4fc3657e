//===- LintFormats.cpp - lint's --format values ---------------------------===//
//
// The printers themselves are in Report/FindingPrinters.h, shared with
// analyze's report; these classes only give them lint's --format names.
//
//===----------------------------------------------------------------------===//
#include "Formats.h"

#include "llvm/Support/FormatVariadic.h"

using namespace clspread;

namespace {

/// gcc-style lines, which editors' problem matchers read.
class TextFormat : public StreamFormat<LintResults> {
  void print(const LintResults &R, llvm::raw_ostream &OS) const override {
    printFindingsText(R.Out.Files, R.Color, OS);
  }
};

class JsonFormat : public StreamFormat<LintResults> {
  void print(const LintResults &R, llvm::raw_ostream &OS) const override {
    OS << llvm::formatv("{0:2}", findingsJSON(R.Out)) << "\n";
  }
};

/// SARIF 2.1.0, for code scanning (docs/ide.md uploads it to GitHub).
class SarifFormat : public StreamFormat<LintResults> {
  void print(const LintResults &R, llvm::raw_ostream &OS) const override {
    OS << llvm::formatv("{0:2}", findingsSARIF(R.Out)) << "\n";
  }
};

} // namespace

llvm::ArrayRef<FormatRegistration<LintResults>> clspread::lintFormats() {
  static const FormatRegistration<LintResults> Registry[] = {
      {"text", createFormat<TextFormat>},
      {"json", createFormat<JsonFormat>},
      {"sarif", createFormat<SarifFormat>},
  };
  return Registry;
}

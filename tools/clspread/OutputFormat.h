//===- OutputFormat.h - One --format value of a command ---------*- C++ -*-===//
//
// A command's formats (analyze: table, json, ...; lint: text, json,
// sarif) each implement OutputFormat over what that command prints, and
// are listed once in the command's registry; --format's help text and the
// values it accepts come from that list, so a new format is a class and
// one registration line.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_TOOLS_OUTPUTFORMAT_H
#define CLSPREAD_TOOLS_OUTPUTFORMAT_H

#include "Common.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace clspread {

/// Writes \p Results (what one command found) to -o's path, or to
/// standard output for "" or "-".
template <typename Results> class OutputFormat {
public:
  using ResultsType = Results;
  virtual ~OutputFormat() = default;
  /// A format that cannot go to standard output (a workbook is a zip
  /// archive written by name); the command refuses it without -o FILE.
  virtual bool needsFile() const { return false; }
  /// Returns the exit code of the write: 0, or 3 when the output could
  /// not be written (it is then unchanged).
  virtual int write(const Results &R, const std::string &Path) const = 0;
};

/// Almost every format: text printed to a stream, written whole or not at
/// all by emit().
template <typename Results> class StreamFormat : public OutputFormat<Results> {
public:
  virtual void print(const Results &R, llvm::raw_ostream &OS) const = 0;
  int write(const Results &R, const std::string &Path) const final {
    return emit(Path, [&](llvm::raw_ostream &OS) { print(R, OS); });
  }
};

template <typename Results> struct FormatRegistration {
  const char *Name;
  std::unique_ptr<OutputFormat<Results>> (*Create)();
};

/// For a registry line: {"json", createFormat<JsonFormat>}.
template <typename F>
std::unique_ptr<OutputFormat<typename F::ResultsType>> createFormat() {
  return std::make_unique<F>();
}

/// The names, in registry order: --format's accepted values.
template <typename Results>
std::vector<std::string>
formatNames(llvm::ArrayRef<FormatRegistration<Results>> Registry) {
  std::vector<std::string> Names;
  for (const FormatRegistration<Results> &F : Registry)
    Names.push_back(F.Name);
  return Names;
}

/// "table, json or csv": --format's help text.
inline std::string formatNameList(const std::vector<std::string> &Names) {
  std::string List;
  for (size_t I = 0; I < Names.size(); ++I)
    List += (I == 0 ? "" : I + 1 == Names.size() ? " or " : ", ") + Names[I];
  return List;
}

/// The format called \p Name; --format's check has already refused any
/// other name.
template <typename Results>
std::unique_ptr<OutputFormat<Results>>
createFormatNamed(llvm::ArrayRef<FormatRegistration<Results>> Registry,
                  const std::string &Name) {
  for (const FormatRegistration<Results> &F : Registry)
    if (Name == F.Name)
      return F.Create();
  return nullptr;
}

} // namespace clspread

#endif

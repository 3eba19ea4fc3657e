//===- InputFile.cpp - Checks on the files clspread is given --------------===//
#include "Support/InputFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <fmt/format.h>

using namespace llvm;

namespace clspread {

/// "a directory", "a FIFO", ... for a path that exists and is not a
/// regular file; "" otherwise.
static std::string notRegular(const std::string &Path) {
  sys::fs::file_status St;
  if (sys::fs::status(Path, St))
    return "";
  switch (St.type()) {
  case sys::fs::file_type::regular_file:
  case sys::fs::file_type::file_not_found:
  case sys::fs::file_type::status_error:
    return "";
  case sys::fs::file_type::directory_file:
    return "a directory";
  case sys::fs::file_type::fifo_file:
    return "a FIFO";
  case sys::fs::file_type::socket_file:
    return "a socket";
  case sys::fs::file_type::block_file:
  case sys::fs::file_type::character_file:
    return "a device";
  default:
    return "not a regular file";
  }
}

/// Bytes of \p Text outside comments and whitespace (string and character
/// literals count as code).
static uint64_t codeBytes(StringRef Text) {
  uint64_t N = 0;
  for (size_t I = 0, E = Text.size(); I < E; ++I) {
    char C = Text[I];
    if (C == '/' && I + 1 < E && Text[I + 1] == '/') {
      I = Text.find('\n', I);
      if (I == StringRef::npos)
        break;
    } else if (C == '/' && I + 1 < E && Text[I + 1] == '*') {
      I = Text.find("*/", I + 2);
      if (I == StringRef::npos)
        break;
      ++I;
    } else if (C == '"' || C == '\'') {
      size_t J = I + 1;
      while (J < E && Text[J] != C && Text[J] != '\n')
        J += Text[J] == '\\' ? 2 : 1;
      N += std::min(J, E) - I + 1;
      I = J;
    } else if (!isSpace(C)) {
      ++N;
    }
  }
  return N;
}

Expected<std::unique_ptr<MemoryBuffer>>
readInputFile(const std::string &Path, const char *What, uint64_t MaxBytes) {
  std::string Name =
      fmt::format("{}'{}'", *What ? std::string(What) + " " : "", Path);
  if (std::string Kind = notRegular(Path); !Kind.empty())
    return createStringError(inconvertibleErrorCode(),
                             "cannot read %s: %s, not a regular file",
                             Name.c_str(), Kind.c_str());
  uint64_t Size = 0;
  if (!sys::fs::file_size(Path, Size) && Size > MaxBytes)
    return createStringError(
        inconvertibleErrorCode(), "%s",
        fmt::format("cannot read {}: it is {} MiB; clspread reads at most {} "
                    "MiB",
                    Name, (Size + (1 << 20) - 1) >> 20, MaxBytes >> 20)
            .c_str());
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read %s: %s", Name.c_str(),
                             Buf.getError().message().c_str());
  return std::move(*Buf);
}

Expected<std::string> readKernelSource(const std::string &Path, bool &Placed) {
  Placed = false;
  if (std::string Kind = notRegular(Path); !Kind.empty())
    return createStringError(inconvertibleErrorCode(),
                             "cannot read '%s': %s, not a kernel source",
                             Path.c_str(), Kind.c_str());
  auto Buf = readInputFile(Path, "", MaxKernelFileBytes);
  if (!Buf)
    return Buf.takeError();
  StringRef Text = (*Buf)->getBuffer();
  if (size_t Nul = Text.find('\0'); Nul != StringRef::npos) {
    StringRef Before = Text.take_front(Nul);
    size_t Line = Before.count('\n') + 1;
    size_t LineStart = Before.rfind('\n');
    size_t Col = LineStart == StringRef::npos ? Nul + 1 : Nul - LineStart;
    Placed = true;
    return createStringError(
        inconvertibleErrorCode(), "%s",
        fmt::format("{}:{}:{}: error: a NUL byte: this is binary data, not "
                    "OpenCL C source",
                    Path, Line, Col)
            .c_str());
  }
  // Code beyond the size clspread analyzes (comments and blank space
  // aside, so a source padded with comments still compiles): Clang alone
  // would spend seconds and a GiB on it before the instruction cap in
  // lib/Frontend could refuse it.
  if (uint64_t Code = codeBytes(Text); Code > MaxKernelCodeBytes)
    return createStringError(
        inconvertibleErrorCode(), "%s",
        fmt::format("'{}' holds {:.1f} MiB of code (comments aside); "
                    "clspread analyzes sources of at most {} MiB",
                    Path, double(Code) / (1 << 20), MaxKernelCodeBytes >> 20)
            .c_str());
  return Text.str();
}

std::optional<std::string> yamlFileProblem(const std::string &Path,
                                           const char *What) {
  if (std::string Kind = notRegular(Path); !Kind.empty())
    return fmt::format("cannot read {} '{}': {}, not a YAML file", What, Path,
                       Kind);
  uint64_t Size = 0;
  if (sys::fs::is_regular_file(Path) && !sys::fs::file_size(Path, Size) &&
      Size > MaxYamlFileBytes)
    return fmt::format("{} '{}' is {} MiB; clspread reads YAML files of at "
                       "most {} MiB",
                       What, Path, (Size + (1 << 20) - 1) >> 20,
                       MaxYamlFileBytes >> 20);
  return std::nullopt;
}

} // namespace clspread

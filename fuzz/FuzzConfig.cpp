//===- FuzzConfig.cpp - libFuzzer target: the .clspread.yaml loader -------===//
#include "Lint/LintConfig.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto C = clspread::parseLintConfig(Text, ".clspread.yaml");
  if (!C)
    llvm::consumeError(C.takeError());
  return 0;
}

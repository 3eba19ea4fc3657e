//===- FuzzQuantity.cpp - libFuzzer target: quantities, sizes, arguments --===//
//
// The small parsers every command line and YAML file goes through:
// "3.35 TB/s", "2048x2048", "n=1024", "16 MiB".
//
//===----------------------------------------------------------------------===//
#include "Analysis/Launch.h"
#include "Suite/Suite.h"
#include "Support/Quantity.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  auto Q = clspread::Quantity::parse(Text);
  if (Q)
    (void)clspread::formatQuantity(Q->value(), Q->dim());
  else
    llvm::consumeError(Q.takeError());
  unsigned Dims = 0;
  (void)clspread::parseSizes(Text, Dims);
  (void)clspread::parseArgValue(Text);
  (void)clspread::parseArg(Text);
  (void)clspread::parseByteCount(Text);
  std::vector<std::pair<unsigned, std::string>> Bad;
  (void)clspread::parseTripComments(Text, Bad);
  return 0;
}

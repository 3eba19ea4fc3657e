//===- FuzzSuite.cpp - libFuzzer target: the suite manifest parser --------===//
//
// Every kernel file the manifest names reads as one small kernel, so the
// fuzzer explores the manifest, not the file system.
//
//===----------------------------------------------------------------------===//
#include "Suite/Suite.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  auto Reader = [](const std::string &) -> llvm::Expected<std::string> {
    return std::string("__kernel void k(__global float *a, int n) "
                       "{ a[get_global_id(0)] = n; }\n");
  };
  auto S = clspread::parseSuite(Text, "suite.yaml", Reader);
  if (!S)
    llvm::consumeError(S.takeError());
  return 0;
}

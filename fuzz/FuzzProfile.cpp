//===- FuzzProfile.cpp - libFuzzer target: the device profile loader ------===//
//
// Any text must load or fail with a located error; never crash or hang.
//
//===----------------------------------------------------------------------===//
#include "Model/DeviceProfile.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<clspread::DeviceProfile> P =
      clspread::parseProfile(Text, "fuzz.yaml");
  if (!P)
    llvm::consumeError(P.takeError());
  return 0;
}

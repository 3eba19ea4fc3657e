//===- FuzzKernel.cpp - libFuzzer target: a kernel through analyze + lint -===//
//
// The input is OpenCL C source. It goes the whole way `clspread lint` takes
// it (Clang, -O2, the analysis, the model on the H100 profile, every rule)
// at a fixed launch. Inputs over 16 KiB are skipped (the size cap); run
// with -timeout=10 for the time cap. The source is written to a file in
// /tmp because the driver reads files, as users call it.
//
//===----------------------------------------------------------------------===//
#include "Driver/LintDriver.h"
#include "Report/FindingPrinters.h"

#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 16 * 1024)
    return 0;
  static const std::string Path =
      "/tmp/clspread-fuzz-" + std::to_string(getpid()) + ".cl";
  {
    std::ofstream F(Path, std::ios::binary | std::ios::trunc);
    F.write(reinterpret_cast<const char *>(Data), std::streamsize(Size));
  }
  clspread::LintRequest Req;
  Req.Files = {Path};
  Req.Profile = "nvidia-h100-sxm";
  Req.Launch.Dims = 1;
  Req.Launch.Global = {1024, 1, 1};
  Req.Launch.Local = std::array<uint64_t, 3>{64, 1, 1};
  Req.LaunchGiven = true;
  Req.Jobs = 1;
  // No configuration: the walk up from /tmp finds none (a path such as
  // /dev/null is refused as not a regular file, and would stop every run
  // before the analysis).
  Req.ConfigPath = "";
  clspread::LintOutput Out;
  std::vector<std::string> Log;
  llvm::raw_null_ostream Null;
  (void)clspread::runLint(Req, Out, Null, Log);
  return 0;
}

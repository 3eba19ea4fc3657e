//===- FuzzCpuKernel.cpp - libFuzzer target: a kernel built as a CPU would
//-===//
//
// The input is OpenCL C source. Each kernel that compiles is analyzed with
// a CPU target set, so that CpuCode.cpp builds it as PoCL would (the
// work-item loop, the builtins' lowering, LLVM's -O3 for x86) and counts
// the result; the lint path (fuzz_Kernel) does not build CPU code. Inputs
// over 16 KiB are skipped; run with -timeout=10 for the time cap.
//
//===----------------------------------------------------------------------===//
#include "Analysis/KernelAnalyzer.h"
#include "Frontend/OpenCLFrontend.h"

#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 16 * 1024)
    return 0;
  clspread::FrontendOptions FO;
  FO.File = "fuzz.cl";
  FO.Source = std::string(reinterpret_cast<const char *>(Data), Size);
  llvm::raw_null_ostream Null;
  auto Unit = clspread::compileOpenCL(FO, Null);
  if (!Unit) {
    llvm::consumeError(Unit.takeError());
    return 0;
  }
  for (const std::string &Name : clspread::kernelNames(*Unit->Module)) {
    clspread::AnalyzeOptions AO;
    AO.Launch.Dims = 1;
    AO.Launch.Global = {1024, 1, 1};
    AO.Launch.Local = std::array<uint64_t, 3>{64, 1, 1};
    AO.CpuTarget = "skylake-avx512";
    auto K = clspread::analyzeKernel(*Unit->Module, Name, AO);
    if (!K)
      llvm::consumeError(K.takeError());
  }
  return 0;
}

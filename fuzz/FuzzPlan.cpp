//===- FuzzPlan.cpp - libFuzzer target: clspread-run's launch-plan parser -===//
//
// A bad plan is a PlanError (the runner prints it and exits 2); anything
// else escaping, or a crash, is a bug.
//
//===----------------------------------------------------------------------===//
#include "Plan.h" // lib/Runtime: the runner library exports its own directory

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  try {
    clspread::runtime::parsePlan(Text, "plan.json", "/nonexistent");
  } catch (const clspread::runtime::PlanError &) {
  }
  return 0;
}

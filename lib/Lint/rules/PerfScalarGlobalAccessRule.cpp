//===- PerfScalarGlobalAccessRule.cpp - 32-bit loads where 128 would do ---===//
//
// AMD's talk "AMD and OpenCL" (2009): the memory system prefers 128-bit loads
// and stores; a work-item that loads one float where neighbouring floats belong
// to its neighbours could load a float4 and do four elements' work. Only
// reported when the kernel is bound by memory or fetches on the profile:
// elsewhere the wider access gains nothing the estimate can show.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>

namespace clspread::rules {

namespace {

/// The access is to a kernel argument of 8- or 16-bit elements.
bool narrowBuffer(const KernelContext &C, const GlobalAccess &A) {
  for (const KernelArgInfo &I : C.Counts.Args)
    if (I.Name == A.Buffer)
      return I.IsPointer && narrowElement(I.Type, A.Bytes);
  return false;
}

class PerfScalarGlobalAccessRule : public LintRule {
public:
  explicit PerfScalarGlobalAccessRule(RuleOptions &O)
      : MinGain(O.number("MinGainPercent", 5,
                         "Report only where the model's estimate of the "
                         "kernel time drops by at least this share with "
                         "128-bit accesses")) {}
  static constexpr char Id[] = "perf-scalar-global-access";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "contiguous 32-bit scalar accesses in a memory-bound kernel where "
           "128-bit float4/int4 accesses would serve";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    // What the model gains: wider accesses move the same bytes in a
    // quarter of the instructions (widerAccessEstimate). Silent where that
    // is below MinGainPercent or rests on an assumed loop trip count.
    std::optional<Estimate> Fixed = widerAccessEstimate(C, 4, MinGain);
    if (!Fixed)
      return;
    std::string Gain = gainNote(C, *Fixed);
    std::set<std::string> Done;
    for (const GlobalAccess &A : C.Counts.Accesses) {
      if (A.IsAtomic || A.Bytes != 4 || !A.StrideBytes || *A.StrideBytes != 4 ||
          A.Buffer.empty() || Done.count(A.Buffer))
        continue;
      // A uchar4/short2 buffer: perf-narrow-vector-buffer gives this
      // advice at this place (uint4 and unpack); one rule says it.
      if (narrowBuffer(C, A))
        continue;
      Done.insert(A.Buffer);
      Finding &F = Out.report(
          A.Loc, fmt::format("each work-item {} one 4-byte element of '{}' "
                             "and its neighbours the next ones; in this "
                             "{}-bound kernel, {} a float4/int4 (16 B) per "
                             "work-item and doing four elements' work uses "
                             "the 128-bit path",
                             A.IsStore ? "stores" : "loads", A.Buffer,
                             boundName(C.Est.Limit),
                             A.IsStore ? "storing" : "loading"));
      if (!Gain.empty())
        F.Notes.push_back({{},
                           "at most: " + Gain +
                               " (fewer fetches and round trips; the "
                               "bytes moved stay the same)"});
    }
  }

private:
  double MinGain;
};

} // namespace

constinit const RuleDef PerfScalarGlobalAccess =
    ruleDef<PerfScalarGlobalAccessRule>();

} // namespace clspread::rules

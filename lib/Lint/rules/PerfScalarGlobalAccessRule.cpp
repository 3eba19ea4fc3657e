//===- PerfScalarGlobalAccessRule.cpp - 32-bit loads where 128 would do ---===//
//
// AMD (seeds/002): the memory system prefers 128-bit loads and stores; a
// work-item that loads one float where neighbouring floats belong to its
// neighbours could load a float4 and do four elements' work. Only reported
// when the kernel is bound by memory or fetches on the profile: elsewhere
// the wider access gains nothing the estimate can show.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <string>

namespace clspread::rules {

namespace {

class PerfScalarGlobalAccessRule : public LintRule {
public:
  explicit PerfScalarGlobalAccessRule(RuleOptions &O)
      : MinGain(O.number("MinGainPercent", 5,
                         "Report only where the model's estimate of the "
                         "kernel time drops by at least this share with "
                         "128-bit accesses")) {}
  llvm::StringRef id() const override { return "perf-scalar-global-access"; }
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "contiguous 32-bit scalar accesses in a memory-bound kernel where "
           "128-bit float4/int4 accesses would serve";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    if (C.Est.Limit == Bound::ALU)
      return;
    // What the model gains: wider accesses move the same bytes in a
    // quarter of the instructions, so they cut the fetches (profiles whose
    // global loads use the fetch units) and the load round trips (a
    // latency-bound T_MEM), never the DRAM, L2 or L1-line terms. The best
    // case is each of those terms divided by four.
    const Estimate &E = C.Est;
    double Floor = std::max({E.TAluS, E.TMemBandwidthS, E.TMemL2S,
                             E.TMemL1S, E.TDispatchS});
    double Cut = 0;
    if (C.Profile.GlobalLoadsUseTex)
      Cut = std::max(Cut, E.TTexS / 4);
    else
      Floor = std::max(Floor, E.TTexS);
    Cut = std::max(Cut, E.TMemLatencyS / 4);
    Estimate Fixed = E;
    Fixed.TKernelS = std::min(E.TKernelS, std::max(Floor, Cut));
    if (E.TKernelS <= 0 ||
        E.TKernelS - Fixed.TKernelS < MinGain / 100 * E.TKernelS)
      return;
    std::string Gain = C.gainText(Fixed);
    std::set<std::string> Done;
    for (const GlobalAccess &A : C.Counts.Accesses) {
      if (A.IsAtomic || A.Bytes != 4 || !A.StrideBytes || *A.StrideBytes != 4 ||
          A.Buffer.empty() || !Done.insert(A.Buffer).second)
        continue;
      Finding &F = Out.report(A.Loc,
                 fmt::format("each work-item {} one 4-byte element of '{}' "
                             "and its neighbours the next ones; in this "
                             "{}-bound kernel, {} a float4/int4 (16 B) per "
                             "work-item and doing four elements' work uses "
                             "the 128-bit path",
                             A.IsStore ? "stores" : "loads", A.Buffer,
                             boundName(C.Est.Limit),
                             A.IsStore ? "storing" : "loading"));
      F.Notes.push_back({{}, "at most: " + Gain +
                                 " (fewer fetches and round trips; the "
                                 "bytes moved stay the same)"});
    }
  }

private:
  double MinGain;
};

} // namespace

std::unique_ptr<LintRule> makePerfScalarGlobalAccess(RuleOptions &O) {
  return std::make_unique<PerfScalarGlobalAccessRule>(O);
}

} // namespace clspread::rules

//===- PerfUncoalescedAccessRule.cpp - Strided global accesses ------------===//
//
// A wavefront's accesses are served in transactions of the profile's size
// (seeds/004, CUB's WarpLoad): neighbouring work-items that touch
// neighbouring bytes share transactions, a stride scatters them. The rule
// compares the transactions one execution costs a wavefront at the
// access's stride with the same access made contiguous, and re-estimates
// the kernel as if it were contiguous for the gain. Strides up to 16 B are
// left alone: seeds/004 (CUB) says coalescing "remains high until the
// access stride between threads exceeds the maximum vector load width",
// and a work-item that reads a 16-byte block element by element fills the
// gaps with its own neighbouring loads.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "Model/MemoryTraffic.h"

#include <fmt/format.h>

#include <cstdlib>

namespace clspread::rules {

namespace {

class PerfUncoalescedAccessRule : public LintRule {
public:
  explicit PerfUncoalescedAccessRule(RuleOptions &O)
      : MinRatio(O.number("MinTransactionRatio", 2,
                          "Report accesses that cost at least this many times "
                          "the transactions of contiguous access")),
        MinStride(O.number("MinStrideBytes", 17,
                           "Ignore strides below this: a work-item reading "
                           "a 16-byte block element by element (CUB's "
                           "blocked arrangement) has its gaps filled by its "
                           "own neighbouring loads")) {}
  llvm::StringRef id() const override { return "perf-uncoalesced-access"; }
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "a global access whose stride between neighbouring work-items "
           "costs more transactions than contiguous access";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const DeviceProfile &P = C.Profile;
    const KernelCounts &K = C.Counts;
    for (size_t I = 0; I < K.Accesses.size(); ++I) {
      const GlobalAccess &A = K.Accesses[I];
      if (A.IsAtomic || !A.StrideBytes || A.ExecPerItem <= 0 || !A.Bytes ||
          double(std::llabs(*A.StrideBytes)) < MinStride)
        continue;
      uint64_t Have = transactionsPerWavefront(*A.StrideBytes, A.Bytes,
                                               P.Wavefront, P.TransactionBytes);
      uint64_t Best = transactionsPerWavefront(A.Bytes, A.Bytes, P.Wavefront,
                                               P.TransactionBytes);
      if (double(Have) < MinRatio * double(Best))
        continue;
      Finding &F = Out.report(
          A.Loc.Line, A.Loc.Col,
          fmt::format("{} of '{}' is uncoalesced: each wavefront of {} issues "
                      "{} transactions of {} B for this {}-byte access at a "
                      "stride of {} B; contiguous access would need {}",
                      A.IsStore ? "store" : "load",
                      A.Buffer.empty() ? "?" : A.Buffer, P.Wavefront, Have,
                      P.TransactionBytes, A.Bytes, std::llabs(*A.StrideBytes),
                      Best));
      F.Notes.push_back(
          {{}, "make neighbouring work-items touch neighbouring elements: "
               "swap the index roles, or load a tile contiguously into "
               "__local memory and read it transposed (CUB's "
               "WARP_LOAD_TRANSPOSE / BLOCK_LOAD_TRANSPOSE)"});
      if (C.Reestimate && C.launchKnown()) {
        KernelCounts Fixed = K;
        Fixed.Accesses[I].StrideBytes = int64_t(A.Bytes);
        Estimate E = C.Reestimate(Fixed);
        if (std::string G = C.gainText(E); !G.empty()) {
          F.Notes.push_back({{}, G + " with this access contiguous"});
          F.GainS = C.Est.TKernelS - E.TKernelS;
        }
      }
    }
  }

private:
  double MinRatio, MinStride;
};

} // namespace

std::unique_ptr<LintRule> makePerfUncoalescedAccess(RuleOptions &O) {
  return std::make_unique<PerfUncoalescedAccessRule>(O);
}

} // namespace clspread::rules

//===- PerfLowWorkPerItemRule.cpp - One output per work-item, shared loads ===//
//
// AMD's talk "AMD and OpenCL" (2009) turns the median filter from one output
// per work-item into four (median_x4, 20% faster): neighbouring outputs share
// most of their loads, and a work-item that computes several keeps the shared
// pixels in registers. The rule fires when each work-item writes at most one
// scalar element (one store of at most 8 bytes) and its loads are shared with
// neighbours (each byte of a read buffer's footprint is requested by at least
// MinReuse work-items).
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

class PerfLowWorkPerItemRule : public LintRule {
public:
  explicit PerfLowWorkPerItemRule(RuleOptions &O)
      : MinReuse(O.number("MinReuse", 2,
                          "Fire when each loaded byte is requested by at "
                          "least this many work-items")) {}
  static constexpr char Id[] = "perf-low-work-per-item";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "one output per work-item with loads shared by neighbours: "
           "compute several outputs per work-item";
  }
  bool needsLaunch() const override { return true; }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const KernelCounts &K = C.Counts;
    // One output: at most one scalar element (up to 8 B) stored per
    // work-item; a 128-bit store already carries several (median_x4).
    if (K.GlobalStores > 1.0 || K.GlobalStores <= 0 || K.GlobalStoreBytes > 8)
      return;
    const double N = double(K.Launch.workItems());
    double Requested = 0, Unique = 0;
    for (const BufferFootprint &F : K.Footprints) {
      // An inexact footprint is an upper bound: the reuse computed from it
      // is a lower bound, so firing on it stays justified. A stated size
      // says nothing of which items share what (a lookup table).
      if (!F.Read || F.Written || F.Stated)
        continue;
      double Req = 0;
      for (const GlobalAccess &A : K.Accesses)
        if (A.Buffer == F.Arg && !A.IsStore)
          Req += A.ExecPerItem * A.Bytes * N;
      Requested += Req;
      Unique += double(F.Bytes);
    }
    if (Unique <= 0 || Requested / Unique < MinReuse)
      return;
    auto [Line, Col] = C.kernelPlace();
    Out.report(Line, Col,
               fmt::format("each work-item writes one output and its loads "
                           "are shared: every byte read is requested by "
                           "{:.3g} work-items on average; computing several "
                           "neighbouring outputs per work-item keeps the "
                           "shared inputs in registers (AMD's talk 'AMD and "
                           "OpenCL': four medians per work-item, 20% "
                           "faster)",
                           Requested / Unique));
  }

private:
  double MinReuse;
};

} // namespace

constinit const RuleDef PerfLowWorkPerItem = ruleDef<PerfLowWorkPerItemRule>();

} // namespace clspread::rules

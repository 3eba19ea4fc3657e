//===- PerfNarrowVectorBufferRule.cpp - uchar4 loads, one per work-item ---===//
//
// Intel's guide ("Loading and Storing Data in Greatest Chunks"): a work-item
// that reads a uchar4 issues a 32-bit access; reading a uint4 (four pixels)
// and unpacking by hand uses the 128-bit path. The AMD talk's amp kernel
// shows the same (kernels/amp.cl: amp_uchar4 vs amp_uint4).
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

#include <optional>
#include <set>

namespace clspread::rules {

namespace {

class PerfNarrowVectorBufferRule : public LintRule {
public:
  explicit PerfNarrowVectorBufferRule(RuleOptions &O)
      : MinGain(O.number("MinGainPercent", 5,
                         "Report only where the model's estimate of the "
                         "kernel time drops by at least this share with "
                         "128-bit accesses")) {}
  static constexpr char Id[] = "perf-narrow-vector-buffer";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "a buffer of 8- or 16-bit elements accessed one element per "
           "work-item; use 128-bit uint4 accesses and unpack";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    // Only where the model predicts a gain (as perf-scalar-global-access):
    // one final store after hundreds of MADs gains nothing from packing.
    // Widening a narrow access cuts its count by 16 / bytes; the kernel's
    // estimate is cut by at most that.
    std::set<std::string> Done;
    for (const GlobalAccess &A : C.Counts.Accesses) {
      if (A.IsAtomic || A.Buffer.empty() || Done.count(A.Buffer))
        continue;
      const KernelArgInfo *Arg = nullptr;
      for (const KernelArgInfo &I : C.Counts.Args)
        if (I.Name == A.Buffer)
          Arg = &I;
      if (!Arg || !Arg->IsPointer || !narrowElement(Arg->Type, A.Bytes))
        continue;
      // One element per work-item: neighbours are one element apart.
      if (!A.StrideBytes || *A.StrideBytes != int64_t(A.Bytes))
        continue;
      std::optional<Estimate> Fixed =
          widerAccessEstimate(C, 16.0 / A.Bytes, MinGain);
      if (!Fixed)
        continue;
      Done.insert(A.Buffer);
      std::string Elem = llvm::StringRef(Arg->Type).rtrim("* ").str();
      Finding &F = Out.report(
          A.Loc,
          fmt::format("'{}' is a {} buffer {} one {}-byte element per "
                      "work-item; load and store uint4 (16 B, {} elements) "
                      "and unpack by hand",
                      A.Buffer, Elem, A.IsStore ? "written" : "read", A.Bytes,
                      16 / A.Bytes));
      F.Notes.push_back(
          {{},
           fmt::format("{}-byte accesses use a quarter or less of the "
                       "128-bit load/store path (Intel's guide: 'Loading "
                       "and Storing Data in Greatest Chunks'; "
                       "kernels/amp.cl amp_uint4)",
                       A.Bytes)});
      if (std::string G = gainNote(C, *Fixed); !G.empty())
        F.Notes.push_back({{}, "at most: " + G});
    }
  }

private:
  double MinGain;
};

} // namespace

constinit const RuleDef PerfNarrowVectorBuffer =
    ruleDef<PerfNarrowVectorBufferRule>();

} // namespace clspread::rules

//===- PerfKernelFusionRule.cpp - Pipelines that round-trip through DRAM --===//
//
// Arm's "Mali GPU OpenCL Developer Guide" (101574): "If you have multiple
// kernels that work in a sequence, consider combining them into a single
// kernel. If you combine kernels, be careful of dependencies between them." For
// two stages of a manifest pipeline over the same NDRange, where the later
// stage reads the buffer the earlier one wrote one element per work-item at the
// same stride (no widening dependency: a stencil reads its neighbours, which
// another work-item wrote), the intermediate buffer goes to DRAM and back for
// nothing. The gain is the model's: both stages re-estimated without the
// intermediate's store and load.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "Support/Quantity.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

/// The accesses of \p Buffer of one kind, if they are exactly one access
/// per work-item, contiguous; nullptr otherwise.
const GlobalAccess *oneToOne(const KernelCounts &K, const std::string &Buffer,
                             bool Store) {
  const GlobalAccess *Only = nullptr;
  double Exec = 0;
  for (const GlobalAccess &A : K.Accesses) {
    if (A.Buffer != Buffer || A.IsAtomic)
      continue;
    if (A.IsStore != Store)
      continue;
    if (Only)
      return nullptr; // several sites: a neighbourhood, not one element
    Only = &A;
    Exec += A.ExecPerItem;
  }
  if (!Only || !Only->StrideBytes ||
      *Only->StrideBytes != int64_t(Only->Bytes) || Exec > 1.0 + 1e-9)
    return nullptr;
  return Only;
}

/// \p K without its accesses to \p Buffer (what fusing removes).
KernelCounts without(const KernelCounts &K, const std::string &Buffer) {
  KernelCounts F = K;
  for (const GlobalAccess &A : K.Accesses) {
    if (A.Buffer != Buffer)
      continue;
    if (A.IsStore) {
      F.GlobalStores -= A.ExecPerItem;
      F.GlobalStoreBytes -= A.ExecPerItem * A.Bytes;
    } else {
      F.GlobalLoads -= A.ExecPerItem;
      F.GlobalLoadBytes -= A.ExecPerItem * A.Bytes;
    }
  }
  // A stage left with no global loads waits for no load round trips.
  if (F.GlobalLoads <= 1e-9)
    F.GlobalLoadRounds = 0;
  llvm::erase_if(F.Accesses,
                 [&](const GlobalAccess &A) { return A.Buffer == Buffer; });
  llvm::erase_if(F.Footprints,
                 [&](const BufferFootprint &B) { return B.Arg == Buffer; });
  return F;
}

class PerfKernelFusionRule : public LintRule {
public:
  explicit PerfKernelFusionRule(RuleOptions &) {}
  static constexpr char Id[] = "perf-kernel-fusion";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "two pipeline stages over the same NDRange pass a buffer "
           "one-to-one: consider one kernel";
  }
  bool needsLaunch() const override { return true; }
  void check(const KernelContext &, FindingSink &) const override {}

  void checkPipeline(const PipelineContext &P,
                     FindingSink &Out) const override {
    for (const auto &[From, To] : P.Connect) {
      auto [FromStage, FromArg] = llvm::StringRef(From).rsplit('.');
      auto [ToStage, ToArg] = llvm::StringRef(To).rsplit('.');
      const KernelContext *A = nullptr, *B = nullptr;
      for (size_t I = 0; I < P.StageIds.size(); ++I) {
        if (P.StageIds[I] == FromStage)
          A = P.Stages[I];
        if (P.StageIds[I] == ToStage)
          B = P.Stages[I];
      }
      if (!A || !B)
        continue;
      const LaunchSpec &LA = A->Counts.Launch, &LB = B->Counts.Launch;
      if (LA.Dims != LB.Dims || LA.Global != LB.Global)
        continue; // another coordinate system
      const GlobalAccess *W = oneToOne(A->Counts, FromArg.str(), true);
      const GlobalAccess *R = oneToOne(B->Counts, ToArg.str(), false);
      if (!W || !R || W->Bytes != R->Bytes)
        continue;
      double Bytes = double(W->Bytes) * double(LA.workItems());
      auto [Line, Col] = A->kernelPlace();
      Finding &F = Out.report(
          Line, Col,
          fmt::format("consider fusing '{}' into '{}' (pipeline '{}'): '{}' "
                      "({}) is written by one and read back one element per "
                      "work-item by the other, a round trip through DRAM",
                      A->Counts.Name, B->Counts.Name, P.Id, FromArg.str(),
                      formatQuantity(Bytes, Quantity::Dim::Bytes)));
      if (A->Reestimate && B->Reestimate) {
        double Before = A->Est.TKernelS + B->Est.TKernelS;
        double After =
            A->Reestimate(without(A->Counts, FromArg.str())).TKernelS +
            B->Reestimate(without(B->Counts, ToArg.str())).TKernelS;
        if (Before > After) {
          F.GainS = Before - After;
          F.Notes.push_back(
              {{},
               fmt::format("estimated gain on {}: {:.3g} us of {:.3g} us "
                           "for the two launches ({:.0f}%)",
                           A->Profile.Id, (Before - After) * 1e6, Before * 1e6,
                           100 * (Before - After) / Before)});
        }
      }
      F.Notes.push_back(
          {{},
           "Arm's guide: 'If combining kernels requires a barrier, it is "
           "probably better to keep them separate'"});
    }
  }
};

} // namespace

constinit const RuleDef PerfKernelFusion = ruleDef<PerfKernelFusionRule>();

} // namespace clspread::rules

//===- VectorAccess.cpp - What wider accesses gain, shared by rules -------===//
//
// perf-scalar-global-access and perf-narrow-vector-buffer give the same
// kind of advice (fewer, wider accesses) and speak under the same
// condition: the model predicts a gain of at least the rule's
// MinGainPercent, and that prediction does not rest on a loop trip count
// the analysis assumed. Also the gain note every rule attaches.
//
//===----------------------------------------------------------------------===//
#include "Lint/LintRule.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <optional>

namespace clspread::rules {

/// True for char/uchar/short/ushort and their vectors accessed in fewer
/// than 16 bytes: the accesses perf-narrow-vector-buffer reports.
bool narrowElement(llvm::StringRef T, unsigned AccessBytes) {
  T.consume_front("const ");
  T.consume_front("__global ");
  T = T.rtrim("* ");
  for (llvm::StringRef Base : {"uchar", "char", "ushort", "short"})
    if (T.starts_with(Base)) {
      llvm::StringRef N = T.drop_front(Base.size());
      if (N.empty() || N == "2" || N == "3" || N == "4" || N == "8")
        return AccessBytes < 16;
    }
  return false;
}

/// True when the kernel's counts rest on a loop trip count the analysis
/// assumed (a run-time bound, a data-dependent exit): its bound may be
/// anything. A hash loop of `n` rounds is ALU-bound at any real n, but at
/// the assumed 16 its few loads can make it look memory-bound.
bool dependsOnAssumedTrips(const KernelCounts &K) {
  for (const Assumption &A : K.Assumptions)
    if (A.Kind == "loop-trip-count" || A.Kind == "loop-exit")
      return true;
  return false;
}

/// The estimate with the kernel's global accesses \p Factor times wider
/// (so \p Factor times fewer), at best: the fetch term (profiles whose
/// global loads use the fetch units) and a latency-bound T_MEM shrink by
/// \p Factor, the DRAM, L2, L1-line and ALU terms stay. nullopt where
/// the model predicts less than \p MinGainPercent, where the kernel is
/// ALU-bound, or where its bound depends on an assumed trip count.
std::optional<Estimate> widerAccessEstimate(const KernelContext &C,
                                            double Factor,
                                            double MinGainPercent) {
  const Estimate &E = C.Est;
  if (E.Limit == Bound::ALU || E.TKernelS <= 0 || Factor <= 1 ||
      dependsOnAssumedTrips(C.Counts))
    return std::nullopt;
  double Floor =
      std::max({E.TAluS, E.TMemBandwidthS, E.TMemL2S, E.TMemL1S, E.TDispatchS});
  double Cut = 0;
  if (C.Profile.GlobalLoadsUseTex)
    Cut = std::max(Cut, E.TTexS / Factor);
  else
    Floor = std::max(Floor, E.TTexS);
  Cut = std::max(Cut, E.TMemLatencyS / Factor);
  Estimate Fixed = E;
  Fixed.TKernelS = std::min(E.TKernelS, std::max(Floor, Cut));
  if (E.TKernelS - Fixed.TKernelS < MinGainPercent / 100 * E.TKernelS)
    return std::nullopt;
  return Fixed;
}

/// C.gainText(Fixed), or "" when the gain rounds to 0% as printed: a note
/// saying "(0%)" tells the reader nothing is gained.
std::string gainNote(const KernelContext &C, const Estimate &Fixed) {
  const Estimate &E = C.Est;
  if (E.TKernelS <= 0 || 100 * (E.TKernelS - Fixed.TKernelS) / E.TKernelS < 0.5)
    return "";
  return C.gainText(Fixed);
}

} // namespace clspread::rules

//===- Footprints.cpp - The bytes of each buffer an NDRange touches ---===//
#include "Analysis/Footprints.h"

#include "llvm/Support/MathExtras.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace llvm;

namespace clspread {

namespace {

class FootprintBuilder : AnalysisPart {
public:
  explicit FootprintBuilder(AnalysisContext &C) : AnalysisPart(C) {}
  void computeFootprints(const std::vector<AccessShape> &Shapes,
                         KernelCounts &K);
};

} // namespace

void FootprintBuilder::computeFootprints(const std::vector<AccessShape> &Shapes,
                                         KernelCounts &K) {
  std::array<uint64_t, 3> Loc = L.localOrOnes();
  std::map<unsigned, BufferFootprint> ByArg;
  std::map<unsigned, std::pair<int64_t, int64_t>> Span; // [min, max)
  std::map<unsigned, long double> Sum;
  std::set<unsigned> Unknown, Guarded;
  for (const AccessShape &S : Shapes) {
    if (S.ArgNo == ~0u)
      continue;
    const GlobalAccess &A = K.Accesses[S.Index];
    BufferFootprint &FP = ByArg[S.ArgNo];
    FP.ArgIndex = S.ArgNo;
    FP.Arg = A.Buffer;
    FP.Read |= !A.IsStore || A.IsAtomic;
    // An access some work-items skip touches less than its box.
    if (A.ExecPerItem < 1.0)
      Guarded.insert(S.ArgNo);
    FP.Written |= A.IsStore || A.IsAtomic;
    if (!S.Off) {
      Unknown.insert(S.ArgNo);
      continue;
    }
    // Range of the offset over the NDRange, and how many (item, iteration)
    // tuples reach it: an upper bound on the distinct elements touched.
    long double Lo = S.Off->Const, Hi = S.Off->Const, Count = 1;
    BufferFootprint::Box Box;
    Box.Elem = A.Bytes;
    auto range = [&](int64_t Coef, uint64_t Extent) {
      if (!Coef || Extent <= 1)
        return;
      long double Span = (long double)Coef * (long double)(Extent - 1);
      (Span < 0 ? Lo : Hi) += Span;
      Count *= Extent;
      Box.Dims.push_back({uint64_t(Coef < 0 ? -Coef : Coef), Extent});
    };
    bool Bounded = true;
    for (int D = 0; D < 3; ++D) {
      range(S.Off->Gid[D], L.Global[D]);
      if ((S.Off->Lid[D] || S.Off->Grp[D]) && !L.Local)
        Bounded = false;
      range(S.Off->Lid[D], Loc[D]);
      range(S.Off->Grp[D], L.Global[D] / Loc[D]);
    }
    for (auto &[Lp, Coef] : S.Off->Iter) {
      auto TC = tripCount(Lp);
      if (!TC) {
        Bounded = false;
        break;
      }
      range(Coef, *TC);
    }
    if (!Bounded || S.Off->Symbolic) {
      Unknown.insert(S.ArgNo);
      continue;
    }
    // Offsets below the buffer's start belong to work-items that a guard
    // (border handling) keeps from accessing it; a valid kernel never reads
    // before its buffer.
    if (Lo < 0)
      Lo = 0;
    if (Hi < Lo)
      continue;
    auto [It, New] =
        Span.try_emplace(S.ArgNo, int64_t(Lo), int64_t(Hi) + A.Bytes);
    if (!New) {
      It->second.first = std::min<int64_t>(It->second.first, int64_t(Lo));
      It->second.second =
          std::max<int64_t>(It->second.second, int64_t(Hi) + A.Bytes);
    }
    Sum[S.ArgNo] += Count * A.Bytes;
    std::sort(Box.Dims.begin(), Box.Dims.end()); // finest stride first
    FP.Boxes.push_back(std::move(Box));
  }
  for (auto &[Arg, FP] : ByArg) {
    if (Unknown.count(Arg) || !Span.count(Arg)) {
      // The launch may say how big the buffer is: no access reaches past
      // it, so its size bounds the footprint.
      if (auto It = Opts.BufferBytes.find(FP.Arg);
          It != Opts.BufferBytes.end() && It->second > 0) {
        assume("footprint", 0,
               fmt::format("buffer '{}': footprint at most its {} B as the "
                           "launch gives it (an access is not affine in "
                           "work-item ids and counted loops)",
                           FP.Arg, It->second));
        FP.Bytes = FP.MaxOffset = It->second;
        FP.Exact = false;
        FP.Stated = true;
        K.Footprints.push_back(FP);
        continue;
      }
      assume("footprint", 0,
             "buffer '" + FP.Arg +
                 "': footprint unknown (an access is not "
                 "affine in work-item ids and counted loops)");
      continue;
    }
    auto [Lo, Hi] = Span[Arg];
    uint64_t Box = uint64_t(Hi - Lo);
    uint64_t Tuples = uint64_t(std::min<long double>(Sum[Arg], 1e19L));
    FP.Bytes = std::min(Box, Tuples);
    FP.MaxOffset = uint64_t(Hi);
    // Exact when the accesses fill their bounding box with no more tuples
    // than bytes: a dense, one-to-one mapping.
    FP.Exact = Box == Tuples && !Guarded.count(Arg);
    K.Footprints.push_back(FP);
  }
}

uint64_t BufferFootprint::granuleBytes(unsigned Granule) const {
  const uint64_t G = std::max(1u, Granule);
  const uint64_t Whole = llvm::divideCeil(Bytes, G) * G;
  if (Boxes.empty() || Stated)
    return Whole;
  // A box's dimensions from the finest stride out: a stride no longer
  // than the run so far, or than a granule, leaves no whole granule
  // untouched between its copies, so the run grows; a longer one repeats
  // the run in granules of its own.
  long double Granules = 0;
  for (const Box &B : Boxes) {
    long double Run = (long double)B.Elem, Runs = 1;
    for (auto [Stride, Extent] : B.Dims) {
      if ((long double)Stride <= std::max<long double>(Run, G))
        Run += (long double)Stride * (long double)(Extent - 1);
      else
        Runs *= (long double)Extent;
    }
    Granules += Runs * std::ceil(Run / (long double)G);
  }
  // Never more than the bounding box's granules, and never fewer than the
  // unique bytes' (the boxes may overlap).
  const uint64_t Box = llvm::divideCeil(MaxOffset, G) * G;
  const long double Counted = Granules * (long double)G;
  return std::max(Whole, uint64_t(std::min<long double>(Counted, Box)));
}

void computeFootprints(AnalysisContext &C,
                       const std::vector<AccessShape> &Shapes,
                       KernelCounts &K) {
  FootprintBuilder(C).computeFootprints(Shapes, K);
}

} // namespace clspread

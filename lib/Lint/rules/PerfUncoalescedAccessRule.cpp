//===- PerfUncoalescedAccessRule.cpp - Strided global accesses ------------===//
//
// A wavefront's accesses are served in transactions of the profile's size
// (CUB's cub::WarpLoadAlgorithm documentation): neighbouring work-items that
// touch neighbouring bytes share transactions, a stride scatters them. The rule
// compares the transactions one execution costs a wavefront at the access's
// stride with the same access made contiguous, and re-estimates the kernel as
// if it were contiguous for the gain. Strides up to 16 B are left alone: CUB
// says coalescing "remains high until the access stride between threads exceeds
// the maximum vector load width", and a work-item that reads a 16-byte block
// element by element fills the gaps with its own neighbouring loads.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "Model/CacheModel.h"
#include "Model/MemoryTraffic.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

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
  static constexpr char Id[] = "perf-uncoalesced-access";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "a global access whose stride between neighbouring work-items "
           "costs more transactions than contiguous access";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const DeviceProfile &P = C.Profile;
    const KernelCounts &K = C.Counts;
    const unsigned W = P.Wavefront, T = P.TransactionBytes;
    if (!W || !T)
      return;
    // The wavefront's shape: W consecutive linear local ids, dimension 0
    // fastest, as the cache model takes it for analyze
    // (Model/CacheModel.h: wavefrontSectors). Without a local size, the
    // group analyze assumes: a row along dimension 0.
    const bool LocalKnown = K.Launch.Local.has_value();
    std::array<uint64_t, 3> Loc =
        K.Launch.Local.value_or(std::array<uint64_t, 3>{
            std::min<uint64_t>(std::max(C.Est.Occ.GroupSize, W),
                               K.Launch.Global[0]),
            1, 1});
    for (uint64_t &E : Loc)
      E = std::max<uint64_t>(E, 1);
    const uint64_t GroupItems = Loc[0] * Loc[1] * Loc[2];
    const unsigned Lanes = unsigned(std::min<uint64_t>(W, GroupItems));
    // Extent of the wavefront along each dimension.
    std::array<uint64_t, 3> Wave{1, 1, 1};
    for (uint64_t D = 0, Left = Lanes; D < 3 && Left > 1; ++D) {
      Wave[D] = std::min<uint64_t>(Loc[D], Left);
      Left = (Left + Wave[D] - 1) / Wave[D];
    }
    struct Cand {
      SourceLoc Loc; // an access in an #included helper is there

      std::vector<size_t> Sites;
      std::vector<std::string> Names;
      bool Load = false, Store = false;
      double Have = 0;
      uint64_t Best = 0;
      int64_t Stride = 0;
      int Major = 0;
      unsigned Bytes = 0;
    };
    std::vector<Cand> Cands;
    for (size_t I = 0; I < K.Accesses.size(); ++I) {
      const GlobalAccess &A = K.Accesses[I];
      if (A.IsAtomic || !A.StrideBytes || A.ExecPerItem <= 0 || !A.Bytes)
        continue;
      // An access the debug info places nowhere (two merged loads of an
      // if and its else) cannot be shown at a line, nor suppressed.
      if (!A.Loc.Line)
        continue;
      // Byte distance between neighbouring work-items along each
      // dimension; only dimension 0's when the address has no shape.
      std::array<std::optional<int64_t>, 3> Coef{A.StrideBytes, {}, {}};
      if (A.Shape)
        for (int D = 0; D < 3; ++D)
          Coef[D] = A.Shape->Gid[D] + A.Shape->Lid[D];
      // The stride that decides: along the first dimension the wavefront
      // spans.
      int Major = 0;
      while (Major < 2 && Wave[Major] == 1)
        ++Major;
      if (!Coef[Major])
        continue; // a wavefront down a dimension whose stride is unknown
      if (!LocalKnown && A.Shape) {
        // The judgement depends on the local size the driver picks when
        // the access is contiguous along another dimension.
        bool OtherContiguous = false;
        for (int D = 1; D < 3; ++D)
          OtherContiguous |=
              *Coef[D] != 0 && double(std::llabs(*Coef[D])) < MinStride;
        if (OtherContiguous)
          continue;
      }
      int64_t Stride = *Coef[Major];
      if (double(std::llabs(Stride)) < MinStride)
        continue;
      double Have;
      if (A.Shape)
        Have = wavefrontSectors(*A.Shape, A.Bytes, Loc, W, T);
      else if (Wave[0] >= Lanes)
        Have = double(transactionsPerWavefront(Stride, A.Bytes, Lanes, T));
      else
        continue; // the wavefront leaves dimension 0: its shape is unknown
      uint64_t Best = transactionsPerWavefront(A.Bytes, A.Bytes, Lanes, T);
      if (Have < MinRatio * double(Best))
        continue;
      // One finding per place: a compound assignment's load and store (or
      // several IR accesses of one expression) share it.
      auto Same = std::find_if(Cands.begin(), Cands.end(), [&](const Cand &X) {
        return X.Loc.File == A.Loc.File && X.Loc.Line == A.Loc.Line &&
               X.Loc.Col == A.Loc.Col;
      });
      if (Same == Cands.end())
        Same = Cands.insert(Cands.end(), Cand{A.Loc});
      Same->Sites.push_back(I);
      (A.IsStore ? Same->Store : Same->Load) = true;
      std::string Name = accessName(C, A);
      if (std::find(Same->Names.begin(), Same->Names.end(), Name) ==
          Same->Names.end())
        Same->Names.push_back(Name);
      if (Have > Same->Have) {
        Same->Have = Have;
        Same->Best = Best;
        Same->Stride = Stride;
        Same->Major = Major;
        Same->Bytes = A.Bytes;
      }
    }

    std::string Shape;
    if (Wave[0] < Lanes)
      Shape = fmt::format(
          " ({}x{}{} work-items of the {}x{}{} group)", Wave[0], Wave[1],
          Wave[2] > 1 ? fmt::format("x{}", Wave[2]) : "", Loc[0], Loc[1],
          Loc[2] > 1 ? fmt::format("x{}", Loc[2]) : "");
    for (const Cand &X : Cands) {
      std::string Names;
      for (const std::string &N : X.Names)
        Names += (Names.empty() ? "'" : " and '") + (N.empty() ? "?" : N) + "'";
      std::string Along =
          X.Major ? fmt::format(" along dimension {}", X.Major) : std::string();
      bool Both = X.Load && X.Store;
      Finding &F = Out.report(
          X.Loc,
          fmt::format("{} of {} {} uncoalesced: each wavefront of {}{} "
                      "issues {:.4g} transactions of {} B for this {}-byte "
                      "access at a stride of {} B{}; contiguous access would "
                      "need {}",
                      Both      ? "load and store"
                      : X.Store ? "store"
                                : "load",
                      Names, Both ? "are" : "is", Lanes, Shape, X.Have, T,
                      X.Bytes, std::llabs(X.Stride), Along, X.Best));
      F.Notes.push_back(
          {{},
           "make neighbouring work-items touch neighbouring elements: "
           "swap the index roles, or load a tile contiguously into "
           "__local memory and read it transposed (CUB's "
           "WARP_LOAD_TRANSPOSE / BLOCK_LOAD_TRANSPOSE)"});
      if (!LocalKnown)
        F.Notes.push_back(
            {{},
             fmt::format("assumed: the launch gives no local size; a "
                         "{}x1x1 group (wavefronts along dimension 0), "
                         "as analyze assumes. With another local size "
                         "the wavefront's shape, and this judgement, "
                         "may differ",
                         Loc[0])});
      if (C.Reestimate && C.launchKnown()) {
        // The same accesses, contiguous in linear local-id order within a
        // group and groups one after another.
        KernelCounts Fixed = K;
        for (size_t I : X.Sites) {
          GlobalAccess &B = Fixed.Accesses[I];
          B.StrideBytes = int64_t(B.Bytes);
          if (!B.Shape)
            continue;
          int64_t Step = B.Bytes;
          for (int D = 0; D < 3; ++D) {
            B.Shape->Gid[D] = 0;
            B.Shape->Lid[D] = Step;
            Step *= int64_t(Loc[D]);
          }
          for (int D = 0; D < 3; ++D) {
            B.Shape->Grp[D] = Step;
            Step *= int64_t(std::max<uint64_t>(
                1, (K.Launch.Global[D] + Loc[D] - 1) / Loc[D]));
          }
        }
        Estimate E = C.Reestimate(Fixed);
        if (std::string G = gainNote(C, E); !G.empty()) {
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

constinit const RuleDef PerfUncoalescedAccess =
    ruleDef<PerfUncoalescedAccessRule>();

} // namespace clspread::rules

//===- MemoryTraffic.cpp - Coalescing and footprint caps ------------------===//
#include "Model/MemoryTraffic.h"
#include "Support/Quantity.h"

#include "llvm/Support/MathExtras.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>

namespace clspread {

namespace {

/// Sites whose stride is unknown, grouped so that nine loads of a stencil
/// make one note, not nine.
struct UnknownStrideGroup {
  const GlobalAccess *First = nullptr;
  unsigned Sites = 0;
  std::vector<unsigned> Lines;
};

std::string describe(const UnknownStrideGroup &G) {
  const GlobalAccess &A = *G.First;
  std::string Loc;
  std::string Lines;
  for (unsigned L : G.Lines)
    Lines += (Lines.empty() ? "" : ",") + std::to_string(L);
  if (!A.Loc.File.empty())
    Loc = Lines.empty() ? A.Loc.File + ": " : A.Loc.File + ":" + Lines + ": ";
  else if (!Lines.empty())
    Loc = "line " + Lines + ": ";
  const char *What = A.IsAtomic ? "atomic" : A.IsStore ? "store" : "load";
  const char *Space = A.Space == AddrSpace::Constant ? "constant" : "global";
  std::string Buf = A.Buffer.empty() ? std::string("an unknown buffer")
                                     : fmt::format("'{}'", A.Buffer);
  std::string Count =
      G.Sites == 1 ? std::string() : fmt::format("{} ", G.Sites);
  return fmt::format("{}{}{} {}{} of {} B {} {}: stride between work-items "
                     "unknown; charged {} B per execution as if coalesced",
                     Loc, Count, Space, What, G.Sites == 1 ? "" : "s", A.Bytes,
                     A.IsStore ? "to" : "from", Buf, A.Bytes);
}

/// Whether every work-item of the launch reaches \p A at the same address:
/// an affine address with no term in any id (loop terms move it alike for
/// every work-item).
bool oneAddressForLaunch(const GlobalAccess &A) {
  if (!A.Shape || A.ScatterBytes)
    return false;
  auto Zero = [](const std::array<int64_t, 3> &C) {
    return C[0] == 0 && C[1] == 0 && C[2] == 0;
  };
  return Zero(A.Shape->Gid) && Zero(A.Shape->Lid) && Zero(A.Shape->Grp);
}

/// Executions of a site by one wavefront of \p W work-items, each of
/// which runs it \p PerItem times on average. Fewer than once per item
/// (a branch): a wavefront issues the site when any of its lanes takes
/// it, and the lanes that do are taken as spread over the wavefronts, one
/// to a wavefront while there are fewer of them than wavefronts:
/// `if (lid == 0)` in groups of W or more issues once per group, a branch
/// half the work-items take once per wavefront.
double wavefrontExecutions(double PerItem, unsigned W) {
  return PerItem >= 1 ? PerItem : std::min(1.0, PerItem * W);
}

} // namespace

uint64_t transactionsPerWavefront(int64_t StrideBytes, unsigned Width,
                                  unsigned Wavefront, unsigned Transaction) {
  uint64_t PerLane = llvm::divideCeil(Width, Transaction);
  uint64_t S = uint64_t(std::llabs(StrideBytes));
  if (S == 0)
    return PerLane;
  if (S >= Transaction)
    return uint64_t(Wavefront) * PerLane;
  return llvm::divideCeil(S * (Wavefront - 1) + Width, Transaction);
}

MemoryTraffic memoryTraffic(const KernelCounts &K, unsigned Wavefront,
                            unsigned Transaction, const CacheGeometry *Cache,
                            bool WriteAllocate) {
  MemoryTraffic R;
  const double N = double(K.Launch.workItems());
  if (N == 0 || Wavefront == 0 || Transaction == 0)
    return R;

  // Launch totals per (buffer, is-store), so caps apply per direction.
  std::map<std::pair<std::string, bool>, double> ByBuffer;
  double Uncapped = 0; // sites of unknown buffers
  std::vector<UnknownStrideGroup> Unknown;
  std::map<std::string, uint64_t> Scattered; // buffer -> widest span
  for (const GlobalAccess &A : K.Accesses) {
    if (A.Bytes == 0 || A.ExecPerItem <= 0)
      continue;
    R.BytesRequested += double(A.Bytes) * A.ExecPerItem;
    if ((A.IsStore || A.IsAtomic) && A.Space == AddrSpace::Global &&
        oneAddressForLaunch(A))
      (A.IsAtomic ? R.SameAddressAtomics : R.SameAddressStores) +=
          wavefrontExecutions(A.ExecPerItem, Wavefront) / Wavefront;
    double PerExec;
    if (A.StrideBytes) {
      uint64_t T = transactionsPerWavefront(*A.StrideBytes, A.Bytes, Wavefront,
                                            Transaction);
      PerExec = double(T) * Transaction / Wavefront;
    } else if (A.ScatterBytes) {
      PerExec =
          scatteredSectors(A.ScatterBytes, Wavefront, A.Bytes, Transaction) *
          Transaction / Wavefront;
      Scattered[A.Buffer] = std::max(Scattered[A.Buffer], A.ScatterBytes);
    } else {
      PerExec = A.Bytes;
      auto Same = [&](const UnknownStrideGroup &G) {
        const GlobalAccess &B = *G.First;
        return B.Buffer == A.Buffer && B.IsStore == A.IsStore &&
               B.IsAtomic == A.IsAtomic && B.Space == A.Space &&
               B.Bytes == A.Bytes && B.Loc.File == A.Loc.File;
      };
      auto G = std::find_if(Unknown.begin(), Unknown.end(), Same);
      if (G == Unknown.end())
        G = Unknown.insert(Unknown.end(), UnknownStrideGroup{&A, 0, {}});
      ++G->Sites;
      if (A.Loc.Line && std::find(G->Lines.begin(), G->Lines.end(),
                                  A.Loc.Line) == G->Lines.end())
        G->Lines.push_back(A.Loc.Line);
    }
    double Total = PerExec * A.ExecPerItem * N;
    if (A.Buffer.empty())
      Uncapped += Total;
    else
      ByBuffer[{A.Buffer, A.IsStore}] += Total;
  }

  for (UnknownStrideGroup &G : Unknown) {
    std::sort(G.Lines.begin(), G.Lines.end());
    R.Notes.push_back(describe(G));
  }
  for (const auto &[Buffer, Span] : Scattered)
    R.Notes.push_back(fmt::format(
        "'{}': addresses from an index the launch fills in no order: each "
        "work-item's access lands at random in {}, a wavefront's in as "
        "many sectors as random picks reach",
        Buffer.empty() ? std::string("an unknown buffer") : Buffer,
        formatQuantity(double(Span), Quantity::Dim::Bytes)));

  if (Cache && (K.Launch.Local || Cache->AssumedLocal)) {
    CacheTraffic C = cacheTraffic(K, *Cache);
    R.BytesMoved = C.DramBytes;
    R.BytesL2 = C.L2Bytes;
    R.PartialStoreBytes = C.PartialStoreBytes;
    R.NarrowStoreBytes = C.NarrowStoreBytes;
    R.L1Lines = C.L1Lines;
    R.FootprintBytes = C.FootprintBytes;
    R.LoadOdds = C.LoadOdds;
    R.Finite = true;
    R.Notes.insert(R.Notes.end(), C.Notes.begin(), C.Notes.end());
    return R;
  }

  double Moved = Uncapped;
  for (const auto &[Key, Total] : ByBuffer) {
    // A zero footprint means Analysis could not bound it, not that the
    // buffer is untouched: leave such traffic uncapped.
    double Bytes = Total;
    if (const BufferFootprint *F = boundedFootprint(K, Key.first)) {
      double Cap = double(F->granuleBytes(Transaction));
      if (Total > Cap) {
        R.Notes.push_back(fmt::format(
            "buffer '{}': {} {} per launch capped at its footprint {} "
            "(assumed: lines shared by nearby work-items hit in cache)",
            Key.first, Key.second ? "stores" : "loads",
            formatQuantity(Total, Quantity::Dim::Bytes),
            formatQuantity(Cap, Quantity::Dim::Bytes)));
        Bytes = Cap;
      }
    }
    Moved += Bytes;
    // A write-allocating cache reads the line a store misses before the
    // store fills it, unless the kernel reads the buffer itself (then the
    // line is already there, and was counted with the loads).
    if (WriteAllocate && Key.second && !ByBuffer.count({Key.first, false})) {
      Moved += Bytes;
      R.Notes.push_back(fmt::format(
          "buffer '{}': the cache reads the {} the kernel writes before "
          "writing them (write-allocate; the kernel never reads them)",
          Key.first, formatQuantity(Bytes, Quantity::Dim::Bytes)));
    }
  }
  R.BytesMoved = Moved / N;
  return R;
}

} // namespace clspread

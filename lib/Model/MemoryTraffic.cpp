//===- MemoryTraffic.cpp - Coalescing and footprint caps ------------------===//
#include "Model/MemoryTraffic.h"
#include "Model/Quantity.h"

#include <fmt/format.h>

#include <cstdlib>
#include <map>

namespace clspread {

namespace {

uint64_t ceilDiv(uint64_t A, uint64_t B) { return (A + B - 1) / B; }

std::string siteName(const GlobalAccess &A) {
  std::string Loc;
  if (!A.Loc.File.empty())
    Loc = fmt::format("{}:{}: ", A.Loc.File, A.Loc.Line);
  else if (A.Loc.Line)
    Loc = fmt::format("line {}: ", A.Loc.Line);
  const char *What = A.IsAtomic ? "atomic" : A.IsStore ? "store" : "load";
  const char *Space = A.Space == AddrSpace::Constant ? "constant" : "global";
  std::string Buf = A.Buffer.empty() ? std::string("an unknown buffer")
                                     : fmt::format("'{}'", A.Buffer);
  return fmt::format("{}{} {} of {} B {} {}", Loc, Space, What, A.Bytes,
                     A.IsStore ? "to" : "from", Buf);
}

} // namespace

uint64_t transactionsPerWavefront(int64_t StrideBytes, unsigned Width,
                                  unsigned Wavefront, unsigned Transaction) {
  uint64_t PerLane = ceilDiv(Width, Transaction);
  uint64_t S = uint64_t(std::llabs(StrideBytes));
  if (S == 0)
    return PerLane;
  if (S >= Transaction)
    return uint64_t(Wavefront) * PerLane;
  return ceilDiv(S * (Wavefront - 1) + Width, Transaction);
}

MemoryTraffic memoryTraffic(const KernelCounts &K, unsigned Wavefront,
                            unsigned Transaction) {
  MemoryTraffic R;
  const double N = double(K.Launch.workItems());
  if (N == 0 || Wavefront == 0 || Transaction == 0)
    return R;

  // Launch totals per (buffer, is-store), so caps apply per direction.
  std::map<std::pair<std::string, bool>, double> ByBuffer;
  double Uncapped = 0; // sites of unknown buffers
  for (const GlobalAccess &A : K.Accesses) {
    if (A.Bytes == 0 || A.ExecPerItem <= 0)
      continue;
    R.BytesRequested += double(A.Bytes) * A.ExecPerItem;
    double PerExec;
    if (A.StrideBytes) {
      uint64_t T = transactionsPerWavefront(*A.StrideBytes, A.Bytes,
                                            Wavefront, Transaction);
      PerExec = double(T) * Transaction / Wavefront;
    } else {
      PerExec = A.Bytes;
      R.Notes.push_back(fmt::format(
          "{}: stride between work-items unknown; charged {} B per "
          "execution as if coalesced",
          siteName(A), A.Bytes));
    }
    double Total = PerExec * A.ExecPerItem * N;
    if (A.Buffer.empty())
      Uncapped += Total;
    else
      ByBuffer[{A.Buffer, A.IsStore}] += Total;
  }

  double Moved = Uncapped;
  for (const auto &[Key, Total] : ByBuffer) {
    const BufferFootprint *F = nullptr;
    for (const BufferFootprint &Cand : K.Footprints)
      if (Cand.Arg == Key.first)
        F = &Cand;
    // A zero footprint means Analysis could not bound it, not that the
    // buffer is untouched: leave such traffic uncapped.
    if (!F || F->Bytes == 0) {
      Moved += Total;
      continue;
    }
    double Cap = double(ceilDiv(F->Bytes, Transaction) * Transaction);
    if (Total > Cap) {
      R.Notes.push_back(fmt::format(
          "buffer '{}': {} per launch capped at its footprint {} (bytes "
          "re-read by neighbouring work-items come from cache)",
          Key.first, Key.second ? "stores" : "loads",
          formatQuantity(Cap, Quantity::Dim::Bytes)));
      Moved += Cap;
    } else {
      Moved += Total;
    }
  }
  R.BytesMoved = Moved / N;
  return R;
}

} // namespace clspread

//===- CacheModel.cpp - Layer conditions for L1, L2 and DRAM --------------===//
#include "Model/CacheModel.h"
#include "Support/Quantity.h"

#include "llvm/Support/MathExtras.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <map>
#include <numeric>
#include <optional>
#include <set>

namespace clspread {

/// Mean sectors of \p Span contiguous bytes starting at Start + k * C,
/// over k in [0, Copies): copies at a stride that is not a multiple of the
/// sector start at other places inside their sector, and some cross one
/// more boundary than the first. The alignments repeat every
/// Sector / gcd(C, Sector) copies, so one period is summed.
static double meanSpanSectors(int64_t Start, double Span, uint64_t C,
                              uint64_t Copies, unsigned Sector) {
  // gcd(0, Sector) is Sector: a stride of whole sectors has period 1.
  const uint64_t Period = std::min<uint64_t>(
      Copies, Sector / std::gcd<uint64_t>(C % Sector, Sector));
  auto sectors = [&](uint64_t K) {
    double At = double((uint64_t(Start) + K * (C % Sector)) % Sector);
    return std::ceil((At + Span) / double(Sector));
  };
  double Sum = 0;
  for (uint64_t K = 0; K < Period; ++K)
    Sum += sectors(K);
  // Whole periods have the period's mean; the rest starts a new period.
  uint64_t Whole = Copies / Period, Rest = Copies % Period;
  double Total = Sum * double(Whole);
  for (uint64_t K = 0; K < Rest; ++K)
    Total += sectors(K);
  return Total / double(Copies);
}

/// Sets of at most this many accesses are counted one access at a time: a
/// wavefront's (64 lanes at most) always are. (At 4096 the listing doubled
/// analyze's instructions on PolyBench, where the cache model's scope
/// search counts many mid-sized sets; at 256 it adds 5%, callgrind.)
static constexpr uint64_t ListedAccessLimit = 256;

/// Every offset of \p S less its Const (sum of coefficient x value over
/// the terms), one per access: for sets small enough to list.
static std::vector<int64_t> offsetsOf(const OffsetSet &S) {
  std::vector<int64_t> Offsets = {0};
  for (auto [C, E] : S.Terms) {
    std::vector<int64_t> Next;
    Next.reserve(Offsets.size() * E);
    for (uint64_t V = 0; V < E; ++V)
      for (int64_t O : Offsets)
        Next.push_back(O + C * int64_t(V));
    Offsets = std::move(Next);
  }
  return Offsets;
}

/// The sector holding byte \p At (negative offsets round down).
static int64_t sectorOf(int64_t At, unsigned Sector) {
  return llvm::divideFloorSigned(At, int64_t(Sector));
}

/// The sectors of every access of \p S, listed: exact for any shape.
static double listedSectors(const OffsetSet &S, unsigned Sector) {
  std::vector<int64_t> Sectors;
  for (int64_t O : offsetsOf(S))
    for (int64_t X = sectorOf(S.Const + O, Sector),
                 Last = sectorOf(S.Const + O + int64_t(S.Width) - 1, Sector);
         X <= Last; ++X)
      Sectors.push_back(X);
  std::sort(Sectors.begin(), Sectors.end());
  return double(std::unique(Sectors.begin(), Sectors.end()) - Sectors.begin());
}

double distinctSectors(const OffsetSet &S, unsigned Sector) {
  uint64_t Accesses = 1;
  for (auto [C, E] : S.Terms)
    if (C != 0 && E > 1 && (Accesses *= E) > ListedAccessLimit)
      break;
  if (Accesses <= ListedAccessLimit) {
    OffsetSet Varying{S.Const, {}, S.Width};
    for (auto [C, E] : S.Terms)
      if (C != 0 && E > 1)
        Varying.Terms.push_back({C, E});
    return listedSectors(Varying, Sector);
  }
  const double T = Sector;
  // Where the lowest access starts inside its sector: a negative
  // coefficient (a[n - 1 - i]) puts it at its last copy, not at Const.
  int64_t Lowest = S.Const;
  for (auto [C, E] : S.Terms)
    if (C < 0 && E > 1)
      Lowest += C * int64_t(E - 1);
  int64_t Start = Lowest % int64_t(Sector);
  if (Start < 0)
    Start += Sector;
  auto spanSectors = [&](double Span) {
    return std::ceil((double(Start) + Span) / T);
  };
  std::vector<std::pair<uint64_t, uint64_t>> Terms;
  for (auto [C, E] : S.Terms)
    if (C != 0 && E > 1)
      Terms.push_back({uint64_t(std::llabs(C)), E});
  std::sort(Terms.begin(), Terms.end());
  // One unit: Span bytes from its first to its last byte, Q sectors; Dense
  // when those sectors are all of the span's (no sector-sized gap).
  double Span = S.Width, Q = spanSectors(Span);
  bool Dense = true;
  for (auto [C, E] : Terms) {
    double NewSpan = double(C) * double(E - 1) + Span;
    // Sectors of one copy: a dense unit's, averaged over where each copy
    // starts inside its sector (the first copy's count would undercount
    // copies that straddle a boundary the first does not).
    double PerCopy = Dense ? meanSpanSectors(Start, Span, C, E, Sector) : Q;
    if (double(C) >= Span + T || (double(C) >= Span && C % Sector == 0))
      Q = PerCopy * double(E); // copies in sectors of their own
    else
      Q = std::min(PerCopy * double(E), spanSectors(NewSpan)); // copies share
    Span = NewSpan;
    Dense = Q >= spanSectors(Span);
  }
  return Q;
}

const BufferFootprint *boundedFootprint(const KernelCounts &K,
                                        const std::string &Arg) {
  for (const BufferFootprint &F : K.Footprints)
    if (F.Arg == Arg && F.Bytes > 0)
      return &F;
  return nullptr;
}

double scatteredSectors(uint64_t SpanBytes, double Lanes, unsigned Width,
                        unsigned Sector) {
  const double Coalesced = Lanes * Width / Sector;
  const double S = std::ceil(double(SpanBytes) / Sector);
  if (S <= 1)
    return std::max(1.0, Coalesced);
  const double Picks = Lanes * std::max(1.0, std::ceil(double(Width) / Sector));
  return std::max(Coalesced, S * (1 - std::pow(1 - 1 / S, Picks)));
}

/// The offsets one wavefront's lanes access (linear local-id order).
static OffsetSet wavefrontSet(const GlobalAccess::Pattern &Shape,
                              unsigned Width,
                              const std::array<uint64_t, 3> &Local,
                              unsigned Wavefront) {
  OffsetSet S;
  S.Const = Shape.Const;
  S.Width = Width;
  // Lanes in linear local-id order: dimension 0 first.
  uint64_t Left = Wavefront;
  for (int D = 0; D < 3 && Left > 1; ++D) {
    uint64_t E = std::min<uint64_t>(Local[D], Left);
    S.Terms.push_back({Shape.Gid[D] + Shape.Lid[D], E});
    Left = (Left + E - 1) / E;
  }
  return S;
}

double wavefrontSectors(const GlobalAccess::Pattern &Shape, unsigned Width,
                        const std::array<uint64_t, 3> &Local,
                        unsigned Wavefront, unsigned Sector) {
  return distinctSectors(wavefrontSet(Shape, Width, Local, Wavefront), Sector);
}

namespace {

/// What stays in a cache: the innermost Full loops of every site run in
/// full, then Block iterations of the next loop (1: one iteration).
struct Scope {
  unsigned Full = 0;
  uint64_t Block = 1;
};

/// One affine site and the figures the levels need.
struct Site {
  const GlobalAccess *A;
  std::string Key;    ///< buffer and direction: traffic is per key
  double Execs;       ///< executions per work-item
  double WaveSectors; ///< per wavefront execution
};

/// Offsets of \p A over \p GroupExt groups (per dimension) with the
/// innermost \p Scope loops run in full; the iterations of the loops
/// outside come back in \p Outer.
OffsetSet setOf(const GlobalAccess &A, const std::array<uint64_t, 3> &Loc,
                const std::array<uint64_t, 3> &GroupExt, Scope Sc,
                double &Outer) {
  const auto &P = *A.Shape;
  OffsetSet S;
  S.Const = P.Const;
  S.Width = A.Bytes;
  for (int D = 0; D < 3; ++D) {
    S.Terms.push_back({P.Gid[D] + P.Lid[D], Loc[D]});
    S.Terms.push_back({P.Gid[D] * int64_t(Loc[D]) + P.Grp[D], GroupExt[D]});
  }
  Outer = 1;
  for (size_t I = 0; I < P.Loops.size(); ++I) {
    const auto &T = P.Loops[I];
    double Trips = std::max(1.0, T.Trips);
    uint64_t Whole = uint64_t(std::round(Trips));
    if (I < Sc.Full) {
      S.Terms.push_back({T.Coef, Whole});
    } else if (I == Sc.Full && Sc.Block > 1) {
      uint64_t B = std::min<uint64_t>(Sc.Block, Whole);
      S.Terms.push_back({T.Coef, B});
      Outer *= Trips / double(B);
    } else {
      Outer *= Trips;
    }
  }
  return S;
}

/// Whether two sites index the same lattice (same coefficients, extents
/// and loops), so that their union is the lattice widened by the offsets
/// between them (a stencil's neighbours).
bool sameLattice(const GlobalAccess &A, const GlobalAccess &B) {
  const auto &P = *A.Shape, &Q = *B.Shape;
  if (A.Bytes != B.Bytes || P.Gid != Q.Gid || P.Lid != Q.Lid ||
      P.Grp != Q.Grp || P.Loops.size() != Q.Loops.size())
    return false;
  for (size_t I = 0; I < P.Loops.size(); ++I)
    if (P.Loops[I].Coef != Q.Loops[I].Coef ||
        P.Loops[I].Trips != Q.Loops[I].Trips)
      return false;
  return true;
}

/// The union of \p S shifted to each of \p Consts: each offset is written
/// in the lattice's coefficients (largest first) and the extents widened
/// to cover them; what is left over widens the access.
OffsetSet widen(OffsetSet S, const std::vector<int64_t> &Consts) {
  int64_t Base = *std::min_element(Consts.begin(), Consts.end());
  std::vector<size_t> Order(S.Terms.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t X, size_t Y) {
    return std::llabs(S.Terms[X].first) > std::llabs(S.Terms[Y].first);
  });
  std::vector<int64_t> Lo(S.Terms.size(), 0), Hi(S.Terms.size(), 0);
  int64_t RLo = 0, RHi = 0;
  for (int64_t C : Consts) {
    int64_t D = C - Base;
    for (size_t I : Order) {
      int64_t Coef = S.Terms[I].first;
      if (Coef == 0 || S.Terms[I].second <= 1)
        continue;
      int64_t A = D / Coef; // toward zero; D >= 0 keeps the rest positive
      if (Coef < 0 && A != 0)
        continue;
      D -= A * Coef;
      Lo[I] = std::min(Lo[I], A);
      Hi[I] = std::max(Hi[I], A);
    }
    RLo = std::min(RLo, D);
    RHi = std::max(RHi, D);
  }
  S.Const = Base + RLo;
  for (size_t I = 0; I < S.Terms.size(); ++I) {
    S.Const += Lo[I] * S.Terms[I].first;
    S.Terms[I].second += uint64_t(Hi[I] - Lo[I]);
  }
  S.Width += unsigned(RHi - RLo);
  return S;
}

/// [lowest, one past highest) byte of \p S.
std::pair<double, double> boundsOf(const OffsetSet &S) {
  double Lo = double(S.Const), Hi = double(S.Const) + S.Width;
  for (auto [C, E] : S.Terms)
    (C < 0 ? Lo : Hi) += double(C) * double(E ? E - 1 : 0);
  return {Lo, Hi};
}

/// One lattice of sites over one instance of \p GroupExt groups at a
/// scope: the sites of one group on one lattice united (a stencil's
/// neighbours; a row's load and store), with the outer iterations the
/// scope repeats and the share of the (item, iteration) pairs it runs.
struct Lattice {
  std::string Group;
  OffsetSet Set;
  double Outer = 1, Taken = 1;
};

template <typename GroupOfFn>
std::vector<Lattice>
lattices(const std::vector<Site> &Sites, const std::array<uint64_t, 3> &L,
         const std::array<uint64_t, 3> &GroupExt, Scope Sc, GroupOfFn GroupOf) {
  std::vector<Lattice> Out;
  std::vector<bool> Used(Sites.size(), false);
  for (size_t I = 0; I < Sites.size(); ++I) {
    if (Used[I])
      continue;
    const Site &S = Sites[I];
    std::vector<int64_t> Consts = {S.A->Shape->Const};
    double Execs = S.Execs;
    for (size_t J = I + 1; J < Sites.size(); ++J)
      if (!Used[J] && GroupOf(Sites[J]) == GroupOf(S) &&
          sameLattice(*S.A, *Sites[J].A)) {
        Used[J] = true;
        Consts.push_back(Sites[J].A->Shape->Const);
        Execs = std::max(Execs, Sites[J].Execs);
      }
    Lattice T;
    T.Group = GroupOf(S);
    T.Set = widen(setOf(*S.A, L, GroupExt, Sc, T.Outer), Consts);
    // A guarded site runs for a fraction of the (item, iteration) pairs.
    double Full = 1;
    for (const auto &Tr : S.A->Shape->Loops)
      Full *= std::max(1.0, Tr.Trips);
    T.Taken = std::min(1.0, Execs / Full);
    Out.push_back(std::move(T));
  }
  return Out;
}

/// The traffic one instance of \p GroupExt groups at scope \p Sc implies,
/// per key (a buffer's loads, its stores): sectors x outer iterations.
/// Lattices of one key that overlap share no more than their span.
std::map<std::string, double>
scopeTraffic(const std::vector<Site> &Sites, const std::array<uint64_t, 3> &L,
             const std::array<uint64_t, 3> &GroupExt, Scope Sc,
             unsigned Sector) {
  struct Acc {
    double Sum = 0, Traffic = 0, Lo = 1e300, Hi = -1e300;
  };
  std::map<std::string, Acc> ByKey;
  for (const Lattice &T :
       lattices(Sites, L, GroupExt, Sc, [](const Site &S) { return S.Key; })) {
    double Q = distinctSectors(T.Set, Sector);
    auto [Lo, Hi] = boundsOf(T.Set);
    Acc &A = ByKey[T.Group];
    A.Sum += Q;
    A.Traffic += Q * T.Outer * T.Taken;
    A.Lo = std::min(A.Lo, Lo);
    A.Hi = std::max(A.Hi, Hi);
  }
  std::map<std::string, double> Traffic;
  for (auto &[Key, A] : ByKey) {
    double Span = std::ceil((A.Hi - A.Lo) / Sector) + 1;
    double United = std::min(A.Sum, Span);
    Traffic[Key] = A.Sum > 0 ? A.Traffic * United / A.Sum : 0;
  }
  return Traffic;
}

/// Bytes the data of one instance at scope \p Sc occupies in a cache that
/// allocates whole lines (one sector read allocates its line): the fit
/// test. Per buffer: a load and a store of the same addresses (a read-
/// modify-write, a row written then read back) hold the same lines.
double scopeOccupied(const std::vector<Site> &Sites,
                     const std::array<uint64_t, 3> &L,
                     const std::array<uint64_t, 3> &GroupExt, Scope Sc,
                     unsigned Line) {
  struct Acc {
    double Lines = 0, Lo = 1e300, Hi = -1e300;
  };
  std::map<std::string, Acc> ByBuffer;
  for (const Lattice &T : lattices(Sites, L, GroupExt, Sc, [](const Site &S) {
         return S.Key.substr(0, S.Key.find('\x01'));
       })) {
    auto [Lo, Hi] = boundsOf(T.Set);
    Acc &A = ByBuffer[T.Group];
    A.Lines += distinctSectors(T.Set, Line);
    A.Lo = std::min(A.Lo, Lo);
    A.Hi = std::max(A.Hi, Hi);
  }
  double Occupied = 0;
  for (auto &[Buffer, A] : ByBuffer) {
    double LineSpan = std::ceil((A.Hi - A.Lo) / Line) + 1;
    Occupied += std::min(A.Lines, LineSpan) * Line;
  }
  return Occupied;
}

/// The largest scope whose data, for \p Sharers instances at once, fits
/// in \p Capacity bytes: all loops, else the innermost k loops and a block
/// of the next one (halving from its trip count); nullopt when not even
/// one iteration's data fits.
std::optional<Scope> keptScope(const std::vector<Site> &Sites,
                               const std::array<uint64_t, 3> &L,
                               const std::array<uint64_t, 3> &GroupExt,
                               unsigned MaxScope, double Sharers,
                               double Capacity, unsigned Line) {
  auto Fits = [&](Scope Sc) {
    return scopeOccupied(Sites, L, GroupExt, Sc, Line) * Sharers <= Capacity;
  };
  if (Fits({MaxScope, 1}))
    return Scope{MaxScope, 1};
  for (int K = int(MaxScope) - 1; K >= 0; --K) {
    double Trips = 1;
    for (const Site &S : Sites)
      if (S.A->Shape->Loops.size() > unsigned(K))
        Trips = std::max(Trips, S.A->Shape->Loops[K].Trips);
    uint64_t B = llvm::PowerOf2Ceil(uint64_t(std::round(Trips)));
    for (B = B / 2; B >= 2; B /= 2)
      if (Fits({unsigned(K), B}))
        return Scope{unsigned(K), B};
    if (Fits({unsigned(K), 1}))
      return Scope{unsigned(K), 1};
  }
  return std::nullopt;
}

} // namespace

CacheTraffic cacheTraffic(const KernelCounts &K, const CacheGeometry &G) {
  CacheTraffic R;
  const LaunchSpec &L = K.Launch;
  const double N = double(L.workItems());
  if (N == 0 || !(L.Local || G.AssumedLocal) || G.Wavefront == 0 ||
      G.Sector == 0)
    return R;
  const std::array<uint64_t, 3> Loc = L.Local ? *L.Local : *G.AssumedLocal;
  const double GroupItems = double(Loc[0] * Loc[1] * Loc[2]);
  const double Lanes = std::min<double>(G.Wavefront, GroupItems);
  std::array<uint64_t, 3> Groups;
  for (int D = 0; D < 3; ++D)
    Groups[D] = std::max<uint64_t>(1, (L.Global[D] + Loc[D] - 1) / Loc[D]);
  const double TotalGroups = double(Groups[0] * Groups[1] * Groups[2]);

  // Per key: traffic at each level, as launch totals in bytes.
  std::map<std::string, double> Wave, ToL2, ToDram, Plain;
  std::set<std::string> LoadKeys; // keys of loads, for their odds
  double Partial = 0, Narrow = 0;
  std::vector<Site> Loads, All;
  unsigned MaxScope = 0;
  std::deque<GlobalAccess> Repeated; // sites with a repeat (stable addresses)
  for (const GlobalAccess &A : K.Accesses) {
    if (A.Bytes == 0 || A.ExecPerItem <= 0)
      continue;
    std::string Key = A.Buffer + (A.IsStore || A.IsAtomic ? "\x01w" : "\x01r");
    double WaveSectors;
    if (A.Shape)
      WaveSectors =
          wavefrontSectors(*A.Shape, A.Bytes, Loc, G.Wavefront, G.Sector);
    else if (A.StrideBytes)
      WaveSectors = distinctSectors(
          {0, {{*A.StrideBytes, uint64_t(Lanes)}}, A.Bytes}, G.Sector);
    else if (A.ScatterBytes)
      WaveSectors = scatteredSectors(A.ScatterBytes, Lanes, A.Bytes, G.Sector);
    else
      WaveSectors = Lanes * A.Bytes / G.Sector; // as if coalesced
    double Total = WaveSectors * G.Sector / Lanes * A.ExecPerItem * N;
    Wave[Key] += Total;
    if (!A.IsStore && !A.IsAtomic && !A.Buffer.empty())
      LoadKeys.insert(Key);
    // Lines the instruction looks up in L1, per wavefront.
    const unsigned Line = std::max(G.Line, G.Sector);
    double WaveLines;
    if (A.Shape)
      WaveLines = wavefrontSectors(*A.Shape, A.Bytes, Loc, G.Wavefront, Line);
    else if (A.StrideBytes)
      WaveLines = distinctSectors(
          {0, {{*A.StrideBytes, uint64_t(Lanes)}}, A.Bytes}, Line);
    else if (A.ScatterBytes)
      WaveLines = scatteredSectors(A.ScatterBytes, Lanes, A.Bytes, Line);
    else
      WaveLines = std::max(1.0, std::ceil(Lanes * A.Bytes / Line));
    R.L1Lines += WaveLines / Lanes * A.ExecPerItem;
    // A store (without a shape) whose lanes write fewer bytes than the
    // sectors it touches; shaped stores are judged together below.
    if ((A.IsStore || A.IsAtomic) && G.L1WriteThrough && !A.Shape &&
        Lanes * A.Bytes < WaveSectors * G.Sector - 0.5)
      Partial += Total;
    if (!A.Shape || A.Buffer.empty()) {
      // No reuse can be shown: every level moves what is asked for.
      Plain[Key] += Total;
      continue;
    }
    // Copies of one access that the optimizer made by unrolling a loop
    // its address does not depend on (k-means' loop over the centres
    // around its loop over the features) are one site that runs R = execs
    // / iterations times per iteration of its loops: a repeat around them
    // all, whose reuse the scopes below judge like any loop's (the whole
    // inner loop's data must stay in the cache until the next copy).
    const GlobalAccess *At = &A;
    double Iterations = 1;
    for (const auto &T : A.Shape->Loops)
      Iterations *= std::max(1.0, T.Trips);
    if (A.ExecPerItem > 1.001 * Iterations) {
      GlobalAccess &R = Repeated.emplace_back(A);
      R.Shape->Loops.push_back({A.ExecPerItem / Iterations, 0});
      At = &R;
    }
    Site S{At, Key, A.ExecPerItem, WaveSectors};
    All.push_back(S);
    if (!(A.IsStore || A.IsAtomic) || !G.L1WriteThrough)
      Loads.push_back(S);
    // Write-through stores reach L2 as they are: counted below, with the
    // stores of their lattice.
    MaxScope = std::max<unsigned>(MaxScope, unsigned(At->Shape->Loops.size()));
  }

  // Stores on one lattice (out[4*i+0..3]) are judged together: a driver
  // compiler fuses them into one vector store, so L2 gets the sectors of
  // their union once per execution, and they fill the sectors one alone
  // leaves part-written.
  if (G.L1WriteThrough) {
    std::vector<bool> Seen(All.size(), false);
    for (size_t I = 0; I < All.size(); ++I) {
      const GlobalAccess &A = *All[I].A;
      if (Seen[I] || !(A.IsStore || A.IsAtomic))
        continue;
      // Executions per offset: stores at different offsets fuse, but
      // stores at the same offset (volatile ones the optimizer kept, an
      // unrolled loop's) each write the sectors again.
      std::map<int64_t, double> ExecsAt = {{A.Shape->Const, All[I].Execs}};
      for (size_t J = I + 1; J < All.size(); ++J)
        if (!Seen[J] && All[J].Key == All[I].Key && sameLattice(A, *All[J].A)) {
          Seen[J] = true;
          ExecsAt[All[J].A->Shape->Const] += All[J].Execs;
        }
      std::vector<int64_t> Consts;
      double Execs = 0;
      for (auto [C, E] : ExecsAt) {
        Consts.push_back(C);
        Execs = std::max(Execs, E);
      }
      // One wavefront's lanes are few: list the bytes each sector gets.
      std::vector<int64_t> Lane =
          offsetsOf(wavefrontSet(*A.Shape, A.Bytes, Loc, G.Wavefront));
      std::map<int64_t, std::set<int64_t>> Bytes; // sector -> bytes
      for (int64_t C : Consts)
        for (int64_t O : Lane)
          for (unsigned B = 0; B < A.Bytes; ++B) {
            int64_t At = C + O + B;
            Bytes[sectorOf(At, G.Sector)].insert(At);
          }
      double Part = 0;
      for (auto &[Sec, Set] : Bytes)
        Part += Set.size() < G.Sector ? 1 : 0;
      double Total = double(Bytes.size()) * G.Sector / Lanes * Execs * N;
      ToL2[All[I].Key] += Total;
      if (!Bytes.empty())
        Partial += Total * Part / double(Bytes.size());
      double Written = 0;
      for (auto &[Sec, Set] : Bytes)
        Written += double(Set.size());
      // Atomics are not stores L2 merges; the narrow rate is measured on
      // plain stores only.
      if (!A.IsAtomic && !Bytes.empty() && !Lane.empty() &&
          Written / double(Lane.size()) <= 8.0)
        Narrow += Total * (1 - Part / double(Bytes.size()));
    }
  }

  // L1: one group's data, GroupsPerCU groups sharing the cache.
  const std::array<uint64_t, 3> One = {1, 1, 1};
  std::optional<Scope> K1;
  if (G.L1Bytes)
    K1 = keptScope(Loads, Loc, One, MaxScope, G.GroupsPerCU, double(G.L1Bytes),
                   G.Line);
  {
    std::map<std::string, double> Traffic;
    if (K1)
      Traffic = scopeTraffic(Loads, Loc, One, *K1, G.Sector);
    for (const Site &S : Loads) {
      double Streamed = S.WaveSectors * G.Sector / Lanes * S.Execs * N;
      if (!K1) {
        ToL2[S.Key] += Streamed;
        continue;
      }
      // Once per key: the scope's traffic replaces the sites' streams.
      auto It = Traffic.find(S.Key);
      if (It == Traffic.end())
        continue;
      ToL2[S.Key] += std::min(It->second * G.Sector * TotalGroups, Wave[S.Key]);
      Traffic.erase(It);
    }
  }

  // L2: the window of groups resident on the device.
  const double Window =
      std::min(TotalGroups, double(G.GroupsPerCU) * G.ComputeUnits);
  std::array<uint64_t, 3> Ext = {1, 1, 1};
  {
    double Left = Window;
    for (int D = 0; D < 3; ++D) {
      Ext[D] = uint64_t(std::min<double>(Groups[D], std::ceil(Left)));
      Left = std::ceil(Left / double(Groups[D]));
      if (Ext[D] < Groups[D])
        break;
    }
  }
  const double Windows = TotalGroups / Window;
  std::optional<Scope> K2;
  if (G.L2Bytes)
    K2 = keptScope(All, Loc, Ext, MaxScope, 1.0, double(G.L2Bytes), G.Line);
  bool WholeWindowFits = K2 && K2->Full == MaxScope;
  // DRAM moves whole granules (a pair of sectors on Hopper): the window's
  // and the launch's traffic are counted in granules, and an L2 sector
  // costs DRAM at most a granule.
  const unsigned Gr = std::max(G.DramGranule, G.Sector);
  const double PerSector = double(Gr) / G.Sector;
  double LaunchBytes = 0; // the launch's footprint, in granules
  {
    std::map<std::string, double> Traffic;
    if (K2)
      Traffic = scopeTraffic(All, Loc, Ext, *K2, Gr);
    // The whole launch's granules per key: its compulsory traffic.
    std::map<std::string, double> Launch =
        scopeTraffic(All, Loc, Groups, {MaxScope, 1}, Gr);
    for (auto &[Key, Granules] : Launch)
      LaunchBytes += Granules * Gr;
    std::map<std::string, bool> Done;
    for (const Site &S : All) {
      if (Done[S.Key])
        continue;
      Done[S.Key] = true;
      double Above = ToL2[S.Key] * PerSector;
      double Moved = Above;
      if (K2)
        Moved = std::min(Above, Traffic[S.Key] * Gr * Windows);
      // Compulsory traffic: the granules the launch touches, once.
      double Foot = Launch[S.Key] * Gr;
      if (WholeWindowFits)
        Moved = std::min(Moved, Foot);
      Moved = std::max(Moved, std::min(Foot, Above));
      ToDram[S.Key] += Moved;
    }
  }

  // Sites without a shape: every level moves what is asked for, except
  // that no level moves more than the buffer holds, as far as the analysis
  // bounds it (a table of stated size read at data-dependent addresses):
  // each compute unit's L1 asks L2 for it once if it fits L1, and DRAM
  // moves it once if it fits L2.
  const double BusyCUs = std::min<double>(G.ComputeUnits, TotalGroups);
  for (auto &[Key, V] : Plain) {
    const BufferFootprint *F =
        boundedFootprint(K, Key.substr(0, Key.find('\x01')));
    const double Foot = F ? double(F->Bytes) : 0;
    double Up = V, Down = V;
    const bool Load = Key.back() == 'r'; // stores pass a write-through L1
    if (Foot > 0 && G.L1Bytes && Foot <= double(G.L1Bytes) &&
        (Load || !G.L1WriteThrough))
      Up = std::min(V, Foot * BusyCUs);
    if (Foot > 0 && G.L2Bytes && Foot <= double(G.L2Bytes))
      Down = std::min(Up, Foot);
    ToL2[Key] += Up;
    ToDram[Key] += Down;
    V = Down; // the launch's footprint, below
  }
  double W = 0, L2 = 0, D = 0;
  for (auto &[Key, V] : Wave)
    W += V;
  for (auto &[Key, V] : ToL2)
    L2 += V;
  for (auto &[Key, V] : ToDram)
    D += V;
  R.L1Bytes = W / N;
  R.L2Bytes = std::min(L2, W) / N;
  R.DramBytes = std::min(D, L2 * PerSector) / N;
  R.PartialStoreBytes = std::min(Partial / N, R.L2Bytes);
  R.NarrowStoreBytes = std::min(Narrow / N, R.L2Bytes - R.PartialStoreBytes);
  // A launch whose whole footprint fits L2 finds its data there when it
  // runs again (timed runs repeat a launch; so do most applications'
  // loops): its loads then wait on L2, not DRAM. Sites without a shape
  // count their traffic as footprint.
  for (auto &[Key, V] : Plain)
    LaunchBytes += V;
  // Unless the host rewrites more before each launch than L2 keeps the
  // launch's data through (a runner restoring the buffers the kernel
  // writes: 16 MiB of them leave an H100's next launch loading from DRAM).
  const bool Rewritten =
      G.WarmRewrite && double(K.RewrittenBytes) > *G.WarmRewrite;
  const double Keeps = G.WarmFootprint.value_or(double(G.L2Bytes));
  R.FootprintBytes = LaunchBytes;
  const bool Fits = G.L2Bytes && LaunchBytes <= Keeps;
  const bool Warm = Fits && !Rewritten;
  if (Warm && G.WarmFootprint) {
    // Its loads find their lines in L2; what it stores still leaves for
    // DRAM (bench/latency: a warm 8 MiB copy takes the time of its stores'
    // bytes at DRAM bandwidth, a warm sum of 16 MiB about L2's time).
    double Stored = 0;
    for (auto &[Key, V] : ToDram)
      if (Key.back() == 'w') // stores and atomics (the keys above)
        Stored += V;
    R.DramBytes = std::min(R.DramBytes, std::min(Stored, L2 * PerSector) / N);
    R.Notes.push_back(fmt::format(
        "caches: the launch's {} of data fit the {} a repeated launch finds "
        "in L2 (cache.l2_warm_footprint): it loads from L2, and DRAM moves "
        "only what it stores",
        formatQuantity(LaunchBytes, Quantity::Dim::Bytes),
        formatQuantity(Keeps, Quantity::Dim::Bytes)));
  }
  if (Fits && Rewritten)
    R.Notes.push_back(fmt::format(
        "caches: the launch's data fits L2, but the {} of buffers it may "
        "write, which a runner restores before every launch, exceed the "
        "{} L2 keeps the data through (cache.l2_warm_rewrite): its loads "
        "wait on DRAM",
        formatQuantity(double(K.RewrittenBytes), Quantity::Dim::Bytes),
        formatQuantity(*G.WarmRewrite, Quantity::Dim::Bytes)));
  for (const std::string &Key : LoadKeys) {
    if (Wave[Key] <= 0)
      continue;
    CacheTraffic::LevelOdds O;
    O.L2 = std::min(1.0, ToL2[Key] / Wave[Key]);
    O.Dram = Warm ? 0 : std::min(O.L2, ToDram[Key] / Wave[Key]);
    R.LoadOdds[Key.substr(0, Key.find('\x01'))] = O;
  }

  auto Say = [&](const std::optional<Scope> &Kept, const char *Where,
                 const char *Whose) -> std::string {
    if (!Kept)
      return fmt::format("nothing is reused from {}", Where);
    if (Kept->Full == MaxScope)
      return fmt::format("{} holds all {} data", Where, Whose);
    std::string Inner =
        Kept->Full ? fmt::format("the innermost {} loop{} and ", Kept->Full,
                                 Kept->Full == 1 ? "" : "s")
                   : std::string();
    return fmt::format("{} holds {} data over {}{} iteration{} of loop {}",
                       Where, Whose, Inner, Kept->Block,
                       Kept->Block == 1 ? "" : "s", Kept->Full + 1);
  };
  R.Notes.push_back(fmt::format(
      "caches: {} groups per CU; {} ({}, {}); window of {:.0f} groups "
      "resident on the device: {}; per work-item {:.4g} B requested in "
      "sectors, {:.4g} B from L2{}, {:.4g} B from DRAM",
      G.GroupsPerCU,
      G.L1Bytes ? Say(K1, "L1", "a work-group's")
                : std::string("no L1 for loads"),
      formatQuantity(double(G.L1Bytes), Quantity::Dim::Bytes),
      G.L1WriteThrough ? "stores pass to L2" : "stores stay", Window,
      G.L2Bytes ? (WholeWindowFits
                       ? std::string("its data fits L2, so DRAM moves each "
                                     "buffer's footprint once")
                       : Say(K2, "L2", "the window's"))
                : std::string("no L2"),
      R.L1Bytes, R.L2Bytes,
      R.PartialStoreBytes > 0
          ? fmt::format(" (of which {:.4g} B in sectors stores write only "
                        "part of)",
                        R.PartialStoreBytes)
          : std::string(),
      R.DramBytes));
  return R;
}

} // namespace clspread

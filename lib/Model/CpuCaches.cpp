//===- CpuCaches.cpp - A CPU core's own caches, simulated -----------------===//
//
// The trace of CpuCaches.h: a tree of the kernel's loops with the global
// sites at their leaves, walked in PoCL's order for one compute unit's
// work-groups, each address through two levels of LRU sets.
//
//===----------------------------------------------------------------------===//
#include "Model/CpuCaches.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <list>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace clspread {
namespace {

/// One level of least-recently-used sets. Tags are whole line numbers;
/// a line a store wrote is dirty until the set evicts it.
class LruSets {
public:
  LruSets(const CpuCacheLevel &L, unsigned Line)
      : Ways(std::max(1u, L.Ways)),
        Sets(std::max<uint64_t>(1, L.Bytes / Line / Ways)),
        Tags(Sets * Ways, ~uint64_t(0)), Stamps(Sets * Ways, 0),
        Dirty(Sets * Ways, false) {}

  /// Looks \p LineNo up (its set from \p IndexLine); on a miss puts it in
  /// place of the set's least recently used line, whose number goes to
  /// \p DirtyVictim, where given, if a store had written it. True on a hit.
  bool access(uint64_t LineNo, uint64_t IndexLine, bool Store = false,
              std::optional<uint64_t> *DirtyVictim = nullptr) {
    const size_t Base = size_t(IndexLine % Sets) * Ways;
    ++Clock;
    size_t Victim = Base;
    for (size_t W = Base; W < Base + Ways; ++W) {
      if (Tags[W] == LineNo) {
        Stamps[W] = Clock;
        Dirty[W] = Dirty[W] || Store;
        return true;
      }
      if (Stamps[W] < Stamps[Victim])
        Victim = W;
    }
    if (Dirty[Victim] && DirtyVictim)
      *DirtyVictim = Tags[Victim];
    Tags[Victim] = LineNo;
    Stamps[Victim] = Clock;
    Dirty[Victim] = Store;
    return false;
  }

private:
  unsigned Ways;
  uint64_t Sets;
  std::vector<uint64_t> Tags;
  std::vector<uint64_t> Stamps;
  std::vector<bool> Dirty;
  uint64_t Clock = 0;
};

/// A fully associative LRU cache of \p Lines lines: the cache of the same
/// size with no sets, which tells a conflict miss (it would have hit)
/// from a capacity miss (it misses too).
class FullyAssociative {
public:
  explicit FullyAssociative(uint64_t Lines)
      : Lines(std::max<uint64_t>(1, Lines)) {}

  /// Whether \p LineNo is held (its place in the order unchanged).
  bool holds(uint64_t LineNo) const { return Where.count(LineNo) > 0; }

  /// True on a hit; on a miss that drops the least recently used line,
  /// its number goes to \p Dropped.
  bool access(uint64_t LineNo, std::optional<uint64_t> *Dropped = nullptr) {
    if (auto It = Where.find(LineNo); It != Where.end()) {
      Order.splice(Order.begin(), Order, It->second);
      return true;
    }
    Order.push_front(LineNo);
    Where[LineNo] = Order.begin();
    if (Order.size() > Lines) {
      if (Dropped)
        *Dropped = Order.back();
      Where.erase(Order.back());
      Order.pop_back();
    }
    return false;
  }

private:
  uint64_t Lines;
  std::list<uint64_t> Order; ///< most recently used first
  std::unordered_map<uint64_t, std::list<uint64_t>::iterator> Where;
};

/// \p X rounded to a whole count, at least 1 and at most 2^62 (a NaN is 1).
uint64_t whole(double X) {
  if (!(X >= 1))
    return 1;
  return X >= 0x1p62 ? uint64_t(1) << 62 : uint64_t(std::llround(X));
}

/// splitmix64's finalizer: a fixed, well-mixed frame for each page.
uint64_t mix(uint64_t X) {
  X += 0x9e3779b97f4a7c15ULL;
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ULL;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebULL;
  return X ^ (X >> 31);
}

struct Node {
  uint64_t Trips = 1;
  bool Barrier = false;
  /// Children in program order: >= 0 a site, < 0 the node -(C + 1).
  std::vector<long> Children;
};

struct Site {
  const GlobalAccess *A = nullptr;
  int64_t Base = 0;              ///< the buffer's first byte
  std::vector<size_t> LoopNodes; ///< innermost first, as Shape->Loops
  uint64_t Repeats = 1;          ///< merged copies of an unrolled loop
  double Odds = 1;               ///< executions per pass through its loops
  double Owed = 0;               ///< for spreading Odds < 1 evenly
};

class Trace {
public:
  Trace(const CpuCacheGeometry &G)
      : G(G), L1(G.L1, G.Line), L2(G.L2, G.Line), Fa1(G.L1.Bytes / G.Line),
        Fa2(G.L2.Bytes / G.Line), Tlb(G.TlbPages), Regions(PrefetchRegions) {}

  std::vector<Node> Nodes{Node{}};
  std::vector<Site> Sites;
  std::vector<uint64_t> Iter{0};
  std::array<uint64_t, 3> Local{1, 1, 1}, Grp{0, 0, 0}, Lid{0, 0, 0};
  uint64_t Accesses = 0, Steps = 0, RefetchL2 = 0, RefetchBeyond = 0,
           RefetchDirty = 0, Unprefetched = 0;
  /// Page walks: of pages the TLB held before, and of first touches.
  uint64_t Walks = 0, FirstWalks = 0;
  std::unordered_set<uint64_t> Pages; ///< every page touched
  bool Full = false;

  /// Every work-item of the current group through \p N (a part that
  /// holds a barrier), or one work-item through it.
  void group(size_t N) {
    for (uint64_t It = 0; It < Nodes[N].Trips && !Full; ++It) {
      Iter[N] = It;
      for (long C : Nodes[N].Children) {
        if (C < 0 && Nodes[size_t(-C - 1)].Barrier)
          group(size_t(-C - 1));
        else
          forEachItem([&] { C < 0 ? item(size_t(-C - 1)) : emit(size_t(C)); });
      }
    }
  }

  void item(size_t N) {
    for (uint64_t It = 0; It < Nodes[N].Trips && !Full; ++It) {
      Iter[N] = It;
      for (long C : Nodes[N].Children)
        C < 0 ? item(size_t(-C - 1)) : emit(size_t(C));
    }
  }

  template <typename F> void forEachItem(F &&Body) {
    for (Lid[2] = 0; Lid[2] < Local[2]; ++Lid[2])
      for (Lid[1] = 0; Lid[1] < Local[1]; ++Lid[1])
        for (Lid[0] = 0; Lid[0] < Local[0] && !Full; ++Lid[0])
          Body();
  }

private:
  const CpuCacheGeometry &G;
  LruSets L1, L2;
  FullyAssociative Fa1, Fa2;
  FullyAssociative Tlb;
  /// The 4 KiB regions the prefetchers follow: as many streams as a
  /// core's L2 prefetcher tracks (Intel's optimization manual: the L2
  /// streamer follows 32 streams; the count matters only against walks of
  /// hundreds of regions, which it cannot hold).
  static constexpr uint64_t PrefetchRegions = 32;
  static constexpr uint64_t RegionBytes = 4096;
  FullyAssociative Regions;
  std::unordered_set<uint64_t> LeftDirty; ///< lines L1 evicted dirty

  void emit(size_t S) {
    // Steps bound the walk where accesses do not: a site that runs on few
    // passes of its loop (work-item 0's serial loop, on average 1 pass in
    // 400000 per work-item) is stepped over on the others.
    if (++Steps >= G.Budget * 8)
      Full = true;
    Site &X = Sites[S];
    if (X.Odds < 1) {
      X.Owed += X.Odds;
      if (X.Owed < 1)
        return;
      X.Owed -= 1;
    }
    // Addresses wrap as the machine's would (no signed overflow).
    const GlobalAccess::Pattern &P = *X.A->Shape;
    uint64_t Off = uint64_t(P.Const);
    for (unsigned D = 0; D < 3; ++D) {
      const uint64_t Gid = Grp[D] * Local[D] + Lid[D];
      Off += uint64_t(P.Gid[D]) * Gid + uint64_t(P.Lid[D]) * Lid[D] +
             uint64_t(P.Grp[D]) * Grp[D];
    }
    for (size_t I = 0; I < X.LoopNodes.size(); ++I)
      Off += uint64_t(P.Loops[I].Coef) * Iter[X.LoopNodes[I]];
    const uint64_t First = uint64_t(X.Base) + Off;
    // An access spans at most 64 lines (a float16 spans two at worst).
    const uint64_t Lines = std::min<uint64_t>(
        64, (First % G.Line + std::max(1u, X.A->Bytes) - 1) / G.Line + 1);
    const uint64_t PerPage = std::max<uint64_t>(1, G.Page / G.Line);
    for (uint64_t L = 0; L < Lines; ++L) {
      const uint64_t Ln = First / G.Line + L;
      if (G.TlbPages && (L == 0 || Ln % PerPage == 0))
        translate(Ln / PerPage);
      touch(Ln, X.A->IsStore || X.A->IsAtomic);
    }
    if (++Accesses >= G.Budget)
      Full = true;
  }

  /// A line through both levels. A miss counts only where a fully
  /// associative cache of the level's size would hit: a line the level
  /// held before and lost to a conflict. A first touch misses both; a
  /// capacity miss is a stream of lines the prefetchers follow (measured:
  /// a column spread over L1's sets, longer than L1, runs at its
  /// instructions' pace, docs/results/pocl-cpu/caches), which the
  /// throughput terms already hold.
  ///
  /// A load that fetches again a line L1 evicted dirty counts once more
  /// (measured on the build machine, docs/results/pocl-cpu/memory: a
  /// column in one L1 set scanned in place costs 29 to 42 clocks a load
  /// where the same column only read, or only written, costs about 10).
  void touch(uint64_t Ln, bool Store) {
    std::optional<uint64_t> Gone, Victim;
    const bool Fit1 = Fa1.access(Ln), Fit2 = Fa2.access(Ln, &Gone);
    // A line even an L2-sized cache lost is no conflict when it returns.
    if (Gone)
      LeftDirty.erase(*Gone);
    const bool Hit1 = L1.access(Ln, Ln, Store, &Victim);
    if (Victim)
      LeftDirty.insert(*Victim);
    if (Hit1)
      return;
    const bool WasDirty = LeftDirty.erase(Ln) > 0;
    // The physical line: the page's frame, the offset within the page.
    const uint64_t PerPage = std::max<uint64_t>(1, G.Page / G.Line);
    const uint64_t Phys = mix(Ln / PerPage) * PerPage + Ln % PerPage;
    // (L2's dirty lines are not followed: a line it evicts dirty costs its
    // writeback, in the DRAM bytes.)
    const bool Hit2 = L2.access(Ln, Phys);
    // Each L1 miss trains the prefetchers on its region; a load that
    // misses L2 outside the regions they follow, and outside the regions
    // beside them (a stream runs on into the next; and a walk a page apart
    // is followed too: measured, bench/cpu_memory's columns 4 KiB apart
    // run as their other terms say, docs/results/pocl-cpu/unprefetched),
    // waits for its line.
    const uint64_t Region = Ln * G.Line / RegionBytes;
    const bool Beside = Regions.holds(Region - 1) || Regions.holds(Region + 1);
    const bool Followed = Regions.access(Region) || Beside;
    if (!Hit2 && !Fit2 && !Followed && !Store)
      ++Unprefetched;
    if (!(Hit2 ? Fit1 : Fit2))
      return;
    (Hit2 ? RefetchL2 : RefetchBeyond) += 1;
    RefetchDirty += WasDirty && !Store ? 1 : 0;
  }

  /// A page through the TLB, a fully associative LRU of its entries. A
  /// miss is a walk of the page tables, which nothing prefetches: one on
  /// a page the TLB held before always counts, one on a page's first
  /// touch counts at the end if the pages outnumber the TLB's entries
  /// (then, launch after launch, the last launch's pages are gone too).
  void translate(uint64_t Page) {
    if (Tlb.access(Page))
      return;
    (Pages.insert(Page).second ? FirstWalks : Walks) += 1;
  }
};

} // namespace

CpuCacheTraffic cpuCacheTraffic(const KernelCounts &K,
                                const CpuCacheGeometry &G) {
  CpuCacheTraffic R;
  std::optional<std::array<uint64_t, 3>> Local = K.Launch.Local;
  if (!Local)
    Local = G.AssumedLocal;
  if (!Local) {
    R.Note = "caches not simulated: the launch gives no local size";
    return R;
  }
  // The sets are laid out in full: a GiB of 64-byte lines at most.
  constexpr uint64_t MaxLines = uint64_t(1) << 24;
  if (G.Line == 0 || G.L1.Bytes < G.Line || G.L2.Bytes < G.Line ||
      G.L1.Bytes / G.Line > MaxLines || G.L2.Bytes / G.Line > MaxLines) {
    R.Note = "caches not simulated: the profile's cache sizes are not "
             "between a line and 2^24 lines";
    return R;
  }
  Trace T(G);
  T.Local = *Local;
  // Buffers on page boundaries, one after another, in the order their
  // sites appear; each spans its footprint and a page either side.
  std::map<std::string, int64_t> Bases;
  int64_t Next = int64_t(G.Page) << 20;
  auto baseOf = [&](const std::string &Buf) {
    if (auto It = Bases.find(Buf); It != Bases.end())
      return It->second;
    uint64_t Span = uint64_t(1) << 30; // unknown: a GiB
    if (const BufferFootprint *F = [&]() -> const BufferFootprint * {
          for (const BufferFootprint &F : K.Footprints)
            if (F.Arg == Buf && F.MaxOffset > 0)
              return &F;
          return nullptr;
        }())
      Span = F->MaxOffset;
    const int64_t Base = Next + int64_t(G.Page);
    Next = Base + int64_t((Span + G.Page - 1) / G.Page * G.Page + G.Page);
    Bases[Buf] = Base;
    return Base;
  };
  // The loop tree: a loop is a node under the loop around it, found by its
  // id; a site is a leaf under its innermost loop.
  std::map<std::pair<size_t, unsigned>, size_t> Child;
  std::map<size_t, uint64_t> Wrap; ///< a loop's merged copies
  double AccessesPerItem = 0;
  for (const GlobalAccess &A : K.Accesses) {
    if (A.Space != AddrSpace::Global && A.Space != AddrSpace::Constant)
      continue;
    if (!A.Shape) {
      ++R.SitesLeftOut;
      continue;
    }
    Site S;
    S.A = &A;
    S.Base = baseOf(A.Buffer);
    const auto &Loops = A.Shape->Loops;
    S.LoopNodes.resize(Loops.size());
    size_t N = 0;
    double Passes = 1;
    for (size_t I = Loops.size(); I-- > 0;) {
      auto [It, New] = Child.try_emplace({N, Loops[I].Id}, T.Nodes.size());
      if (New) {
        Node L;
        L.Trips = whole(Loops[I].Trips);
        L.Barrier = Loops[I].Barrier;
        T.Nodes.push_back(L);
        T.Iter.push_back(0);
        T.Nodes[N].Children.push_back(-long(It->second) - 1);
      }
      N = It->second;
      S.LoopNodes[I] = N;
      Passes *= double(T.Nodes[N].Trips);
    }
    // More executions than passes: copies that the compiler's unrolling of
    // a loop around it made, merged into one site (AccessSites::
    // mergeCopiedSites). They run again as that loop did: around the
    // site's outermost loop, or around the site where it has none.
    S.Repeats = whole(A.ExecPerItem / Passes);
    const size_t Top = S.LoopNodes.empty() ? 0 : S.LoopNodes.back();
    if (Top != 0)
      Wrap[Top] = std::max(Wrap[Top], S.Repeats);
    T.Nodes[N].Children.push_back(long(T.Sites.size()));
    T.Sites.push_back(S);
    AccessesPerItem += A.ExecPerItem;
  }
  for (Site &S : T.Sites) {
    double Passes = double(S.Repeats);
    if (!S.LoopNodes.empty()) {
      auto It = Wrap.find(S.LoopNodes.back());
      Passes = It != Wrap.end() ? double(It->second) : 1.0;
      for (size_t N : S.LoopNodes)
        Passes *= double(T.Nodes[N].Trips);
    }
    S.Odds = std::clamp(S.A->ExecPerItem / Passes, 0.0, 1.0);
  }
  // A loop whose copies were merged, and a run of loop-free sites with the
  // same copies, get a node of that many passes around them.
  auto repeat = [&](uint64_t R, std::vector<long> Body) {
    Node Rep;
    Rep.Trips = R;
    Rep.Children = std::move(Body);
    T.Nodes.push_back(std::move(Rep));
    T.Iter.push_back(0);
    return -long(T.Nodes.size() - 1) - 1;
  };
  for (size_t N = 0, E = T.Nodes.size(); N < E; ++N) {
    std::vector<long> Kids;
    const std::vector<long> Old = T.Nodes[N].Children;
    for (size_t I = 0; I < Old.size();) {
      if (Old[I] < 0) {
        auto It = Wrap.find(size_t(-Old[I] - 1));
        Kids.push_back(It != Wrap.end() && It->second > 1
                           ? repeat(It->second, {Old[I]})
                           : Old[I]);
        ++I;
        continue;
      }
      const Site &S = T.Sites[size_t(Old[I])];
      const uint64_t R = S.LoopNodes.empty() ? S.Repeats : 1;
      size_t J = I + 1;
      while (R > 1 && J < Old.size() && Old[J] >= 0 &&
             T.Sites[size_t(Old[J])].LoopNodes.empty() &&
             T.Sites[size_t(Old[J])].Repeats == R)
        ++J;
      Kids.push_back(R > 1 ? repeat(R, std::vector<long>(Old.begin() + long(I),
                                                         Old.begin() + long(J)))
                           : Old[I]);
      I = J;
    }
    T.Nodes[N].Children = std::move(Kids);
  }
  if (T.Sites.empty() || AccessesPerItem <= 0) {
    R.Note = "caches not simulated: no global access has an affine address";
    return R;
  }
  std::array<uint64_t, 3> Groups{};
  uint64_t NumGroups = 1;
  for (unsigned D = 0; D < 3; ++D) {
    Groups[D] = std::max<uint64_t>(1, K.Launch.Global[D] / (*Local)[D]);
    NumGroups *= Groups[D];
  }
  const unsigned Step = std::max(1u, G.ComputeUnits);
  for (uint64_t Gr = 0; Gr < NumGroups && !T.Full; Gr += Step) {
    T.Grp = {Gr % Groups[0], Gr / Groups[0] % Groups[1],
             Gr / Groups[0] / Groups[1]};
    if (K.Barriers > 0)
      T.group(0);
    else
      T.forEachItem([&] { T.item(0); });
  }
  R.Simulated = T.Accesses > 0;
  R.Accesses = T.Accesses;
  if (R.Simulated) {
    const double PerAccess = AccessesPerItem / double(T.Accesses);
    R.RefetchL2 = double(T.RefetchL2) * PerAccess;
    R.RefetchBeyond = double(T.RefetchBeyond) * PerAccess;
    R.RefetchDirty = double(T.RefetchDirty) * PerAccess;
    R.Unprefetched = double(T.Unprefetched) * PerAccess;
    if (G.TlbPages)
      R.PageWalks =
          double(T.Walks + (T.Pages.size() > G.TlbPages ? T.FirstWalks : 0)) *
          PerAccess;
  }
  R.Note = fmt::format(
      "caches: {} accesses of one compute unit's work-groups through L1 "
      "({} KiB, {} ways) and L2 ({} KiB, {} ways): {:.3g} lines a "
      "work-item lost to a conflict and fetched again from L2, {:.3g} from "
      "beyond it{}; {:.3g} loads a work-item that miss L2 where no "
      "prefetcher follows{}{}",
      T.Accesses, G.L1.Bytes / 1024, G.L1.Ways, G.L2.Bytes / 1024, G.L2.Ways,
      R.RefetchL2, R.RefetchBeyond,
      R.RefetchDirty > 0
          ? fmt::format(", {:.3g} of them loads of lines L1 evicted dirty",
                        R.RefetchDirty)
          : "",
      R.Unprefetched,
      G.TlbPages ? fmt::format("; {:.3g} page walks a work-item ({} pages "
                               "touched, a TLB of {})",
                               R.PageWalks, T.Pages.size(), G.TlbPages)
                 : "",
      R.SitesLeftOut ? fmt::format(" ({} sites without an affine address "
                                   "left out)",
                                   R.SitesLeftOut)
                     : "");
  return R;
}

} // namespace clspread

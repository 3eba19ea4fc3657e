//===- VliwPacker.cpp - List scheduling of block graphs into bundles ------===//
#include "Model/VliwPacker.h"

#include <algorithm>
#include <set>

namespace clspread {

namespace {

struct Node {
  bool TOnly = false;
  std::vector<uint32_t> Preds;
};

/// The block's graph with expanded classes replaced by their sequences.
/// Nodes are created in topological order: preds have smaller indices.
struct ExpandedGraph {
  std::vector<Node> Nodes;
  unsigned BadDeps = 0;
};

ExpandedGraph expand(const BlockGraph &B, const AluSpec &Alu) {
  ExpandedGraph G;
  // What a consumer of original node I must wait for.
  std::vector<std::vector<uint32_t>> Sinks(B.Nodes.size());
  for (uint32_t I = 0; I < B.Nodes.size(); ++I) {
    const PackNode &PN = B.Nodes[I];
    std::vector<uint32_t> In;
    for (uint32_t D : PN.Deps) {
      if (D >= I) { // Analysis promises backward deps; never loop on bad ones
        ++G.BadDeps;
        continue;
      }
      In.insert(In.end(), Sinks[D].begin(), Sinks[D].end());
    }
    std::sort(In.begin(), In.end());
    In.erase(std::unique(In.begin(), In.end()), In.end());

    unsigned C = unsigned(PN.Class);
    auto Add = [&](bool TOnly, std::vector<uint32_t> Preds) {
      G.Nodes.push_back({TOnly, std::move(Preds)});
      return uint32_t(G.Nodes.size() - 1);
    };
    if (!Alu.Expand[C]) {
      Sinks[I] = {Add(Alu.TSlotOnly[C], In)};
      continue;
    }
    // A chain of Depth nodes (the first TSlotOps need the t slot) plus
    // Ops - Depth side nodes that fit inside the chain without making the
    // sequence deeper than Depth.
    const SlotExpansion &X = *Alu.Expand[C];
    std::vector<uint32_t> Chain;
    for (unsigned K = 0; K < X.Depth; ++K)
      Chain.push_back(Add(K < X.TSlotOps,
                          K == 0 ? In : std::vector<uint32_t>{Chain.back()}));
    std::vector<uint32_t> Side;
    for (unsigned K = X.Depth; K < X.Ops; ++K)
      Side.push_back(
          Add(false, X.Depth >= 3 ? std::vector<uint32_t>{Chain.front()} : In));
    if (X.Depth >= 2) {
      std::vector<uint32_t> &Last = G.Nodes[Chain.back()].Preds;
      Last.insert(Last.end(), Side.begin(), Side.end());
      Sinks[I] = {Chain.back()};
    } else {
      Sinks[I] = Chain;
      Sinks[I].insert(Sinks[I].end(), Side.begin(), Side.end());
    }
  }
  return G;
}

} // namespace

PackedBlock packBlock(const BlockGraph &B, const AluSpec &Alu) {
  ExpandedGraph G = expand(B, Alu);
  const size_t N = G.Nodes.size();
  PackedBlock R;
  R.SlotOps = N;
  R.BadDeps = G.BadDeps;
  if (N == 0)
    return R;

  std::vector<std::vector<uint32_t>> Succs(N);
  std::vector<uint32_t> Remaining(N);
  for (uint32_t I = 0; I < N; ++I) {
    Remaining[I] = G.Nodes[I].Preds.size();
    for (uint32_t P : G.Nodes[I].Preds)
      Succs[P].push_back(I);
  }
  // Critical-path height: the longest chain from a node to the block's end
  // counted in nodes. Preds precede their succs, so one reverse sweep does.
  std::vector<uint32_t> Height(N, 1);
  for (size_t I = N; I-- > 0;)
    for (uint32_t S : Succs[I])
      Height[I] = std::max(Height[I], Height[S] + 1);

  // Ready sets ordered by (height desc, program order).
  using Key = std::pair<int64_t, uint32_t>;
  auto KeyOf = [&](uint32_t I) { return Key{-int64_t(Height[I]), I}; };
  std::set<Key> ReadyT, ReadyO;
  auto MakeReady = [&](uint32_t I) {
    (G.Nodes[I].TOnly ? ReadyT : ReadyO).insert(KeyOf(I));
  };
  for (uint32_t I = 0; I < N; ++I)
    if (Remaining[I] == 0)
      MakeReady(I);

  const unsigned Width = std::max(1u, Alu.VliwWidth);
  const unsigned TSlots = std::min(Alu.TranscendentalSlots, Width);
  size_t Done = 0;
  std::vector<uint32_t> Bundle;
  while (Done < N) {
    Bundle.clear();
    // The t slot first: it is the resource t-only nodes compete for, while
    // ordinary nodes can use any slot.
    while (Bundle.size() < TSlots && !ReadyT.empty()) {
      Bundle.push_back(ReadyT.begin()->second);
      ReadyT.erase(ReadyT.begin());
    }
    while (Bundle.size() < Width && !ReadyO.empty()) {
      Bundle.push_back(ReadyO.begin()->second);
      ReadyO.erase(ReadyO.begin());
    }
    if (Bundle.empty())
      break; // only t-only nodes left and no t slot: cannot happen for a
             // validated profile; stop rather than spin
    ++R.Bundles;
    Done += Bundle.size();
    // Successors become ready for the next bundle, not this one.
    for (uint32_t I : Bundle)
      for (uint32_t S : Succs[I])
        if (--Remaining[S] == 0)
          MakeReady(S);
  }
  return R;
}

} // namespace clspread

//===- CpuCounter.cpp - Counting a CPU compiler's code --------------------===//
//
// See CpuCounter.h. An instruction counts where the core issues it (not
// phis, address arithmetic or casts that compile to nothing), a vector
// instruction once for all its lanes, a gather or scatter once a lane.
//
//===----------------------------------------------------------------------===//
#include "Analysis/CpuCounter.h"
#include "Analysis/Builtins.h"
#include "Analysis/InstructionClass.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"

#include <functional>
#include <map>
#include <optional>

using namespace llvm;

namespace clspread {

namespace {

/// Whether \p I is an instruction the core issues (see CpuCounts).
bool issued(const Instruction &I) {
  if (isa<PHINode>(I) || isa<GetElementPtrInst>(I) || isa<AllocaInst>(I) ||
      isa<ReturnInst>(I) || isa<UnreachableInst>(I))
    return false;
  if (auto *Br = dyn_cast<BranchInst>(&I))
    return Br->isConditional();
  if (isa<BitCastInst>(I) || isa<AddrSpaceCastInst>(I) ||
      isa<PtrToIntInst>(I) || isa<IntToPtrInst>(I) || isa<FreezeInst>(I))
    return false;
  if (auto *II = dyn_cast<IntrinsicInst>(&I))
    return !II->isAssumeLikeIntrinsic() && !isa<DbgInfoIntrinsic>(II) &&
           !II->isLifetimeStartOrEnd();
  return true;
}

/// Instructions \p I issues: one, but a gather or a scatter one per lane
/// (x86 cores split them into a load or a store per element: Zen 4's
/// vpgatherdd of 8 lanes is 8 loads and more, Skylake's the same).
double issuedPerLane(const Instruction &I) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II || (II->getIntrinsicID() != Intrinsic::masked_gather &&
              II->getIntrinsicID() != Intrinsic::masked_scatter))
    return 1;
  Type *T = II->getIntrinsicID() == Intrinsic::masked_gather
                ? II->getType()
                : II->getArgOperand(0)->getType();
  auto *VT = dyn_cast<FixedVectorType>(T);
  return VT ? double(VT->getNumElements()) : 1;
}

/// The index in CpuPricedCalls of a call to one of them (in double
/// precision: its _fp64 entry), else -1.
int pricedCall(const Function &Callee, const InstrClass &IC) {
  const bool Double = Callee.getReturnType()->getScalarType()->isDoubleTy();
  if (!Double && IC.Class != AluClass::Transcendental)
    return -1; // native_ and half_ forms are others
  std::string_view Name = builtinBaseName(Callee.getName());
  for (size_t I = 0; I < CpuPricedFp64; ++I)
    if (Name == CpuPricedCalls[I])
      return int(Double ? CpuPricedFp64 + I : I);
  return -1;
}

/// What one run of a function issues (step 6): the work-group function
/// per work-group, a helper the optimizer left a call per call.
struct Tally {
  double Instructions = 0, ChainOps = 0, ChainFmaOps = 0, ChainStoreLoads = 0;
  std::array<double, NumAluClasses> CallOps{};
  std::array<double, CpuPricedCalls.size()> PricedCalls{};
  std::pair<double, double> Lanes{0, 0}; ///< lanes, instructions
  PortUse Ports; ///< the machine code's micro-ops and resources held

  void add(const Tally &O, double W) {
    Ports.add(O.Ports, W);
    Instructions += W * O.Instructions;
    ChainOps += W * O.ChainOps;
    ChainFmaOps += W * O.ChainFmaOps;
    ChainStoreLoads += W * O.ChainStoreLoads;
    for (size_t I = 0; I < CallOps.size(); ++I)
      CallOps[I] += W * O.CallOps[I];
    for (size_t I = 0; I < PricedCalls.size(); ++I)
      PricedCalls[I] += W * O.PricedCalls[I];
    Lanes.first += W * O.Lanes.first;
    Lanes.second += W * O.Lanes.second;
  }
};

/// Step 6, for one function: its instructions by how often they run per
/// entry, and the helpers it calls, whole, per call.
class Counter {
public:
  using Callees = std::function<const Tally &(Function &)>;
  Counter(Function &Fn, FunctionAnalysisManager &FAM,
          const AnalyzeOptions &Opts, const LaunchShape &Shape,
          const PortModel *Ports, bool Barriers, Callees CalleeTally)
      : Fn(Fn), DL(Fn.getParent()->getDataLayout()),
        LI(FAM.getResult<LoopAnalysis>(Fn)),
        SE(FAM.getResult<ScalarEvolutionAnalysis>(Fn)),
        BFI(FAM.getResult<BlockFrequencyAnalysis>(Fn)),
        BPI(FAM.getResult<BranchProbabilityAnalysis>(Fn)), Opts(Opts),
        Shape(Shape), Ports(Ports), Barriers(Barriers),
        CalleeTally(std::move(CalleeTally)) {}

  Tally count() {
    Tally T;
    for (BasicBlock &BB : Fn) {
      double F = freq(&BB);
      if (Ports)
        if (auto It = Ports->Blocks.find(&BB); It != Ports->Blocks.end())
          T.Ports.add(It->second, F);
      for (Instruction &I : BB) {
        if (auto *CI = dyn_cast<CallInst>(&I)) {
          Function *Callee = CI->getCalledFunction();
          // A helper the optimizer did not inline (PoCL's median_x4
          // calls its findMedian, 315 instructions, four times): its
          // body per call, and the call.
          if (Callee && !Callee->isDeclaration()) {
            T.add(CalleeTally(*Callee), F);
            T.Instructions += F;
            continue;
          }
          // A builtin left as a call: its lane-ops as the analysis
          // counts them (InstructionClass.h), at its class's rate.
          if (Callee && !Callee->isIntrinsic())
            if (InstrClass IC = classify(I, DL); IC.K == InstrClass::Alu) {
              addAluOps(IC, F, T.CallOps);
              if (int P = pricedCall(*Callee, IC); P >= 0)
                T.PricedCalls[P] += F * IC.Lanes;
              continue;
            }
        }
        if (!issued(I))
          continue;
        T.Instructions += F * issuedPerLane(I);
        // The lanes of what it computes or moves (a store's value).
        Type *Ty = isa<StoreInst>(I) ? I.getOperand(0)->getType() : I.getType();
        if (Ty->isVoidTy() || Ty->isIntegerTy(1) || isa<CmpInst>(I))
          continue;
        auto *VT = dyn_cast<FixedVectorType>(Ty);
        T.Lanes.first += F * (VT ? VT->getNumElements() : 1);
        T.Lanes.second += F;
      }
    }
    for (Loop *L : LI.getLoopsInPreorder()) {
      const double N = entryFreq(L) * trips(L);
      const Path R = recurrence(L);
      T.ChainOps += N * R.Ops;
      T.ChainFmaOps += N * R.Fma;
      T.ChainStoreLoads += N * R.StoreLoads;
    }
    return T;
  }

private:
  Function &Fn;
  const DataLayout &DL;
  LoopInfo &LI;
  ScalarEvolution &SE;
  BlockFrequencyInfo &BFI;
  BranchProbabilityInfo &BPI;
  const AnalyzeOptions &Opts;
  const LaunchShape &Shape;
  const PortModel *Ports;
  /// The kernel waits at a barrier: then its work-item loops carry no
  /// chain through memory (recurrence()); found once, where it does.
  const bool Barriers;
  std::optional<std::map<const Loop *, unsigned>> ItemLoops;
  Callees CalleeTally;
  DenseMap<const BasicBlock *, double> Freq;
  DenseMap<const Loop *, double> MeanTrips;
  DenseMap<const Loop *, double> Entries; ///< loops without a preheader

  double trips(const Loop *L) {
    if (unsigned T = SE.getSmallConstantTripCount(L))
      return T;
    if (DebugLoc Start = L->getStartLoc())
      if (auto It = Opts.TripCounts.find(Start.getLine());
          It != Opts.TripCounts.end())
        return double(It->second);
    if (auto It = MeanTrips.find(L); It != MeanTrips.end())
      return It->second;
    // A loop that one of its branches leaves on the second visit of its
    // header (the work-item loop around `if (get_local_id(0) == 0)`).
    for (const BasicBlock *BB : L->getBlocks())
      if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator()))
        if (exitsOnSecondVisit(*Br, *L))
          return MeanTrips[L] = 2;
    // Trips that depend on the work-item (`for (i = gid; i < n; i +=
    // size)`) have no constant here, where ids are the work-item loops'
    // counters and a group's first ids its parameters: their count at
    // the mean work-item of the launch.
    double T = Opts.DefaultTripCount;
    MeanTrips[L] = T; // a count that reaches back to its own loop
    const SCEV *Taken = SE.getBackedgeTakenCount(L);
    if (isa<SCEVCouldNotCompute>(Taken)) {
      // A count that holds if the index does not wrap (`i +=
      // get_global_size(0)`: a 64-bit size added to a 32-bit index), as
      // the vectorizer assumes under its run-time check.
      SmallVector<const SCEVPredicate *, 4> Assumed;
      Taken = SE.getPredicatedBackedgeTakenCount(L, Assumed);
    }
    if (!isa<SCEVCouldNotCompute>(Taken))
      if (std::optional<double> V = mean(Taken); V && *V >= 0)
        T = *V + 1;
    return MeanTrips[L] = T;
  }

  /// \p S at the launch's mean work-item: a loop's counter at its mean
  /// iteration, a group's first id and group id at the launch's mean.
  std::optional<double> mean(const SCEV *S) {
    return scevValue(
        S, SE,
        [&](const SCEVUnknown *U) -> std::optional<double> {
          if (auto *P = dyn_cast<PHINode>(U->getValue()))
            return phiMean(*P);
          return groupParam(Fn, U, [&](unsigned D, bool First) {
            const double G = double(std::max(Shape.Global[D], Shape.Local[D]));
            const double L = double(std::max<uint64_t>(Shape.Local[D], 1));
            return First ? (G - L) / 2 : (G / L - 1) / 2;
          });
        },
        [&](const Loop *L) -> std::optional<double> {
          return (trips(L) - 1) / 2;
        });
  }

  /// A phi of constants outside its loops' headers (where a vectorized
  /// loop's remainder starts: 0 after the run-time check failed, the
  /// vector loop's end after it ran), at the mean of its incoming values
  /// weighted by how often each edge is taken.
  std::optional<double> phiMean(const PHINode &P) {
    if (const Loop *L = LI.getLoopFor(P.getParent());
        (L && L->getHeader() == P.getParent()) || P.getNumIncomingValues() > 8)
      return std::nullopt;
    double Sum = 0, Weight = 0;
    for (unsigned I = 0; I < P.getNumIncomingValues(); ++I) {
      auto *C = dyn_cast<ConstantInt>(P.getIncomingValue(I));
      if (!C || C->getBitWidth() > 64)
        return std::nullopt;
      double W = edgeFreq(P.getIncomingBlock(I), P.getParent());
      Sum += W * double(C->getSExtValue());
      Weight += W;
    }
    if (Weight <= 0)
      return std::nullopt;
    return Sum / Weight;
  }

  double rel(const BasicBlock *BB, const BasicBlock *To) {
    double Den = double(BFI.getBlockFreq(To).getFrequency());
    return Den > 0 ? double(BFI.getBlockFreq(BB).getFrequency()) / Den : 0;
  }

  double edgeProb(const BasicBlock *From, const BasicBlock *To) {
    return double(BPI.getEdgeProbability(From, To).getNumerator()) /
           double(BranchProbability::getDenominator());
  }

  /// Entries into \p L per work-group.
  double entryFreq(const Loop *L) {
    if (const BasicBlock *Pre = L->getLoopPreheader())
      return freq(Pre);
    if (auto It = Entries.find(L); It != Entries.end())
      return It->second;
    Entries[L] = 0; // irreducible cycles end here
    double Sum = 0;
    const BasicBlock *H = L->getHeader();
    for (const BasicBlock *P : predecessors(H))
      if (!L->contains(P))
        Sum += edgeFreq(P, H);
    return Entries[L] = Sum;
  }

  /// How often per work-group the edge \p P -> \p To is taken.
  double edgeFreq(const BasicBlock *P, const BasicBlock *To) {
    // Straight out of a loop (a vectorized loop's remainder, then a loop
    // that uses what it stored): the loop is left as often as it is
    // entered, whatever its exit branch's odds say of one iteration
    // (which its trip count here need not match), and this edge takes
    // its share of those exits.
    const Loop *From = LI.getLoopFor(P);
    while (From && From->getParentLoop() &&
           !From->getParentLoop()->contains(To))
      From = From->getParentLoop();
    if (!From || From->contains(To))
      return freq(P) * edgeProb(P, To);
    SmallVector<Loop::Edge, 4> Exits;
    From->getExitEdges(Exits);
    double All = 0, This = 0;
    for (const auto &[Src, Dst] : Exits) {
      double W =
          double(BFI.getBlockFreq(Src).getFrequency()) * edgeProb(Src, Dst);
      All += W;
      if (Src == P && Dst == To)
        This += W;
    }
    return All > 0 ? entryFreq(From) * This / All : 0;
  }

  /// Executions of \p BB per work-group.
  double freq(const BasicBlock *BB) {
    if (auto It = Freq.find(BB); It != Freq.end())
      return It->second;
    Freq[BB] = 0; // irreducible cycles end here
    const Loop *L = LI.getLoopFor(BB);
    double F = L ? entryFreq(L) * trips(L) * rel(BB, L->getHeader())
                 : rel(BB, &Fn.getEntryBlock());
    Freq[BB] = F;
    return F;
  }

  /// A path through one iteration: its issued instructions, of them the
  /// fused multiply-adds, and the loads on it that wait for a store of the
  /// iteration before (a chain through memory).
  struct Path {
    double Ops = -1, Fma = 0, StoreLoads = 0;
    /// Which of two paths is longer, before any figure prices them: a
    /// store and the load it forwards to weigh StoreLoadWeight
    /// instructions (Zen 4: 8.5 clocks against 2.8 an add; calibrate's
    /// store_chain and alu_chain on PoCL,
    /// docs/results/pocl-cpu/store-forward).
    static constexpr double StoreLoadWeight = 3;
    double weight() const { return Ops + StoreLoadWeight * StoreLoads; }
    bool operator<(const Path &O) const {
      return weight() < O.weight() || (weight() == O.weight() && Fma < O.Fma);
    }
  };

  static bool isFma(const Instruction &I) {
    auto *II = dyn_cast<IntrinsicInst>(&I);
    return II && (II->getIntrinsicID() == Intrinsic::fma ||
                  II->getIntrinsicID() == Intrinsic::fmuladd);
  }

  /// The longest path from one of \p Seeds through the operands of
  /// \p L's own blocks' instructions, in iteration order, to what \p End
  /// names: the longest Path to an instruction it accepts.
  Path longestFrom(ArrayRef<const Instruction *> Seeds,
                   ArrayRef<BasicBlock *> RPO, const Loop *L,
                   function_ref<const Value *(const Instruction &)> End) {
    DenseMap<const Instruction *, Path> Dist;
    for (const Instruction *S : Seeds)
      Dist[S] = {0, 0, 0};
    Path Best{0, 0, 0};
    for (BasicBlock *BB : RPO) {
      if (LI.getLoopFor(BB) != L)
        continue;
      for (Instruction &I : *BB) {
        if (!Dist.count(&I)) {
          Path D;
          for (const Value *Op : I.operands())
            if (auto *OI = dyn_cast<Instruction>(Op))
              if (auto It = Dist.find(OI); It != Dist.end())
                D = std::max(D, It->second);
          if (D.Ops >= 0) {
            if (issued(I)) {
              D.Ops += 1;
              D.Fma += isFma(I) ? 1 : 0;
            }
            Dist[&I] = D;
          }
        }
        if (const auto *E = dyn_cast_or_null<Instruction>(End(I)))
          if (auto It = Dist.find(E); It != Dist.end())
            Best = std::max(Best, It->second);
      }
    }
    return Best;
  }

  /// The longest path, in issued instructions, from one iteration of \p L
  /// to the next, within L's own blocks (a path through an inner loop is
  /// that loop's own chain): from a header phi to the value it takes on
  /// the back edge, or from a load of an address that stays the same
  /// through L to the value a store writes there (the sums PoCL's code
  /// keeps in memory because a store between them may have changed
  /// them: bench/cpu_chains). Such a chain also waits for the store's
  /// value to reach the next iteration's load.
  Path recurrence(const Loop *L) {
    const BasicBlock *Latch = L->getLoopLatch();
    if (!Latch)
      return {0, 0, 0};
    LoopBlocksRPO RPO(const_cast<Loop *>(L));
    RPO.perform(&LI);
    SmallVector<BasicBlock *, 16> Blocks(RPO.begin(), RPO.end());
    Path Best{0, 0, 0};
    unsigned Phis = 0;
    for (const PHINode &P : L->getHeader()->phis()) {
      if (++Phis > 64)
        break;
      auto *Back = dyn_cast<Instruction>(P.getIncomingValueForBlock(Latch));
      if (!Back || !L->contains(Back))
        continue;
      const Instruction *Seed = &P;
      Best = std::max(Best,
                      longestFrom(Seed, Blocks, L, [&](const Instruction &I) {
                        return &I == Back ? Back : nullptr;
                      }));
    }
    // Through memory: the addresses L both loads and stores, the same
    // through all its iterations; not where PoCL cuts L at a barrier (the
    // work-item loop of a kernel that waits at one, whose regions PoCL
    // runs in loops of their own, and the kernel's loops that wait).
    if (Barriers) {
      if (!ItemLoops)
        ItemLoops = itemLoops(Fn, LI);
      if (ItemLoops->count(L))
        return Best;
    }
    struct Accesses {
      SmallVector<const Instruction *, 2> Loads;
      SmallPtrSet<const Instruction *, 2> Stores;
    };
    MapVector<const SCEV *, Accesses> ByAddress;
    for (BasicBlock *BB : Blocks) {
      if (LI.getLoopFor(BB) != L)
        continue;
      for (Instruction &I : *BB) {
        auto *Ld = dyn_cast<LoadInst>(&I);
        auto *St = dyn_cast<StoreInst>(&I);
        if (((!Ld || !Ld->isSimple()) && (!St || !St->isSimple())) ||
            I.getMetadata(CpuCutMemoryKind))
          continue;
        const SCEV *A =
            SE.getSCEV(const_cast<Value *>(getLoadStorePointerOperand(&I)));
        if (!SE.isLoopInvariant(A, L))
          continue;
        if (Ld)
          ByAddress[A].Loads.push_back(Ld);
        else
          ByAddress[A].Stores.insert(St);
      }
    }
    unsigned Addresses = 0;
    for (const auto &[A, X] : ByAddress) {
      if (X.Loads.empty() || X.Stores.empty() || ++Addresses > 64)
        continue;
      Path D = longestFrom(X.Loads, Blocks, L, [&](const Instruction &I) {
        return X.Stores.count(&I) ? cast<StoreInst>(I).getValueOperand()
                                  : nullptr;
      });
      if (D.Ops > 0) { // a load stored back as it is is no chain
        D.StoreLoads += 1;
        Best = std::max(Best, D);
      }
    }
    return Best;
  }
};

} // namespace

CpuCounts countGroup(Function &WG, FunctionAnalysisManager &FAM,
                     const AnalyzeOptions &Opts, const LaunchShape &Shape,
                     const PortModel *Ports, bool Barriers) {
  // Helpers are tallied once each, whole (OpenCL C has no recursion; a
  // call back into one still being tallied counts as its call alone).
  std::map<Function *, std::optional<Tally>> Tallies;
  Counter::Callees CalleeTally = [&](Function &G) -> const Tally & {
    static const Tally None;
    auto [It, New] = Tallies.try_emplace(&G);
    if (!New)
      return It->second ? *It->second : None;
    Tally T =
        Counter(G, FAM, Opts, Shape, Ports, Barriers, CalleeTally).count();
    return *(Tallies[&G] = T);
  };
  Tally T = Counter(WG, FAM, Opts, Shape, Ports, Barriers, CalleeTally).count();
  CpuCounts C;
  const double Items = double(Shape.Local[0] * Shape.Local[1] * Shape.Local[2]);
  C.Instructions = T.Instructions / Items;
  C.ChainOps = T.ChainOps / Items;
  C.ChainFmaOps = T.ChainFmaOps / Items;
  C.ChainStoreLoads = T.ChainStoreLoads / Items;
  for (size_t I = 0; I < C.CallOps.size(); ++I)
    C.CallOps[I] = T.CallOps[I] / Items;
  for (size_t I = 0; I < C.PricedCalls.size(); ++I)
    C.PricedCalls[I] = T.PricedCalls[I] / Items;
  if (Ports) {
    C.PortCycles = Ports->bound(T.Ports, &C.PortBound) / Items;
    C.MicroOps = T.Ports.MicroOps / Items;
  }
  if (T.Lanes.second > 0)
    C.LanesPerInstr = T.Lanes.first / T.Lanes.second;
  return C;
}

} // namespace clspread

//===- KernelAnalyzer.cpp - Per-work-item counts of one kernel ------------===//
//
// See KernelAnalyzer.h for the steps. This file runs them; each lives in a
// part of its own, which reads the function-level analyses they share from
// an AnalysisContext:
//
//   2       Specialize.h          arguments and sizes of the launch
//   4, 5    BlockFrequency.h      edge probabilities, executions per block
//   6       InstructionClass.h    what each instruction costs
//           InstructionCounter.h  counts by class, address space, line
//   7       MemoryAccesses.h      global access sites (AffineOffset.h)
//           Footprints.h          bytes each buffer touches
//           RegisterEstimate.h    live registers
//           PackingGraph.h        per-block dependence graphs
//           FloatPrecision.h, PrivateArrays.h: for lint's rules
//
//===----------------------------------------------------------------------===//
#include "Analysis/KernelAnalyzer.h"
#include "Analysis/AnalysisContext.h"
#include "Analysis/BlockFrequency.h"
#include "Analysis/CpuCode.h"
#include "Analysis/FloatPrecision.h"
#include "Analysis/Footprints.h"
#include "Analysis/HelperInlining.h"
#include "Analysis/InstructionClass.h"
#include "Analysis/InstructionCounter.h"
#include "Analysis/KernelArgs.h"
#include "Analysis/KernelClone.h"
#include "Analysis/LaunchBuffers.h"
#include "Analysis/LoopSteps.h"
#include "Analysis/MemoryAccesses.h"
#include "Analysis/PackingGraph.h"
#include "Analysis/PrivateArrays.h"
#include "Analysis/RegisterEstimate.h"
#include "Analysis/Specialize.h"
#include "Frontend/OpenCLFrontend.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <map>
#include <numeric>
#include <set>

using namespace llvm;

namespace clspread {

std::string sourcePathOf(const DIFile &F, const std::string &Main) {
  auto absolute = [](StringRef Dir, StringRef Name) {
    SmallString<256> P(Name);
    if (sys::path::is_relative(P) && !Dir.empty()) {
      P = Dir;
      sys::path::append(P, Name);
    }
    sys::fs::make_absolute(P);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    return std::string(P);
  };
  std::string Abs = absolute(F.getDirectory(), F.getFilename());
  if (Abs == absolute("", Main))
    return Main;
  // The same style as the main file's path: absolute, or relative to the
  // working directory (Clang's compilation directory).
  if (sys::path::is_absolute(Main) || sys::path::is_absolute(F.getFilename()))
    return Abs;
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd) && F.getDirectory() == Cwd) {
    SmallString<256> Rel(F.getFilename()); // "./inc/x.h" -> "inc/x.h"
    sys::path::remove_dots(Rel, /*remove_dot_dot=*/false);
    return std::string(Rel);
  }
  return Abs;
}

/// The rounds of global loads (KernelCounts.h, LoadRound), from the
/// accesses each block made in order. Outside loops they are PlainRounds. A
/// load that a store of its loop may have written in an earlier iteration waits
/// for that store: such loads are chained and move from GlobalLoadRounds to
/// ChainRounds. Other loads in loops are one round of LoopRounds per block,
/// their iterations' loads in flight together, when the device compiler unrolls
/// the loop and may issue them early. It does not when the loop holds an inner
/// loop (only innermost loops are unrolled) or steps by a launch value
/// (LoopSteps.h), nor when its exit or next address is a value it loads (a
/// search, a chase): those loads wait round by round as chained ones do.
/// In loops with a barrier no load moves above it: their loads wait one by
/// one as PlainRounds, which stay in GlobalLoadRounds. Within a block, a load
/// whose address comes from another's value is a round of its own.
namespace {
struct BlockAccesses {
  BasicBlock *BB;
  std::vector<size_t> Made; ///< indexes in K.Accesses, in order
  /// Per access of Made, the instruction that makes it, and the global
  /// loads on the deepest def-use path in the block that ends there (its
  /// own included).
  std::vector<const Instruction *> Inst;
  std::vector<unsigned> Depth;
  /// The block's rounds counted in K.GlobalLoadRounds (the most global
  /// loads on one def-use path through it; 0: it loads none).
  unsigned Rounds;
  bool HasBarrier; ///< calls barrier()
};
} // namespace

/// How many times more often than the mean the work-item that runs \p BB
/// most runs it: the longest item's share of each loop around it whose trip
/// count depends on the id, and of a branch on the id above it.
static double longestShare(AnalysisContext &C, const BlockFrequencies &BF,
                           const BasicBlock *BB) {
  double F = 1;
  for (const Loop *Up = C.LI.getLoopFor(BB); Up; Up = Up->getParentLoop())
    if (auto It = BF.LongestSkew.find(Up); It != BF.LongestSkew.end())
      F *= It->second;
  if (auto It = BF.LongestBlockSkew.find(BB); It != BF.LongestBlockSkew.end())
    F *= It->second;
  return F;
}

/// The most operations of one kind on one def-use path through a block:
/// the ones a work-item waits for one after another in the block, where
/// independent ones overlap. For __local loads and stores: a read-modify-
/// write of __local memory, an index loaded from it, a load after a
/// barrier that waits for the stores before it. For global loads: an
/// index loaded, then what it indexes (each is a round trip of its own).
/// Fed the block's instructions in order, as they are classified.
namespace {
class DefUsePath {
public:
  /// \p Counts: \p I is one of the operations counted.
  void add(const Instruction &I, bool Counts, bool IsBarrier) {
    // A barrier orders every operation before it before every one after
    // it: what follows starts from the deepest path so far.
    if (IsBarrier) {
      Floor = Most;
      return;
    }
    unsigned D = Floor;
    for (const Value *Op : I.operands())
      if (auto *OpI = dyn_cast<Instruction>(Op);
          OpI && OpI->getParent() == I.getParent())
        D = std::max(D, Depth.lookup(OpI));
    D += Counts ? 1 : 0;
    Depth[&I] = D;
    Most = std::max(Most, D);
  }
  unsigned depth() const { return Most; }
  /// The operations on the deepest path that ends at \p I.
  unsigned depthOf(const Instruction &I) const { return Depth.lookup(&I); }

private:
  DenseMap<const Instruction *, unsigned> Depth;
  unsigned Most = 0, Floor = 0;
};
} // namespace

static bool isLocalAccess(const Instruction &I) {
  const Value *Ptr = nullptr;
  if (auto *L = dyn_cast<LoadInst>(&I))
    Ptr = L->getPointerOperand();
  else if (auto *S = dyn_cast<StoreInst>(&I))
    Ptr = S->getPointerOperand();
  else if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    Ptr = A->getPointerOperand();
  return Ptr && Ptr->getType()->getPointerAddressSpace() == ASLocal;
}

static LoadRound::Load roundLoad(const GlobalAccess &G) {
  LoadRound::Load L;
  L.Buffer = G.Buffer;
  L.Bytes = G.Bytes;
  if (G.Shape) {
    const GlobalAccess::Pattern &S = *G.Shape;
    L.LaneStride = S.Gid[0] + S.Lid[0];
    uint64_t Gcd = uint64_t(std::llabs(S.Const));
    auto with = [&](int64_t C) {
      Gcd = std::gcd(Gcd, uint64_t(std::llabs(C)));
    };
    with(S.Grp[0]);
    for (unsigned D = 1; D < 3; ++D) {
      L.OtherIds |= S.Gid[D] != 0 || S.Lid[D] != 0;
      with(S.Gid[D]);
      with(S.Lid[D]);
      with(S.Grp[D]);
    }
    for (const auto &T : S.Loops)
      with(T.Coef);
    L.OffsetGcd = Gcd;
  }
  if (!G.Shape || G.Shape->Loops.empty())
    return L;
  const auto &Loops = G.Shape->Loops;
  L.Step = Loops.front().Coef;
  L.Extent = Loops.front().Trips * std::abs(double(*L.Step));
  for (size_t I = 1; I < Loops.size(); ++I)
    if (Loops[I].Coef == 0)
      L.Repeats *= std::max(1.0, Loops[I].Trips);
  return L;
}

/// The store \p St's address less the load \p Ld's, and the bytes \p Ld's
/// address moves per iteration of \p L: both constants that fit 48 bits,
/// in one buffer, as ScalarEvolution subtracts them; nullopt otherwise.
static std::optional<std::pair<int64_t, int64_t>>
distanceAndStep(ScalarEvolution &SE, const Loop *L, const AccessShape &St,
                const AccessShape &Ld) {
  if (St.ArgNo == ~0u || St.ArgNo != Ld.ArgNo || !St.Ptr || !Ld.Ptr)
    return std::nullopt;
  auto *Diff = dyn_cast<SCEVConstant>(SE.getMinusSCEV(St.Ptr, Ld.Ptr));
  auto *Rec = dyn_cast<SCEVAddRecExpr>(Ld.Ptr);
  if (!Diff || !Rec || Rec->getLoop() != L)
    return std::nullopt;
  auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
  if (!Step || Step->getAPInt().isZero() ||
      Step->getAPInt().getSignificantBits() > 48 ||
      Diff->getAPInt().getSignificantBits() > 48)
    return std::nullopt;
  return std::pair{Diff->getAPInt().getSExtValue(),
                   Step->getAPInt().getSExtValue()};
}

/// Whether a store \p St in loop \p L may write bytes that the load \p Ld
/// reads in a later iteration of \p L. As far as a compiler knows, any
/// other buffer may be the same memory (kernel arguments are not
/// restrict); within one buffer, addresses that ScalarEvolution can
/// subtract are compared: a load and a store at a constant distance, the
/// load's address moving by a constant step per iteration, meet in a later
/// iteration only when some number of steps covers the distance (a[i] read
/// and written in place does not; a[i] read after a[i-1] was written does).
static bool mayFeedLaterIteration(ScalarEvolution &SE, const Loop *L,
                                  const AccessShape &St,
                                  const AccessShape &Ld) {
  auto DS = distanceAndStep(SE, L, St, Ld);
  if (!DS)
    return true;
  auto [Dist, Stride] = *DS;
  if (Stride < 0) {
    Stride = -Stride;
    Dist = -Dist;
  }
  const int64_t Width = std::max(St.Bytes, Ld.Bytes);
  // The store of iteration k overlaps the load of iteration k + m (m >= 1)
  // when |Stride * m - Dist| < Width: only the largest m with
  // Stride * m < Dist + Width can.
  if (Dist + Width <= Stride)
    return false;
  const int64_t M = (Dist + Width - 1) / Stride;
  return Stride * M > Dist - Width;
}

/// Whether the load \p Ld reads, whole, what the store \p St wrote in the
/// iteration of \p L before (`c[x] = w[x] + c[x - 1]`): the device
/// compiler keeps the stored value in a register for the next iteration
/// (measured: Rodinia's cdfCalc waits one load an iteration, not two), so
/// the load is no round trip.
static bool forwardedFromLastIteration(ScalarEvolution &SE, const Loop *L,
                                       const AccessShape &St,
                                       const AccessShape &Ld) {
  auto DS = distanceAndStep(SE, L, St, Ld);
  return DS && St.Bytes == Ld.Bytes && DS->first == DS->second;
}

/// Whether what the load \p Ld brings reaches, through a phi of the
/// header of its loop \p L (the next iteration), the address of a global
/// load of \p L: a pointer chase, a search's next probe. The next
/// iteration's load then waits for this one's.
static bool carriesToAnAddress(const Loop &L, const Instruction &Ld) {
  SmallVector<std::pair<const Value *, bool>, 16> Work{{&Ld, false}};
  SmallPtrSet<const Value *, 32> Seen, SeenCarried;
  while (!Work.empty() && Seen.size() + SeenCarried.size() < 256) {
    auto [V, Carried] = Work.pop_back_val();
    for (const User *U : V->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI || !L.contains(UI))
        continue;
      const bool Next =
          Carried || (isa<PHINode>(UI) && UI->getParent() == L.getHeader());
      if (Next && isa<LoadInst>(UI) &&
          UI->getOperand(0)->getType()->getPointerAddressSpace() == ASGlobal)
        return true;
      if (isa<StoreInst>(UI) || !(Next ? SeenCarried : Seen).insert(UI).second)
        continue;
      Work.push_back({UI, Next});
    }
  }
  return false;
}

static void findLoadRounds(AnalysisContext &C, const BlockFrequencies &BF,
                           const std::vector<BlockAccesses> &Blocks,
                           const std::vector<AccessShape> &Shapes,
                           KernelCounts &K) {
  auto isGlobal = [](const GlobalAccess &A) {
    return A.Space == AddrSpace::Global;
  };
  auto writes = [&](size_t A) {
    return isGlobal(K.Accesses[A]) &&
           (K.Accesses[A].IsStore || K.Accesses[A].IsAtomic);
  };
  auto loads = [&](size_t A) { return isGlobal(K.Accesses[A]) && !writes(A); };
  // The loops that wait at a barrier (their inner loops' barriers too),
  // those whose next iteration waits for what this one loaded (an exit
  // test, the next address), and the global stores of each block.
  SmallPtrSet<const Loop *, 8> Fenced, Dependent;
  std::vector<std::pair<const BasicBlock *, size_t>> Stores;
  for (auto &B : Blocks) {
    const Loop *L = C.LI.getLoopFor(B.BB);
    for (size_t I = 0; I < B.Made.size(); ++I) {
      const size_t A = B.Made[I];
      if (writes(A))
        Stores.push_back({B.BB, A});
      else if (L && loads(A) &&
               (K.Accesses[A].LoopExitUses ||
                carriesToAnAddress(*L, *B.Inst[I])))
        Dependent.insert(L);
    }
    if (B.HasBarrier)
      for (; L && Fenced.insert(L).second; L = L->getParentLoop())
        ;
  }
  // Does a store of \p L stand in relation \p Rel to the load \p A?
  auto anyStore = [&](const Loop *L, size_t A, auto Rel) {
    return llvm::any_of(Stores, [&](auto SBS) {
      return L->contains(SBS.first) &&
             Rel(C.SE, L, Shapes[SBS.second], Shapes[A]);
    });
  };
  // Does a store of \p L feed the load \p A in a later iteration?
  auto chained = [&](const Loop *L, size_t A) {
    return anyStore(L, A, mayFeedLaterIteration);
  };
  // Does it write what \p A reads in the next iteration, so that the load
  // takes it from a register?
  auto forwarded = [&](const Loop *L, size_t A) {
    return anyStore(L, A, forwardedFromLastIteration);
  };
  for (auto &B : Blocks) {
    const Loop *L = C.LI.getLoopFor(B.BB);
    double W = BF.Freq.lookup(B.BB);
    if (W <= 0)
      continue;
    // The loads from Made[From] to Made[To) as rounds into Out: one per
    // level of loads that wait for each other (an index, then what it
    // indexes), in order.
    const double Longest = W * longestShare(C, BF, B.BB);
    const bool ByStore = L && llvm::any_of(B.Made, [&](size_t A) {
                           return loads(A) && chained(L, A);
                         });
    auto addRounds = [&](size_t From, size_t To, std::vector<LoadRound> &Out) {
      std::map<unsigned, LoadRound> ByDepth;
      for (size_t I = From; I < To; ++I)
        if (loads(B.Made[I]) && !(L && forwarded(L, B.Made[I]))) {
          LoadRound &R = ByDepth[B.Depth[I]];
          R.BehindStores = ByStore;
          R.PerItem = W;
          R.PerLongestItem = Longest;
          R.Loads.push_back(roundLoad(K.Accesses[B.Made[I]]));
        }
      for (auto &[Depth, R] : ByDepth)
        Out.push_back(std::move(R));
      return !ByDepth.empty();
    };
    // Outside loops, and in loops with a barrier (no load moves above
    // it), the block's rounds wait in full: plain rounds.
    if (!L || (!ByStore && Fenced.count(L))) {
      addRounds(0, B.Made.size(), K.PlainRounds);
      continue;
    }
    // A block whose loads a store may feed waits round by round, its other
    // loads issued with the chained ones; so does a block of a loop whose
    // next loads cannot be issued early: one around an inner loop (only
    // innermost loops are unrolled), one stepped by a launch value (not
    // unrolled), or one whose next iteration waits for what this one
    // loaded.
    if (!ByStore) {
      if (L->getSubLoops().empty() && !Dependent.count(L) &&
          !launchSteppedAt(*L, C.LaunchSteppedLines)) {
        addRounds(0, B.Made.size(), K.LoopRounds);
        continue;
      }
    }
    // Chained: the stores split the block's loads into rounds.
    bool Any = false;
    size_t From = 0;
    for (size_t I = 0; I <= B.Made.size(); ++I)
      if (I == B.Made.size() || writes(B.Made[I])) {
        Any |= addRounds(From, I, K.ChainRounds);
        From = I + 1;
      }
    if (Any)
      K.GlobalLoadRounds -= W * B.Rounds; // counted there for the block
  }
}

namespace {
/// What one block adds to the longest work-item's path: its ALU lane-ops
/// (of which double and transcendental) and __local operations one after
/// another, at the longest item's share of the block.
struct LongestPath {
  double Alu = 0, Fp64 = 0, Transcendental = 0, Local = 0;
  LongestPath &operator+=(const LongestPath &O) {
    Alu += O.Alu;
    Fp64 += O.Fp64;
    Transcendental += O.Transcendental;
    Local += O.Local;
    return *this;
  }
};
} // namespace

/// Sums the blocks' parts of the longest work-item's path into \p K. Of
/// the sides of a branch or switch on ids that different items take
/// (`if (group == 0) ecc(); else if (group == 1) cam();`), one item runs
/// one: the path keeps the side with the most ALU and __local operations
/// and drops the others (each block once, so a side inside a dropped side
/// is not dropped twice).
/// \p Of: each block's part, in the function's order (the sum's order).
static void addLongestPath(
    const BlockFrequencies &BF,
    const std::vector<std::pair<const BasicBlock *, LongestPath>> &Of,
    KernelCounts &K) {
  DenseMap<const BasicBlock *, size_t> Index;
  for (size_t I = 0; I < Of.size(); ++I)
    Index[Of[I].first] = I;
  DenseSet<const BasicBlock *> Dropped;
  auto part = [&](const BasicBlock *B) {
    auto It = Index.find(B);
    return It == Index.end() || Dropped.count(B) ? LongestPath{}
                                                 : Of[It->second].second;
  };
  for (const auto &Sides : BF.ExclusiveSides) {
    std::vector<LongestPath> Sum(Sides.size());
    size_t Heaviest = 0;
    for (size_t S = 0; S < Sides.size(); ++S) {
      for (const BasicBlock *B : Sides[S])
        Sum[S] += part(B);
      if (Sum[S].Alu + Sum[S].Local > Sum[Heaviest].Alu + Sum[Heaviest].Local)
        Heaviest = S;
    }
    for (size_t S = 0; S < Sides.size(); ++S)
      if (S != Heaviest)
        Dropped.insert(Sides[S].begin(), Sides[S].end());
  }
  LongestPath Total;
  for (const auto &Block : Of)
    Total += part(Block.first);
  K.LongestAluOps += Total.Alu;
  K.LongestFp64Ops += Total.Fp64;
  K.LongestTranscendentalOps += Total.Transcendental;
  K.LongestLocalOps += Total.Local;
}

/// Steps 4 to 7 on the specialized, optimized kernel of \p C.
static void analyzeFunction(AnalysisContext &C, KernelCounts &K) {
  BlockFrequencies BF = computeBlockFrequencies(C);
  if (C.TimedOut)
    return;
  AccessSites Sites(C, BF);
  InstructionCounter Counter(C, Sites);
  PackingGraphBuilder Packing(C);
  // The global accesses each block made, in order, for the chain rounds.
  std::vector<BlockAccesses> Accessed;
  // ALU and __local instructions per work-item, as work-items run them and
  // as wavefronts issue them (WaveIssueScale).
  double ItemIssue = 0;
  std::array<double, 4> WaveIssue{};
  std::vector<std::pair<const BasicBlock *, LongestPath>> Longest;
  for (BasicBlock &BB : C.F) {
    double W = BF.Freq.lookup(&BB);
    BlockGraph BG;
    BG.Name = BB.hasName() ? BB.getName().str()
                           : "bb" + std::to_string(K.Blocks.size());
    BG.ExecPerItem = W;
    Packing.startBlock(BG);
    double LoadsBefore = K.GlobalLoads;
    double LocalBefore = K.LocalLoads + K.LocalStores;
    auto aluOps = [&] {
      double Sum = 0;
      for (double Ops : K.Alu)
        Sum += Ops;
      return Sum;
    };
    auto classOps = [&](AluClass Class) { return K.Alu[unsigned(Class)]; };
    const double AluBefore = aluOps(), Fp64Before = classOps(AluClass::Fp64),
                 TransBefore = classOps(AluClass::Transcendental);
    bool Barrier = false;
    DefUsePath Local, Global;
    BlockAccesses &Made =
        Accessed.emplace_back(BlockAccesses{&BB, {}, {}, {}, 0, false});
    for (Instruction &I : BB) {
      InstrClass IC = classify(I, C.DL);
      const bool IsBarrier = IC.K == InstrClass::Barrier;
      Barrier |= IsBarrier;
      Local.add(I, isLocalAccess(I), IsBarrier);
      const size_t Before = K.Accesses.size();
      Counter.count(I, IC, W, K);
      Packing.add(I, IC);
      bool GlobalLoad = false;
      for (size_t A = Before; A < K.Accesses.size(); ++A)
        GlobalLoad |= !K.Accesses[A].IsStore && !K.Accesses[A].IsAtomic &&
                      K.Accesses[A].Space == AddrSpace::Global;
      Global.add(I, GlobalLoad, false);
      for (size_t A = Before; A < K.Accesses.size(); ++A) {
        Made.Made.push_back(A);
        Made.Inst.push_back(&I);
        Made.Depth.push_back(Global.depthOf(I));
      }
    }
    Made.HasBarrier = Barrier;
    if (K.GlobalLoads > LoadsBefore) {
      Made.Rounds = std::max(1u, Global.depth());
      K.GlobalLoadRounds += W * Made.Rounds;
    }
    const double Alu = aluOps() - AluBefore;
    const double LocalOps = K.LocalLoads + K.LocalStores - LocalBefore;
    LongestPath &Own = Longest.emplace_back(&BB, LongestPath{}).second;
    if (Alu > 0) {
      const double Share = longestShare(C, BF, &BB);
      Own.Alu = Alu * Share;
      Own.Fp64 = (classOps(AluClass::Fp64) - Fp64Before) * Share;
      Own.Transcendental =
          (classOps(AluClass::Transcendental) - TransBefore) * Share;
    }
    const double Issue = Alu + LocalOps;
    ItemIssue += Issue;
    auto Skew = BF.WaveSkew.find(&BB);
    for (unsigned Wi = 0; Wi < 4; ++Wi)
      WaveIssue[Wi] +=
          Issue * (Skew == BF.WaveSkew.end() ? 1.0 : Skew->second[Wi]);
    if (LocalOps > 0)
      Own.Local = W * Local.depth() * longestShare(C, BF, &BB);
    if (unsigned Copies = W > 0 ? Packing.loopCopies(BB) : 1; Copies > 1) {
      Packing.addLoopCopies(BB, Copies);
      BG.ExecPerItem = W / Copies;
    }
    Packing.endBlock();
    if (!BG.Nodes.empty() && W > 0)
      K.Blocks.push_back(std::move(BG));
  }
  if (ItemIssue > 0)
    for (unsigned Wi = 0; Wi < 4; ++Wi)
      K.WaveIssueScale[Wi] = WaveIssue[Wi] / ItemIssue;
  addLongestPath(BF, Longest, K);
  findLoadRounds(C, BF, Accessed, Sites.shapes(), K);
  computeFootprints(C, Sites.shapes(), K);
  for (const KernelArgInfo &A : K.Args)
    if (A.IsPointer && A.Space == AddrSpace::Global &&
        launchWrites(A, K.Footprints))
      K.RewrittenBytes +=
          launchBufferBytes(A, K.Footprints, C.Opts.BufferBytes).value_or(0);
  Sites.chargeConstantTables(K);
  Sites.mergeCopiedSites(K);
  K.Registers = estimateRegisters(C.F, C.DL);
  findFloatPrecisionUses(C, BF, K);
  findPrivateArrays(C, BF, K);
  for (auto &[BB, Site] : BF.Sites) {
    Site.ExecPerItem = BF.Freq.lookup(BB);
    if (Site.ExecPerItem > 0)
      K.Branches.push_back(std::move(Site));
  }
  Counter.addLines(K);
  for (auto &A : C.Assumptions)
    K.Assumptions.push_back(A);
  K.TripRanges = BF.TripRanges;
}

std::vector<std::string> kernelNames(const Module &M) {
  std::vector<std::string> Names;
  for (const Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == CallingConv::SPIR_KERNEL)
      Names.push_back(F.getName().str());
  return Names;
}

char AnalysisTimedOut::ID = 0;

void AnalysisTimedOut::log(raw_ostream &OS) const {
  OS << "analysis stopped after its time limit";
}

std::error_code AnalysisTimedOut::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

/// Whether \p Opts' deadline has passed (checked between phases).
static bool pastDeadline(const AnalyzeOptions &Opts) {
  return Opts.Deadline && std::chrono::steady_clock::now() >= *Opts.Deadline;
}

Expected<KernelCounts> analyzeKernel(const Module &M, const std::string &Kernel,
                                     const AnalyzeOptions &Opts) {
  if (pastDeadline(Opts))
    return make_error<AnalysisTimedOut>();
  // Keep only this kernel and what it references (cloneKernel): other
  // kernels are not cloned at all, and helpers become internal so their
  // out-of-line copies die once inlined. Neither costs cloning or
  // optimization time then.
  const Function *Src = M.getFunction(Kernel);
  if (!Src || Src->isDeclaration() ||
      Src->getCallingConv() != CallingConv::SPIR_KERNEL)
    return createStringError(inconvertibleErrorCode(),
                             "no kernel named '" + Kernel + "'");
  std::unique_ptr<Module> Clone = cloneKernel(M, *Src);
  Function *F = Clone->getFunction(Kernel);
  for (Function &G : *Clone)
    if (&G != F && !G.isDeclaration() &&
        G.getCallingConv() != CallingConv::SPIR_KERNEL)
      G.setLinkage(GlobalValue::InternalLinkage);

  KernelCounts K;
  K.Name = Kernel;
  K.Args = argumentInfo(*F);
  // The path exactly as the user gave it (the module's source file name):
  // debug info splits an absolute path into a compilation directory and a
  // relative name, which editors cannot open.
  std::string File = M.getSourceFileName();
  K.Loc = {File, 0, 0};
  if (DISubprogram *SP = F->getSubprogram()) {
    K.Loc.Line = SP->getLine();
    if (SP->getFile()) // a kernel defined in an included file
      K.Loc.File = sourcePathOf(*SP->getFile(), File);
  }
  // reqd_work_group_size(X, Y, Z): a launch must use it, so it is the local
  // size when the launch gives none.
  K.ReqdWorkGroupSize = reqdWorkGroupSize(*F);

  AnalyzeOptions O = Opts;
  O.Launch = launchFor(*F, Opts, K.ReqdWorkGroupSize, K.Assumptions);
  K.Launch = O.Launch;

  // GPU compilers inline every call in a kernel; so does the analysis,
  // whatever the size of the helper function (HelperInlining.h: when).
  markHelpersForInlining(*Clone, *F);
  mergeRepeatedLoads(*Clone);

  // Memory operations are counted as the source performs them: marked
  // volatile, the optimizer may unroll loops around them (which keeps their
  // dynamic count) but may not delete, merge, narrow, sink or hoist them.
  // Arithmetic is still optimized fully. This makes the counts exactly the
  // ones an OpenCL implementation executes without its own load
  // elimination (oclgrind's dynamic counts; tests/scripts/oclgrind.cmake).
  //
  // The optimizer may still merge two of them into one (the same
  // `out[g] = ...` in both arms of an if, sunk below it), which then has a
  // merged location, line 0, where no finding can point: the kernel's own
  // accesses get back the line they had (one of the merged ones').
  SourceLines KernelLines;
  for (Function &G : *Clone)
    for (Instruction &I : instructions(G)) {
      if (auto *Ld = dyn_cast<LoadInst>(&I)) {
        if (Ld->getPointerAddressSpace() != ASPrivate)
          Ld->setVolatile(true);
      } else if (auto *St = dyn_cast<StoreInst>(&I)) {
        if (St->getPointerAddressSpace() != ASPrivate)
          St->setVolatile(true);
      } else {
        continue;
      }
      if (&G == F)
        KernelLines.remember(I);
    }

  DenseSet<unsigned> LaunchStepped = launchSteppedLoopLines(*F);
  std::vector<Assumption> SpecNotes;
  uint64_t LocalArgBytes = 0;
  if (Error E = specialize(*F, K.Args, O.Launch, SpecNotes, LocalArgBytes))
    return std::move(E);
  if (pastDeadline(Opts))
    return make_error<AnalysisTimedOut>();
  optimizeModule(*Clone);
  if (pastDeadline(Opts))
    return make_error<AnalysisTimedOut>();
  inlineDeferredHelpers(*Clone);
  if (pastDeadline(Opts))
    return make_error<AnalysisTimedOut>();
  F = Clone->getFunction(Kernel);
  if (!F)
    return createStringError(inconvertibleErrorCode(),
                             "kernel '" + Kernel +
                                 "' vanished in optimization");
  KernelLines.restore();
  pointerAccess(*F, K.Args);
  // Static __local arrays used by the kernel.
  uint64_t StaticLocal = 0;
  for (GlobalVariable &GV : Clone->globals())
    if (GV.getAddressSpace() == ASLocal && !GV.use_empty())
      StaticLocal += Clone->getDataLayout().getTypeAllocSize(GV.getValueType());
  K.LocalMemBytes = StaticLocal + LocalArgBytes;

  AnalysisContext C(*F, O, File);
  C.LaunchSteppedLines = std::move(LaunchStepped);
  analyzeFunction(C, K);
  if (C.TimedOut)
    return make_error<AnalysisTimedOut>();
  K.Assumptions.insert(K.Assumptions.end(), SpecNotes.begin(), SpecNotes.end());
  if (!O.CpuTarget.empty()) {
    if (pastDeadline(Opts))
      return make_error<AnalysisTimedOut>();
    K.Cpu = cpuCode(M, Kernel, K.Args, O);
  }
  return K;
}

} // namespace clspread

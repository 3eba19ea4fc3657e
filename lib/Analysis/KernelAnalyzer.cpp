//===- KernelAnalyzer.cpp - Per-work-item counts of one kernel ------------===//
//
// See KernelAnalyzer.h for the steps. Cost conventions (docs/model.md has
// the table): casts between integer widths, bitcasts, vector element
// moves, phis, fneg and fabs are free (register renames or source
// modifiers on GPUs); a GEP costs an add per variable index plus a shift
// when the element is wider than a byte; 64-bit integer arithmetic costs
// two lane-ops (GPUs have 32-bit integer ALUs), a 64-bit multiply four.
//
//===----------------------------------------------------------------------===//
#include "Analysis/KernelAnalyzer.h"
#include "Analysis/Builtins.h"
#include "Analysis/FlowSolver.h"
#include "Analysis/HelperInlining.h"
#include "Analysis/IdEvaluator.h"
#include "Analysis/KernelArgs.h"
#include "Analysis/KernelClone.h"
#include "Frontend/OpenCLFrontend.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <tuple>
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


namespace {

// SPIR address spaces.
enum : unsigned { ASPrivate = 0, ASGlobal = 1, ASConstant = 2, ASLocal = 3,
                  ASGeneric = 4 };

unsigned lanesOf(Type *T) {
  if (auto *VT = dyn_cast<FixedVectorType>(T))
    return VT->getNumElements();
  return 1;
}

/// An offset as an affine function of work-item ids and loop iterations.
struct Affine {
  int64_t Const = 0;
  int64_t Gid[3] = {0, 0, 0}, Lid[3] = {0, 0, 0}, Grp[3] = {0, 0, 0};
  std::vector<std::pair<const Loop *, int64_t>> Iter;
  /// A term from a scalar argument not given with --arg: the same for
  /// every work-item, so the stride is known but the footprint is not.
  bool Symbolic = false;

  bool operator==(const Affine &) const = default;

  void scale(int64_t K) {
    Const *= K;
    for (int D = 0; D < 3; ++D) {
      Gid[D] *= K;
      Lid[D] *= K;
      Grp[D] *= K;
    }
    for (auto &P : Iter)
      P.second *= K;
  }
  void add(const Affine &O) {
    Symbolic |= O.Symbolic;
    Const += O.Const;
    for (int D = 0; D < 3; ++D) {
      Gid[D] += O.Gid[D];
      Lid[D] += O.Lid[D];
      Grp[D] += O.Grp[D];
    }
    for (auto &P : O.Iter) {
      bool Found = false;
      for (auto &Q : Iter)
        if (Q.first == P.first) {
          Q.second += P.second;
          Found = true;
        }
      if (!Found)
        Iter.push_back(P);
    }
  }
  int64_t strideDim0() const { return Gid[0] + Lid[0]; }
};

class Analyzer {
public:
  Analyzer(Function &F, const AnalyzeOptions &Opts, const std::string &File)
      : F(F), Opts(Opts), L(Opts.Launch), File(File), DT(F), LI(DT),
        TLII(Triple(F.getParent()->getTargetTriple())), TLI(TLII), AC(F),
        SE(F, TLI, AC, DT, LI), DL(F.getParent()->getDataLayout()) {}

  void run(KernelCounts &K);
  /// Whether the run stopped at AnalyzeOptions::Deadline (K is partial).
  bool timedOut() const { return TimedOut; }

private:
  // Step 4 and 5.
  void computeFrequencies();
  double loopExitProbability(BasicBlock *BB, BranchInst *Br);
  std::optional<uint64_t> geometricMaxTrips(Loop *Lp, BranchInst *Br);
  /// The id-only conditions that hold wherever \p BB runs: branches of its
  /// dominators whose one edge dominates it.
  std::vector<IdEvaluator::Guard> guardsOf(BasicBlock *BB, IdEvaluator &Eval);
  BasicBlock *enteredLoop(BranchInst *Br);
  // Step 6.
  void countInstruction(Instruction &I, double W, KernelCounts &K);
  void countAlu(Instruction &I, AluClass C, unsigned Lanes, unsigned OpsPerLane,
                double W, KernelCounts &K, unsigned Extra = 0,
                AluClass ExtraC = AluClass::Fp32);
  void countMemory(Instruction &I, Value *Ptr, Type *Ty, bool IsStore,
                   bool IsAtomic, double W, KernelCounts &K,
                   const SCEV *ExtraOffset = nullptr);
  // Step 7.
  std::optional<Affine> affine(const SCEV *S, unsigned Depth = 0);
  std::optional<uint64_t> tripCount(const Loop *Lp);
  double averageTrips(const Loop *Lp);
  GlobalAccess::Pattern shapeOf(const Affine &Off, const BasicBlock *BB);
  void computeFootprints(KernelCounts &K);
  unsigned estimateRegisters();
  /// The first double-precision value, and the private arrays that stayed
  /// in memory (indexed at run time), for the lint rules.
  void findFp64AndPrivateArrays(KernelCounts &K);
  std::optional<uint64_t> unrolledIndex(Value *Ptr, const AllocaInst *AI);
  LineCounts &line(Instruction &I);
  /// Records a guess about \p Line (0: not about a line), once.
  void assume(const char *Kind, unsigned Line, const std::string &Message) {
    for (auto &A : Assumptions)
      if (A.Line == Line && A.Message == Message)
        return;
    Assumptions.push_back({Line ? File : std::string(), Line, Kind, Message});
  }
  unsigned lineOf(const Instruction &I) {
    if (const DILocation *Loc = I.getDebugLoc())
      return Loc->getLine();
    return 0;
  }
  /// The file of a debug location: the main file's path as the user gave
  /// it, an included file's as Clang found it (debug info splits both
  /// into a directory and a name).
  std::string fileOf(const DIFile *F) {
    if (!F)
      return File;
    auto [It, New] = FileOf.try_emplace(F);
    if (New)
      It->second = sourcePathOf(*F, File);
    return It->second;
  }
  /// \p I's place: its file and line, and its column when \p WithCol.
  SourceLoc locOf(const Instruction &I, bool WithCol = false) {
    if (const DILocation *Loc = I.getDebugLoc())
      return {fileOf(Loc->getFile()), Loc->getLine(),
              WithCol ? Loc->getColumn() : 0};
    return {File, 0, 0};
  }

  Function &F;
  const AnalyzeOptions &Opts;
  const LaunchSpec &L;
  std::string File;
  DenseMap<const DIFile *, std::string> FileOf; ///< fileOf()'s answers
  bool TimedOut = false;
  bool pastDeadline() {
    if (!TimedOut && Opts.Deadline &&
        std::chrono::steady_clock::now() >= *Opts.Deadline)
      TimedOut = true;
    return TimedOut;
  }
  DominatorTree DT;
  LoopInfo LI;
  TargetLibraryInfoImpl TLII;
  TargetLibraryInfo TLI;
  AssumptionCache AC;
  ScalarEvolution SE;
  const DataLayout &DL;

  DenseMap<const BasicBlock *, double> Freq;
  /// Branches on ids of dimension 0, with their IdEvaluator output when the
  /// condition is id-only; and the sites made of them, by block.
  std::vector<std::pair<BranchInst *, std::optional<unsigned>>>
      DivergenceQueries;
  std::vector<std::pair<const BasicBlock *, BranchSite>> Sites;
  std::vector<Assumption> Assumptions;
  std::vector<KernelCounts::TripRange> TripRanges;
  std::map<unsigned, LineCounts> Lines;
  // Per global access: its affine offset, for footprints.
  struct AccessShape {
    size_t Index;
    std::optional<Affine> Off;
    unsigned ArgNo;
  };
  std::vector<AccessShape> Shapes;
  /// Accesses (by index in K.Accesses) to program-scope __constant
  /// arrays, by the array: small ones are read through the constant cache.
  std::map<const GlobalVariable *, std::vector<size_t>> ConstantTables;
  void chargeConstantTables(KernelCounts &K);
  /// Sites that are copies of one source access (see the definition).
  void mergeCopiedSites(KernelCounts &K);
  // Dependence graph of the block being counted (docs/counting.md, section
  // 6): per value and lane, the graph nodes that produce it.
  using LaneNodes = std::vector<std::vector<uint32_t>>;
  BlockGraph *Graph = nullptr;
  DenseMap<const Value *, LaneNodes> Producers;
  /// The graph's sinks at the block's last barrier so far: every node
  /// after the barrier depends on them (no bundle spans a barrier).
  std::vector<uint32_t> Fence;
  /// False while later copies of an unrolled loop body are added to the
  /// graph: nodes only, nothing counted.
  bool Counting = true;
  /// Copies after the first of an unrolled loop body: values that are
  /// affine in the loop's counter (addresses, the counter itself), as
  /// copy 0 computed them, and the exit compare to leave out.
  struct Affine0 {
    LaneNodes P;       ///< copy 0's producers
    bool Add = false;  ///< used other than as an address: one add a copy
  };
  DenseMap<const Value *, Affine0> FirstCopy;
  const Instruction *ExitCompare = nullptr;
  bool LaterCopy = false;

  uint32_t addNode(AluClass C, std::vector<uint32_t> Deps);
  std::vector<uint32_t> producersOf(std::initializer_list<const Value *> Vs);
  void graphLoad(Instruction &I, Value *Ptr,
                 std::initializer_list<const Value *> Also = {});
  void graphStore(Instruction &I, Value *Ptr, Value *Val, bool Returns);
  void graphBarrier();
  unsigned loopCopies(BasicBlock &BB);
  void graphLoopCopies(BasicBlock &BB, unsigned Copies, KernelCounts &K);
  bool affineInCopy(const Instruction &I);
};

//===-- Frequencies -------------------------------------------------------===//

std::optional<uint64_t> Analyzer::tripCount(const Loop *Lp) {
  const SCEV *BTC = SE.getBackedgeTakenCount(Lp);
  if (auto *C = dyn_cast<SCEVConstant>(BTC))
    return C->getAPInt().getZExtValue() + 1;
  return std::nullopt;
}

/// Iterations per entry of \p Lp: its constant trip count, or the
/// header's frequency over the frequency of the edges that enter it.
double Analyzer::averageTrips(const Loop *Lp) {
  if (std::optional<uint64_t> TC = tripCount(Lp))
    return double(*TC);
  const BasicBlock *H = Lp->getHeader();
  double Entries = 0;
  for (const BasicBlock *P : predecessors(H))
    if (!Lp->contains(P))
      Entries += Freq.lookup(P); // the entering block runs once per entry
  double Runs = Freq.lookup(H);
  return Entries > 0 && Runs > Entries ? Runs / Entries : 1.0;
}

GlobalAccess::Pattern Analyzer::shapeOf(const Affine &Off,
                                        const BasicBlock *BB) {
  GlobalAccess::Pattern P;
  P.Const = Off.Symbolic ? 0 : Off.Const;
  for (int D = 0; D < 3; ++D) {
    P.Gid[D] = Off.Gid[D];
    P.Lid[D] = Off.Lid[D];
    P.Grp[D] = Off.Grp[D];
  }
  for (const Loop *Lp = LI.getLoopFor(BB); Lp; Lp = Lp->getParentLoop()) {
    GlobalAccess::Pattern::LoopTerm T;
    T.Trips = averageTrips(Lp);
    for (auto &[L, C] : Off.Iter)
      if (L == Lp)
        T.Coef = C;
    P.Loops.push_back(T);
  }
  return P;
}

/// Visits \p V and the values its operands come from, depth first, at most
/// 256 values; \p Visit returns whether to look through a value's operands.
static void walkSlice(Value *V, function_ref<bool(Value *)> Visit) {
  std::vector<Value *> Work = {V};
  std::set<Value *> Seen;
  while (!Work.empty() && Seen.size() < 256) {
    Value *X = Work.back();
    Work.pop_back();
    if (!Seen.insert(X).second || !Visit(X))
      continue;
    if (auto *I = dyn_cast<Instruction>(X))
      for (Value *Op : I->operands())
        Work.push_back(Op);
  }
}

/// Scalar kernel arguments that \p V's value depends on without a memory
/// load in between ("argument 'n'"), or "" when it depends on data.
static std::string scalarArgsIn(Value *V) {
  std::set<std::string> Names;
  bool Data = false;
  walkSlice(V, [&](Value *X) {
    if (auto *A = dyn_cast<Argument>(X)) {
      if (!A->getType()->isPointerTy())
        Names.insert(A->getName().str());
      return false;
    }
    if (isa<LoadInst>(X) || isa<PHINode>(X)) {
      Data = true;
      return false;
    }
    return true;
  });
  if (Data || Names.empty())
    return "";
  std::string S = Names.size() == 1 ? "argument " : "arguments ";
  bool First = true;
  for (auto &N : Names) {
    S += (First ? "'" : ", '") + N + "'";
    First = false;
  }
  return S;
}

/// Whether \p V's slice calls get_local_id or get_group_id.
static bool usesLocalIds(Value *V) {
  bool Found = false;
  walkSlice(V, [&](Value *X) {
    if (auto W = workItemCall(X))
      Found |= W->Fn == WorkItemFn::LocalId || W->Fn == WorkItemFn::GroupId;
    return !Found;
  });
  return Found;
}

/// Whether \p V depends on get_local_id(0) or get_global_id(0): the ids
/// that tell neighbours in a wavefront apart.
static bool usesIdDim0(Value *V) {
  bool Found = false;
  walkSlice(V, [&](Value *X) {
    if (auto W = workItemCall(X))
      Found |= (W->Fn == WorkItemFn::LocalId || W->Fn == WorkItemFn::GlobalId) &&
               W->Dim && *W->Dim == 0;
    return !Found;
  });
  return Found;
}

std::vector<IdEvaluator::Guard> Analyzer::guardsOf(BasicBlock *BB,
                                                   IdEvaluator &Eval) {
  std::vector<IdEvaluator::Guard> Guards;
  for (auto *Node = DT.getNode(BB)->getIDom(); Node; Node = Node->getIDom()) {
    BasicBlock *D = Node->getBlock();
    auto *DB = dyn_cast<BranchInst>(D->getTerminator());
    if (!DB || !DB->isConditional() ||
        DB->getSuccessor(0) == DB->getSuccessor(1))
      continue;
    for (unsigned S = 0; S < 2; ++S) {
      BasicBlockEdge E(D, DB->getSuccessor(S));
      if (DT.dominates(E, BB))
        if (auto GS = Eval.compile(DB->getCondition()))
          Guards.push_back({*GS, S == 0});
    }
  }
  return Guards;
}

/// Why ScalarEvolution cannot count a loop whose exit tests \p Cond: "depends
/// on data" (a load), "depends on argument 'n', not given with --arg",
/// "depends on floating-point values the loop computes" (an escape-time
/// loop), or "is not affine in the loop counter".
static std::string loopReason(Value *Cond) {
  bool Data = false, Float = false;
  std::set<std::string> Args;
  walkSlice(Cond, [&](Value *X) {
    Float |= isa<FCmpInst>(X) || X->getType()->isFPOrFPVectorTy();
    if (isa<LoadInst>(X) || isa<AtomicRMWInst>(X) || isa<AtomicCmpXchgInst>(X)) {
      Data = true;
      return false;
    }
    if (auto *A = dyn_cast<Argument>(X)) {
      if (!A->getType()->isPointerTy())
        Args.insert(A->getName().str());
      return false;
    }
    return true;
  });
  if (Data)
    return "depends on data (a value loaded from memory)";
  if (!Args.empty()) {
    std::string S;
    for (const std::string &A : Args)
      S += (S.empty() ? "'" : ", '") + A + "'";
    return "depends on " + std::string(Args.size() == 1 ? "argument " : "arguments ") +
           S + ", not given with --arg";
  }
  if (Float)
    return "depends on floating-point values the loop computes";
  return "is not affine in the loop counter (ScalarEvolution cannot count it)";
}

/// The successor of \p Br that enters a loop (its preheader or header)
/// whose trip count ScalarEvolution does not know, if any.
BasicBlock *Analyzer::enteredLoop(BranchInst *Br) {
  auto Unknown = [&](Loop *Lp) {
    return !Lp->contains(Br->getParent()) && !tripCount(Lp);
  };
  for (unsigned S = 0; S < 2; ++S) {
    BasicBlock *Succ = Br->getSuccessor(S);
    // Succ is the header of at most one loop, and the preheader of at most
    // one (its single successor's); both are checked, as an outer loop's
    // header can be an inner loop's preheader.
    if (LI.isLoopHeader(Succ) && Unknown(LI.getLoopFor(Succ)))
      return Succ;
    if (BasicBlock *H = Succ->getUniqueSuccessor(); H && LI.isLoopHeader(H))
      if (Loop *Lp = LI.getLoopFor(H);
          Lp->getLoopPreheader() == Succ && Unknown(Lp))
        return Succ;
  }
  return nullptr;
}

double Analyzer::loopExitProbability(BasicBlock *BB, BranchInst *Br) {
  // Probability of leaving the loop at this exiting block, per execution.
  Loop *Lp = LI.getLoopFor(BB);
  const SCEV *EC = SE.getExitCount(Lp, BB);
  if (auto *C = dyn_cast<SCEVConstant>(EC))
    return 1.0 / (double(C->getAPInt().getZExtValue()) + 1.0);
  unsigned Line = lineOf(*Br);
  bool Main = Lp->getExitingBlock() == BB || Lp->getHeader() == BB ||
              Lp->isLoopLatch(BB);
  // A count the user stated for this loop (by its first line).
  unsigned LoopLine = Lp->getStartLoc() ? Lp->getStartLoc().getLine() : Line;
  for (unsigned At : {LoopLine, Line})
    if (auto It = Opts.TripCounts.find(At); It != Opts.TripCounts.end()) {
      if (!Main)
        return 0.0; // the stated count is the whole trip: no early exit
      assume("stated", LoopLine,
             fmt::format("loop trip count {} as stated (--trip or a "
                         "`// clspread: trip` comment)",
                         It->second));
      return 1.0 / double(It->second);
    }
  // An inner loop whose count follows an outer loop's counter (a
  // triangular `j < i`): its exit count is an affine recurrence of the
  // outer loop, whose trip count is known. Its mean over the outer
  // iterations (0 where the count is negative: the loop is skipped) is
  // the trip count.
  if (auto *AR = dyn_cast<SCEVAddRecExpr>(EC); AR && AR->isAffine() && Main) {
    const Loop *Outer = AR->getLoop();
    auto *S0 = dyn_cast<SCEVConstant>(AR->getStart());
    auto *D = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    std::optional<uint64_t> T = tripCount(Outer);
    if (Outer != Lp && Outer->contains(Lp) && S0 && D && T && *T <= (1u << 20) &&
        S0->getAPInt().getBitWidth() <= 64) {
      double Sum = 0, Entered = 0;
      const int64_t Start = S0->getAPInt().getSExtValue();
      const int64_t Step = D->getAPInt().getSExtValue();
      for (uint64_t I = 0; I < *T; ++I) {
        long double V = (long double)Start + (long double)Step * (long double)I;
        if (V >= 0) {
          Sum += double(V) + 1.0;
          Entered += 1;
        }
      }
      if (Entered > 0) {
        // The guard in front is assumed taken on every outer iteration, so
        // the iterations that skip the loop (a negative count) count as 0.
        double Mean = std::max(1.0, Sum / double(*T));
        assume("loop-trip-count", LoopLine,
               fmt::format("loop trip count follows the counter of the loop at "
                           "line {}: {:.4g} on average over its {} iterations",
                           Outer->getStartLoc() ? Outer->getStartLoc().getLine()
                                                : 0,
                           Mean, *T));
        return 1.0 / Mean;
      }
    }
  }
  // What the analysis knows: the largest count ScalarEvolution can prove
  // (a data-dependent exit under a counted bound, as Mandelbrot's
  // `it < max_iter`), and why it cannot count exactly.
  std::optional<uint64_t> Max;
  if (auto *M = dyn_cast<SCEVConstant>(SE.getConstantMaxBackedgeTakenCount(Lp));
      M && M->getAPInt().getActiveBits() <= 24) // 2^31 - 1 says nothing
    Max = M->getAPInt().getZExtValue() + 1;
  // A loop that doubles or halves its counter (`i *= 2`, `s >>= 1`) from a
  // start that depends on ids or data: at most log2 of its range.
  if (!Max)
    Max = geometricMaxTrips(Lp, Br);
  // A proven bound is used: the loop is taken at its bound (the end of the
  // range the report gives), not at the default guess.
  const double Assumed = Max ? double(*Max) : double(Opts.DefaultTripCount);
  std::string Range =
      Max ? fmt::format("trip count in [1, {}]; assumed {:g} (the bound)",
                        *Max, Assumed)
          : fmt::format("assumed {:g}", Assumed);
  std::string Hint = fmt::format(" (state it with --trip FILE:{}=N or a "
                                 "`// clspread: trip N` comment above the "
                                 "loop)",
                                 LoopLine);
  if (Main) {
    if (Max && std::none_of(TripRanges.begin(), TripRanges.end(),
                            [&](const KernelCounts::TripRange &T) {
                              return T.Line == LoopLine;
                            }))
      TripRanges.push_back({LoopLine, *Max, Assumed});
    // At the loop's line, which the hint and --trip name, not the exiting
    // branch's: a rotated loop exits at a `break` lines below its `for`.
    assume("loop-trip-count", LoopLine,
           "loop trip count " + loopReason(Br->getCondition()) + "; " + Range +
               Hint);
    return 1.0 / Assumed;
  }
  assume("loop-exit", Line,
         "early loop exit " + loopReason(Br->getCondition()) + "; " +
             (Max ? fmt::format("trip count in [1, {}]; ", *Max) : "") +
             "assumed taken on 1 iteration in " +
             std::to_string(Opts.DefaultTripCount));
  return 1.0 / Opts.DefaultTripCount;
}

/// The most iterations of \p Lp when it exits at \p Br comparing a counter
/// that doubles (`i *= 2`, `i <<= 1`) against a bound, or halves (`s >>= 1`,
/// `s /= 2`) down to one: log2 of the ratio of the bound to the smallest
/// start (doubling) or of the largest start to the bound (halving), from
/// the ranges ScalarEvolution proves for both. ScalarEvolution counts such
/// loops itself only when the start is a constant.
std::optional<uint64_t> Analyzer::geometricMaxTrips(Loop *Lp, BranchInst *Br) {
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp || !Cmp->getOperand(0)->getType()->isIntegerTy())
    return std::nullopt;
  BasicBlock *H = Lp->getHeader();
  for (unsigned Side = 0; Side < 2; ++Side) {
    Value *X = Cmp->getOperand(Side), *B = Cmp->getOperand(1 - Side);
    if (!Lp->isLoopInvariant(B))
      continue;
    // X is the counter (a header phi) or its next value.
    PHINode *P = dyn_cast<PHINode>(X);
    Instruction *Next = nullptr;
    if (!P || P->getParent() != H) {
      Next = dyn_cast<Instruction>(X);
      if (!Next || Next->getNumOperands() != 2)
        continue;
      P = dyn_cast<PHINode>(Next->getOperand(0));
      if (!P || P->getParent() != H)
        continue;
    }
    BasicBlock *Latch = Lp->getLoopLatch();
    if (!Latch || P->getNumIncomingValues() != 2)
      continue;
    auto *Step = dyn_cast<BinaryOperator>(P->getIncomingValueForBlock(Latch));
    if (!Step || Step->getOperand(0) != P || (Next && Next != Step))
      continue;
    auto *C = dyn_cast<ConstantInt>(Step->getOperand(1));
    if (!C)
      continue;
    bool Up = (Step->getOpcode() == Instruction::Shl && C->equalsInt(1)) ||
              (Step->getOpcode() == Instruction::Mul && C->equalsInt(2));
    bool Down = ((Step->getOpcode() == Instruction::LShr ||
                  Step->getOpcode() == Instruction::AShr) && C->equalsInt(1)) ||
                ((Step->getOpcode() == Instruction::UDiv ||
                  Step->getOpcode() == Instruction::SDiv) && C->equalsInt(2));
    if (!Up && !Down)
      continue;
    Value *Start = P->getIncomingValueForBlock(Lp->getLoopPreheader()
                                                   ? Lp->getLoopPreheader()
                                                   : P->getIncomingBlock(
                                                         P->getIncomingBlock(0) == Latch));
    ConstantRange SR = SE.getUnsignedRange(SE.getSCEV(Start));
    ConstantRange BR = SE.getUnsignedRange(SE.getSCEV(B));
    unsigned Bits;
    if (Up) {
      // From the smallest start >= 1 (a doubling loop that ends starts
      // there) up to the largest bound.
      if (BR.isFullSet())
        return std::nullopt;
      APInt Lo = SR.isFullSet() ? APInt(SR.getBitWidth(), 1) : SR.getUnsignedMin();
      APInt Hi = BR.getUnsignedMax();
      if (Lo.isZero())
        Lo = APInt(Lo.getBitWidth(), 1);
      if (Hi.ule(Lo))
        return uint64_t(1);
      Bits = (Hi.udiv(Lo)).getActiveBits();
    } else {
      // From the largest start down to the smallest bound (at least 1).
      APInt Hi = SR.getUnsignedMax(), Lo = BR.getUnsignedMin();
      if (Lo.isZero())
        Lo = APInt(Lo.getBitWidth(), 1);
      if (Hi.ule(Lo))
        return uint64_t(1);
      Bits = (Hi.udiv(Lo)).getActiveBits();
    }
    if (Bits == 0 || Bits > 63)
      return std::nullopt;
    return uint64_t(Bits) + 1;
  }
  return std::nullopt;
}

void Analyzer::computeFrequencies() {
  // Edge probabilities, then f = e + P^T f solved sparsely: generated
  // kernels may have tens of thousands of blocks (a switch of 20,000 cases).
  std::vector<BasicBlock *> Blocks;
  DenseMap<const BasicBlock *, unsigned> Index;
  for (BasicBlock &BB : F) {
    Index[&BB] = Blocks.size();
    Blocks.push_back(&BB);
  }
  size_t N = Blocks.size();
  std::vector<std::vector<std::pair<unsigned, double>>> Out(N);

  IdEvaluator Eval(L);
  Eval.setBudget(Opts.MaxIdOperations);
  Eval.setDeadline(Opts.Deadline);
  struct Pending {
    unsigned From;
    BranchInst *Br;
    unsigned Query;
  };
  std::vector<Pending> IdBranches;
  struct PendingExit {
    unsigned From;
    BranchInst *Br;
    Loop *Lp;
    unsigned Query;
  };
  std::vector<PendingExit> IdExits;

  for (BasicBlock *BB : Blocks) {
    unsigned From = Index[BB];
    Instruction *T = BB->getTerminator();
    auto *Br = dyn_cast<BranchInst>(T);
    if (Br && Br->isConditional()) {
      BasicBlock *S0 = Br->getSuccessor(0), *S1 = Br->getSuccessor(1);
      Loop *Lp = LI.getLoopFor(BB);
      bool Exiting = Lp && (!Lp->contains(S0) || !Lp->contains(S1));
      if (S0 == S1) {
        Out[From].push_back({Index[S0], 1.0});
        continue;
      }
      // Exits of loops whose count SCEV knows come first: the condition of
      // a counted loop usually depends on the induction variable.
      if (Exiting && isa<SCEVConstant>(SE.getExitCount(Lp, BB))) {
        double PExit = loopExitProbability(BB, Br);
        bool ExitOn0 = !Lp->contains(S0);
        Out[From].push_back({Index[S0], ExitOn0 ? PExit : 1 - PExit});
        Out[From].push_back({Index[S1], ExitOn0 ? 1 - PExit : PExit});
        continue;
      }
      if (auto Slot = Eval.compile(Br->getCondition())) {
        IdBranches.push_back({From, Br, Eval.addQuery(*Slot, guardsOf(BB, Eval))});
        if (usesIdDim0(Br->getCondition()))
          DivergenceQueries.push_back({Br, *Slot});
        if (Eval.timedOut()) { // in guardsOf
          TimedOut = true;
          return;
        }
        continue;
      }
      const IdEvaluator::Failure Why = Eval.lastFailure();
      if (Why == IdEvaluator::Failure::TimedOut) {
        TimedOut = true;
        return;
      }
      // An exit whose count ScalarEvolution gives as a function of ids,
      // sizes and arguments (grid-stride loops, `for (i = lid; i < n; i +=
      // lsize)`, triangular loops): its mean over the work-items that
      // enter the loop, evaluated over the NDRange.
      if (Exiting && !isa<SCEVCouldNotCompute>(SE.getExitCount(Lp, BB)))
        if (auto Slot = Eval.compileSCEV(SE.getExitCount(Lp, BB))) {
          IdExits.push_back({From, Br, Lp,
                             Eval.addSum(*Slot, guardsOf(Lp->getHeader(), Eval))});
          continue;
        }
      // A branch on ids and data: where it splits wavefronts is unknown.
      if (!Exiting && usesIdDim0(Br->getCondition()))
        DivergenceQueries.push_back({Br, std::nullopt});
      double P0 = 0.5;
      if (Exiting) {
        double PExit = loopExitProbability(BB, Br);
        P0 = !Lp->contains(S0) ? PExit : 1 - PExit;
      } else if (BasicBlock *Guarded = enteredLoop(Br)) {
        // A guard in front of a loop whose count is unknown: the loop's
        // own trip count assumption covers it; assume the loop is entered.
        P0 = Br->getSuccessor(0) == Guarded ? 1.0 : 0.0;
        assume("branch", lineOf(*Br),
               "guard of a loop with an unknown trip count; assumed the "
               "loop is entered");
      } else if (!L.Local && usesLocalIds(Br->getCondition())) {
        assume("branch", lineOf(*Br),
               "branch depends on get_local_id or get_group_id and no "
               "--local was given; assumed taken by 50% of work-items");
      } else if (Why == IdEvaluator::Failure::TooDeep ||
                 Why == IdEvaluator::Failure::OverBudget) {
        // The id evaluator's work budget (IdEvaluator::setBudget): the
        // condition may well depend on ids only, but is too big to count.
        assume("branch", lineOf(*Br),
               "branch condition too large to evaluate over the NDRange (" +
                   (Why == IdEvaluator::Failure::TooDeep
                        ? fmt::format("more than {} operations deep",
                                      IdEvaluator::MaxDepth)
                        : fmt::format("over {} operations", Eval.budget())) +
                   "); assumed taken by 50% of work-items");
      } else {
        std::string Args = scalarArgsIn(Br->getCondition());
        assume("branch", lineOf(*Br),
               (Args.empty() ? "branch depends on data"
                             : "branch depends on " + Args +
                                   ", not given with --arg") +
                   "; assumed taken by 50% of work-items");
      }
      Out[From].push_back({Index[S0], P0});
      Out[From].push_back({Index[S1], 1 - P0});
      continue;
    }
    if (auto *Sw = dyn_cast<SwitchInst>(T)) {
      assume("branch", lineOf(*Sw),
             "switch outcome assumed uniform over its cases");
      double P = 1.0 / Sw->getNumSuccessors();
      for (unsigned S = 0; S < Sw->getNumSuccessors(); ++S)
        Out[From].push_back({Index[Sw->getSuccessor(S)], P});
      continue;
    }
    unsigned NS = T->getNumSuccessors();
    for (unsigned S = 0; S < NS; ++S)
      Out[From].push_back({Index[T->getSuccessor(S)], 1.0 / NS});
  }

  // Divergence of the branches on dimension-0 ids: one evaluation pass
  // for all of them.
  std::vector<unsigned> Outputs;
  for (auto &[Br, Slot] : DivergenceQueries)
    if (Slot)
      Outputs.push_back(*Slot);
  bool DivSampled = false;
  std::vector<std::array<double, 4>> Fractions;
  if (!Outputs.empty() && L.Local)
    Fractions = Eval.divergence(Outputs, /*MaxGroups=*/16, DivSampled);
  if (Eval.timedOut() || pastDeadline()) {
    TimedOut = true;
    return;
  }
  size_t Next = 0;
  for (auto &[Br, Slot] : DivergenceQueries) {
    BranchSite Site;
    Site.Loc = locOf(*Br);
    if (const DILocation *DL = Br->getDebugLoc())
      Site.Loc.Col = DL->getColumn();
    Site.DependsOnLocalId0 = true;
    if (Slot && !Fractions.empty()) {
      for (unsigned W = 0; W < 4; ++W)
        Site.DivergentFraction[W] = Fractions[Next][W];
      Site.Sampled = DivSampled;
      ++Next;
    }
    Sites.push_back({Br->getParent(), std::move(Site)});
  }

  if (!IdBranches.empty() || !IdExits.empty()) {
    bool Sampled = false;
    auto Results = Eval.run(Opts.MaxEvaluatedItems, Sampled);
    if (Eval.timedOut()) {
      TimedOut = true;
      return;
    }
    if (Sampled)
      assume("id-sampling", 0,
             "branches depending on work-item ids were counted on a sample "
             "of " + std::to_string(Eval.sampleLimit()) +
             " work-items (the NDRange is larger)");
    for (auto &P : IdExits) {
      const auto &R = Results[P.Query];
      BasicBlock *S0 = P.Br->getSuccessor(0);
      bool ExitOn0 = !P.Lp->contains(S0);
      // Exit count + 1 executions of the exiting block per entry: its mean
      // over the entering items. With no item entering, any value serves.
      double Mean = R.Reached ? R.Sum / double(R.Reached) : 0;
      double PExit = 1.0 / (Mean + 1.0);
      Out[P.From].push_back({Index[S0], ExitOn0 ? PExit : 1 - PExit});
      Out[P.From].push_back(
          {Index[P.Br->getSuccessor(1)], ExitOn0 ? 1 - PExit : PExit});
    }
    for (auto &P : IdBranches) {
      const auto &R = Results[P.Query];
      double PTrue = R.Reached ? double(R.Taken) / double(R.Reached) : 0.5;
      Out[P.From].push_back({Index[P.Br->getSuccessor(0)], PTrue});
      Out[P.From].push_back({Index[P.Br->getSuccessor(1)], 1 - PTrue});
    }
  }

  // Solve (I - P^T) f = e_entry, sparsely (FlowSolver.h).
  auto Solved =
      solveBlockFrequencies(Out, /*Entry=*/0, [&] { return pastDeadline(); });
  if (!Solved)
    return;
  for (size_t I = 0; I < N; ++I) {
    // Round away the last bits of floating-point noise so that exact
    // fractions (k / N) print and compare as such.
    double R = std::round((*Solved)[I] * 1e9) / 1e9;
    Freq[Blocks[I]] = R < 0 ? 0 : R;
  }
}

//===-- Access shapes -----------------------------------------------------===//

std::optional<Affine> Analyzer::affine(const SCEV *S, unsigned Depth) {
  if (Depth > 32)
    return std::nullopt;
  if (auto *C = dyn_cast<SCEVConstant>(S)) {
    Affine A;
    A.Const = C->getAPInt().getSExtValue();
    return A;
  }
  if (auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    Affine A;
    for (const SCEV *Op : Add->operands()) {
      auto O = affine(Op, Depth + 1);
      if (!O)
        return std::nullopt;
      A.add(*O);
    }
    return A;
  }
  if (auto *Mul = dyn_cast<SCEVMulExpr>(S)) {
    // Affine only when all but one factor are constants.
    int64_t K = 1;
    std::optional<Affine> Var;
    for (const SCEV *Op : Mul->operands()) {
      if (auto *C = dyn_cast<SCEVConstant>(Op)) {
        K *= C->getAPInt().getSExtValue();
        continue;
      }
      if (Var)
        return std::nullopt;
      Var = affine(Op, Depth + 1);
      if (!Var)
        return std::nullopt;
    }
    Affine A = Var ? *Var : Affine();
    if (!Var)
      A.Const = 1;
    A.scale(K);
    return A;
  }
  if (auto *Rec = dyn_cast<SCEVAddRecExpr>(S)) {
    if (!Rec->isAffine())
      return std::nullopt;
    auto Start = affine(Rec->getStart(), Depth + 1);
    auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
    if (!Start || !Step)
      return std::nullopt;
    Start->Iter.push_back({Rec->getLoop(), Step->getAPInt().getSExtValue()});
    return Start;
  }
  if (auto *Cast = dyn_cast<SCEVCastExpr>(S))
    return affine(Cast->getOperand(0), Depth + 1);
  if (auto *MM = dyn_cast<SCEVMinMaxExpr>(S)) {
    // A clamped index (min(x + 1, w - 1)) moves like its unclamped operand
    // everywhere but at the border: take the operand that varies.
    for (const SCEV *Op : MM->operands())
      if (!isa<SCEVConstant>(Op))
        return affine(Op, Depth + 1);
    return std::nullopt;
  }
  if (auto *U = dyn_cast<SCEVUnknown>(S)) {
    // A merge of branches that compute one index in two ways: -O2 sinks the
    // stores of an if and its else into one store whose address is a phi
    // (PolyBench's 3-D convolution, `B[idx] = ...` or `B[idx] = 0`, became
    // `zext(or disjoint ...)` and `sext(add ...)`). The same affine form on
    // every incoming edge is the index's form; different forms are unknown.
    if (auto *Phi = dyn_cast<PHINode>(U->getValue());
        Phi && !LI.isLoopHeader(Phi->getParent())) {
      std::optional<Affine> Common;
      for (Value *In : Phi->incoming_values()) {
        if (!SE.isSCEVable(In->getType()))
          return std::nullopt;
        auto A = affine(SE.getSCEV(In), Depth + 1);
        if (!A || (Common && !(*A == *Common)))
          return std::nullopt;
        Common = std::move(A);
      }
      return Common;
    }
    if (auto *Arg = dyn_cast<Argument>(U->getValue()))
      if (!Arg->getType()->isPointerTy()) {
        Affine A;
        A.Symbolic = true;
        return A;
      }
    auto *Call = dyn_cast<CallInst>(U->getValue());
    if (!Call || !Call->getCalledFunction())
      return std::nullopt;
    // Integer min/max/clamp builtins: clamped indices, as for SCEV's own
    // min/max expressions above.
    std::string_view Name =
        builtinBaseName(Call->getCalledFunction()->getName());
    if ((Name == "min" || Name == "max" || Name == "clamp") &&
        Call->getType()->isIntegerTy()) {
      for (Value *Arg : Call->args())
        if (!isa<Constant>(Arg))
          return affine(SE.getSCEV(Arg), Depth + 1);
      return std::nullopt;
    }
    auto W = workItemCall(Call);
    if (!W || !W->Dim || *W->Dim > 2)
      return std::nullopt;
    unsigned D = *W->Dim;
    Affine A;
    switch (W->Fn) {
    case WorkItemFn::GlobalId: A.Gid[D] = 1; return A;
    case WorkItemFn::LocalId: A.Lid[D] = 1; return A;
    case WorkItemFn::GroupId: A.Grp[D] = 1; return A;
    default: return std::nullopt;
    }
  }
  return std::nullopt;
}

static unsigned argIndexOf(const Value *Base) {
  if (auto *A = dyn_cast<Argument>(Base))
    return A->getArgNo();
  return ~0u;
}

/// Fills GlobalAccess::LoopWrites, LoopBarrier and LoopExitUses for the
/// access \p I through \p Ptr in its innermost loop \p Lp.
static void loopEffects(const Loop &Lp, const Instruction &I, const Value *Ptr,
                        GlobalAccess &Acc) {
  const Value *Obj = getUnderlyingObject(Ptr);
  auto Named = [](const Value *O) {
    return isa<Argument>(O) || isa<GlobalVariable>(O) || isa<AllocaInst>(O);
  };
  // Distinct kernel arguments may alias too, but a kernel that passes one
  // buffer twice and relies on it is rare; the same or an unknown object
  // counts as the same memory.
  auto MayAlias = [&](const Value *P) {
    if (!P || !P->getType()->isPointerTy())
      return false;
    const Value *O = getUnderlyingObject(P);
    return O == Obj || !Named(O) || !Named(Obj);
  };
  for (const BasicBlock *BB : Lp.blocks())
    for (const Instruction &J : *BB) {
      if (auto *S = dyn_cast<StoreInst>(&J)) {
        unsigned AS = S->getPointerAddressSpace();
        if (AS != ASPrivate && AS != ASLocal)
          Acc.LoopWrites |= MayAlias(S->getPointerOperand());
      } else if (auto *R = dyn_cast<AtomicRMWInst>(&J)) {
        Acc.LoopWrites |= MayAlias(R->getPointerOperand());
      } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&J)) {
        Acc.LoopWrites |= MayAlias(X->getPointerOperand());
      } else if (auto *M = dyn_cast<MemIntrinsic>(&J)) {
        Acc.LoopWrites |= MayAlias(M->getDest());
      } else if (auto *Call = dyn_cast<CallBase>(&J)) {
        const Function *Callee = Call->getCalledFunction();
        if (Callee && Callee->isIntrinsic())
          continue;
        if (!Callee) {
          Acc.LoopWrites = true;
          continue;
        }
        std::optional<BuiltinInfo> Info =
            lookupBuiltin(builtinBaseName(Callee->getName()), false, false);
        if (Info && Info->Kind == BuiltinKind::Barrier) {
          Acc.LoopBarrier = true;
        } else if (Info && (Info->Kind == BuiltinKind::Atomic ||
                            Info->Kind == BuiltinKind::VStore)) {
          for (const Value *Arg : Call->args())
            Acc.LoopWrites |= MayAlias(Arg);
        } else if (!Info && !Callee->onlyReadsMemory()) {
          for (const Value *Arg : Call->args())
            Acc.LoopWrites |= MayAlias(Arg);
        }
      }
    }
  if (Acc.IsStore)
    return;
  // Does the loaded value decide whether the loop goes on?
  SmallVector<const Value *, 16> Work{&I};
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty() && Seen.size() < 512 && !Acc.LoopExitUses) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI || !Lp.contains(UI) || !Seen.insert(UI).second)
        continue;
      if (UI->isTerminator()) {
        Acc.LoopExitUses |= Lp.isLoopExiting(UI->getParent());
        continue;
      }
      Work.push_back(UI);
    }
  }
}

void Analyzer::countMemory(Instruction &I, Value *Ptr, Type *Ty, bool IsStore,
                           bool IsAtomic, double W, KernelCounts &K,
                           const SCEV *ExtraOffset) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  unsigned Bytes = DL.getTypeStoreSize(Ty);
  LineCounts &LC = line(I);
  if (AS == ASPrivate) {
    (IsStore ? K.PrivateStores : K.PrivateLoads) += W;
    K.PrivateBytes += W * Bytes;
    return;
  }
  if (AS == ASLocal) {
    (IsStore ? K.LocalStores : K.LocalLoads) += W;
    K.LocalBytes += W * Bytes;
    LC.LocalBytes += W * Bytes;
    return;
  }
  if (AS == ASGeneric)
    assume("memory", lineOf(I),
           "access through a generic pointer counted as global");
  GlobalAccess Acc;
  Acc.IsStore = IsStore;
  Acc.IsAtomic = IsAtomic;
  Acc.Space = AS == ASConstant ? AddrSpace::Constant : AddrSpace::Global;
  Acc.Bytes = Bytes;
  Acc.ExecPerItem = W;
  Acc.Loc = locOf(I);
  if (const DILocation *Loc = I.getDebugLoc())
    Acc.Loc.Col = Loc->getColumn();

  const SCEV *PS = SE.getSCEV(Ptr);
  const SCEV *Base = SE.getPointerBase(PS);
  unsigned ArgNo = ~0u;
  std::optional<Affine> Off;
  if (auto *BU = dyn_cast<SCEVUnknown>(Base)) {
    ArgNo = argIndexOf(BU->getValue());
    if (auto *GV = dyn_cast<GlobalVariable>(BU->getValue()->stripPointerCasts());
        GV && AS == ASConstant && !IsStore && !IsAtomic)
      // Buffer stays empty: lint tells program-scope tables by that.
      ConstantTables[GV].push_back(K.Accesses.size());
    const SCEV *OffS = SE.getMinusSCEV(PS, Base);
    if (ExtraOffset && !isa<SCEVCouldNotCompute>(OffS))
      OffS = SE.getAddExpr(OffS, SE.getTruncateOrSignExtend(
                                     ExtraOffset, OffS->getType()));
    if (!isa<SCEVCouldNotCompute>(OffS))
      Off = affine(OffS);
  }
  if (ArgNo != ~0u && F.getArg(ArgNo)->hasName())
    Acc.Buffer = F.getArg(ArgNo)->getName().str();
  if (Off) {
    Acc.StrideBytes = Off->strideDim0();
    Acc.Shape = shapeOf(*Off, I.getParent());
  }
  // Loads repeated at one address on every iteration of their loop (the
  // loads are volatile, so the optimizer kept every one the source makes).
  if (const Loop *Lp = LI.getLoopFor(I.getParent())) {
    if (DebugLoc HL = Lp->getStartLoc())
      Acc.LoopLine = HL.getLine();
    else if (Lp->getHeader()->getTerminator())
      Acc.LoopLine = lineOf(*Lp->getHeader()->getTerminator());
    std::optional<uint64_t> Trips = tripCount(Lp);
    Acc.LoopInvariant = SE.isLoopInvariant(PS, Lp) && (!Trips || *Trips > 1);
    Acc.LoopIterationsPerItem = Freq.lookup(Lp->getHeader());
    loopEffects(*Lp, I, Ptr, Acc);
  }
  if (ArgNo != ~0u)
    if (MDNode *Q = F.getMetadata("kernel_arg_type_qual");
        Q && ArgNo < Q->getNumOperands())
      if (auto *S = dyn_cast<MDString>(Q->getOperand(ArgNo)))
        Acc.SourceVolatile = S->getString().contains("volatile");

  if (Acc.Space == AddrSpace::Constant) {
    K.ConstantLoads += W;
    K.ConstantBytes += W * Bytes;
  } else if (IsStore || IsAtomic) {
    if (IsAtomic) {
      K.GlobalLoads += W;
      K.GlobalLoadBytes += W * Bytes;
      K.LoadWidths[Bytes] += W;
    }
    K.GlobalStores += W;
    K.GlobalStoreBytes += W * Bytes;
    K.StoreWidths[Bytes] += W;
  } else {
    K.GlobalLoads += W;
    K.GlobalLoadBytes += W * Bytes;
    K.LoadWidths[Bytes] += W;
  }
  LC.GlobalBytes += W * Bytes * (IsAtomic ? 2 : 1);
  Shapes.push_back({K.Accesses.size(), Off, ArgNo});
  K.Accesses.push_back(std::move(Acc));
}

/// Small program-scope __constant arrays (lookup tables, a binary
/// search's keys) live in the constant cache after the first reads: their
/// DRAM traffic is the table once per launch, not every access. The sites
/// keep their counts (constant loads); for the memory model, the sites'
/// executions are scaled so that together they move the table once.
void Analyzer::chargeConstantTables(KernelCounts &K) {
  constexpr uint64_t ConstantCacheBytes = 64 * 1024;
  const double Items = double(L.workItems());
  for (auto &[GV, Sites] : ConstantTables) {
    uint64_t Size = DL.getTypeAllocSize(GV->getValueType());
    if (Size == 0 || Size > ConstantCacheBytes || Items <= 0)
      continue;
    double Requested = 0;
    for (size_t I : Sites)
      Requested += double(K.Accesses[I].Bytes) * K.Accesses[I].ExecPerItem * Items;
    if (Requested <= double(Size))
      continue;
    // Every site keeps a share (none reads as never executed).
    const double Scale = double(Size) / Requested;
    for (size_t I : Sites)
      K.Accesses[I].ExecPerItem *= Scale;
    GlobalAccess &First = K.Accesses[Sites.front()];
    assume("memory", First.Loc.Line,
           fmt::format("__constant '{}' ({} B) read through the constant "
                       "cache: its DRAM traffic is charged once per launch "
                       "({} B), not per access ({:.4g} B per work-item)",
                       GV->getName().str(), Size, Size, Requested / Items));
  }
}

/// The optimizer copies code: loop rotation puts the loop's condition
/// before the loop and at its end, jump threading duplicates a block for
/// the path on which a later branch is decided (a latch copied onto the
/// path where an inner loop is skipped). One source access then has
/// several IR sites. Sites the same in everything but their count are one
/// access in the report, with the counts added: a copy on a path the
/// analysis assumes is never taken (a loop guard "assumed entered") read
/// as a load that runs 0 times beside its twin that runs every iteration.
/// Sites that differ (the rotated condition's copy outside the loop and
/// the one inside) stay apart.
void Analyzer::mergeCopiedSites(KernelCounts &K) {
  auto sameShape = [](const std::optional<GlobalAccess::Pattern> &A,
                      const std::optional<GlobalAccess::Pattern> &B) {
    if (!A || !B)
      return !A && !B;
    if (A->Const != B->Const || A->Gid != B->Gid || A->Lid != B->Lid ||
        A->Grp != B->Grp || A->Loops.size() != B->Loops.size())
      return false;
    for (size_t I = 0; I < A->Loops.size(); ++I)
      if (A->Loops[I].Trips != B->Loops[I].Trips ||
          A->Loops[I].Coef != B->Loops[I].Coef)
        return false;
    return true;
  };
  auto copies = [&](const GlobalAccess &A, const GlobalAccess &B) {
    return A.Loc.File == B.Loc.File && A.Loc.Line == B.Loc.Line &&
           A.Loc.Col == B.Loc.Col && A.Loc.Line != 0 &&
           A.IsStore == B.IsStore && A.IsAtomic == B.IsAtomic &&
           A.Space == B.Space && A.Bytes == B.Bytes &&
           A.StrideBytes == B.StrideBytes && A.Buffer == B.Buffer &&
           A.LoopInvariant == B.LoopInvariant && A.LoopLine == B.LoopLine &&
           A.LoopIterationsPerItem == B.LoopIterationsPerItem &&
           A.LoopWrites == B.LoopWrites && A.LoopBarrier == B.LoopBarrier &&
           A.LoopExitUses == B.LoopExitUses &&
           A.SourceVolatile == B.SourceVolatile && sameShape(A.Shape, B.Shape);
  };
  std::vector<GlobalAccess> Kept;
  Kept.reserve(K.Accesses.size());
  // By place first, so that only sites of one source location are compared.
  std::map<std::tuple<std::string, unsigned, unsigned>, std::vector<size_t>>
      ByPlace;
  for (GlobalAccess &A : K.Accesses) {
    auto &Same = ByPlace[{A.Loc.File, A.Loc.Line, A.Loc.Col}];
    auto It = llvm::find_if(Same, [&](size_t I) { return copies(Kept[I], A); });
    if (It != Same.end()) {
      Kept[*It].ExecPerItem += A.ExecPerItem;
      continue;
    }
    Same.push_back(Kept.size());
    Kept.push_back(std::move(A));
  }
  K.Accesses = std::move(Kept);
}

void Analyzer::computeFootprints(KernelCounts &K) {
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
    auto range = [&](int64_t Coef, uint64_t Extent) {
      if (!Coef || Extent <= 1)
        return;
      long double Span = (long double)Coef * (long double)(Extent - 1);
      (Span < 0 ? Lo : Hi) += Span;
      Count *= Extent;
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
    auto [It, New] = Span.try_emplace(S.ArgNo, int64_t(Lo),
                                      int64_t(Hi) + A.Bytes);
    if (!New) {
      It->second.first = std::min<int64_t>(It->second.first, int64_t(Lo));
      It->second.second =
          std::max<int64_t>(It->second.second, int64_t(Hi) + A.Bytes);
    }
    Sum[S.ArgNo] += Count * A.Bytes;
  }
  for (auto &[Arg, FP] : ByArg) {
    if (Unknown.count(Arg) || !Span.count(Arg)) {
      assume("footprint", 0, "buffer '" + FP.Arg + "': footprint unknown (an access is not "
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

//===-- Counting ----------------------------------------------------------===//

LineCounts &Analyzer::line(Instruction &I) {
  unsigned Ln = lineOf(I);
  LineCounts &LC = Lines[Ln];
  LC.Line = Ln;
  return LC;
}

uint32_t Analyzer::addNode(AluClass C, std::vector<uint32_t> Deps) {
  Deps.insert(Deps.end(), Fence.begin(), Fence.end());
  std::sort(Deps.begin(), Deps.end());
  Deps.erase(std::unique(Deps.begin(), Deps.end()), Deps.end());
  Graph->Nodes.push_back({C, std::move(Deps)});
  return uint32_t(Graph->Nodes.size() - 1);
}

std::vector<uint32_t>
Analyzer::producersOf(std::initializer_list<const Value *> Vs) {
  std::vector<uint32_t> R;
  for (const Value *V : Vs) {
    auto It = V ? Producers.find(V) : Producers.end();
    if (It == Producers.end())
      continue;
    for (const auto &Lane : It->second)
      R.insert(R.end(), Lane.begin(), Lane.end());
  }
  std::sort(R.begin(), R.end());
  R.erase(std::unique(R.begin(), R.end()), R.end());
  return R;
}

/// 32-bit words of one lane of \p T (a double is 2).
static unsigned wordsPerLane(Type *T) {
  unsigned Bits = T->getScalarType()->getPrimitiveSizeInBits();
  return std::max(1u, (Bits + 31) / 32);
}

/// A loaded value is ready only after the nodes that computed its address
/// (and \p Also: a vload's offset, an image read's coordinates): on
/// TeraScale the fetch runs in a clause of its own, so its consumers sit in
/// a later ALU clause than the address arithmetic. A __local load is ALU
/// work on Evergreen: per 32-bit word an LDS_READ_RET and the MOV that
/// takes the word from the return queue (OQAP), in series.
void Analyzer::graphLoad(Instruction &I, Value *Ptr,
                         std::initializer_list<const Value *> Also) {
  std::vector<uint32_t> Addr = producersOf({Ptr});
  for (const Value *V : Also) {
    auto More = producersOf({V});
    Addr.insert(Addr.end(), More.begin(), More.end());
  }
  unsigned Lanes = lanesOf(I.getType());
  LaneNodes R(Lanes);
  bool Lds = Ptr && Ptr->getType()->isPointerTy() &&
             Ptr->getType()->getPointerAddressSpace() == ASLocal;
  for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
    if (!Lds) {
      R[Ln] = Addr;
      continue;
    }
    for (unsigned Wd = 0; Wd < wordsPerLane(I.getType()); ++Wd) {
      uint32_t Read = addNode(AluClass::IntSimple, Addr);
      R[Ln].push_back(addNode(AluClass::IntSimple, {Read}));
    }
  }
  Producers[&I] = std::move(R);
}

/// Stores: a global store (MEM_RAT on Evergreen) takes a dword index, one
/// LSHR of the byte address (R600TargetLowering::LowerSTORE); a __local
/// store is an LDS_WRITE per 32-bit word, after its address and value. An
/// atomic that \p Returns a value gives it after that node.
void Analyzer::graphStore(Instruction &I, Value *Ptr, Value *Val,
                          bool Returns) {
  if (!Ptr || !Ptr->getType()->isPointerTy())
    return;
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS == ASPrivate)
    return;
  std::vector<uint32_t> Addr = producersOf({Ptr});
  std::vector<uint32_t> Last;
  if (AS == ASLocal) {
    Type *VT = Val ? Val->getType() : I.getType();
    auto It = Val ? Producers.find(Val) : Producers.end();
    unsigned Lanes = lanesOf(VT);
    // A value of another width: every lane waits for all its producers.
    std::vector<uint32_t> AllOfVal;
    if (It != Producers.end() && It->second.size() != Lanes)
      AllOfVal = producersOf({Val});
    for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
      std::vector<uint32_t> Deps = Addr;
      if (It != Producers.end()) {
        const auto &Src =
            It->second.size() == Lanes ? It->second[Ln] : AllOfVal;
        Deps.insert(Deps.end(), Src.begin(), Src.end());
      }
      for (unsigned Wd = 0; Wd < wordsPerLane(VT); ++Wd)
        Last.push_back(addNode(AluClass::IntSimple, Deps));
    }
    if (Returns) // the MOV from the return queue
      Last = {addNode(AluClass::IntSimple, Last)};
  } else {
    Last = {addNode(AluClass::IntSimple, Addr)};
  }
  if (Returns && !I.getType()->isVoidTy())
    Producers[&I] = LaneNodes(lanesOf(I.getType()), Last);
}

/// No bundle holds work from both sides of a barrier: what follows depends
/// on every sink before it.
void Analyzer::graphBarrier() {
  std::vector<bool> HasSucc(Graph->Nodes.size());
  for (const PackNode &N : Graph->Nodes)
    for (uint32_t D : N.Deps)
      HasSucc[D] = true;
  Fence.clear();
  for (uint32_t N = 0; N < HasSucc.size(); ++N)
    if (!HasSucc[N])
      Fence.push_back(N);
}

void Analyzer::countAlu(Instruction &I, AluClass C, unsigned Lanes,
                        unsigned OpsPerLane, double W, KernelCounts &K,
                        unsigned Extra, AluClass ExtraC) {
  double Ops = double(Lanes) * OpsPerLane;
  if (Counting) {
    K.Alu[unsigned(C)] += W * Ops;
    K.Alu[unsigned(ExtraC)] += W * Extra;
    line(I).AluOps += W * (Ops + Extra);
  }

  // Dependence graph: lane l of this op depends on lane l of each vector
  // operand of the same width, or on every producer of narrower operands.
  std::vector<std::vector<uint32_t>> Result(lanesOf(I.getType()));
  std::vector<uint32_t> All;
  // The operands' producers, looked up once (Producers does not change
  // until this op's own entry is added at the end).
  SmallVector<const LaneNodes *, 4> OperandNodes;
  for (Value *Op : I.operands())
    if (auto It = Producers.find(Op); It != Producers.end())
      OperandNodes.push_back(&It->second);
  for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
    std::vector<uint32_t> Deps;
    for (const LaneNodes *PN : OperandNodes) {
      const auto &P = *PN;
      if (P.size() == Lanes)
        Deps.insert(Deps.end(), P[Ln].begin(), P[Ln].end());
      else
        for (const auto &Lane : P)
          Deps.insert(Deps.end(), Lane.begin(), Lane.end());
    }
    for (unsigned K2 = 0; K2 < OpsPerLane; ++K2)
      Deps = {addNode(C, std::move(Deps))};
    if (OpsPerLane) {
      All.push_back(Deps[0]);
      if (Ln < Result.size())
        Result[Ln] = Deps;
    }
  }
  for (unsigned E = 0; E < Extra; ++E)
    All = {addNode(ExtraC, std::move(All))};
  if (Result.size() != Lanes || Extra)
    for (auto &R : Result)
      R = All;
  Producers[&I] = std::move(Result);
}

/// `shl x, K` feeding only `ashr/lshr _, K`, that shift itself, and
/// `and x, 0xffffffff` on i64: how InstCombine writes sext/zext of a
/// truncated 64-bit id (`(long)(int)get_global_id(0)`). A GPU keeps the id
/// in a 32-bit register, so these are casts, and casts are free.
static bool isInRegisterExtension(const BinaryOperator &BO) {
  auto *K = dyn_cast<ConstantInt>(BO.getOperand(1));
  if (!K)
    return false;
  unsigned Op = BO.getOpcode();
  if (Op == Instruction::And)
    return K->getBitWidth() == 64 && K->getZExtValue() == 0xffffffffu;
  if (Op == Instruction::AShr || Op == Instruction::LShr) {
    auto *Shl = dyn_cast<BinaryOperator>(BO.getOperand(0));
    return Shl && Shl->getOpcode() == Instruction::Shl &&
           Shl->getOperand(1) == BO.getOperand(1);
  }
  if (Op == Instruction::Shl) {
    if (BO.use_empty())
      return false;
    for (const User *U : BO.users()) {
      auto *Sh = dyn_cast<BinaryOperator>(U);
      if (!Sh || (Sh->getOpcode() != Instruction::AShr &&
                  Sh->getOpcode() != Instruction::LShr) ||
          Sh->getOperand(1) != BO.getOperand(1))
        return false;
    }
    return true;
  }
  return false;
}

static bool isFloatTy(Type *T) { return T->getScalarType()->isFloatingPointTy(); }
static bool isDoubleTy(Type *T) { return T->getScalarType()->isDoubleTy(); }

void Analyzer::countInstruction(Instruction &I, double W, KernelCounts &K) {
  Type *Ty = I.getType();
  unsigned Lanes = lanesOf(Ty);
  if (LaterCopy) {
    // Unrolled loop, copy c > 0: the exit test runs once per unrolled
    // trip, and a value affine in the counter is copy 0's plus c * step,
    // an immediate fetch offset where it only addresses memory.
    if (&I == ExitCompare)
      return;
    auto It = FirstCopy.find(&I);
    if (It != FirstCopy.end()) {
      if (It->second.Add) {
        std::vector<uint32_t> From;
        for (const auto &Lane : It->second.P)
          From.insert(From.end(), Lane.begin(), Lane.end());
        Producers[&I] =
            LaneNodes(Lanes, {addNode(AluClass::IntSimple, std::move(From))});
      } else if (!It->second.P.empty()) {
        Producers[&I] = It->second.P;
      } else {
        Producers[&I] = LaneNodes(Lanes);
      }
      return;
    }
  }
  auto passThrough = [&](std::initializer_list<Value *> From) {
    std::vector<std::vector<uint32_t>> R(Lanes);
    for (Value *V : From) {
      auto It = Producers.find(V);
      if (It == Producers.end() || It->second.empty())
        continue;
      for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
        const auto &P = It->second;
        const auto &Src = P.size() == Lanes ? P[Ln] : P[0];
        R[Ln].insert(R[Ln].end(), Src.begin(), Src.end());
      }
    }
    Producers[&I] = std::move(R);
  };

  if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
    unsigned Op = BO->getOpcode();
    if (isFloatTy(Ty)) {
      AluClass C = isDoubleTy(Ty) ? AluClass::Fp64 : AluClass::Fp32;
      if (!isDoubleTy(Ty) &&
          (Op == Instruction::FDiv || Op == Instruction::FRem))
        C = AluClass::Fp32DivSqrt;
      countAlu(I, C, Lanes, 1, W, K);
      return;
    }
    unsigned Bits = Ty->getScalarSizeInBits();
    unsigned Wide = Bits > 32 ? 2 : 1;
    if (isInRegisterExtension(*BO)) {
      passThrough({BO->getOperand(0)});
      return;
    }
    switch (Op) {
    case Instruction::Mul:
      countAlu(I, AluClass::IntMul, Lanes, Wide * Wide, W, K);
      return;
    case Instruction::UDiv: case Instruction::SDiv:
    case Instruction::URem: case Instruction::SRem:
      countAlu(I, AluClass::IntDiv, Lanes, Wide, W, K);
      return;
    default:
      if (Bits == 1) { // boolean logic folds into predicates
        passThrough({BO->getOperand(0), BO->getOperand(1)});
        return;
      }
      countAlu(I, AluClass::IntSimple, Lanes, Wide, W, K);
      return;
    }
  }
  if (auto *Cmp = dyn_cast<CmpInst>(&I)) {
    Type *OT = Cmp->getOperand(0)->getType();
    if (OT->isPtrOrPtrVectorTy()) {
      countAlu(I, AluClass::IntSimple, Lanes, 2, W, K);
      return;
    }
    AluClass C = isFloatTy(OT) ? (isDoubleTy(OT) ? AluClass::Fp64
                                                 : AluClass::Fp32)
                               : AluClass::IntSimple;
    countAlu(I, C, Lanes, OT->getScalarSizeInBits() > 32 && C ==
             AluClass::IntSimple ? 2 : 1, W, K);
    return;
  }
  if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    countAlu(I, isDoubleTy(Ty) ? AluClass::Fp64 : AluClass::IntSimple, Lanes,
             Ty->getScalarSizeInBits() > 32 ? 2 : 1, W, K);
    (void)Sel;
    return;
  }
  if (auto *Cast = dyn_cast<CastInst>(&I)) {
    switch (Cast->getOpcode()) {
    case Instruction::SIToFP: case Instruction::UIToFP:
    case Instruction::FPToSI: case Instruction::FPToUI:
    case Instruction::FPExt: case Instruction::FPTrunc:
      countAlu(I, AluClass::Conversion, Lanes, 1, W, K);
      return;
    default:
      passThrough({Cast->getOperand(0)});
      return;
    }
  }
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    // Address arithmetic: an add per variable index, a shift to scale it.
    unsigned Ops = 0;
    gep_type_iterator GTI = gep_type_begin(GEP);
    for (auto It = GEP->idx_begin(); It != GEP->idx_end(); ++It, ++GTI) {
      if (isa<Constant>(*It))
        continue;
      Ops += 1;
      if (!GTI.isStruct() && GTI.getSequentialElementStride(DL) != 1)
        Ops += 1;
    }
    if (Ops)
      countAlu(I, AluClass::IntSimple, Lanes, Ops, W, K);
    else
      passThrough({GEP->getPointerOperand()});
    return;
  }
  if (auto *LI2 = dyn_cast<LoadInst>(&I)) {
    if (Counting)
      countMemory(I, LI2->getPointerOperand(), LI2->getType(), false, false,
                  W, K);
    graphLoad(I, LI2->getPointerOperand());
    return;
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    if (Counting)
      countMemory(I, SI->getPointerOperand(),
                  SI->getValueOperand()->getType(), true, false, W, K);
    graphStore(I, SI->getPointerOperand(), SI->getValueOperand(), false);
    return;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    if (Counting) {
      K.Atomics += W;
      countMemory(I, RMW->getPointerOperand(), RMW->getType(), true, true, W,
                  K);
    }
    graphStore(I, RMW->getPointerOperand(), RMW->getValOperand(), true);
    return;
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    if (Counting) {
      K.Atomics += W;
      countMemory(I, CX->getPointerOperand(),
                  CX->getNewValOperand()->getType(), true, true, W, K);
    }
    graphStore(I, CX->getPointerOperand(), CX->getNewValOperand(), true);
    return;
  }
  if (isa<PHINode>(I) || isa<ExtractElementInst>(I) ||
      isa<InsertElementInst>(I) || isa<ShuffleVectorInst>(I) ||
      isa<FreezeInst>(I) || isa<UnaryOperator>(I) ||
      isa<ExtractValueInst>(I) || isa<InsertValueInst>(I)) {
    // Element moves and fneg are free; keep the dependence through them.
    if (auto *EE = dyn_cast<ExtractElementInst>(&I)) {
      auto It = Producers.find(EE->getVectorOperand());
      auto *Idx = dyn_cast<ConstantInt>(EE->getIndexOperand());
      if (It != Producers.end() && Idx &&
          Idx->getZExtValue() < It->second.size()) {
        auto Lane = It->second[Idx->getZExtValue()];
        Producers[&I] = {Lane};
        return;
      }
    }
    if (auto *IE = dyn_cast<InsertElementInst>(&I)) {
      std::vector<std::vector<uint32_t>> R(Lanes);
      auto It = Producers.find(IE->getOperand(0));
      if (It != Producers.end() && It->second.size() == Lanes)
        R = It->second;
      auto *Idx = dyn_cast<ConstantInt>(IE->getOperand(2));
      auto S = Producers.find(IE->getOperand(1));
      if (Idx && Idx->getZExtValue() < Lanes)
        R[Idx->getZExtValue()] =
            S != Producers.end() && !S->second.empty() ? S->second[0]
                                                       : std::vector<uint32_t>{};
      Producers[&I] = std::move(R);
      return;
    }
    if (auto *SV = dyn_cast<ShuffleVectorInst>(&I)) {
      std::vector<std::vector<uint32_t>> R(Lanes);
      unsigned N0 = lanesOf(SV->getOperand(0)->getType());
      auto P0 = Producers.find(SV->getOperand(0));
      auto P1 = Producers.find(SV->getOperand(1));
      for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
        int M = SV->getMaskValue(Ln);
        if (M < 0)
          continue;
        auto &P = unsigned(M) < N0 ? P0 : P1;
        unsigned Src = unsigned(M) < N0 ? M : M - N0;
        if (P != Producers.end() && Src < P->second.size())
          R[Ln] = P->second[Src];
      }
      Producers[&I] = std::move(R);
      return;
    }
    if (!isa<PHINode>(I)) {
      std::vector<std::vector<uint32_t>> R(Lanes);
      auto It = Producers.find(I.getOperand(0));
      if (It != Producers.end() && It->second.size() == Lanes)
        R = It->second;
      Producers[&I] = std::move(R);
    }
    return;
  }
  auto *Call = dyn_cast<CallInst>(&I);
  if (!Call)
    return; // terminators, allocas, fences
  if (auto *II = dyn_cast<IntrinsicInst>(Call)) {
    Intrinsic::ID ID = II->getIntrinsicID();
    bool D = isDoubleTy(Ty);
    AluClass FC = D ? AluClass::Fp64 : AluClass::Fp32;
    switch (ID) {
    case Intrinsic::fmuladd: case Intrinsic::fma:
    case Intrinsic::minnum: case Intrinsic::maxnum:
    case Intrinsic::minimum: case Intrinsic::maximum:
    case Intrinsic::floor: case Intrinsic::ceil: case Intrinsic::trunc:
    case Intrinsic::rint: case Intrinsic::nearbyint: case Intrinsic::round:
    case Intrinsic::copysign:
      countAlu(I, FC, Lanes, 1, W, K);
      return;
    case Intrinsic::fabs:
      passThrough({II->getArgOperand(0)});
      return;
    case Intrinsic::sqrt:
      countAlu(I, D ? AluClass::Fp64 : AluClass::Fp32DivSqrt, Lanes, 1, W, K);
      return;
    case Intrinsic::sin: case Intrinsic::cos: case Intrinsic::exp:
    case Intrinsic::exp2: case Intrinsic::log: case Intrinsic::log2:
    case Intrinsic::log10: case Intrinsic::pow:
      countAlu(I, D ? AluClass::Fp64 : AluClass::Transcendental, Lanes,
               ID == Intrinsic::pow ? 2 : 1, W, K);
      return;
    case Intrinsic::smin: case Intrinsic::smax: case Intrinsic::umin:
    case Intrinsic::umax: case Intrinsic::abs: case Intrinsic::ctpop:
    case Intrinsic::ctlz: case Intrinsic::cttz: case Intrinsic::fshl:
    case Intrinsic::fshr: case Intrinsic::bswap: case Intrinsic::bitreverse:
    case Intrinsic::sadd_sat: case Intrinsic::uadd_sat:
    case Intrinsic::ssub_sat: case Intrinsic::usub_sat:
      countAlu(I, AluClass::IntSimple, Lanes,
               Ty->getScalarSizeInBits() > 32 ? 2 : 1, W, K);
      return;
    case Intrinsic::memcpy: case Intrinsic::memmove: case Intrinsic::memset:
      if (Counting)
        assume("call", lineOf(I), "memory intrinsic not counted");
      return;
    default:
      return; // lifetime, dbg, assume, ...: no work
    }
  }
  Function *Callee = Call->getCalledFunction();
  if (!Callee) {
    if (Counting)
      assume("call", lineOf(I), "indirect call not counted");
    return;
  }
  std::string_view Base = builtinBaseName(Callee->getName());
  // The operand type decides int vs float for generic builtins.
  Type *OpTy = Ty;
  if (Call->arg_size())
    OpTy = Call->getArgOperand(0)->getType();
  if (OpTy->isPointerTy() || OpTy->isVoidTy())
    OpTy = Ty;
  bool IsF = isFloatTy(OpTy) || isFloatTy(Ty);
  bool IsD = isDoubleTy(OpTy) || isDoubleTy(Ty);
  auto Info = lookupBuiltin(Base, IsF, IsD);
  if (!Info) {
    if (Counting)
      assume("call", lineOf(I), "call to '" + std::string(Base) +
             "' not counted (not an OpenCL builtin clspread knows)");
    return;
  }
  unsigned CallLanes = std::max(lanesOf(Ty), lanesOf(OpTy));
  switch (Info->Kind) {
  case BuiltinKind::Alu:
    if (Info->OpsPerLane || Info->ExtraOps)
      countAlu(I, Info->Class, CallLanes, Info->OpsPerLane, W, K,
               Info->ExtraOps, Info->ExtraClass);
    else
      passThrough({Call->arg_size() ? Call->getArgOperand(0) : nullptr});
    return;
  case BuiltinKind::WorkItem:
    // Not counted (docs/counting.md), but the device computes
    // get_global_id(d) as libclc writes it: group id * local size (a
    // multiply: the program is built before the launch sizes are known)
    // + local id + global offset, in series. Ids and sizes themselves are
    // registers and constant-buffer operands.
    if (Info->Item == WorkItemFn::GlobalId) {
      uint32_t N = addNode(AluClass::IntMul, {});
      N = addNode(AluClass::IntSimple, {N});
      N = addNode(AluClass::IntSimple, {N});
      Producers[&I] = LaneNodes(Lanes, {N});
    }
    return;
  case BuiltinKind::ImageQuery:
  case BuiltinKind::Fence:
    return;
  case BuiltinKind::ImageRead: {
    if (Counting) {
      K.ImageReads += W;
      line(I).TexFetches += W;
    }
    std::vector<uint32_t> Coords;
    for (Value *A : Call->args()) {
      auto P = producersOf({A});
      Coords.insert(Coords.end(), P.begin(), P.end());
    }
    Producers[&I] = LaneNodes(Lanes, Coords);
    return;
  }
  case BuiltinKind::ImageWrite:
    if (Counting)
      K.ImageWrites += W;
    return;
  case BuiltinKind::Barrier:
    if (Counting)
      K.Barriers += W;
    graphBarrier();
    return;
  case BuiltinKind::Atomic: {
    Value *Ptr = Call->arg_size() ? Call->getArgOperand(0) : nullptr;
    if (Counting) {
      K.Atomics += W;
      if (Ptr && Ptr->getType()->isPointerTy()) {
        Type *VT = Ty->isVoidTy() ? Type::getInt32Ty(I.getContext()) : Ty;
        countMemory(I, Ptr, VT, true, true, W, K);
      }
    }
    graphStore(I, Ptr, Call->arg_size() > 1 ? Call->getArgOperand(1) : nullptr,
               true);
    return;
  }
  case BuiltinKind::VLoad:
  case BuiltinKind::VStore: {
    // vloadN(offset, p): N elements at p + offset * N.
    bool Store = Info->Kind == BuiltinKind::VStore;
    unsigned Base0 = Store ? 1 : 0;
    if (Call->arg_size() < Base0 + 2)
      return;
    Value *Off = Call->getArgOperand(Base0), *Ptr = Call->getArgOperand(Base0 + 1);
    Type *DataTy = Store ? Call->getArgOperand(0)->getType() : Ty;
    unsigned ElemBytes = DL.getTypeStoreSize(DataTy->getScalarType());
    if (Info->HalfElements)
      ElemBytes = 2;
    unsigned N = std::max(1u, Info->VectorWidth);
    Type *MemTy = FixedVectorType::get(IntegerType::get(I.getContext(), ElemBytes * 8), N);
    if (N == 1)
      MemTy = IntegerType::get(I.getContext(), ElemBytes * 8);
    const SCEV *Extra = SE.getMulExpr(
        SE.getSCEV(Off), SE.getConstant(Off->getType(), uint64_t(N) * ElemBytes));
    if (Counting)
      countMemory(I, Ptr, MemTy, Store, false, W, K, Extra);
    if (Store)
      graphStore(I, Ptr, Call->getArgOperand(0), false);
    else
      graphLoad(I, Ptr, {Off});
    return;
  }
  }
}

//===-- Unrolled loops in the packing graph --------------------------------===//

/// Iterations of a loop packed together: a compiler unrolls or software-
/// pipelines a short loop body, so iterations overlap in the bundles.
constexpr unsigned MaxLoopCopies = 32;
/// Graph size limit for the copies of one block.
constexpr size_t MaxCopyNodes = 8192;

bool Analyzer::affineInCopy(const Instruction &I) {
  if (!isa<BinaryOperator>(I) && !isa<GetElementPtrInst>(I) &&
      !isa<CastInst>(I) && !isa<PHINode>(I))
    return false;
  if (!SE.isSCEVable(I.getType()))
    return false;
  auto *AR =
      dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<Instruction *>(&I)));
  return AR && AR->isAffine() && AR->getLoop() == LI.getLoopFor(I.getParent());
}

/// How many copies of \p BB (already in the graph once) to pack: a loop of
/// one block with a constant trip count, up to MaxLoopCopies.
unsigned Analyzer::loopCopies(BasicBlock &BB) {
  Loop *L = LI.getLoopFor(&BB);
  if (!L || L->getNumBlocks() != 1 || L->getHeader() != &BB)
    return 1;
  std::optional<uint64_t> Trip = tripCount(L);
  if (!Trip || *Trip < 2)
    return 1;
  uint64_t C = std::min<uint64_t>(*Trip, MaxLoopCopies);
  size_t N = std::max<size_t>(1, Graph->Nodes.size());
  return unsigned(std::max<uint64_t>(1, std::min<uint64_t>(C, MaxCopyNodes / N)));
}

/// Appends copies 1 .. Copies-1 of the loop body \p BB to the graph: phis
/// take the previous copy's values (the loop-carried dependences), the exit
/// compare is left out, and values affine in the counter come from copy 0
/// (an immediate offset where only memory addresses use them, else one add).
void Analyzer::graphLoopCopies(BasicBlock &BB, unsigned Copies,
                               KernelCounts &K) {
  ExitCompare = nullptr;
  if (auto *Br = dyn_cast<BranchInst>(BB.getTerminator()))
    if (Br->isConditional())
      if (auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition()))
        if (Cmp->getParent() == &BB)
          ExitCompare = Cmp;
  FirstCopy.clear();
  for (Instruction &I : BB)
    if (affineInCopy(I)) {
      // A step that is not a constant makes c * step a register, added in
      // every copy; a constant one folds into an immediate offset.
      auto *AR = cast<SCEVAddRecExpr>(SE.getSCEV(&I));
      FirstCopy[&I] = {Producers.lookup(&I),
                       !isa<SCEVConstant>(AR->getStepRecurrence(SE))};
    }
  for (auto &[V, A] : FirstCopy)
    for (const User *U : V->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI || UI->getParent() != &BB || isa<PHINode>(UI) ||
          UI == ExitCompare || FirstCopy.count(UI))
        continue;
      if (auto *Ld = dyn_cast<LoadInst>(UI); Ld && Ld->getPointerOperand() == V)
        continue;
      if (auto *St = dyn_cast<StoreInst>(UI);
          St && St->getPointerOperand() == V && St->getValueOperand() != V)
        continue;
      A.Add = true;
    }
  Counting = false;
  LaterCopy = true;
  for (unsigned C = 1; C < Copies; ++C) {
    std::vector<std::pair<const Value *, LaneNodes>> Next;
    for (PHINode &P : BB.phis()) {
      if (FirstCopy.count(&P))
        continue;
      auto It = Producers.find(P.getIncomingValueForBlock(&BB));
      // A latch value with no producer in this block (a constant, as in
      // `phi i1 [true, %pre], [false, %body]` of a two-trip loop, or a
      // value from another block) is ready at the start: one empty node
      // list per lane, never an empty LaneNodes, which readers index.
      Next.emplace_back(&P, It != Producers.end() && !It->second.empty()
                                ? It->second
                                : LaneNodes(lanesOf(P.getType())));
    }
    for (auto &[P, N] : Next)
      Producers[P] = std::move(N);
    for (Instruction &I : BB)
      if (!isa<PHINode>(I) || FirstCopy.count(&I))
        countInstruction(I, 0, K);
  }
  Counting = true;
  LaterCopy = false;
  FirstCopy.clear();
  ExitCompare = nullptr;
}

//===-- Registers ---------------------------------------------------------===//

unsigned Analyzer::estimateRegisters() {
  // Live SSA values at each program point, in 32-bit registers; the
  // maximum over the kernel. Kernel arguments live in constant memory on
  // GPUs and booleans in predicate registers, so neither is counted.
  std::vector<const Instruction *> Vals;
  DenseMap<const Value *, unsigned> Id;
  for (Instruction &I : instructions(F)) {
    if (I.getType()->isVoidTy() || I.getType()->isIntOrIntVectorTy(1))
      continue;
    Id[&I] = Vals.size();
    Vals.push_back(&I);
  }
  auto regs = [&](const Value *V) -> unsigned {
    Type *T = V->getType();
    if (T->isPointerTy())
      return 2;
    uint64_t Bits = DL.getTypeSizeInBits(T).getFixedValue();
    return unsigned((Bits + 31) / 32);
  };
  size_t NV = Vals.size();
  DenseMap<const BasicBlock *, BitVector> LiveIn, LiveOut;
  for (BasicBlock &BB : F) {
    LiveIn[&BB] = BitVector(NV);
    LiveOut[&BB] = BitVector(NV);
  }
  std::vector<BasicBlock *> Order;
  for (BasicBlock &BB : F)
    Order.push_back(&BB);
  bool Changed = true;
  for (unsigned Iter = 0; Changed && Iter < 100; ++Iter) {
    Changed = false;
    for (auto It = Order.rbegin(); It != Order.rend(); ++It) {
      BasicBlock &BB = **It;
      BitVector Out(NV);
      for (BasicBlock *S : successors(&BB)) {
        BitVector In = LiveIn[S];
        // Phi operands are live on the edge from their block only.
        for (PHINode &Phi : S->phis()) {
          if (Id.count(&Phi))
            In.reset(Id[&Phi]);
          Value *V = Phi.getIncomingValueForBlock(&BB);
          if (V && Id.count(V))
            In.set(Id[V]);
        }
        Out |= In;
      }
      BitVector In = Out;
      for (auto RI = BB.rbegin(); RI != BB.rend(); ++RI) {
        if (Id.count(&*RI))
          In.reset(Id[&*RI]);
        if (isa<PHINode>(*RI))
          continue;
        for (Value *Op : RI->operands())
          if (Id.count(Op))
            In.set(Id[Op]);
      }
      for (PHINode &Phi : BB.phis())
        if (Id.count(&Phi))
          In.set(Id[&Phi]);
      if (Out != LiveOut[&BB] || In != LiveIn[&BB]) {
        LiveOut[&BB] = Out;
        LiveIn[&BB] = In;
        Changed = true;
      }
    }
  }
  // Walk each block backwards from its live-out set, keeping the number
  // of live registers up to date as values die and become live.
  unsigned Max = 0;
  for (BasicBlock &BB : F) {
    BitVector Live = LiveOut[&BB];
    unsigned Count = 0;
    for (unsigned B : Live.set_bits())
      Count += regs(Vals[B]);
    Max = std::max(Max, Count);
    for (auto RI = BB.rbegin(); RI != BB.rend(); ++RI) {
      if (auto It = Id.find(&*RI); It != Id.end() && Live.test(It->second)) {
        Live.reset(It->second);
        Count -= regs(&*RI);
      }
      if (!isa<PHINode>(*RI))
        for (Value *Op : RI->operands())
          if (auto It = Id.find(Op); It != Id.end() && !Live.test(It->second)) {
            Live.set(It->second);
            Count += regs(Op);
          }
      Max = std::max(Max, Count);
    }
  }
  return std::max(Max, 1u);
}

//===-- Driver ------------------------------------------------------------===//

/// Iterations full unrolling needs to make the byte offset of \p Ptr into
/// the private array \p AI a constant (1 when it is one already), or
/// nullopt when the offset depends on anything but the counters of loops
/// with a constant trip count (data, arguments, ids, uncounted loops).
/// Loops under `#pragma unroll` count for 1.
std::optional<uint64_t> Analyzer::unrolledIndex(Value *Ptr,
                                                const AllocaInst *AI) {
  const SCEV *Off = SE.getMinusSCEV(
      SE.getSCEV(Ptr), SE.getSCEV(const_cast<AllocaInst *>(AI)));
  if (isa<SCEVCouldNotCompute>(Off))
    return std::nullopt;
  uint64_t Iters = 1;
  std::set<const Loop *> Seen;
  std::function<bool(const SCEV *)> Ok = [&](const SCEV *S) -> bool {
    if (isa<SCEVConstant>(S))
      return true;
    if (auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
      std::optional<uint64_t> TC = tripCount(AR->getLoop());
      if (!AR->isAffine() || !TC ||
          !isa<SCEVConstant>(AR->getStepRecurrence(SE)))
        return false;
      // `#pragma unroll` (full, or a count that covers the trip count)
      // unrolls whatever the count: it adds nothing to the iterations.
      std::optional<int> Count =
          getOptionalIntLoopAttribute(AR->getLoop(), "llvm.loop.unroll.count");
      bool Forced =
          getBooleanLoopAttribute(AR->getLoop(), "llvm.loop.unroll.full") ||
          (Count && uint64_t(*Count) >= *TC);
      if (!Forced && Seen.insert(AR->getLoop()).second)
        Iters = std::min<uint64_t>(Iters * std::max<uint64_t>(*TC, 1),
                                   uint64_t(1) << 32);
      return Ok(AR->getStart());
    }
    if (auto *C = dyn_cast<SCEVCastExpr>(S))
      return Ok(C->getOperand());
    if (auto *N = dyn_cast<SCEVNAryExpr>(S)) {
      if (!isa<SCEVAddExpr>(N) && !isa<SCEVMulExpr>(N))
        return false;
      for (const SCEV *Op : N->operands())
        if (!Ok(Op))
          return false;
      return true;
    }
    return false;
  };
  if (!Ok(Off))
    return std::nullopt;
  return Iters;
}

void Analyzer::findFp64AndPrivateArrays(KernelCounts &K) {
  auto isDouble = [](Type *T) {
    return T->getScalarType()->isDoubleTy();
  };
  // Lanes of half arithmetic \p I does (cl_khr_fp16): an operation,
  // comparison or builtin call with a half result or operand. Not the
  // conversions (fpext/fptrunc, vload_half/vstore_half, convert_*, as_*),
  // nor loads and stores: half as a storage format needs no extension.
  auto halfLanes = [](Instruction &I) -> unsigned {
    if (!isa<BinaryOperator, UnaryOperator, FCmpInst, CallInst>(I))
      return 0;
    if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      switch (II->getIntrinsicID()) {
      case Intrinsic::convert_to_fp16: case Intrinsic::convert_from_fp16:
      case Intrinsic::fptrunc_round:
      case Intrinsic::experimental_constrained_fptrunc:
      case Intrinsic::experimental_constrained_fpext:
        return 0;
      default:
        break;
      }
    } else if (auto *Call = dyn_cast<CallInst>(&I)) {
      Function *Callee = Call->getCalledFunction();
      if (!Callee || !Callee->isDeclaration())
        return 0; // builtins only; a helper's own code is looked at
      std::string_view Base = builtinBaseName(Callee->getName());
      for (std::string_view P : {"vload", "vstore", "convert_", "as_"})
        if (Base.substr(0, P.size()) == P)
          return 0;
    }
    auto isHalf = [](Type *T) { return T->getScalarType()->isHalfTy(); };
    unsigned Lanes = isHalf(I.getType()) ? lanesOf(I.getType()) : 0;
    for (const Use &Op : I.operands())
      if (isHalf(Op->getType()))
        Lanes = std::max(Lanes, lanesOf(Op->getType()));
    return Lanes;
  };
  std::map<const AllocaInst *, PrivateArray> Arrays;
  std::vector<const AllocaInst *> Order;
  std::set<const AllocaInst *> Dynamic; // an index full unrolling leaves
  for (BasicBlock &BB : F) {
    double W = Freq.lookup(&BB);
    for (Instruction &I : BB) {
      if (!K.Fp64Use && W > 0) {
        bool D = isDouble(I.getType());
        for (const Use &Op : I.operands())
          D |= isDouble(Op->getType());
        if (D)
          if (const DILocation *At = I.getDebugLoc())
            K.Fp64Use = SourceLoc{fileOf(At->getFile()), At->getLine(),
                                  At->getColumn()};
      }
      if (unsigned H = halfLanes(I)) {
        K.Fp16Ops += W * H;
        if (!K.Fp16Use && W > 0)
          if (const DILocation *At = I.getDebugLoc())
            K.Fp16Use = SourceLoc{fileOf(At->getFile()), At->getLine(),
                                  At->getColumn()};
      }
      if (auto *AI = dyn_cast<AllocaInst>(&I)) {
        if (!AI->getAllocatedType()->isArrayTy() && !AI->isArrayAllocation())
          continue;
        PrivateArray PA;
        if (std::optional<TypeSize> Sz = AI->getAllocationSize(DL))
          PA.Bytes = Sz->getFixedValue();
        // Debug info names the array when it has variables (a declare, or
        // the value records InstCombine lowers declares to); the frontend
        // emits line tables only, so usually the first access places it.
        SmallVector<DbgVariableIntrinsic *, 2> Intrinsics;
        SmallVector<DbgVariableRecord *, 2> Records;
        findDbgUsers(Intrinsics, AI, &Records);
        const DILocalVariable *Var = nullptr;
        for (DbgVariableIntrinsic *D : Intrinsics)
          Var = D->getVariable();
        for (DbgVariableRecord *D : Records)
          Var = D->getVariable();
        if (Var) {
          PA.Name = Var->getName().str();
          PA.Loc = {fileOf(Var->getFile()), Var->getLine(), 0};
        }
        Arrays[AI] = PA;
        Order.push_back(AI);
        continue;
      }
      Value *Ptr = nullptr;
      Type *Ty = nullptr;
      if (auto *Ld = dyn_cast<LoadInst>(&I)) {
        Ptr = Ld->getPointerOperand();
        Ty = Ld->getType();
      } else if (auto *St = dyn_cast<StoreInst>(&I)) {
        Ptr = St->getPointerOperand();
        Ty = St->getValueOperand()->getType();
      }
      if (!Ptr)
        continue;
      auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
      auto It = AI ? Arrays.find(AI) : Arrays.end();
      if (It == Arrays.end())
        continue;
      It->second.AccessesPerItem += W;
      It->second.BytesPerItem += W * DL.getTypeStoreSize(Ty).getFixedValue();
      if (W > 0) {
        std::optional<uint64_t> Iters = unrolledIndex(Ptr, AI);
        if (!Iters)
          Dynamic.insert(AI);
        else
          It->second.UnrollIterations =
              std::max(It->second.UnrollIterations, *Iters);
      }
      if (!It->second.Loc.Line)
        if (const DILocation *L = I.getDebugLoc())
          It->second.Loc = {fileOf(L->getFile()), L->getLine(), L->getColumn()};
    }
  }
  for (const AllocaInst *AI : Order)
    if (Arrays[AI].AccessesPerItem > 0) {
      Arrays[AI].LoopIndexed = !Dynamic.count(AI);
      K.PrivateArrays.push_back(Arrays[AI]);
    }
}

void Analyzer::run(KernelCounts &K) {
  computeFrequencies();
  if (TimedOut)
    return;
  for (BasicBlock &BB : F) {
    double W = Freq.lookup(&BB);
    BlockGraph BG;
    BG.Name = BB.hasName() ? BB.getName().str()
                           : "bb" + std::to_string(K.Blocks.size());
    BG.ExecPerItem = W;
    Graph = &BG;
    double LoadsBefore = K.GlobalLoads;
    for (Instruction &I : BB)
      countInstruction(I, W, K);
    if (K.GlobalLoads > LoadsBefore)
      K.GlobalLoadRounds += W;
    if (unsigned Copies = W > 0 ? loopCopies(BB) : 1; Copies > 1) {
      graphLoopCopies(BB, Copies, K);
      BG.ExecPerItem = W / Copies;
    }
    Graph = nullptr;
    // Producers are per block: a value from another block is ready when
    // the block starts.
    Producers.clear();
    Fence.clear();
    if (!BG.Nodes.empty() && W > 0)
      K.Blocks.push_back(std::move(BG));
  }
  computeFootprints(K);
  chargeConstantTables(K);
  mergeCopiedSites(K);
  K.Registers = estimateRegisters();
  findFp64AndPrivateArrays(K);
  for (auto &[BB, Site] : Sites) {
    Site.ExecPerItem = Freq.lookup(BB);
    if (Site.ExecPerItem > 0)
      K.Branches.push_back(std::move(Site));
  }
  for (auto &[Ln, LC] : Lines)
    if (Ln && (LC.AluOps > 0 || LC.GlobalBytes > 0 || LC.LocalBytes > 0 ||
               LC.TexFetches > 0))
      K.Lines.push_back(LC);
  for (auto &A : Assumptions)
    K.Assumptions.push_back(A);
  K.TripRanges = TripRanges;
}

unsigned dimsUsed(const Function &F) {
  unsigned Max = 1;
  for (const Instruction &I : instructions(F))
    if (auto W = workItemCall(&I); W && W->Dim)
      Max = std::max(Max, *W->Dim + 1);
  return std::min(Max, 3u);
}

/// Replaces sizes and scalar arguments with the launch's constants. A value
/// that does not fit its parameter's type is an error.
Error specialize(Function &F, const std::vector<KernelArgInfo> &Args,
                 const LaunchSpec &L, std::vector<Assumption> &Assumptions,
                 uint64_t &LocalArgBytes) {
  auto mismatch = [&](const KernelArgInfo &Info, const ArgValue &V,
                      const std::string &Want) {
    return createStringError(
        inconvertibleErrorCode(),
        "--arg %s=%s: parameter '%s' of kernel '%s' is %s '%s'; '%s' is not %s",
        Info.Name.c_str(), V.Text.c_str(), Info.Name.c_str(),
        F.getName().str().c_str(),
        Info.IsPointer ? "a __local pointer, sized in bytes, of type" : "of type",
        Info.Type.c_str(), V.Text.c_str(), Want.c_str());
  };
  // Scalar arguments and __local pointer sizes come from --arg.
  std::set<std::string> Used;
  for (Argument &A : F.args()) {
    const KernelArgInfo &Info = Args[A.getArgNo()];
    const std::string &Name = Info.Name;
    if (!A.hasName())
      A.setName(Name);
    auto It = L.Args.find(Name);
    if (A.getType()->isPointerTy()) {
      if (Info.Space == AddrSpace::Local) {
        if (It != L.Args.end()) {
          if (!It->second.Numeric || It->second.IsFloat || It->second.Int <= 0)
            return mismatch(Info, It->second, "a positive whole number of bytes");
          LocalArgBytes += uint64_t(It->second.Int);
          Used.insert(Name);
        } else {
          Assumptions.push_back({"", 0, "argument",
                                 "__local argument '" + Name +
                                     "': size not given (--arg " + Name +
                                     "=BYTES); not counted for occupancy"});
        }
      }
      continue;
    }
    if (It == L.Args.end())
      continue;
    Used.insert(Name);
    Constant *C = nullptr;
    Type *T = A.getType();
    const ArgValue &V = It->second;
    if (T->isIntegerTy()) {
      if (!V.Numeric || (V.IsFloat && V.Float != std::floor(V.Float)))
        return mismatch(Info, V, "an integer");
      // The value must fit the parameter's type: 2147483648 for an int
      // would wrap, and 1e30 through int64_t(double) is undefined.
      unsigned Bits = T->getIntegerBitWidth();
      // The base type: a typedef of an unsigned type is unsigned.
      StringRef TypeName(Info.BaseType);
      bool Unsigned = TypeName.starts_with("u") ||
                      TypeName.starts_with("unsigned") ||
                      TypeName == "size_t" || TypeName == "bool";
      double Lo = Unsigned ? 0.0 : -std::ldexp(1.0, int(Bits) - 1);
      double Hi = std::ldexp(1.0, int(Bits) - (Unsigned ? 0 : 1));
      bool Fits;
      if (V.IsFloat)
        Fits = V.Float >= Lo && V.Float < Hi && std::fabs(V.Float) < 0x1p63;
      else if (Bits >= 64)
        Fits = !Unsigned || V.Int >= 0;
      else
        Fits = double(V.Int) >= Lo && double(V.Int) < Hi;
      if (!Fits)
        return mismatch(Info, V,
                        Unsigned ? "in its range (0 to 2^" +
                                           std::to_string(Bits) + "-1)"
                                 : "in its range (-2^" +
                                           std::to_string(Bits - 1) +
                                           " to 2^" + std::to_string(Bits - 1) +
                                           "-1)");
      C = ConstantInt::get(T, V.IsFloat ? int64_t(V.Float) : V.Int,
                           /*IsSigned=*/true);
    } else if (T->isFloatingPointTy()) {
      if (!V.Numeric)
        return mismatch(Info, V, "a number");
      C = ConstantFP::get(T, V.Float);
    }
    if (C)
      A.replaceAllUsesWith(C);
  }
  for (auto &[Name, V] : L.Args)
    if (!Used.count(Name))
      Assumptions.push_back({"", 0, "argument",
                             "--arg " + Name + ": kernel '" +
                                 F.getName().str() +
                                 "' has no scalar or __local argument of "
                                 "that name; ignored"});

  std::vector<std::pair<CallInst *, Constant *>> Repl;
  for (Instruction &I : instructions(F)) {
    auto W = workItemCall(&I);
    if (!W)
      continue;
    auto *Call = cast<CallInst>(&I);
    Type *T = Call->getType();
    if (W->Fn == WorkItemFn::WorkDim) {
      Repl.push_back({Call, ConstantInt::get(T, L.Dims)});
      continue;
    }
    if (!W->Dim)
      continue;
    uint64_t D = *W->Dim;
    uint64_t G = D < 3 ? L.Global[D] : 1;
    std::optional<uint64_t> Loc;
    if (L.Local)
      Loc = D < 3 ? (*L.Local)[D] : 1;
    switch (W->Fn) {
    case WorkItemFn::GlobalSize:
      Repl.push_back({Call, ConstantInt::get(T, G)});
      break;
    case WorkItemFn::LocalSize:
    case WorkItemFn::EnqueuedLocalSize:
      if (Loc)
        Repl.push_back({Call, ConstantInt::get(T, *Loc)});
      break;
    case WorkItemFn::NumGroups:
      if (Loc)
        Repl.push_back({Call, ConstantInt::get(T, G / *Loc)});
      break;
    case WorkItemFn::GlobalOffset:
      Repl.push_back({Call, ConstantInt::get(T, 0)});
      break;
    case WorkItemFn::GlobalId:
    case WorkItemFn::LocalId:
    case WorkItemFn::GroupId:
      // Beyond the launch's dimensions ids are 0.
      if (D >= L.Dims)
        Repl.push_back({Call, ConstantInt::get(T, 0)});
      break;
    default:
      break;
    }
  }
  for (auto &[Call, C] : Repl) {
    Call->replaceAllUsesWith(C);
    Call->eraseFromParent();
  }
  return Error::success();
}

} // namespace

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
  if (MDNode *MD = F->getMetadata("reqd_work_group_size");
      MD && MD->getNumOperands() == 3) {
    std::array<uint64_t, 3> R{1, 1, 1};
    for (unsigned D = 0; D < 3; ++D)
      if (auto *C = mdconst::dyn_extract<ConstantInt>(MD->getOperand(D)))
        R[D] = C->getZExtValue();
    K.ReqdWorkGroupSize = R;
  }

  AnalyzeOptions O = Opts;
  if (!Opts.LaunchGiven) {
    unsigned Dims = dimsUsed(*F);
    O.Launch.Dims = Dims;
    static const uint64_t Sizes[3][3] = {
        {1u << 20, 1, 1}, {1024, 1024, 1}, {128, 128, 64}};
    for (int D = 0; D < 3; ++D)
      O.Launch.Global[D] = Sizes[Dims - 1][D];
    K.Assumptions.push_back({"", 0, "launch",
                             "launch: no --global given; assumed --global " +
                                 formatSizes(O.Launch.Global, Dims)});
  }
  if (!O.Launch.Local && K.ReqdWorkGroupSize)
    O.Launch.Local = *K.ReqdWorkGroupSize;
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
                             "kernel '" + Kernel + "' vanished in optimization");
  KernelLines.restore();
  pointerAccess(*F, K.Args);
  // Static __local arrays used by the kernel.
  uint64_t StaticLocal = 0;
  for (GlobalVariable &GV : Clone->globals())
    if (GV.getAddressSpace() == ASLocal && !GV.use_empty())
      StaticLocal += Clone->getDataLayout().getTypeAllocSize(GV.getValueType());
  K.LocalMemBytes = StaticLocal + LocalArgBytes;

  Analyzer A(*F, O, File);
  A.run(K);
  if (A.timedOut())
    return make_error<AnalysisTimedOut>();
  K.Assumptions.insert(K.Assumptions.end(), SpecNotes.begin(), SpecNotes.end());
  return K;
}

} // namespace clspread

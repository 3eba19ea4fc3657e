//===- BlockFrequency.cpp - Executions per work-item of each block ---===//
#include "Analysis/BlockFrequency.h"
#include "Analysis/Builtins.h"
#include "Analysis/FillOdds.h"
#include "Analysis/FlowSolver.h"
#include "Analysis/IdEvaluator.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

using namespace llvm;

namespace clspread {

namespace {

/// Builds one BlockFrequencies: the branch and loop-exit probabilities,
/// then the flow equations' solution.
class FrequencyBuilder : AnalysisPart {
public:
  FrequencyBuilder(AnalysisContext &C, BlockFrequencies &R)
      : AnalysisPart(C), Freq(R.Freq), Sites(R.Sites), TripRanges(R.TripRanges),
        LongestSkew(R.LongestSkew), LongestBlockSkew(R.LongestBlockSkew),
        ExclusiveSides(R.ExclusiveSides), WaveSkew(R.WaveSkew) {}

  void computeFrequencies();

private:
  double loopExitProbability(BasicBlock *BB, BranchInst *Br);
  std::optional<uint64_t> geometricMaxTrips(Loop *Lp, BranchInst *Br);
  /// The id-only conditions that hold wherever \p BB runs: branches of its
  /// dominators whose one edge dominates it.
  std::vector<IdEvaluator::Guard> guardsOf(BasicBlock *BB, IdEvaluator &Eval);
  BasicBlock *enteredLoop(BranchInst *Br);
  /// Multiplies \p BB's WaveSkew by \p By (a side of a branch above it).
  void scaleWaveSkew(const BasicBlock *BB, const std::array<double, 4> &By) {
    auto [It, New] = WaveSkew.try_emplace(BB);
    if (New)
      It->second.fill(1);
    for (unsigned W = 0; W < 4; ++W)
      It->second[W] *= By[W];
  }

  DenseMap<const BasicBlock *, double> &Freq;
  /// Branches on ids of dimension 0, with their IdEvaluator output when the
  /// condition is id-only; and the sites made of them, by block.
  std::vector<std::pair<BranchInst *, std::optional<unsigned>>>
      DivergenceQueries;
  std::vector<std::pair<const BasicBlock *, BranchSite>> &Sites;
  std::vector<KernelCounts::TripRange> &TripRanges;
  DenseMap<const Loop *, double> &LongestSkew;
  DenseMap<const BasicBlock *, double> &LongestBlockSkew;
  std::vector<std::vector<std::vector<const BasicBlock *>>> &ExclusiveSides;
  DenseMap<const BasicBlock *, std::array<double, 4>> &WaveSkew;
};

} // namespace

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
      Found |=
          (W->Fn == WorkItemFn::LocalId || W->Fn == WorkItemFn::GlobalId) &&
          W->Dim && *W->Dim == 0;
    return !Found;
  });
  return Found;
}

/// Whether \p V computes on a work-item id itself (not only through the
/// address of a load): `IN_RANGE(tx, i + 1, 14 - i)` with a loop counter i.
static bool computesOnIds(Value *V) {
  bool Found = false;
  walkSlice(V, [&](Value *X) {
    Found |= workItemCall(X).has_value();
    return !Found && !isa<LoadInst>(X);
  });
  return Found;
}

std::vector<IdEvaluator::Guard> FrequencyBuilder::guardsOf(BasicBlock *BB,
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
    if (isa<LoadInst>(X) || isa<AtomicRMWInst>(X) ||
        isa<AtomicCmpXchgInst>(X)) {
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
    return "depends on " +
           std::string(Args.size() == 1 ? "argument " : "arguments ") + S +
           ", not given with --arg";
  }
  if (Float)
    return "depends on floating-point values the loop computes";
  return "is not affine in the loop counter (ScalarEvolution cannot count it)";
}

/// The successor of \p Br that enters a loop (its preheader or header)
/// whose trip count ScalarEvolution does not know, if any.
BasicBlock *FrequencyBuilder::enteredLoop(BranchInst *Br) {
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

double FrequencyBuilder::loopExitProbability(BasicBlock *BB, BranchInst *Br) {
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
      // Another exit that counts (a search's bound, `x < n`, beside its
      // data exit) ends the loop after M trips at most: this exit takes
      // the rest of the stated rate, 1/N - 1/M, so that the two together
      // give N trips.
      double Rate = 1.0 / double(It->second);
      SmallVector<BasicBlock *, 4> Exiting;
      Lp->getExitingBlocks(Exiting);
      for (BasicBlock *Other : Exiting)
        if (auto *OC = dyn_cast<SCEVConstant>(SE.getExitCount(Lp, Other));
            Other != BB && OC)
          Rate -= 1.0 / (double(OC->getAPInt().getZExtValue()) + 1.0);
      return std::max(0.0, Rate);
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
    if (Outer != Lp && Outer->contains(Lp) && S0 && D && T &&
        *T <= (1u << 20) && S0->getAPInt().getBitWidth() <= 64) {
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
      Max ? fmt::format("trip count in [1, {}]; assumed {:g} (the bound)", *Max,
                        Assumed)
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
std::optional<uint64_t> FrequencyBuilder::geometricMaxTrips(Loop *Lp,
                                                            BranchInst *Br) {
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
                  Step->getOpcode() == Instruction::AShr) &&
                 C->equalsInt(1)) ||
                ((Step->getOpcode() == Instruction::UDiv ||
                  Step->getOpcode() == Instruction::SDiv) &&
                 C->equalsInt(2));
    if (!Up && !Down)
      continue;
    Value *Start = P->getIncomingValueForBlock(
        Lp->getLoopPreheader()
            ? Lp->getLoopPreheader()
            : P->getIncomingBlock(P->getIncomingBlock(0) == Latch));
    ConstantRange SR = SE.getUnsignedRange(SE.getSCEV(Start));
    ConstantRange BR = SE.getUnsignedRange(SE.getSCEV(B));
    unsigned Bits;
    if (Up) {
      // From the smallest start >= 1 (a doubling loop that ends starts
      // there) up to the largest bound.
      if (BR.isFullSet())
        return std::nullopt;
      APInt Lo =
          SR.isFullSet() ? APInt(SR.getBitWidth(), 1) : SR.getUnsignedMin();
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

void FrequencyBuilder::computeFrequencies() {
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
  // The blocks only side S of \p Br leads to: those its edge dominates,
  // which are the dominator subtree of the side's first block when the
  // edge dominates that block, and none otherwise (a walk of the subtree,
  // not a dominance query per block of the function: generated kernels
  // have thousands of blocks and of branches).
  auto eachBlockUnder = [&](Instruction *Term, BasicBlock *Side, auto Fn) {
    if (!DT.dominates(BasicBlockEdge(Term->getParent(), Side), Side))
      return;
    for (DomTreeNode *N : depth_first(DT.getNode(Side)))
      Fn(N->getBlock());
  };
  // The sides of an id branch or switch that work-items take with shares
  // \p Shares (its successors'): the longest item's skew of each side's
  // blocks, and, when \p Exclusive (no wavefront runs two sides), the
  // sides as exclusive for the longest item's path.
  auto skewSides =
      [&](Instruction *Term,
          const std::vector<std::pair<BasicBlock *, double>> &Shares,
          bool Exclusive, auto &&PerSide) {
        std::vector<std::vector<const BasicBlock *>> Sides;
        for (auto [Side, Pr] : Shares) {
          if (Pr <= 0 || Pr >= 1)
            continue;
          std::vector<const BasicBlock *> &Blocks = Sides.emplace_back();
          eachBlockUnder(Term, Side, [&](BasicBlock *B) {
            double &Skew = LongestBlockSkew[B];
            Skew = std::max(1.0, Skew) / Pr;
            PerSide(Side, B);
            Blocks.push_back(B);
          });
          if (Blocks.empty())
            Sides.pop_back();
        }
        if (Exclusive && Sides.size() > 1)
          ExclusiveSides.push_back(std::move(Sides));
      };

  IdEvaluator Eval(L);
  Eval.setBudget(Opts.MaxIdOperations);
  Eval.setDeadline(Opts.Deadline);
  struct Pending {
    unsigned From;
    BranchInst *Br;
    unsigned Query;
    unsigned Slot; ///< the condition's output, for its wavefront split
  };
  std::vector<Pending> IdBranches;
  struct PendingExit {
    unsigned From;
    BranchInst *Br;
    Loop *Lp;
    unsigned Query;
  };
  std::vector<PendingExit> IdExits;
  struct PendingSwitch {
    unsigned From;
    SwitchInst *Sw;
    std::vector<unsigned> Queries; ///< one per case, in case order
    std::vector<unsigned> Cases;   ///< each case's output, in case order
  };
  std::vector<PendingSwitch> IdSwitches;

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
        IdBranches.push_back(
            {From, Br, Eval.addQuery(*Slot, guardsOf(BB, Eval)), *Slot});
        if (usesIdDim0(Br->getCondition()))
          DivergenceQueries.push_back({Br, *Slot});
        if (Eval.timedOut()) { // in guardsOf
          C.TimedOut = true;
          return;
        }
        continue;
      }
      const IdEvaluator::Failure Why = Eval.lastFailure();
      if (Why == IdEvaluator::Failure::TimedOut) {
        C.TimedOut = true;
        return;
      }
      // An exit whose count ScalarEvolution gives as a function of ids,
      // sizes and arguments (grid-stride loops, `for (i = lid; i < n; i +=
      // lsize)`, triangular loops): its mean over the work-items that
      // enter the loop, evaluated over the NDRange.
      if (Exiting && !isa<SCEVCouldNotCompute>(SE.getExitCount(Lp, BB)))
        if (auto Slot = Eval.compileSCEV(SE.getExitCount(Lp, BB))) {
          IdExits.push_back(
              {From, Br, Lp,
               Eval.addSum(*Slot, guardsOf(Lp->getHeader(), Eval))});
          continue;
        }
      // A branch on ids and data: where it splits wavefronts is unknown.
      if (!Exiting && usesIdDim0(Br->getCondition()))
        DivergenceQueries.push_back({Br, std::nullopt});
      double P0 = 0.5;
      bool SplitsWaves = false; // see below
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
      } else if (std::string Buffer;
                 auto Odds =
                     fillOdds(Br->getCondition(), Opts.BufferFills, Buffer)) {
        P0 = *Odds;
        assume("branch", lineOf(*Br),
               fmt::format("branch on a value of '{}', which the launch "
                           "fills over a range: taken by {:.4g}% of "
                           "work-items",
                           Buffer, 100 * P0));
        // Each work-item's value is its own draw: a wavefront of w runs a
        // side when any of its items takes it, 1 - (1 - p)^w of them.
        if (computesOnIds(Br->getCondition()))
          for (unsigned S = 0; S < 2; ++S) {
            const double Pr = S == 0 ? P0 : 1 - P0;
            if (Pr <= 0 || Pr >= 1)
              continue;
            std::array<double, 4> Side;
            for (unsigned W = 0; W < 4; ++W)
              Side[W] = (1 - std::pow(1 - Pr, double(8u << W))) / Pr;
            eachBlockUnder(Br, Br->getSuccessor(S),
                           [&](BasicBlock *B) { scaleWaveSkew(B, Side); });
          }
      } else {
        std::string Args = scalarArgsIn(Br->getCondition());
        SplitsWaves = Args.empty() && computesOnIds(Br->getCondition());
        assume("branch", lineOf(*Br),
               (Args.empty()
                    ? "branch depends on data"
                    : "branch depends on " + Args + ", not given with --arg") +
                   "; assumed taken by 50% of work-items");
      }
      // A condition that computes on the id and on something the evaluator
      // cannot follow (a loop counter, data; not an argument left out,
      // which usually bounds the range: `i < n`) most likely differs
      // between the work-items of a wavefront: each side is then run by
      // every wavefront that reaches the branch, 1 / its share of
      // work-items as often per wavefront as per work-item.
      if (SplitsWaves) {
        assume("divergence", lineOf(*Br),
               "branch computes on the work-item id and on values not "
               "known before the run; assumed to split every wavefront "
               "that reaches it");
        for (unsigned S = 0; S < 2; ++S) {
          double Pr = S == 0 ? P0 : 1 - P0;
          eachBlockUnder(Br, Br->getSuccessor(S), [&](BasicBlock *B) {
            scaleWaveSkew(B, {1 / Pr, 1 / Pr, 1 / Pr, 1 / Pr});
          });
        }
      }
      Out[From].push_back({Index[S0], P0});
      Out[From].push_back({Index[S1], 1 - P0});
      continue;
    }
    if (auto *Sw = dyn_cast<SwitchInst>(T)) {
      // A switch on ids (`switch (get_group_id(0))`, or an if-else chain
      // LLVM made one): each case's share of work-items, evaluated over
      // the NDRange like a branch on ids. Few cases only: generated
      // kernels switch over thousands.
      if (Sw->getNumCases() > 0 && Sw->getNumCases() <= 64)
        if (auto Slot = Eval.compile(Sw->getCondition())) {
          std::vector<IdEvaluator::Guard> Guards = guardsOf(BB, Eval);
          if (Eval.timedOut()) {
            C.TimedOut = true;
            return;
          }
          PendingSwitch P{From, Sw, {}};
          for (const auto &Case : Sw->cases()) {
            P.Cases.push_back(
                Eval.equals(*Slot, Case.getCaseValue()->getValue()));
            P.Queries.push_back(Eval.addQuery(P.Cases.back(), Guards));
          }
          IdSwitches.push_back(std::move(P));
          continue;
        }
      if (Eval.lastFailure() == IdEvaluator::Failure::TimedOut) {
        C.TimedOut = true;
        return;
      }
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

  // How the branches on ids fall across wavefronts: one evaluation pass
  // for all of them. The branches on dimension-0 ids first (the sites of
  // the divergence rule), then every id-only branch (the sides wavefronts
  // run, below).
  std::vector<unsigned> Outputs;
  for (auto &[Br, Slot] : DivergenceQueries)
    if (Slot)
      Outputs.push_back(*Slot);
  const size_t SiteOutputs = Outputs.size();
  for (const Pending &P : IdBranches)
    Outputs.push_back(P.Slot);
  const size_t CaseOutputs = Outputs.size();
  for (const PendingSwitch &P : IdSwitches)
    Outputs.insert(Outputs.end(), P.Cases.begin(), P.Cases.end());
  bool DivSampled = false;
  std::vector<IdEvaluator::WaveSplit> Fractions;
  if (!Outputs.empty() && L.Local)
    Fractions = Eval.divergence(Outputs, /*MaxGroups=*/16, DivSampled);
  if (Eval.timedOut() || pastDeadline()) {
    C.TimedOut = true;
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
        Site.DivergentFraction[W] = Fractions[Next].Split[W];
      Site.Sampled = DivSampled;
      ++Next;
    }
    Sites.push_back({Br->getParent(), std::move(Site)});
  }

  // Whether the conditions of Outputs [From, From + N) split no wavefront
  // of 64 (nor so any smaller one): each wavefront runs one side.
  auto unsplit = [&](size_t From, size_t N) {
    if (Fractions.empty())
      return false;
    for (size_t O = From; O < From + N; ++O)
      if (Fractions[O].Split[3] > 0)
        return false;
    return true;
  };
  if (!IdBranches.empty() || !IdExits.empty() || !IdSwitches.empty()) {
    bool Sampled = false;
    auto Results = Eval.run(Opts.MaxEvaluatedItems, Sampled);
    if (Eval.timedOut()) {
      C.TimedOut = true;
      return;
    }
    if (Sampled)
      assume("id-sampling", 0,
             "branches depending on work-item ids were counted on a sample "
             "of " +
                 std::to_string(Eval.sampleLimit()) +
                 " work-items (the NDRange is larger)");
    for (auto &P : IdExits) {
      const auto &R = Results[P.Query];
      BasicBlock *S0 = P.Br->getSuccessor(0);
      bool ExitOn0 = !P.Lp->contains(S0);
      // Exit count + 1 executions of the exiting block per entry: its mean
      // over the entering items. With no item entering, any value serves.
      double Mean = R.Reached ? R.Sum / double(R.Reached) : 0;
      double PExit = 1.0 / (Mean + 1.0);
      if (R.Reached) {
        double &Skew = LongestSkew[P.Lp];
        Skew = std::max({Skew, 1.0, (double(R.Max) + 1.0) / (Mean + 1.0)});
      }
      Out[P.From].push_back({Index[S0], ExitOn0 ? PExit : 1 - PExit});
      Out[P.From].push_back(
          {Index[P.Br->getSuccessor(1)], ExitOn0 ? 1 - PExit : PExit});
    }
    for (size_t Q = 0; Q < IdBranches.size(); ++Q) {
      const Pending &P = IdBranches[Q];
      const auto &R = Results[P.Query];
      double PTrue = R.Reached ? double(R.Taken) / double(R.Reached) : 0.5;
      std::array<std::array<double, 4>, 2> WaveSides{};
      // Successor 0 is the side taken when the condition is true.
      for (unsigned S = 0; S < 2 && R.Reached; ++S) {
        double Pr = S == 0 ? PTrue : 1 - PTrue;
        if (Pr <= 0 || Pr >= 1)
          continue;
        // A wavefront runs a side when any of its work-items takes it: the
        // blocks only that side leads to run (share of wavefronts with such
        // a work-item) / (share of work-items) times as often per
        // wavefront as per work-item, at least once and at most 1 / share.
        // The wavefront shares are over the group's items, the items'
        // share over those that reach the branch (its guards).
        std::array<double, 4> WaveSide{1, 1, 1, 1};
        if (!Fractions.empty()) {
          const IdEvaluator::WaveSplit &WS = Fractions[SiteOutputs + Q];
          const std::array<double, 4> &Any = S == 0 ? WS.AnyTrue : WS.AnyFalse;
          for (unsigned W = 0; W < 4; ++W)
            WaveSide[W] = std::clamp(Any[W] / Pr, 1.0, 1.0 / Pr);
        }
        WaveSides[S] = WaveSide;
      }
      // The items that take a side run what it alone leads to 1 / p
      // times the mean: the longest item's share.
      if (R.Reached)
        skewSides(P.Br,
                  {{P.Br->getSuccessor(0), PTrue},
                   {P.Br->getSuccessor(1), 1 - PTrue}},
                  unsplit(SiteOutputs + Q, 1),
                  [&](BasicBlock *Side, BasicBlock *B) {
                    scaleWaveSkew(
                        B, WaveSides[Side == P.Br->getSuccessor(0) ? 0 : 1]);
                  });
      Out[P.From].push_back({Index[P.Br->getSuccessor(0)], PTrue});
      Out[P.From].push_back({Index[P.Br->getSuccessor(1)], 1 - PTrue});
    }
    size_t NextCase = CaseOutputs;
    for (const PendingSwitch &P : IdSwitches) {
      const bool Exclusive = unsplit(NextCase, P.Cases.size());
      NextCase += P.Cases.size();
      // Each successor's share of the items that reach the switch (the
      // same for every case's query): its cases', the rest to the default.
      const uint64_t Reached = Results[P.Queries.front()].Reached;
      std::vector<std::pair<BasicBlock *, double>> Shares;
      auto share = [&](BasicBlock *Side, double Pr) {
        for (auto &[S, Sum] : Shares)
          if (S == Side) {
            Sum += Pr;
            return;
          }
        Shares.push_back({Side, Pr});
      };
      double Rest = 1;
      size_t Q = 0;
      for (const auto &Case : P.Sw->cases()) {
        // With no item reaching the switch any shares serve: uniform.
        const double Pr =
            Reached ? double(Results[P.Queries[Q++]].Taken) / double(Reached)
                    : 1.0 / P.Sw->getNumSuccessors();
        share(Case.getCaseSuccessor(), Pr);
        Rest -= Pr;
      }
      share(P.Sw->getDefaultDest(), std::max(0.0, Rest));
      for (auto [Side, Pr] : Shares)
        Out[P.From].push_back({Index[Side], Pr});
      if (Reached)
        skewSides(P.Sw, Shares, Exclusive, [](BasicBlock *, BasicBlock *) {});
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

BlockFrequencies computeBlockFrequencies(AnalysisContext &C) {
  BlockFrequencies R;
  FrequencyBuilder(C, R).computeFrequencies();
  return R;
}

} // namespace clspread

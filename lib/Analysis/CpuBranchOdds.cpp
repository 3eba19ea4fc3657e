//===- CpuBranchOdds.cpp - How often the CPU code's branches go each way ===//
#include "Analysis/CpuBranchOdds.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/PatternMatch.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace clspread {

namespace {

/// A work-item of the launch: its local ids, its group's first global
/// ids and its group ids.
struct ItemIds {
  std::array<int64_t, 3> Lid{}, First{}, Group{};
};

/// The SCEV of what \p U freezes, where \p U is a frozen value: a frozen
/// value is the value (the optimizer freezes an id it moves a branch on
/// out of a loop). Null otherwise.
const SCEV *unfrozen(const SCEVUnknown *U, ScalarEvolution &SE) {
  auto *Fr = dyn_cast<FreezeInst>(U->getValue());
  if (!Fr || !SE.isSCEVable(Fr->getOperand(0)->getType()))
    return nullptr;
  return SE.getSCEV(Fr->getOperand(0));
}

} // namespace

std::map<const Loop *, unsigned> itemLoops(const Function &F, LoopInfo &LI) {
  std::map<const Loop *, unsigned> Dims;
  const size_t Prefix = std::strlen(CpuLidName);
  for (const BasicBlock &BB : F)
    for (const PHINode &P : BB.phis()) {
      StringRef N = P.getName();
      if (!N.starts_with(CpuLidName) || N.size() <= Prefix || N[Prefix] < 'x' ||
          N[Prefix] > 'z')
        continue;
      if (StringRef Rest = N.drop_front(Prefix + 1);
          !Rest.empty() && Rest[0] != '.' && !isDigit(Rest[0]))
        continue;
      if (const Loop *L = LI.getLoopFor(&BB); L && L->getHeader() == &BB)
        Dims[L] = unsigned(N[Prefix] - 'x');
    }
  return Dims;
}

std::optional<double>
scevValue(const SCEV *S, ScalarEvolution &SE,
          function_ref<std::optional<double>(const SCEVUnknown *)> Leaf,
          function_ref<std::optional<double>(const Loop *)> Iteration,
          int Depth) {
  if (Depth > 32)
    return std::nullopt;
  auto value = [&](const SCEV *X) {
    return scevValue(X, SE, Leaf, Iteration, Depth + 1);
  };
  if (auto *C = dyn_cast<SCEVConstant>(S))
    return double(C->getAPInt().getSExtValue());
  if (auto *U = dyn_cast<SCEVUnknown>(S)) {
    if (const SCEV *Thawed = unfrozen(U, SE))
      return value(Thawed);
    return Leaf(U);
  }
  if (auto *Cast = dyn_cast<SCEVCastExpr>(S))
    return value(Cast->getOperand(0));
  if (auto *Rec = dyn_cast<SCEVAddRecExpr>(S)) {
    if (!Rec->isAffine())
      return std::nullopt;
    auto I = Iteration(Rec->getLoop());
    auto Start = I ? value(Rec->getStart()) : std::nullopt;
    auto Step = Start ? value(Rec->getStepRecurrence(SE)) : std::nullopt;
    if (!Step)
      return std::nullopt;
    return *Start + *Step * *I;
  }
  if (auto *D = dyn_cast<SCEVUDivExpr>(S)) {
    auto A = value(D->getLHS()), B = value(D->getRHS());
    if (!A || !B || *B == 0)
      return std::nullopt;
    return std::floor(*A / *B);
  }
  auto *N = dyn_cast<SCEVNAryExpr>(S);
  if (!N)
    return std::nullopt;
  std::optional<double> R;
  for (const SCEV *Op : N->operands()) {
    auto V = value(Op);
    if (!V)
      return std::nullopt;
    if (!R)
      R = *V;
    else if (isa<SCEVAddExpr>(S))
      *R += *V;
    else if (isa<SCEVMulExpr>(S))
      *R *= *V;
    else if (isa<SCEVSMaxExpr>(S) || isa<SCEVUMaxExpr>(S))
      R = std::max(*R, *V);
    else if (isa<SCEVMinMaxExpr>(S) || isa<SCEVSequentialMinMaxExpr>(S))
      R = std::min(*R, *V);
    else
      return std::nullopt;
  }
  return R;
}

namespace {

/// The work-group function's parameter for dimension \p Dim's first
/// global id (\p First) or group id; null in a helper, which has none.
const Argument *groupArg(const Function &F, unsigned Dim, bool First) {
  if (F.getName() != CpuGroupFn)
    return nullptr;
  return F.getArg(F.arg_size() - (First ? 6 : 3) + Dim);
}

} // namespace

std::optional<double>
groupParam(const Function &F, const SCEVUnknown *U,
           function_ref<double(unsigned Dim, bool First)> Pick) {
  for (unsigned Dim = 0; Dim < 3; ++Dim)
    for (bool First : {true, false})
      if (const Argument *A = groupArg(F, Dim, First); A && U->getValue() == A)
        return Pick(Dim, First);
  return std::nullopt;
}

namespace {

/// How often the ordered comparison \p Cmp holds over the launch's
/// work-items, where both sides are functions of their ids (`gid < n`,
/// `x < width - 1`): counted over every work-item of a launch of at most
/// 4096, else over 4096 spread evenly over it. Null otherwise.
std::optional<double> rangeOdds(const ICmpInst &Cmp, ScalarEvolution &SE,
                                const Function &F,
                                const std::map<const Loop *, unsigned> &Dims,
                                const LaunchShape &Shape) {
  if (F.getName() != CpuGroupFn || Cmp.isEquality() ||
      !SE.isSCEVable(Cmp.getOperand(0)->getType()))
    return std::nullopt;
  const SCEV *A = SE.getSCEV(Cmp.getOperand(0));
  const SCEV *B = SE.getSCEV(Cmp.getOperand(1));
  std::array<uint64_t, 3> G, Lc;
  uint64_t Items = 1;
  for (unsigned D = 0; D < 3; ++D) {
    Lc[D] = std::max<uint64_t>(Shape.Local[D], 1);
    G[D] = std::max(Shape.Global[D], Lc[D]) / Lc[D] * Lc[D];
    Items *= G[D];
  }
  const uint64_t Samples = std::min<uint64_t>(Items, 4096);
  uint64_t Held = 0;
  for (uint64_t K = 0; K < Samples; ++K) {
    uint64_t Index =
        uint64_t((double(K) + 0.5) * double(Items) / double(Samples));
    ItemIds Ids;
    for (unsigned D = 0; D < 3; ++D) {
      const uint64_t Gid = Index % G[D];
      Index /= G[D];
      Ids.Lid[D] = int64_t(Gid % Lc[D]);
      Ids.Group[D] = int64_t(Gid / Lc[D]);
      Ids.First[D] = int64_t(Gid - Gid % Lc[D]);
    }
    auto Leaf = [&](const SCEVUnknown *U) {
      return groupParam(F, U, [&](unsigned D, bool First) {
        return double(First ? Ids.First[D] : Ids.Group[D]);
      });
    };
    auto At = [&](const Loop *L) -> std::optional<double> {
      auto It = Dims.find(L);
      if (It == Dims.end())
        return std::nullopt;
      return double(Ids.Lid[It->second]);
    };
    auto X = scevValue(A, SE, Leaf, At), Y = scevValue(B, SE, Leaf, At);
    if (!X || !Y)
      return std::nullopt;
    // Unsigned predicates see a negative value as 2^64 past it.
    auto wide = [&](double V) {
      return Cmp.isUnsigned() && V < 0 ? V + 0x1p64 : V;
    };
    const double L = wide(*X), R = wide(*Y);
    switch (ICmpInst::getSignedPredicate(Cmp.getPredicate())) {
    case ICmpInst::ICMP_SLT:
      Held += L < R;
      break;
    case ICmpInst::ICMP_SLE:
      Held += L <= R;
      break;
    case ICmpInst::ICMP_SGT:
      Held += L > R;
      break;
    default:
      Held += L >= R;
      break;
    }
  }
  return double(Held) / double(Samples);
}

/// How often `D == 0` holds, D a difference of two values: where D
/// steps through a loop (the work-item loops', or the kernel's), for one
/// iteration in the loop's trip count; where it starts from a group's
/// first global id (`get_global_id(0) == 0`, `posx == width - 1`), for
/// one work-item in the launch's extent in that dimension; where it is a
/// group's first id or its group id and nothing steps (`get_group_id(0)
/// == 0`), for one group of the launch's. Null otherwise.
std::optional<double> differenceOdds(const SCEV *D, ScalarEvolution &SE,
                                     const Function &F,
                                     const LaunchShape &Shape) {
  auto idDim = [&](const SCEV *X, bool First) -> std::optional<unsigned> {
    for (unsigned Dim = 0; Dim < 3; ++Dim) {
      const Argument *A = groupArg(F, Dim, First);
      if (A && SCEVExprContains(X, [&](const SCEV *S) {
            auto *U = dyn_cast<SCEVUnknown>(S);
            return U && U->getValue() == A;
          }))
        return Dim;
    }
    return std::nullopt;
  };
  auto *Rec = dyn_cast<SCEVAddRecExpr>(D);
  if (!Rec) {
    if (SE.containsAddRecurrence(D))
      return std::nullopt;
    // A group's first id or its group id: one group of the launch's.
    auto Dim = idDim(D, true);
    if (!Dim)
      Dim = idDim(D, false);
    if (Dim)
      return double(Shape.Local[*Dim]) /
             double(std::max(Shape.Global[*Dim], Shape.Local[*Dim]));
    return std::nullopt;
  }
  const SCEV *Step = Rec->getStepRecurrence(SE);
  if (!Rec->isAffine() || !isa<SCEVConstant>(Step) || Step->isZero())
    return std::nullopt;
  if (auto Dim = idDim(Rec->getStart(), true))
    return 1.0 / double(std::max<uint64_t>(Shape.Global[*Dim], 1));
  if (unsigned T = SE.getSmallConstantTripCount(Rec->getLoop()))
    return 1.0 / T;
  return std::nullopt;
}

/// \p V's SCEV with the values the optimizer froze seen through
/// (unfrozen()).
const SCEV *thawed(const Value *V, ScalarEvolution &SE) {
  struct Thaw : SCEVRewriteVisitor<Thaw> {
    using SCEVRewriteVisitor<Thaw>::SCEVRewriteVisitor;
    const SCEV *visitUnknown(const SCEVUnknown *U) {
      const SCEV *Thawed = unfrozen(U, SE);
      return Thawed ? visit(Thawed) : U;
    }
  };
  Thaw T(SE);
  return T.visit(SE.getSCEV(const_cast<Value *>(V)));
}

/// How often `A == B` holds (differenceOdds), where the optimizer may have
/// written `gid == 0`, gid = first + lid, both not negative, as
/// `(first | lid) == 0`: both zero, the product of their odds.
std::optional<double> pointOdds(const Value *A, const Value *B,
                                ScalarEvolution &SE, const Function &F,
                                const LaunchShape &Shape, int Depth = 0) {
  if (!SE.isSCEVable(A->getType()))
    return std::nullopt;
  if (isa<ConstantInt>(A))
    std::swap(A, B);
  if (auto *C = dyn_cast<ConstantInt>(B); C && C->isZero() && Depth < 4)
    if (auto *Or = dyn_cast<BinaryOperator>(A);
        Or && Or->getOpcode() == Instruction::Or) {
      auto X = pointOdds(Or->getOperand(0), B, SE, F, Shape, Depth + 1);
      auto Y = pointOdds(Or->getOperand(1), B, SE, F, Shape, Depth + 1);
      if (X && Y)
        return *X * *Y;
    }
  return differenceOdds(SE.getMinusSCEV(thawed(A, SE), thawed(B, SE)), SE, F,
                        Shape);
}

/// How often \p V, a branch's condition, holds: an equality of ids
/// (pointOdds; where \p Guess, of another value with a constant, 1 time
/// in 64), where \p Ordered an ordered comparison of ids (rangeOdds), and
/// `or`, `and` and `not` of those, taken as independent (an image's
/// border, `y == 0 || y == h - 1`, after the optimizer moved it out of the
/// x loop). Null otherwise.
std::optional<double>
conditionOdds(const Value *V, bool Guess, bool Ordered, ScalarEvolution &SE,
              const Function &F, const std::map<const Loop *, unsigned> &Dims,
              const LaunchShape &Shape, int Depth = 0) {
  if (Depth > 4)
    return std::nullopt;
  auto both = [&](const Value *A, const Value *B, bool Or) {
    auto X = conditionOdds(A, Guess, Ordered, SE, F, Dims, Shape, Depth + 1);
    auto Y = conditionOdds(B, Guess, Ordered, SE, F, Dims, Shape, Depth + 1);
    if (!X || !Y)
      return std::optional<double>();
    return std::optional<double>(Or ? 1 - (1 - *X) * (1 - *Y) : *X * *Y);
  };
  const Value *A, *B;
  if (match(V, m_Freeze(m_Value(A)))) // a frozen condition is the condition
    return conditionOdds(A, Guess, Ordered, SE, F, Dims, Shape, Depth + 1);
  if (match(V, m_LogicalOr(m_Value(A), m_Value(B))))
    return both(A, B, true);
  if (match(V, m_LogicalAnd(m_Value(A), m_Value(B))))
    return both(A, B, false);
  if (match(V, m_Not(m_Value(A))))
    if (auto X =
            conditionOdds(A, Guess, Ordered, SE, F, Dims, Shape, Depth + 1))
      return 1 - *X;
  auto *Cmp = dyn_cast<ICmpInst>(V);
  if (!Cmp)
    return std::nullopt;
  if (!Cmp->isEquality())
    return Ordered ? rangeOdds(*Cmp, SE, F, Dims, Shape) : std::nullopt;
  std::optional<double> Odds =
      pointOdds(Cmp->getOperand(0), Cmp->getOperand(1), SE, F, Shape);
  if (!Odds && Guess &&
      (isa<ConstantInt>(Cmp->getOperand(0)) ||
       isa<ConstantInt>(Cmp->getOperand(1))))
    Odds = 1.0 / 64;
  if (!Odds)
    return std::nullopt;
  return Cmp->getPredicate() == ICmpInst::ICMP_EQ ? *Odds : 1 - *Odds;
}

} // namespace

/// Branch weights where the optimizer left none. A comparison for
/// equality holds for one value among many: a work-item id's (pointOdds)
/// for one work-item of the group or of the launch, one of another value
/// with a constant (`x == 0`) 1 time in 64; LLVM's own heuristics call
/// only comparisons with 0, 1 and -1 unlikely, and would run a loop only
/// `get_global_id(0) == 0` enters for half the work-items (Rodinia's
/// particlefilter normalizes 400000 weights so). A switch that
/// SimplifyCFG makes of `x == 0 || x == w - 1` goes to each case 1 time
/// in 64 (LLVM would take each successor alike: an image's border as
/// often as its inside). An ordered comparison of ids holds
/// for its share of the launch's work-items (rangeOdds); `or`, `and`,
/// `not` and `freeze` of these combine them (conditionOdds); the
/// vectorizer's run-time guards pass.
bool exitsOnSecondVisit(const BranchInst &Br, const Loop &L) {
  if (!Br.isConditional() || !L.contains(Br.getParent()))
    return false;
  auto *P = dyn_cast<PHINode>(Br.getCondition());
  if (!P || P->getParent() != L.getHeader() || P->getNumIncomingValues() != 2)
    return false;
  const ConstantInt *Entry = nullptr, *Back = nullptr;
  for (unsigned I = 0; I < 2; ++I) {
    auto *C = dyn_cast<ConstantInt>(P->getIncomingValue(I));
    if (!C)
      return false;
    (L.contains(P->getIncomingBlock(I)) ? Back : Entry) = C;
  }
  if (!Entry || !Back || Entry == Back)
    return false;
  // The successor the back edge's value picks (false: the second).
  return !L.contains(Br.getSuccessor(Back->isOne() ? 0 : 1));
}

void weighBranches(Function &F, ScalarEvolution &SE, LoopInfo &LI,
                   const LaunchShape &Shape) {
  MDBuilder MDB(F.getContext());
  const std::map<const Loop *, unsigned> Dims = itemLoops(F, LI);
  for (BasicBlock &BB : F) {
    if (auto *Sw = dyn_cast<SwitchInst>(BB.getTerminator())) {
      if (Sw->getMetadata(LLVMContext::MD_prof))
        continue;
      SmallVector<uint32_t, 8> W(Sw->getNumSuccessors(), 1);
      W[0] = 64 > W.size() ? uint32_t(64 - (W.size() - 1)) : 1; // default
      Sw->setMetadata(LLVMContext::MD_prof, MDB.createBranchWeights(W));
      continue;
    }
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional() || Br->getMetadata(LLVMContext::MD_prof))
      continue;
    const Loop *L = LI.getLoopFor(&BB);
    // The first visit one way, the second out of the loop: once each.
    if (L && exitsOnSecondVisit(*Br, *L)) {
      Br->setMetadata(LLVMContext::MD_prof, MDB.createBranchWeights(1, 1));
      continue;
    }
    // A test of ids for equality (an image's border rows, which the
    // optimizer may put before a vectorized loop) at the ids' odds.
    std::optional<double> P =
        conditionOdds(Br->getCondition(), false, false, SE, F, Dims, Shape);
    // The loop vectorizer's run-time guards (buffers' streams do not
    // overlap, ids do not wrap: cfd's five streams of one array nelr
    // apart) pass at run time; LLVM would run the scalar loop half the
    // time. Its vector path enters at vector.ph, vector.memcheck or
    // vector.scevcheck, or, past a check, at vector.body.
    auto vectorPath = [](const BasicBlock *S) {
      StringRef N = S->getName();
      return N.starts_with("vector.ph") || N.starts_with("vector.body") ||
             N.starts_with("vector.memcheck") ||
             N.starts_with("vector.scevcheck");
    };
    if (!P &&
        vectorPath(Br->getSuccessor(0)) != vectorPath(Br->getSuccessor(1))) {
      const bool First = vectorPath(Br->getSuccessor(0));
      Br->setMetadata(LLVMContext::MD_prof,
                      MDB.createBranchWeights(First ? (1u << 20) : 1,
                                              First ? 1 : (1u << 20)));
      continue;
    }
    // A comparison with a constant (1 time in 64), and an ordered
    // comparison of ids (`if (gid < n)`), but not as a kernel loop's
    // exit, whose trips SCEV counts: LLVM would take it half the time.
    if (!P)
      P = conditionOdds(Br->getCondition(), true,
                        !(L && !Dims.count(L) && L->isLoopExiting(&BB)), SE, F,
                        Dims, Shape);
    if (!P)
      continue;
    // Weights are 32-bit: one in at most 2^31.
    constexpr double Scale = double(1u << 31);
    const uint32_t T = uint32_t(std::clamp(*P * Scale, 1.0, Scale - 1));
    Br->setMetadata(LLVMContext::MD_prof,
                    MDB.createBranchWeights(T, uint32_t(Scale) - T));
  }
}

} // namespace clspread

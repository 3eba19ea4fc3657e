//===- AffineOffset.cpp - Addresses as affine functions of ids and loops --===//
#include "Analysis/AffineOffset.h"
#include "Analysis/Builtins.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace clspread {

namespace {

/// affineOffset()'s recursion, with the context's analyses at hand.
class AffineBuilder : AnalysisPart {
public:
  explicit AffineBuilder(AnalysisContext &C) : AnalysisPart(C) {}
  std::optional<Affine> affine(const SCEV *S, unsigned Depth = 0);
};

} // namespace

std::optional<Affine> AffineBuilder::affine(const SCEV *S, unsigned Depth) {
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
    case WorkItemFn::GlobalId:
      A.Gid[D] = 1;
      return A;
    case WorkItemFn::LocalId:
      A.Lid[D] = 1;
      return A;
    case WorkItemFn::GroupId:
      A.Grp[D] = 1;
      return A;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<Affine> affineOffset(AnalysisContext &C, const SCEV *S) {
  return AffineBuilder(C).affine(S);
}

double averageTrips(AnalysisContext &C, const BlockFrequencies &BF,
                    const Loop *Lp) {
  if (std::optional<uint64_t> TC = C.tripCount(Lp))
    return double(*TC);
  const BasicBlock *H = Lp->getHeader();
  double Entries = 0;
  for (const BasicBlock *P : predecessors(H))
    if (!Lp->contains(P))
      Entries += BF.Freq.lookup(P); // the entering block runs once per entry
  double Runs = BF.Freq.lookup(H);
  return Entries > 0 && Runs > Entries ? Runs / Entries : 1.0;
}

GlobalAccess::Pattern shapeOf(AnalysisContext &C, const BlockFrequencies &BF,
                              const Affine &Off, const BasicBlock *BB) {
  GlobalAccess::Pattern P;
  P.Const = Off.Symbolic ? 0 : Off.Const;
  for (int D = 0; D < 3; ++D) {
    P.Gid[D] = Off.Gid[D];
    P.Lid[D] = Off.Lid[D];
    P.Grp[D] = Off.Grp[D];
  }
  for (const Loop *Lp = C.LI.getLoopFor(BB); Lp; Lp = Lp->getParentLoop()) {
    GlobalAccess::Pattern::LoopTerm T;
    T.Trips = averageTrips(C, BF, Lp);
    const AnalysisContext::LoopFacts Facts = C.loopFacts(Lp);
    T.Id = Facts.Id;
    T.Barrier = Facts.Barrier;
    for (auto &[L, Coef] : Off.Iter)
      if (L == Lp)
        T.Coef = Coef;
    P.Loops.push_back(T);
  }
  return P;
}

} // namespace clspread

//===- FillOdds.cpp - Branch odds on values the launch fills --------------===//
#include "Analysis/FillOdds.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace clspread {

namespace {
/// A loaded value's fill: its interval, and whether it holds integers.
struct Filled {
  double Lo = 0, Hi = 0;
  bool Integer = true;
  std::string Buffer;
};
} // namespace

/// The fill of the buffer \p V is loaded from, looking through the
/// conversions that keep the value (widening, int to float). A zero
/// extension keeps only a range that is not negative.
static std::optional<Filled>
loadedFill(const Value *V, const std::map<std::string, BufferContents> &Fills) {
  bool Unsigned = false;
  while (auto *Cast = dyn_cast<CastInst>(V)) {
    switch (Cast->getOpcode()) {
    case Instruction::ZExt:
    case Instruction::UIToFP:
      Unsigned = true;
      [[fallthrough]];
    case Instruction::SExt:
    case Instruction::SIToFP:
    case Instruction::FPExt:
      V = Cast->getOperand(0);
      continue;
    default:
      return std::nullopt;
    }
  }
  auto *Ld = dyn_cast<LoadInst>(V);
  if (!Ld)
    return std::nullopt;
  auto *Arg = dyn_cast<Argument>(getUnderlyingObject(Ld->getPointerOperand()));
  if (!Arg || !Arg->hasName())
    return std::nullopt;
  auto Fill = Fills.find(Arg->getName().str());
  if (Fill == Fills.end() || !Fill->second.Range)
    return std::nullopt;
  auto [Lo, Hi] = *Fill->second.Range;
  if (Hi < Lo || (Unsigned && Lo < 0))
    return std::nullopt;
  const bool Integer = Ld->getType()->isIntegerTy();
  if (!Integer && !Ld->getType()->isFloatingPointTy())
    return std::nullopt;
  return Filled{Lo, Hi, Integer, Arg->getName().str()};
}

/// The constant \p V holds, as a double (integers as signed unless
/// \p Unsigned).
static std::optional<double> constantOf(const Value *V, bool Unsigned) {
  if (auto *CI = dyn_cast<ConstantInt>(V))
    return Unsigned ? double(CI->getZExtValue()) : double(CI->getSExtValue());
  if (auto *CF = dyn_cast<ConstantFP>(V))
    return CF->getValueAPF().convertToDouble();
  return std::nullopt;
}

/// The share of \p F's values x with `x Pred C`, Pred a predicate on the
/// loaded value's side (x < C is ICMP_SLT/FCMP_OLT ...).
static std::optional<double> shareOf(const Filled &F, CmpInst::Predicate Pred,
                                     double C) {
  // Values below C, at C and above C: counts of integers, or lengths of
  // the interval (C itself has none).
  double Below, At, Above, All;
  if (F.Integer) {
    All = F.Hi - F.Lo + 1;
    const double Up = std::ceil(C), Down = std::floor(C);
    Below = std::clamp(Up - F.Lo, 0.0, All);
    Above = std::clamp(F.Hi - Down, 0.0, All);
    At = All - Below - Above;
  } else {
    All = F.Hi - F.Lo;
    if (All <= 0)
      return std::nullopt;
    Below = std::clamp(C - F.Lo, 0.0, All);
    Above = All - Below;
    At = 0;
  }
  // Which of the three the predicate holds for, as LLVM evaluates it: on
  // 0, 1 and 2 against 1 (below, at, above; unsigned alike).
  auto holds = [&](int X) {
    if (CmpInst::isIntPredicate(Pred))
      return ICmpInst::compare(APInt(8, X), APInt(8, 1), Pred);
    return FCmpInst::compare(APFloat(double(X)), APFloat(1.0), Pred);
  };
  const double True =
      (holds(0) ? Below : 0) + (holds(1) ? At : 0) + (holds(2) ? Above : 0);
  return True / All;
}

std::optional<double>
fillOdds(const Value *Cond, const std::map<std::string, BufferContents> &Fills,
         std::string &Buffer) {
  auto *Cmp = dyn_cast<CmpInst>(Cond);
  if (!Cmp || Fills.empty())
    return std::nullopt;
  CmpInst::Predicate Pred = Cmp->getPredicate();
  const Value *X = Cmp->getOperand(0), *C = Cmp->getOperand(1);
  if (isa<Constant>(X)) {
    std::swap(X, C);
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  auto F = loadedFill(X, Fills);
  if (!F)
    return std::nullopt;
  auto K = constantOf(C, CmpInst::isUnsigned(Pred));
  if (!K)
    return std::nullopt;
  // An unsigned comparison of a range with negative values compares
  // their bit patterns: not this interval's order.
  if (CmpInst::isUnsigned(Pred) && F->Lo < 0)
    return std::nullopt;
  Buffer = F->Buffer;
  return shareOf(*F, Pred, *K);
}

} // namespace clspread

//===- IdEvaluator.cpp - Count id-only branch outcomes over an NDRange ----===//
#include "Analysis/IdEvaluator.h"
#include "Analysis/IdArithmetic.h"

#include "Analysis/Builtins.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace clspread {

std::optional<unsigned> IdEvaluator::compile(Value *V) {
  if (Program.empty()) // slot 0: a zero that unused operand fields point at
    Program.push_back(Instr{Op::Const});
  Visits = 0;
  Why = Failure::None;
  return compileValue(V, 0);
}

unsigned IdEvaluator::equals(unsigned Slot, const APInt &C) {
  const unsigned W = C.getBitWidth();
  Instr K{Op::Const};
  K.Width = W;
  K.Imm = mask(C.getZExtValue(), W);
  Program.push_back(K);
  Instr Cmp{Op::ICmp};
  Cmp.A = Slot;
  Cmp.B = unsigned(Program.size() - 1);
  Cmp.Width = 1;
  Cmp.SrcWidth = W;
  Cmp.Imm = CmpInst::ICMP_EQ;
  Cmp.Dims = Program[Slot].Dims;
  Program.push_back(Cmp);
  return unsigned(Program.size() - 1);
}

bool IdEvaluator::expired() const {
  if (!TimedOut && Deadline && std::chrono::steady_clock::now() >= *Deadline)
    TimedOut = true;
  return TimedOut;
}

bool IdEvaluator::visit() {
  if (TimedOut || ((++ClockTick & 1023) == 0 && expired())) {
    Why = Failure::TimedOut;
    return false;
  }
  if (++Visits > uint64_t(MaxOps) * 64 || Program.size() >= MaxOps) {
    Why = Failure::OverBudget;
    return false;
  }
  return true;
}

uint64_t IdEvaluator::scaled(uint64_t Base) const {
  uint64_t Work = uint64_t(1) << 31;
  return std::min<uint64_t>(
      Base, std::max<uint64_t>(1, Work / std::max<size_t>(1, Program.size())));
}

/// Which of two failures to report for a value: one that no budget would
/// fix (data) first.
static IdEvaluator::Failure worse(IdEvaluator::Failure A,
                                  IdEvaluator::Failure B) {
  using F = IdEvaluator::Failure;
  auto Rank = [](F X) {
    switch (X) {
    case F::None:
      return 0;
    case F::TooDeep:
      return 1;
    case F::OverBudget:
      return 2;
    case F::TimedOut:
      return 3;
    case F::Unsupported:
      return 4;
    }
    return 0;
  };
  return Rank(A) >= Rank(B) ? A : B;
}

unsigned IdEvaluator::addSum(unsigned Output, std::vector<Guard> Guards) {
  Queries.push_back({Output, std::move(Guards), /*Sum=*/true});
  return unsigned(Queries.size() - 1);
}

std::optional<unsigned> IdEvaluator::compileSCEV(const SCEV *S,
                                                 unsigned Depth) {
  if (Depth == 0) {
    Visits = 0;
    Why = Failure::None;
  }
  if (Depth > MaxDepth) {
    Why = Failure::TooDeep;
    return std::nullopt;
  }
  if (!visit())
    return std::nullopt;
  Type *Ty = S->getType();
  if (!Ty->isIntegerTy() || Ty->getIntegerBitWidth() > 64) {
    Why = Failure::Unsupported;
    return std::nullopt;
  }
  const unsigned W = Ty->getIntegerBitWidth();
  auto push = [&](Instr I) {
    Program.push_back(I);
    return unsigned(Program.size() - 1);
  };
  if (auto *C = dyn_cast<SCEVConstant>(S)) {
    Instr I{Op::Const};
    I.Width = W;
    I.Imm = mask(C->getAPInt().getZExtValue(), W);
    return push(I);
  }
  if (auto *U = dyn_cast<SCEVUnknown>(S))
    return compileValue(U->getValue(), Depth + 1);
  if (isa<SCEVZeroExtendExpr>(S) || isa<SCEVSignExtendExpr>(S) ||
      isa<SCEVTruncateExpr>(S)) {
    const SCEV *Opnd = cast<SCEVCastExpr>(S)->getOperand(0);
    auto A = compileSCEV(Opnd, Depth + 1);
    if (!A)
      return std::nullopt;
    Instr I{isa<SCEVZeroExtendExpr>(S)   ? Op::ZExt
            : isa<SCEVSignExtendExpr>(S) ? Op::SExt
                                         : Op::Trunc};
    I.A = *A;
    I.Width = W;
    I.SrcWidth = Opnd->getType()->getIntegerBitWidth();
    I.Dims = Program[*A].Dims;
    return push(I);
  }
  if (auto *D = dyn_cast<SCEVUDivExpr>(S)) {
    auto L = compileSCEV(D->getLHS(), Depth + 1),
         R = compileSCEV(D->getRHS(), Depth + 1);
    if (!L || !R)
      return std::nullopt;
    Instr I{Op::UDiv};
    I.A = *L;
    I.B = *R;
    I.Width = W;
    I.Dims = Program[*L].Dims | Program[*R].Dims;
    return push(I);
  }
  auto *N = dyn_cast<SCEVNAryExpr>(S);
  if (!N || isa<SCEVAddRecExpr>(S)) {
    Why = Failure::Unsupported;
    return std::nullopt; // a recurrence is not loop-invariant
  }
  std::optional<unsigned> Acc;
  for (const SCEV *Opnd : N->operands()) {
    auto X = compileSCEV(Opnd, Depth + 1);
    if (!X)
      return std::nullopt;
    if (!Acc) {
      Acc = X;
      continue;
    }
    uint8_t Dims = Program[*Acc].Dims | Program[*X].Dims;
    if (isa<SCEVAddExpr>(S) || isa<SCEVMulExpr>(S)) {
      Instr I{isa<SCEVAddExpr>(S) ? Op::Add : Op::Mul};
      I.A = *Acc;
      I.B = *X;
      I.Width = W;
      I.Dims = Dims;
      Acc = push(I);
      continue;
    }
    // min/max: a compare and a select.
    CmpInst::Predicate P;
    switch (S->getSCEVType()) {
    case scUMaxExpr:
      P = CmpInst::ICMP_UGT;
      break;
    case scSMaxExpr:
      P = CmpInst::ICMP_SGT;
      break;
    case scUMinExpr:
    case scSequentialUMinExpr:
      P = CmpInst::ICMP_ULT;
      break;
    case scSMinExpr:
      P = CmpInst::ICMP_SLT;
      break;
    default:
      Why = Failure::Unsupported;
      return std::nullopt;
    }
    Instr Cmp{Op::ICmp};
    Cmp.A = *Acc;
    Cmp.B = *X;
    Cmp.Width = 1;
    Cmp.SrcWidth = W;
    Cmp.Imm = P;
    Cmp.Dims = Dims;
    unsigned C = push(Cmp);
    Instr Sel{Op::Select};
    Sel.A = C;
    Sel.B = *Acc;
    Sel.C = *X;
    Sel.Width = W;
    Sel.Dims = Dims;
    Acc = push(Sel);
  }
  return Acc;
}

std::optional<unsigned> IdEvaluator::compileValue(Value *V, unsigned Depth) {
  if (auto It = Slots.find(V); It != Slots.end())
    return It->second;
  // A failure is remembered, so that a value reused all over a deep DAG
  // (a bitsliced cipher) is walked once, not once per path to it.
  if (auto It = FailedValues.find(V);
      It != FailedValues.end() &&
      (It->second.Why == Failure::Unsupported || Depth >= It->second.Depth)) {
    Why = It->second.Why;
    return std::nullopt;
  }
  if (Depth > MaxDepth) {
    Why = Failure::TooDeep;
    return std::nullopt;
  }
  if (!visit())
    return std::nullopt;
  Failure Worst = Failure::None;
  if (auto S = compileNew(V, Depth, Worst))
    return S;
  Why = Worst == Failure::None ? Failure::Unsupported : Worst;
  if (Why == Failure::Unsupported)
    FailedValues[V] = {Why, 0};
  else if (Why == Failure::TooDeep) // fails from this depth on
    FailedValues[V] = {Why, Depth};
  return std::nullopt;
}

std::optional<unsigned> IdEvaluator::compileNew(Value *V, unsigned Depth,
                                                Failure &Worst) {
  Type *Ty = V->getType();
  if (!Ty->isIntegerTy() || Ty->getIntegerBitWidth() > 64)
    return std::nullopt;
  Instr I{Op::Const};
  I.Width = Ty->getIntegerBitWidth();
  auto operand = [&](Value *O) {
    auto S = compileValue(O, Depth + 1);
    if (!S)
      Worst = worse(Worst, Why);
    return S;
  };

  if (auto *C = dyn_cast<ConstantInt>(V)) {
    I.Imm = mask(C->getZExtValue(), I.Width);
  } else if (auto *Call = dyn_cast<CallInst>(V)) {
    Function *F = Call->getCalledFunction();
    if (!F)
      return std::nullopt;
    // Integer min/max builtins: a compare and a select. The mangled
    // parameter type says the signedness (_Z3minii: int, _Z3minjj: uint).
    std::string_view Base = builtinBaseName(F->getName());
    if ((Base == "min" || Base == "max") && Call->arg_size() == 2 &&
        Ty->isIntegerTy()) {
      std::string_view M = F->getName();
      char P = M.size() > 0 ? M.back() : 'i';
      bool Signed = P == 'i' || P == 'l' || P == 's' || P == 'c' || P == 'a';
      auto L = operand(Call->getArgOperand(0)),
           R = operand(Call->getArgOperand(1));
      if (!L || !R)
        return std::nullopt;
      Instr Cmp{Op::ICmp};
      Cmp.A = *L;
      Cmp.B = *R;
      Cmp.Width = 1;
      Cmp.SrcWidth = I.Width;
      Cmp.Imm = Base == "min"
                    ? (Signed ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT)
                    : (Signed ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT);
      Cmp.Dims = Program[*L].Dims | Program[*R].Dims;
      Program.push_back(Cmp);
      I.Kind = Op::Select;
      I.A = Program.size() - 1;
      I.B = *L;
      I.C = *R;
      I.Dims = Cmp.Dims;
      Program.push_back(I);
      Slots[V] = unsigned(Program.size() - 1);
      return unsigned(Program.size() - 1);
    }
    auto W = workItemCall(Call);
    if (!W || !W->Dim || *W->Dim > 2)
      return std::nullopt;
    I.Imm = *W->Dim;
    switch (W->Fn) {
    case WorkItemFn::GlobalId:
      I.Kind = Op::GlobalId;
      break;
    case WorkItemFn::LocalId:
    case WorkItemFn::GroupId:
      if (!Launch.Local) // local ids are unknown without a local size
        return std::nullopt;
      I.Kind = W->Fn == WorkItemFn::LocalId ? Op::LocalId : Op::GroupId;
      break;
    default:
      return std::nullopt; // sizes were specialized to constants already
    }
  } else if (auto *B = dyn_cast<BinaryOperator>(V)) {
    auto L = operand(B->getOperand(0)), R = operand(B->getOperand(1));
    if (!L || !R)
      return std::nullopt;
    I.A = *L;
    I.B = *R;
    switch (B->getOpcode()) {
    case Instruction::Add:
      I.Kind = Op::Add;
      break;
    case Instruction::Sub:
      I.Kind = Op::Sub;
      break;
    case Instruction::Mul:
      I.Kind = Op::Mul;
      break;
    case Instruction::UDiv:
      I.Kind = Op::UDiv;
      break;
    case Instruction::SDiv:
      I.Kind = Op::SDiv;
      break;
    case Instruction::URem:
      I.Kind = Op::URem;
      break;
    case Instruction::SRem:
      I.Kind = Op::SRem;
      break;
    case Instruction::Shl:
      I.Kind = Op::Shl;
      break;
    case Instruction::LShr:
      I.Kind = Op::LShr;
      break;
    case Instruction::AShr:
      I.Kind = Op::AShr;
      break;
    case Instruction::And:
      I.Kind = Op::And;
      break;
    case Instruction::Or:
      I.Kind = Op::Or;
      break;
    case Instruction::Xor:
      I.Kind = Op::Xor;
      break;
    default:
      return std::nullopt;
    }
  } else if (auto *Cmp = dyn_cast<ICmpInst>(V)) {
    if (!Cmp->getOperand(0)->getType()->isIntegerTy())
      return std::nullopt;
    auto L = operand(Cmp->getOperand(0)), R = operand(Cmp->getOperand(1));
    if (!L || !R)
      return std::nullopt;
    I.Kind = Op::ICmp;
    I.A = *L;
    I.B = *R;
    I.Imm = Cmp->getPredicate();
    I.SrcWidth = Cmp->getOperand(0)->getType()->getIntegerBitWidth();
  } else if (auto *Sel = dyn_cast<SelectInst>(V)) {
    auto C = operand(Sel->getCondition()), T = operand(Sel->getTrueValue()),
         F = operand(Sel->getFalseValue());
    if (!C || !T || !F)
      return std::nullopt;
    I.Kind = Op::Select;
    I.A = *C;
    I.B = *T;
    I.C = *F;
  } else if (auto *Cast = dyn_cast<CastInst>(V)) {
    if (!Cast->getSrcTy()->isIntegerTy())
      return std::nullopt;
    auto S = operand(Cast->getOperand(0));
    if (!S)
      return std::nullopt;
    I.A = *S;
    I.SrcWidth = Cast->getSrcTy()->getIntegerBitWidth();
    switch (Cast->getOpcode()) {
    case Instruction::ZExt:
      I.Kind = Op::ZExt;
      break;
    case Instruction::SExt:
      I.Kind = Op::SExt;
      break;
    case Instruction::Trunc:
      I.Kind = Op::Trunc;
      break;
    default:
      return std::nullopt;
    }
  } else if (auto *Fr = dyn_cast<FreezeInst>(V)) {
    auto S = operand(Fr->getOperand(0));
    if (!S)
      return std::nullopt;
    I.Kind = Op::Freeze;
    I.A = *S;
  } else {
    return std::nullopt;
  }
  if (I.Kind == Op::GlobalId || I.Kind == Op::LocalId || I.Kind == Op::GroupId)
    I.Dims = uint8_t(1u << I.Imm);
  else if (I.Kind != Op::Const)
    I.Dims = Program[I.A].Dims | Program[I.B].Dims | Program[I.C].Dims;
  Program.push_back(I);
  unsigned Slot = Program.size() - 1;
  Slots[V] = Slot;
  return Slot;
}

unsigned IdEvaluator::addQuery(unsigned Output, std::vector<Guard> Guards) {
  Queries.push_back({Output, std::move(Guards)});
  return Queries.size() - 1;
}

void IdEvaluator::evalSlot(size_t K, std::vector<uint64_t> &R,
                           const uint64_t Id[3],
                           const std::array<uint64_t, 3> &L) const {
  const Instr &I = Program[K];
  uint64_t A = R[I.A], B = R[I.B];
  uint64_t V = 0;
  switch (I.Kind) {
  case Op::Const:
    V = I.Imm;
    break;
  case Op::GlobalId:
    V = Id[I.Imm];
    break;
  case Op::LocalId:
    V = Id[I.Imm] % L[I.Imm];
    break;
  case Op::GroupId:
    V = Id[I.Imm] / L[I.Imm];
    break;
  case Op::Add:
    V = A + B;
    break;
  case Op::Sub:
    V = A - B;
    break;
  case Op::Mul:
    V = A * B;
    break;
  case Op::UDiv:
    V = B ? A / B : 0;
    break;
  case Op::URem:
    V = B ? A % B : 0;
    break;
  case Op::SDiv: {
    int64_t X = sext(A, I.Width), Y = sext(B, I.Width);
    V = Y ? uint64_t(X / Y) : 0;
    break;
  }
  case Op::SRem: {
    int64_t X = sext(A, I.Width), Y = sext(B, I.Width);
    V = Y ? uint64_t(X % Y) : 0;
    break;
  }
  case Op::Shl:
    V = B < 64 ? A << B : 0;
    break;
  case Op::LShr:
    V = B < 64 ? A >> B : 0;
    break;
  case Op::AShr:
    V = uint64_t(sext(A, I.Width) >> (B < 64 ? B : 63));
    break;
  case Op::And:
    V = A & B;
    break;
  case Op::Or:
    V = A | B;
    break;
  case Op::Xor:
    V = A ^ B;
    break;
  case Op::ICmp:
    V = compareInts(CmpInst::Predicate(I.Imm), A, B, I.SrcWidth);
    break;
  case Op::Select:
    V = (A & 1) ? B : R[I.C];
    break;
  case Op::ZExt:
    V = A;
    break;
  case Op::SExt:
    V = uint64_t(sext(A, I.SrcWidth));
    break;
  case Op::Trunc:
    V = A;
    break;
  case Op::Freeze:
    V = A;
    break;
  }
  R[K] = mask(V, I.Width);
}

void IdEvaluator::tally(const std::vector<uint64_t> &Vals, uint64_t Weight,
                        std::vector<Result> &Results) const {
  for (size_t Q = 0; Q < Queries.size(); ++Q) {
    bool Reach = true;
    for (const Guard &Gd : Queries[Q].Guards)
      if (bool(Vals[Gd.Output] & 1) != Gd.Polarity) {
        Reach = false;
        break;
      }
    if (!Reach)
      continue;
    Results[Q].Reached += Weight;
    uint64_t V = Vals[Queries[Q].Output];
    if (Queries[Q].Sum) {
      Results[Q].Sum += double(V) * double(Weight);
      Results[Q].Max = std::max(Results[Q].Max, V);
    } else if (V & 1) {
      Results[Q].Taken += Weight;
    }
  }
}

std::vector<IdEvaluator::Result> IdEvaluator::run(uint64_t MaxItems,
                                                  bool &Sampled) {
  std::vector<Result> Results(Queries.size());
  Sampled = false;
  // A long program is run on fewer items (and boxes): about 2^31 slot
  // evaluations at most, seconds, whatever the conditions.
  MaxItems = scaled(MaxItems);
  SampleLimit = MaxItems;
  if (runSeparable(Results) || TimedOut)
    return Results;
  if (runOneGroup(Results) || TimedOut)
    return Results;
  // Boxes of the NDRange on which every condition is uniform.
  {
    std::vector<unsigned> Needed;
    for (const Query &Q : Queries) {
      Needed.push_back(Q.Output);
      for (const Guard &Gd : Q.Guards)
        Needed.push_back(Gd.Output);
    }
    std::vector<Result> Boxed(Queries.size());
    Box All = {
        {{0, Launch.Global[0]}, {0, Launch.Global[1]}, {0, Launch.Global[2]}}};
    uint64_t Budget = scaled(uint64_t(1) << 20);
    Scratch Buffers(Program.size());
    bool Done = splitBoxes(
        All, 7, Needed,
        [&](const Box &Bx, const std::vector<uint64_t> &Vals) {
          uint64_t Volume = (Bx[0].second - Bx[0].first) *
                            (Bx[1].second - Bx[1].first) *
                            (Bx[2].second - Bx[2].first);
          tally(Vals, Volume, Boxed);
        },
        Budget, Buffers);
    if (Done || TimedOut)
      return Boxed;
  }
  const auto &G = Launch.Global;
  std::array<uint64_t, 3> L = Launch.localOrOnes();
  uint64_t N = Launch.workItems();
  uint64_t Step = 1;
  Sampled = false;
  if (N > MaxItems) {
    // A stride that is odd and not a multiple of small sizes keeps the
    // sample spread over rows and columns alike.
    Step = N / MaxItems + 1;
    if (Step % 2 == 0)
      ++Step;
    Sampled = true;
  }
  std::vector<uint64_t> R(Program.size());
  uint64_t Count = 0;
  for (uint64_t Lin = 0; Lin < N; Lin += Step) {
    if ((++Count & 4095) == 0 && expired())
      break;
    uint64_t Id[3] = {Lin % G[0], (Lin / G[0]) % G[1], Lin / (G[0] * G[1])};
    for (size_t K = 0; K < Program.size(); ++K)
      evalSlot(K, R, Id, L);
    tally(R, 1, Results);
  }
  return Results;
}

} // namespace clspread

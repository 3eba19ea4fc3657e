//===- IdEvaluator.cpp - Count id-only branch outcomes over an NDRange ----===//
#include "Analysis/IdEvaluator.h"
#include "Analysis/Builtins.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <map>

using namespace llvm;

namespace clspread {

static uint64_t mask(uint64_t V, unsigned W) {
  return W >= 64 ? V : V & ((uint64_t(1) << W) - 1);
}
static int64_t sext(uint64_t V, unsigned W) {
  if (W >= 64)
    return int64_t(V);
  unsigned S = 64 - W;
  return int64_t(V << S) >> S;
}

std::optional<unsigned> IdEvaluator::compile(Value *V) {
  if (Program.empty()) // slot 0: a zero that unused operand fields point at
    Program.push_back(Instr{Op::Const});
  return compileValue(V, 0);
}

std::optional<unsigned> IdEvaluator::compileValue(Value *V, unsigned Depth) {
  for (auto &[Val, Slot] : Slots)
    if (Val == V)
      return Slot;
  if (Depth > 64)
    return std::nullopt;
  Type *Ty = V->getType();
  if (!Ty->isIntegerTy() || Ty->getIntegerBitWidth() > 64)
    return std::nullopt;
  Instr I{Op::Const};
  I.Width = Ty->getIntegerBitWidth();
  auto operand = [&](Value *O) { return compileValue(O, Depth + 1); };

  if (auto *C = dyn_cast<ConstantInt>(V)) {
    I.Imm = mask(C->getZExtValue(), I.Width);
  } else if (auto *Call = dyn_cast<CallInst>(V)) {
    Function *F = Call->getCalledFunction();
    if (!F || Call->arg_size() != 1)
      return std::nullopt;
    auto Info = lookupBuiltin(builtinBaseName(F->getName()), false, false);
    auto *Dim = dyn_cast<ConstantInt>(Call->getArgOperand(0));
    if (!Info || Info->Kind != BuiltinKind::WorkItem || !Dim ||
        Dim->getZExtValue() > 2)
      return std::nullopt;
    I.Imm = Dim->getZExtValue();
    switch (Info->Item) {
    case WorkItemFn::GlobalId:
      I.Kind = Op::GlobalId;
      break;
    case WorkItemFn::LocalId:
    case WorkItemFn::GroupId:
      if (!Launch.Local) // local ids are unknown without a local size
        return std::nullopt;
      I.Kind = Info->Item == WorkItemFn::LocalId ? Op::LocalId : Op::GroupId;
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
    case Instruction::Add: I.Kind = Op::Add; break;
    case Instruction::Sub: I.Kind = Op::Sub; break;
    case Instruction::Mul: I.Kind = Op::Mul; break;
    case Instruction::UDiv: I.Kind = Op::UDiv; break;
    case Instruction::SDiv: I.Kind = Op::SDiv; break;
    case Instruction::URem: I.Kind = Op::URem; break;
    case Instruction::SRem: I.Kind = Op::SRem; break;
    case Instruction::Shl: I.Kind = Op::Shl; break;
    case Instruction::LShr: I.Kind = Op::LShr; break;
    case Instruction::AShr: I.Kind = Op::AShr; break;
    case Instruction::And: I.Kind = Op::And; break;
    case Instruction::Or: I.Kind = Op::Or; break;
    case Instruction::Xor: I.Kind = Op::Xor; break;
    default: return std::nullopt;
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
    case Instruction::ZExt: I.Kind = Op::ZExt; break;
    case Instruction::SExt: I.Kind = Op::SExt; break;
    case Instruction::Trunc: I.Kind = Op::Trunc; break;
    default: return std::nullopt;
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
  Slots.push_back({V, Slot});
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
  case Op::Const: V = I.Imm; break;
  case Op::GlobalId: V = Id[I.Imm]; break;
  case Op::LocalId: V = Id[I.Imm] % L[I.Imm]; break;
  case Op::GroupId: V = Id[I.Imm] / L[I.Imm]; break;
  case Op::Add: V = A + B; break;
  case Op::Sub: V = A - B; break;
  case Op::Mul: V = A * B; break;
  case Op::UDiv: V = B ? A / B : 0; break;
  case Op::URem: V = B ? A % B : 0; break;
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
  case Op::Shl: V = B < 64 ? A << B : 0; break;
  case Op::LShr: V = B < 64 ? A >> B : 0; break;
  case Op::AShr:
    V = uint64_t(sext(A, I.Width) >> (B < 64 ? B : 63));
    break;
  case Op::And: V = A & B; break;
  case Op::Or: V = A | B; break;
  case Op::Xor: V = A ^ B; break;
  case Op::ICmp: {
    int64_t SA = sext(A, I.SrcWidth), SB = sext(B, I.SrcWidth);
    switch (CmpInst::Predicate(I.Imm)) {
    case CmpInst::ICMP_EQ: V = A == B; break;
    case CmpInst::ICMP_NE: V = A != B; break;
    case CmpInst::ICMP_UGT: V = A > B; break;
    case CmpInst::ICMP_UGE: V = A >= B; break;
    case CmpInst::ICMP_ULT: V = A < B; break;
    case CmpInst::ICMP_ULE: V = A <= B; break;
    case CmpInst::ICMP_SGT: V = SA > SB; break;
    case CmpInst::ICMP_SGE: V = SA >= SB; break;
    case CmpInst::ICMP_SLT: V = SA < SB; break;
    case CmpInst::ICMP_SLE: V = SA <= SB; break;
    default: V = 0;
    }
    break;
  }
  case Op::Select: V = (A & 1) ? B : R[I.C]; break;
  case Op::ZExt: V = A; break;
  case Op::SExt: V = uint64_t(sext(A, I.SrcWidth)); break;
  case Op::Trunc: V = A; break;
  case Op::Freeze: V = A; break;
  }
  R[K] = mask(V, I.Width);
}

std::vector<IdEvaluator::Result> IdEvaluator::run(uint64_t MaxItems,
                                                  bool &Sampled) {
  std::vector<Result> Results(Queries.size());
  Sampled = false;
  if (runSeparable(Results))
    return Results;
  const auto &G = Launch.Global;
  std::array<uint64_t, 3> L = Launch.Local ? *Launch.Local
                                           : std::array<uint64_t, 3>{1, 1, 1};
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
  for (uint64_t Lin = 0; Lin < N; Lin += Step) {
    uint64_t Id[3] = {Lin % G[0], (Lin / G[0]) % G[1], Lin / (G[0] * G[1])};
    for (size_t K = 0; K < Program.size(); ++K)
      evalSlot(K, R, Id, L);
    for (size_t Q = 0; Q < Queries.size(); ++Q) {
      bool Reach = true;
      for (const Guard &Gd : Queries[Q].Guards)
        if (bool(R[Gd.Output] & 1) != Gd.Polarity) {
          Reach = false;
          break;
        }
      if (!Reach)
        continue;
      ++Results[Q].Reached;
      if (R[Queries[Q].Output] & 1)
        ++Results[Q].Taken;
    }
  }
  return Results;
}

bool IdEvaluator::runSeparable(std::vector<Result> &Results) {
  // Frontier: one-dimension booleans that a multi-dimension slot or a query
  // reads. Each dimension's coordinates are grouped by the frontier values
  // they give (their signature); the multi-dimension rest is evaluated once
  // per combination of signatures, weighted by how many items share it.
  auto single = [](uint8_t D) { return D && !(D & (D - 1)); };
  std::vector<bool> Frontier(Program.size(), false);
  auto markUse = [&](unsigned Slot) {
    if (single(Program[Slot].Dims))
      Frontier[Slot] = true;
  };
  for (size_t K = 0; K < Program.size(); ++K) {
    const Instr &I = Program[K];
    if (single(I.Dims) || !I.Dims || I.Kind == Op::Const)
      continue;
    for (unsigned Op : {I.A, I.B, I.C})
      markUse(Op);
  }
  for (const Query &Q : Queries) {
    markUse(Q.Output);
    for (const Guard &G : Q.Guards)
      markUse(G.Output);
  }
  std::vector<unsigned> FrontierOf[3];
  for (size_t K = 0; K < Program.size(); ++K)
    if (Frontier[K]) {
      if (Program[K].Width != 1)
        return false; // integers cross dimensions: no small signature
      unsigned D = __builtin_ctz(Program[K].Dims);
      FrontierOf[D].push_back(K);
      if (FrontierOf[D].size() > 16)
        return false;
    }
  const auto &G = Launch.Global;
  std::array<uint64_t, 3> L = Launch.Local ? *Launch.Local
                                           : std::array<uint64_t, 3>{1, 1, 1};
  // Signature histograms per dimension.
  std::vector<std::pair<uint32_t, uint64_t>> Hist[3];
  std::vector<uint64_t> R(Program.size(), 0);
  for (unsigned D = 0; D < 3; ++D) {
    std::map<uint32_t, uint64_t> H;
    uint64_t Id[3] = {0, 0, 0};
    for (uint64_t C = 0; C < G[D]; ++C) {
      Id[D] = C;
      for (size_t K = 0; K < Program.size(); ++K)
        if (Program[K].Dims == (1u << D) || !Program[K].Dims)
          evalSlot(K, R, Id, L);
      uint32_t Sig = 0;
      for (size_t B = 0; B < FrontierOf[D].size(); ++B)
        Sig |= uint32_t(R[FrontierOf[D][B]] & 1) << B;
      ++H[Sig];
    }
    Hist[D].assign(H.begin(), H.end());
  }
  if (Hist[0].size() * Hist[1].size() * Hist[2].size() > (1u << 20))
    return false;
  uint64_t Id[3] = {0, 0, 0};
  for (auto &[S0, C0] : Hist[0])
    for (auto &[S1, C1] : Hist[1])
      for (auto &[S2, C2] : Hist[2]) {
        uint32_t Sig[3] = {S0, S1, S2};
        for (unsigned D = 0; D < 3; ++D)
          for (size_t B = 0; B < FrontierOf[D].size(); ++B)
            R[FrontierOf[D][B]] = (Sig[D] >> B) & 1;
        for (size_t K = 0; K < Program.size(); ++K)
          if (!Program[K].Dims || !single(Program[K].Dims))
            evalSlot(K, R, Id, L);
        uint64_t Weight = C0 * C1 * C2;
        for (size_t Q = 0; Q < Queries.size(); ++Q) {
          bool Reach = true;
          for (const Guard &Gd : Queries[Q].Guards)
            if (bool(R[Gd.Output] & 1) != Gd.Polarity) {
              Reach = false;
              break;
            }
          if (!Reach)
            continue;
          Results[Q].Reached += Weight;
          if (R[Queries[Q].Output] & 1)
            Results[Q].Taken += Weight;
        }
      }
  return true;
}

} // namespace clspread

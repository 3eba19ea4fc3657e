//===- PackingGraph.cpp - Per-block dependence graphs for VLIW packing ---===//
#include "Analysis/PackingGraph.h"
#include "Analysis/Builtins.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace clspread {

void PackingGraphBuilder::add(Instruction &I, const InstrClass &IC) {
  switch (IC.K) {
  case InstrClass::Alu:
    if (const DoubleRoutine *R = IC.Routine) {
      // A double math routine: a chain of its lane-ops (the classes only
      // decide a VLIW slot, and TeraScale runs double ops in the x, y, z
      // and w slots alike).
      graphAlu(I, AluClass::Fp64, IC.Lanes,
               unsigned(std::lround(R->Fp64 + R->Int + R->Conversion)), 0,
               AluClass::Fp64);
      return;
    }
    graphAlu(I, IC.Class, IC.Lanes, IC.OpsPerLane, IC.Extra, IC.ExtraClass);
    return;
  case InstrClass::PassThrough:
    graphPassThrough(I, IC.From);
    return;
  case InstrClass::ElementMove:
    graphElementMove(I);
    return;
  case InstrClass::Load:
    if (IC.VecOffset)
      graphLoad(I, IC.Ptr, {IC.VecOffset});
    else
      graphLoad(I, IC.Ptr);
    return;
  case InstrClass::Store:
    graphStore(I, IC.Ptr, IC.Val, false);
    return;
  case InstrClass::Atomic:
    graphStore(I, IC.Ptr, IC.Val, true);
    return;
  case InstrClass::GlobalId: {
    // Not counted (docs/counting.md), but the device computes
    // get_global_id(d) as libclc writes it: group id * local size (a
    // multiply: the program is built before the launch sizes are known)
    // + local id + global offset, in series. Ids and sizes themselves are
    // registers and constant-buffer operands.
    uint32_t N = addNode(AluClass::IntMul, {});
    N = addNode(AluClass::IntSimple, {N});
    N = addNode(AluClass::IntSimple, {N});
    Producers[&I] = LaneNodes(lanesOf(I.getType()), {N});
    return;
  }
  case InstrClass::ImageRead: {
    std::vector<uint32_t> Coords;
    for (Value *A : cast<CallInst>(I).args()) {
      auto P = producersOf({A});
      Coords.insert(Coords.end(), P.begin(), P.end());
    }
    Producers[&I] = LaneNodes(lanesOf(I.getType()), Coords);
    return;
  }
  case InstrClass::Barrier:
    graphBarrier();
    return;
  case InstrClass::NoWork:
  case InstrClass::ImageWrite:
  case InstrClass::Uncounted:
    return;
  }
}

uint32_t PackingGraphBuilder::addNode(AluClass C, std::vector<uint32_t> Deps) {
  Deps.insert(Deps.end(), Fence.begin(), Fence.end());
  std::sort(Deps.begin(), Deps.end());
  Deps.erase(std::unique(Deps.begin(), Deps.end()), Deps.end());
  Graph->Nodes.push_back({C, std::move(Deps)});
  return uint32_t(Graph->Nodes.size() - 1);
}

std::vector<uint32_t>
PackingGraphBuilder::producersOf(std::initializer_list<const Value *> Vs) {
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
void PackingGraphBuilder::graphLoad(Instruction &I, Value *Ptr,
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
void PackingGraphBuilder::graphStore(Instruction &I, Value *Ptr, Value *Val,
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
void PackingGraphBuilder::graphBarrier() {
  std::vector<bool> HasSucc(Graph->Nodes.size());
  for (const PackNode &N : Graph->Nodes)
    for (uint32_t D : N.Deps)
      HasSucc[D] = true;
  Fence.clear();
  for (uint32_t N = 0; N < HasSucc.size(); ++N)
    if (!HasSucc[N])
      Fence.push_back(N);
}

void PackingGraphBuilder::graphAlu(Instruction &I, AluClass C, unsigned Lanes,
                                   unsigned OpsPerLane, unsigned Extra,
                                   AluClass ExtraC) {
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

/// A free instruction: lane l of its value is made by lane l of each value
/// in \p From (by its lane 0 where the widths differ).
void PackingGraphBuilder::graphPassThrough(Instruction &I,
                                           ArrayRef<Value *> From) {
  unsigned Lanes = lanesOf(I.getType());
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
}

/// Element moves and fneg are free; keep the dependence through them:
/// each lane of the result is made by the lane it comes from.
void PackingGraphBuilder::graphElementMove(Instruction &I) {
  unsigned Lanes = lanesOf(I.getType());
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
      R[Idx->getZExtValue()] = S != Producers.end() && !S->second.empty()
                                   ? S->second[0]
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
}

bool PackingGraphBuilder::addFromFirstCopy(Instruction &I) {
  unsigned Lanes = lanesOf(I.getType());
  // Unrolled loop, copy c > 0: the exit test runs once per unrolled
  // trip, and a value affine in the counter is copy 0's plus c * step,
  // an immediate fetch offset where it only addresses memory.
  if (&I == ExitCompare)
    return true;
  auto It = FirstCopy.find(&I);
  if (It == FirstCopy.end())
    return false;
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
  return true;
}

//===-- Unrolled loops in the packing graph
//--------------------------------===//

/// Iterations of a loop packed together: a compiler unrolls or software-
/// pipelines a short loop body, so iterations overlap in the bundles.
constexpr unsigned MaxLoopCopies = 32;
/// Graph size limit for the copies of one block.
constexpr size_t MaxCopyNodes = 8192;

bool PackingGraphBuilder::affineInCopy(const Instruction &I) {
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
unsigned PackingGraphBuilder::loopCopies(BasicBlock &BB) {
  Loop *L = LI.getLoopFor(&BB);
  if (!L || L->getNumBlocks() != 1 || L->getHeader() != &BB)
    return 1;
  std::optional<uint64_t> Trip = tripCount(L);
  if (!Trip || *Trip < 2)
    return 1;
  uint64_t C = std::min<uint64_t>(*Trip, MaxLoopCopies);
  size_t N = std::max<size_t>(1, Graph->Nodes.size());
  return unsigned(
      std::max<uint64_t>(1, std::min<uint64_t>(C, MaxCopyNodes / N)));
}

/// Appends copies 1 .. Copies-1 of the loop body \p BB to the graph: phis
/// take the previous copy's values (the loop-carried dependences), the exit
/// compare is left out, and values affine in the counter come from copy 0
/// (an immediate offset where only memory addresses use them, else one add).
void PackingGraphBuilder::addLoopCopies(BasicBlock &BB, unsigned Copies) {
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
        if (!addFromFirstCopy(I))
          add(I, classify(I, DL));
  }
  FirstCopy.clear();
  ExitCompare = nullptr;
}

} // namespace clspread

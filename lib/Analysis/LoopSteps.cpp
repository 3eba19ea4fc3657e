//===- LoopSteps.cpp - Loops stepped by a launch value --------------------===//
//
// See LoopSteps.h. Before the launch is folded in, the kernel has been
// through SROA: a loop variable is a phi of the loop's header, its exit
// test compares it (or its next value, in a do-while), and the latch
// brings `phi + step`.
//
//===----------------------------------------------------------------------===//
#include "Analysis/LoopSteps.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace clspread {

/// \p V without the integer casts around it.
static const Value *uncast(const Value *V) {
  while (auto *C = dyn_cast<CastInst>(V))
    V = C->getOperand(0);
  return V;
}

/// Whether \p Update, a value of a loop variable \p Phi (a header phi)
/// carries to the next iteration, adds something other than a literal.
static bool launchStep(const PHINode *Phi, const Value *Update) {
  auto *Step = dyn_cast<BinaryOperator>(uncast(Update));
  if (!Step || (Step->getOpcode() != Instruction::Add &&
                Step->getOpcode() != Instruction::Sub))
    return false;
  for (unsigned K = 0; K < 2; ++K)
    if (uncast(Step->getOperand(K)) == Phi)
      return !isa<ConstantInt>(uncast(Step->getOperand(1 - K)));
  return false;
}

/// Whether the exit test of \p L compares \p V, a variable that steps by
/// something other than a literal: a header phi whose value from the latch
/// is such a step, or such a step itself (a do-while's test).
static bool launchStepped(const Loop &L, const Value *V) {
  V = uncast(V);
  const BasicBlock *Latch = L.getLoopLatch();
  if (auto *Phi = dyn_cast<PHINode>(V))
    return Latch && Phi->getParent() == L.getHeader() &&
           launchStep(Phi, Phi->getIncomingValueForBlock(Latch));
  if (auto *Step = dyn_cast<BinaryOperator>(V))
    for (const Value *Op : Step->operands())
      if (auto *Phi = dyn_cast<PHINode>(uncast(Op));
          Phi && Phi->getParent() == L.getHeader() && launchStep(Phi, V))
        return true;
  return false;
}

static unsigned lineOf(const Instruction &I) {
  if (const DILocation *Loc = I.getDebugLoc())
    return Loc->getLine();
  return 0;
}

DenseSet<unsigned> launchSteppedLoopLines(Function &F) {
  DenseSet<unsigned> Lines;
  if (F.isDeclaration())
    return Lines;
  DominatorTree DT(F);
  LoopInfo LI(DT);
  for (Loop *L : LI.getLoopsInPreorder()) {
    SmallVector<BasicBlock *, 4> Exiting;
    L->getExitingBlocks(Exiting);
    bool Stepped = false;
    for (BasicBlock *BB : Exiting)
      if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
          Br && Br->isConditional())
        if (auto *Cmp = dyn_cast<CmpInst>(uncast(Br->getCondition())))
          for (const Value *Op : Cmp->operands())
            Stepped |= launchStepped(*L, Op);
    if (!Stepped)
      continue;
    if (DebugLoc Start = L->getStartLoc())
      Lines.insert(Start.getLine());
    for (BasicBlock *BB : Exiting)
      if (unsigned Line = lineOf(*BB->getTerminator()))
        Lines.insert(Line);
  }
  return Lines;
}

bool launchSteppedAt(const Loop &Lp, const DenseSet<unsigned> &Lines) {
  if (Lines.empty())
    return false;
  if (DebugLoc Start = Lp.getStartLoc(); Start && Lines.count(Start.getLine()))
    return true;
  SmallVector<BasicBlock *, 4> Exiting;
  Lp.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting)
    if (unsigned Line = lineOf(*BB->getTerminator()); Line && Lines.count(Line))
      return true;
  return false;
}

} // namespace clspread

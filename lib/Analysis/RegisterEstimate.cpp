//===- RegisterEstimate.cpp - Registers one work-item needs ---===//
#include "Analysis/RegisterEstimate.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace clspread {

unsigned estimateRegisters(Function &F, const DataLayout &DL) {
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

} // namespace clspread

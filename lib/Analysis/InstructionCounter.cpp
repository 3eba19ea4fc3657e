//===- InstructionCounter.cpp - Work per work-item, by kind ---===//
#include "Analysis/InstructionCounter.h"
#include "Analysis/Builtins.h"

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace clspread {

void InstructionCounter::count(Instruction &I, const InstrClass &IC, double W,
                               KernelCounts &K) {
  switch (IC.K) {
  case InstrClass::Alu:
    countAlu(I, IC, W, K);
    return;
  case InstrClass::Load:
    countMemory(I, IC.Ptr, IC.MemTy, false, false, W, K, vectorOffset(IC));
    return;
  case InstrClass::Store:
    countMemory(I, IC.Ptr, IC.MemTy, true, false, W, K, vectorOffset(IC));
    return;
  case InstrClass::Atomic:
    K.Atomics += W;
    // An atomic builtin called without a pointer moves no memory we know.
    if (IC.Ptr && IC.Ptr->getType()->isPointerTy())
      countMemory(I, IC.Ptr, IC.MemTy, true, true, W, K);
    return;
  case InstrClass::ImageRead:
    K.ImageReads += W;
    line(I).TexFetches += W;
    return;
  case InstrClass::ImageWrite:
    K.ImageWrites += W;
    return;
  case InstrClass::Barrier:
    K.Barriers += W;
    return;
  case InstrClass::Uncounted:
    assume("call", lineOf(I), IC.Note);
    return;
  case InstrClass::NoWork:
  case InstrClass::PassThrough:
  case InstrClass::ElementMove:
  case InstrClass::GlobalId:
    return; // free (docs/counting.md)
  }
}

void InstructionCounter::countAlu(Instruction &I, const InstrClass &IC,
                                  double W, KernelCounts &K) {
  line(I).AluOps += addAluOps(IC, W, K.Alu);
}

const SCEV *InstructionCounter::vectorOffset(const InstrClass &IC) {
  if (!IC.VecOffset)
    return nullptr;
  Value *Off = IC.VecOffset;
  return SE.getMulExpr(SE.getSCEV(Off),
                       SE.getConstant(Off->getType(), IC.VecStride));
}

void InstructionCounter::countMemory(Instruction &I, Value *Ptr, Type *Ty,
                                     bool IsStore, bool IsAtomic, double W,
                                     KernelCounts &K, const SCEV *ExtraOffset) {
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
  Sites.add(I, Ptr, Bytes, IsStore, IsAtomic, W, K, ExtraOffset);
  if (AS == ASConstant) {
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
}

LineCounts &InstructionCounter::line(Instruction &I) {
  unsigned Ln = lineOf(I);
  LineCounts &LC = Lines[Ln];
  LC.Line = Ln;
  return LC;
}

void InstructionCounter::addLines(KernelCounts &K) const {
  for (auto &[Ln, LC] : Lines)
    if (Ln && (LC.AluOps > 0 || LC.GlobalBytes > 0 || LC.LocalBytes > 0 ||
               LC.TexFetches > 0))
      K.Lines.push_back(LC);
}

} // namespace clspread

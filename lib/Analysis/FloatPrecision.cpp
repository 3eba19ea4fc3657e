//===- FloatPrecision.cpp - Where a kernel uses double and half arithmetic ===//
#include "Analysis/FloatPrecision.h"
#include "Analysis/Builtins.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>
#include <string_view>

using namespace llvm;

namespace clspread {

void findFloatPrecisionUses(AnalysisContext &C, const BlockFrequencies &BF,
                            KernelCounts &K) {
  auto isDouble = [](Type *T) { return T->getScalarType()->isDoubleTy(); };
  // Lanes of half arithmetic \p I does (cl_khr_fp16): an operation,
  // comparison or builtin call with a half result or operand. Not the
  // conversions (fpext/fptrunc, vload_half/vstore_half, convert_*, as_*),
  // nor loads and stores: half as a storage format needs no extension.
  auto halfLanes = [](Instruction &I) -> unsigned {
    if (!isa<BinaryOperator, UnaryOperator, FCmpInst, CallInst>(I))
      return 0;
    if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      switch (II->getIntrinsicID()) {
      case Intrinsic::convert_to_fp16:
      case Intrinsic::convert_from_fp16:
      case Intrinsic::fptrunc_round:
      case Intrinsic::experimental_constrained_fptrunc:
      case Intrinsic::experimental_constrained_fpext:
        return 0;
      default:
        break;
      }
    } else if (auto *Call = dyn_cast<CallInst>(&I)) {
      Function *Callee = Call->getCalledFunction();
      if (!Callee || !Callee->isDeclaration())
        return 0; // builtins only; a helper's own code is looked at
      std::string_view Base = builtinBaseName(Callee->getName());
      for (std::string_view P : {"vload", "vstore", "convert_", "as_"})
        if (Base.substr(0, P.size()) == P)
          return 0;
    }
    auto isHalf = [](Type *T) { return T->getScalarType()->isHalfTy(); };
    unsigned Lanes = isHalf(I.getType()) ? lanesOf(I.getType()) : 0;
    for (const Use &Op : I.operands())
      if (isHalf(Op->getType()))
        Lanes = std::max(Lanes, lanesOf(Op->getType()));
    return Lanes;
  };
  for (BasicBlock &BB : C.F) {
    double W = BF.Freq.lookup(&BB);
    for (Instruction &I : BB) {
      if (!K.Fp64Use && W > 0) {
        bool D = isDouble(I.getType());
        for (const Use &Op : I.operands())
          D |= isDouble(Op->getType());
        if (D)
          if (const DILocation *At = I.getDebugLoc())
            K.Fp64Use = SourceLoc{C.fileOf(At->getFile()), At->getLine(),
                                  At->getColumn()};
      }
      if (unsigned H = halfLanes(I)) {
        K.Fp16Ops += W * H;
        if (!K.Fp16Use && W > 0)
          if (const DILocation *At = I.getDebugLoc())
            K.Fp16Use = SourceLoc{C.fileOf(At->getFile()), At->getLine(),
                                  At->getColumn()};
      }
    }
  }
}

} // namespace clspread

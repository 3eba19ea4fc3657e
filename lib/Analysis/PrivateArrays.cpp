//===- PrivateArrays.cpp - Private arrays that stay in scratch memory ---===//
#include "Analysis/PrivateArrays.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

using namespace llvm;

namespace clspread {

namespace {

class PrivateArrayFinder : AnalysisPart {
public:
  PrivateArrayFinder(AnalysisContext &C, const BlockFrequencies &BF)
      : AnalysisPart(C), Freq(BF.Freq) {}
  void findPrivateArrays(KernelCounts &K);

private:
  std::optional<uint64_t> unrolledIndex(Value *Ptr, const AllocaInst *AI);

  const DenseMap<const BasicBlock *, double> &Freq;
};

} // namespace

/// Iterations full unrolling needs to make the byte offset of \p Ptr into
/// the private array \p AI a constant (1 when it is one already), or
/// nullopt when the offset depends on anything but the counters of loops
/// with a constant trip count (data, arguments, ids, uncounted loops).
/// Loops under `#pragma unroll` count for 1.
std::optional<uint64_t>
PrivateArrayFinder::unrolledIndex(Value *Ptr, const AllocaInst *AI) {
  const SCEV *Off = SE.getMinusSCEV(SE.getSCEV(Ptr),
                                    SE.getSCEV(const_cast<AllocaInst *>(AI)));
  if (isa<SCEVCouldNotCompute>(Off))
    return std::nullopt;
  uint64_t Iters = 1;
  std::set<const Loop *> Seen;
  std::function<bool(const SCEV *)> Ok = [&](const SCEV *S) -> bool {
    if (isa<SCEVConstant>(S))
      return true;
    if (auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
      std::optional<uint64_t> TC = tripCount(AR->getLoop());
      if (!AR->isAffine() || !TC ||
          !isa<SCEVConstant>(AR->getStepRecurrence(SE)))
        return false;
      // `#pragma unroll` (full, or a count that covers the trip count)
      // unrolls whatever the count: it adds nothing to the iterations.
      std::optional<int> Count =
          getOptionalIntLoopAttribute(AR->getLoop(), "llvm.loop.unroll.count");
      bool Forced =
          getBooleanLoopAttribute(AR->getLoop(), "llvm.loop.unroll.full") ||
          (Count && uint64_t(*Count) >= *TC);
      if (!Forced && Seen.insert(AR->getLoop()).second)
        Iters = std::min<uint64_t>(Iters * std::max<uint64_t>(*TC, 1),
                                   uint64_t(1) << 32);
      return Ok(AR->getStart());
    }
    if (auto *C = dyn_cast<SCEVCastExpr>(S))
      return Ok(C->getOperand());
    if (auto *N = dyn_cast<SCEVNAryExpr>(S)) {
      if (!isa<SCEVAddExpr>(N) && !isa<SCEVMulExpr>(N))
        return false;
      for (const SCEV *Op : N->operands())
        if (!Ok(Op))
          return false;
      return true;
    }
    return false;
  };
  if (!Ok(Off))
    return std::nullopt;
  return Iters;
}

void PrivateArrayFinder::findPrivateArrays(KernelCounts &K) {
  std::map<const AllocaInst *, PrivateArray> Arrays;
  std::vector<const AllocaInst *> Order;
  std::set<const AllocaInst *> Dynamic; // an index full unrolling leaves
  for (BasicBlock &BB : F) {
    double W = Freq.lookup(&BB);
    for (Instruction &I : BB) {
      if (auto *AI = dyn_cast<AllocaInst>(&I)) {
        if (!AI->getAllocatedType()->isArrayTy() && !AI->isArrayAllocation())
          continue;
        PrivateArray PA;
        if (std::optional<TypeSize> Sz = AI->getAllocationSize(DL))
          PA.Bytes = Sz->getFixedValue();
        // Debug info names the array when it has variables (a declare, or
        // the value records InstCombine lowers declares to); the frontend
        // emits line tables only, so usually the first access places it.
        SmallVector<DbgVariableIntrinsic *, 2> Intrinsics;
        SmallVector<DbgVariableRecord *, 2> Records;
        findDbgUsers(Intrinsics, AI, &Records);
        const DILocalVariable *Var = nullptr;
        for (DbgVariableIntrinsic *D : Intrinsics)
          Var = D->getVariable();
        for (DbgVariableRecord *D : Records)
          Var = D->getVariable();
        if (Var) {
          PA.Name = Var->getName().str();
          PA.Loc = {fileOf(Var->getFile()), Var->getLine(), 0};
        }
        Arrays[AI] = PA;
        Order.push_back(AI);
        continue;
      }
      Value *Ptr = nullptr;
      Type *Ty = nullptr;
      if (auto *Ld = dyn_cast<LoadInst>(&I)) {
        Ptr = Ld->getPointerOperand();
        Ty = Ld->getType();
      } else if (auto *St = dyn_cast<StoreInst>(&I)) {
        Ptr = St->getPointerOperand();
        Ty = St->getValueOperand()->getType();
      }
      if (!Ptr)
        continue;
      auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
      auto It = AI ? Arrays.find(AI) : Arrays.end();
      if (It == Arrays.end())
        continue;
      It->second.AccessesPerItem += W;
      It->second.BytesPerItem += W * DL.getTypeStoreSize(Ty).getFixedValue();
      if (W > 0) {
        std::optional<uint64_t> Iters = unrolledIndex(Ptr, AI);
        if (!Iters)
          Dynamic.insert(AI);
        else
          It->second.UnrollIterations =
              std::max(It->second.UnrollIterations, *Iters);
      }
      if (!It->second.Loc.Line)
        if (const DILocation *L = I.getDebugLoc())
          It->second.Loc = {fileOf(L->getFile()), L->getLine(), L->getColumn()};
    }
  }
  for (const AllocaInst *AI : Order)
    if (Arrays[AI].AccessesPerItem > 0) {
      Arrays[AI].LoopIndexed = !Dynamic.count(AI);
      K.PrivateArrays.push_back(Arrays[AI]);
    }
}

void findPrivateArrays(AnalysisContext &C, const BlockFrequencies &BF,
                       KernelCounts &K) {
  PrivateArrayFinder(C, BF).findPrivateArrays(K);
}

} // namespace clspread

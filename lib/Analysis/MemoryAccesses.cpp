//===- MemoryAccesses.cpp -------------------------------------------------===//
// The global and __constant access sites of a kernel.
//
#include "Analysis/MemoryAccesses.h"
#include "Analysis/Builtins.h"
#include "Analysis/KernelArgs.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <fmt/format.h>

#include <map>
#include <string>
#include <tuple>

using namespace llvm;

namespace clspread {

static unsigned argIndexOf(const Value *Base) {
  if (auto *A = dyn_cast<Argument>(Base))
    return A->getArgNo();
  return ~0u;
}

/// Fills GlobalAccess::LoopWrites, LoopBarrier and LoopExitUses for the
/// access \p I through \p Ptr in its innermost loop \p Lp.
static void loopEffects(const Loop &Lp, const Instruction &I, const Value *Ptr,
                        GlobalAccess &Acc) {
  const Value *Obj = getUnderlyingObject(Ptr);
  auto Named = [](const Value *O) {
    return isa<Argument>(O) || isa<GlobalVariable>(O) || isa<AllocaInst>(O);
  };
  // Distinct kernel arguments may alias too, but a kernel that passes one
  // buffer twice and relies on it is rare; the same or an unknown object
  // counts as the same memory.
  auto MayAlias = [&](const Value *P) {
    if (!P || !P->getType()->isPointerTy())
      return false;
    const Value *O = getUnderlyingObject(P);
    return O == Obj || !Named(O) || !Named(Obj);
  };
  for (const BasicBlock *BB : Lp.blocks())
    for (const Instruction &J : *BB) {
      if (auto *S = dyn_cast<StoreInst>(&J)) {
        unsigned AS = S->getPointerAddressSpace();
        if (AS != ASPrivate && AS != ASLocal)
          Acc.LoopWrites |= MayAlias(S->getPointerOperand());
      } else if (auto *R = dyn_cast<AtomicRMWInst>(&J)) {
        Acc.LoopWrites |= MayAlias(R->getPointerOperand());
      } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&J)) {
        Acc.LoopWrites |= MayAlias(X->getPointerOperand());
      } else if (auto *M = dyn_cast<MemIntrinsic>(&J)) {
        Acc.LoopWrites |= MayAlias(M->getDest());
      } else if (auto *Call = dyn_cast<CallBase>(&J)) {
        const Function *Callee = Call->getCalledFunction();
        if (Callee && Callee->isIntrinsic())
          continue;
        if (!Callee) {
          Acc.LoopWrites = true;
          continue;
        }
        std::optional<BuiltinInfo> Info =
            lookupBuiltin(builtinBaseName(Callee->getName()), false, false);
        if (isBarrierCall(J)) {
          Acc.LoopBarrier = true;
        } else if (Info && (Info->Kind == BuiltinKind::Atomic ||
                            Info->Kind == BuiltinKind::VStore)) {
          for (const Value *Arg : Call->args())
            Acc.LoopWrites |= MayAlias(Arg);
        } else if (!Info && !Callee->onlyReadsMemory()) {
          for (const Value *Arg : Call->args())
            Acc.LoopWrites |= MayAlias(Arg);
        }
      }
    }
  if (Acc.IsStore)
    return;
  // Does the loaded value decide whether the loop goes on?
  SmallVector<const Value *, 16> Work{&I};
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty() && Seen.size() < 512 && !Acc.LoopExitUses) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI || !Lp.contains(UI) || !Seen.insert(UI).second)
        continue;
      if (UI->isTerminator()) {
        Acc.LoopExitUses |= Lp.isLoopExiting(UI->getParent());
        continue;
      }
      Work.push_back(UI);
    }
  }
}

/// GlobalAccess::ScatterBytes of an access of \p Bytes through \p Ptr:
/// the span of an integer index it is computed from, loaded from a buffer
/// the launch fills with values of a range in no order, times \p Bytes.
/// The widest such index wins; the walk stops at 64 values.
uint64_t AccessSites::scatterBytes(const Value *Ptr, unsigned Bytes) const {
  if (Opts.BufferFills.empty())
    return 0;
  SmallVector<const Value *, 16> Work{Ptr};
  SmallPtrSet<const Value *, 32> Seen;
  uint64_t Span = 0;
  while (!Work.empty() && Seen.size() < 64) {
    const Value *V = Work.pop_back_val();
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !Seen.insert(I).second)
      continue;
    if (auto *Ld = dyn_cast<LoadInst>(I)) {
      auto *Arg =
          dyn_cast<Argument>(getUnderlyingObject(Ld->getPointerOperand()));
      if (!Arg || !Ld->getType()->isIntegerTy() || !Arg->hasName())
        continue;
      auto Fill = Opts.BufferFills.find(Arg->getName().str());
      if (Fill == Opts.BufferFills.end() || !Fill->second.Range ||
          (Fill->second.Order != "" && Fill->second.Order != "permutation"))
        continue;
      auto [Lo, Hi] = *Fill->second.Range;
      const double Bytes64 = std::min((Hi - Lo + 1) * Bytes, 0x1p62);
      if (Hi >= Lo)
        Span = std::max(Span, uint64_t(Bytes64));
      continue;
    }
    for (const Value *Op : I->operands())
      Work.push_back(Op);
  }
  return Span;
}

void AccessSites::add(Instruction &I, Value *Ptr, unsigned Bytes, bool IsStore,
                      bool IsAtomic, double W, KernelCounts &K,
                      const SCEV *ExtraOffset) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  GlobalAccess Acc;
  Acc.IsStore = IsStore;
  Acc.IsAtomic = IsAtomic;
  Acc.Space = AS == ASConstant ? AddrSpace::Constant : AddrSpace::Global;
  Acc.Bytes = Bytes;
  Acc.ExecPerItem = W;
  Acc.Loc = locOf(I);
  if (const DILocation *Loc = I.getDebugLoc())
    Acc.Loc.Col = Loc->getColumn();

  const SCEV *PS = SE.getSCEV(Ptr);
  const SCEV *Base = SE.getPointerBase(PS);
  unsigned ArgNo = ~0u;
  std::optional<Affine> Off;
  if (auto *BU = dyn_cast<SCEVUnknown>(Base)) {
    ArgNo = argIndexOf(BU->getValue());
    if (auto *GV =
            dyn_cast<GlobalVariable>(BU->getValue()->stripPointerCasts());
        GV && AS == ASConstant && !IsStore && !IsAtomic)
      // Buffer stays empty: lint tells program-scope tables by that.
      ConstantTables[GV].push_back(K.Accesses.size());
    const SCEV *OffS = SE.getMinusSCEV(PS, Base);
    if (ExtraOffset && !isa<SCEVCouldNotCompute>(OffS))
      OffS = SE.getAddExpr(
          OffS, SE.getTruncateOrSignExtend(ExtraOffset, OffS->getType()));
    if (!isa<SCEVCouldNotCompute>(OffS))
      Off = affineOffset(C, OffS);
  }
  if (ArgNo != ~0u && F.getArg(ArgNo)->hasName())
    Acc.Buffer = F.getArg(ArgNo)->getName().str();
  if (Off) {
    Acc.StrideBytes = Off->strideDim0();
    Acc.Shape = shapeOf(C, BF, *Off, I.getParent());
  }
  // Loads repeated at one address on every iteration of their loop (the
  // loads are volatile, so the optimizer kept every one the source makes).
  if (const Loop *Lp = LI.getLoopFor(I.getParent())) {
    if (DebugLoc HL = Lp->getStartLoc())
      Acc.LoopLine = HL.getLine();
    else if (Lp->getHeader()->getTerminator())
      Acc.LoopLine = lineOf(*Lp->getHeader()->getTerminator());
    std::optional<uint64_t> Trips = tripCount(Lp);
    Acc.LoopInvariant = SE.isLoopInvariant(PS, Lp) && (!Trips || *Trips > 1);
    Acc.LoopIterationsPerItem = Freq.lookup(Lp->getHeader());
    loopEffects(*Lp, I, Ptr, Acc);
  }
  if (ArgNo != ~0u)
    Acc.SourceVolatile = argDeclaredVolatile(F, ArgNo);
  if (!Off)
    Acc.ScatterBytes = scatterBytes(Ptr, Bytes);
  Shapes.push_back({K.Accesses.size(), Off, ArgNo, PS, Bytes});
  K.Accesses.push_back(std::move(Acc));
}

/// Small program-scope __constant arrays (lookup tables, a binary
/// search's keys) live in the constant cache after the first reads: their
/// DRAM traffic is the table once per launch, not every access. The sites
/// keep their counts (constant loads); for the memory model, the sites'
/// executions are scaled so that together they move the table once.
void AccessSites::chargeConstantTables(KernelCounts &K) {
  constexpr uint64_t ConstantCacheBytes = 64 * 1024;
  const double Items = double(L.workItems());
  for (auto &[GV, Sites] : ConstantTables) {
    uint64_t Size = DL.getTypeAllocSize(GV->getValueType());
    if (Size == 0 || Size > ConstantCacheBytes || Items <= 0)
      continue;
    double Requested = 0;
    for (size_t I : Sites)
      Requested +=
          double(K.Accesses[I].Bytes) * K.Accesses[I].ExecPerItem * Items;
    if (Requested <= double(Size))
      continue;
    // Every site keeps a share (none reads as never executed).
    const double Scale = double(Size) / Requested;
    for (size_t I : Sites)
      K.Accesses[I].ExecPerItem *= Scale;
    GlobalAccess &First = K.Accesses[Sites.front()];
    assume("memory", First.Loc.Line,
           fmt::format("__constant '{}' ({} B) read through the constant "
                       "cache: its DRAM traffic is charged once per launch "
                       "({} B), not per access ({:.4g} B per work-item)",
                       GV->getName().str(), Size, Size, Requested / Items));
  }
}

/// The optimizer copies code: loop rotation puts the loop's condition
/// before the loop and at its end, jump threading duplicates a block for
/// the path on which a later branch is decided (a latch copied onto the
/// path where an inner loop is skipped). One source access then has
/// several IR sites. Sites the same in everything but their count are one
/// access in the report, with the counts added: a copy on a path the
/// analysis assumes is never taken (a loop guard "assumed entered") read
/// as a load that runs 0 times beside its twin that runs every iteration.
/// Sites that differ (the rotated condition's copy outside the loop and
/// the one inside) stay apart.
void AccessSites::mergeCopiedSites(KernelCounts &K) {
  auto sameShape = [](const std::optional<GlobalAccess::Pattern> &A,
                      const std::optional<GlobalAccess::Pattern> &B) {
    if (!A || !B)
      return !A && !B;
    if (A->Const != B->Const || A->Gid != B->Gid || A->Lid != B->Lid ||
        A->Grp != B->Grp || A->Loops.size() != B->Loops.size())
      return false;
    for (size_t I = 0; I < A->Loops.size(); ++I)
      if (A->Loops[I].Trips != B->Loops[I].Trips ||
          A->Loops[I].Coef != B->Loops[I].Coef)
        return false;
    return true;
  };
  auto copies = [&](const GlobalAccess &A, const GlobalAccess &B) {
    return A.Loc.File == B.Loc.File && A.Loc.Line == B.Loc.Line &&
           A.Loc.Col == B.Loc.Col && A.Loc.Line != 0 &&
           A.IsStore == B.IsStore && A.IsAtomic == B.IsAtomic &&
           A.Space == B.Space && A.Bytes == B.Bytes &&
           A.StrideBytes == B.StrideBytes && A.Buffer == B.Buffer &&
           A.LoopInvariant == B.LoopInvariant && A.LoopLine == B.LoopLine &&
           A.LoopIterationsPerItem == B.LoopIterationsPerItem &&
           A.LoopWrites == B.LoopWrites && A.LoopBarrier == B.LoopBarrier &&
           A.LoopExitUses == B.LoopExitUses &&
           A.SourceVolatile == B.SourceVolatile && sameShape(A.Shape, B.Shape);
  };
  std::vector<GlobalAccess> Kept;
  Kept.reserve(K.Accesses.size());
  // By place first, so that only sites of one source location are compared.
  std::map<std::tuple<std::string, unsigned, unsigned>, std::vector<size_t>>
      ByPlace;
  for (GlobalAccess &A : K.Accesses) {
    auto &Same = ByPlace[{A.Loc.File, A.Loc.Line, A.Loc.Col}];
    auto It = llvm::find_if(Same, [&](size_t I) { return copies(Kept[I], A); });
    if (It != Same.end()) {
      Kept[*It].ExecPerItem += A.ExecPerItem;
      continue;
    }
    Same.push_back(Kept.size());
    Kept.push_back(std::move(A));
  }
  K.Accesses = std::move(Kept);
}

} // namespace clspread

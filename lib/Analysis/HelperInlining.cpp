//===- HelperInlining.cpp - When each helper is inlined into the kernel --===//
//
// See HelperInlining.h. The deferred helpers carry a string attribute so
// that they are found again after the optimizer, which may have replaced
// them (dead-argument elimination makes a new function under the old name
// and attributes).
//
//===----------------------------------------------------------------------===//
#include "Analysis/HelperInlining.h"
#include "Analysis/Builtins.h"
#include "Frontend/OpenCLFrontend.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace clspread {

namespace {

constexpr const char *DeferredAttr = "clspread-deferred-inline";
constexpr unsigned ASPrivate = 0;

bool isNonPrivatePointer(const Type *T) {
  return T->isPtrOrPtrVectorTy() &&
         T->getPointerAddressSpace() != ASPrivate;
}

/// Whether \p F is a pure function of its value arguments in the sense of
/// HelperInlining.h. Memoized in \p Memo; a function on the current call
/// path counts as impure (OpenCL C has no recursion, so that only guards
/// against malformed input).
bool isPure(const Function &F, DenseMap<const Function *, bool> &Memo) {
  if (auto It = Memo.find(&F); It != Memo.end())
    return It->second;
  Memo[&F] = false;
  auto Pure = [&]() {
    if (F.isDeclaration() || F.getCallingConv() == CallingConv::SPIR_KERNEL ||
        F.getReturnType()->isPtrOrPtrVectorTy())
      return false;
    for (const Argument &A : F.args())
      if (A.getType()->isPtrOrPtrVectorTy())
        return false;
    // A loop may need the caller's constants to be unrolled or counted.
    SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> Back;
    FindFunctionBackedges(F, Back);
    if (!Back.empty())
      return false;
    for (const Instruction &I : instructions(F)) {
      if (isNonPrivatePointer(I.getType()))
        return false;
      for (const Value *Op : I.operands())
        if (isNonPrivatePointer(Op->getType()))
          return false;
      if (isa<AtomicRMWInst, AtomicCmpXchgInst, FenceInst>(I))
        return false;
      const auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      const Function *Callee = CB->getCalledFunction();
      if (!Callee || CB->isInlineAsm())
        return false;
      if (const auto *II = dyn_cast<IntrinsicInst>(CB)) {
        if (!II->doesNotAccessMemory() && !isa<DbgInfoIntrinsic>(II) &&
            !II->isLifetimeStartOrEnd() && !isa<MemIntrinsic>(II))
          return false;
        continue;
      }
      if (!Callee->isDeclaration()) {
        if (!isPure(*Callee, Memo))
          return false;
        continue;
      }
      auto Info = lookupBuiltin(builtinBaseName(Callee->getName()),
                                /*IsFloat=*/false, /*IsDouble=*/false);
      if (!Info || Info->Kind != BuiltinKind::Alu)
        return false;
    }
    return true;
  };
  bool Result = Pure();
  Memo[&F] = Result;
  return Result;
}

} // namespace

unsigned markHelpersForInlining(Module &M, Function &Kernel) {
  // Deferred: pure helpers that the kernel reaches through calls to
  // helpers inlined early (which the kernel's body then holds); helpers
  // called only from inside a deferred helper are inlined into it early.
  DenseMap<const Function *, bool> Memo;
  SmallPtrSet<Function *, 8> Deferred, Visited;
  SmallVector<Function *, 8> Work = {&Kernel};
  Visited.insert(&Kernel);
  while (!Work.empty()) {
    Function *Caller = Work.pop_back_val();
    for (Instruction &I : instructions(*Caller)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      if (!Callee || Callee->isDeclaration() || Callee == &Kernel)
        continue;
      if (isPure(*Callee, Memo)) {
        Deferred.insert(Callee);
        // Pure code synchronizes nothing: its calls need not stay
        // convergent, which would keep the optimizer from moving them.
        CB->removeFnAttr(Attribute::Convergent);
      } else if (Visited.insert(Callee).second) {
        Work.push_back(Callee);
      }
    }
  }

  for (Function &G : M) {
    if (G.isDeclaration() || &G == &Kernel)
      continue;
    G.removeFnAttr(Attribute::OptimizeNone);
    if (Deferred.count(&G)) {
      G.removeFnAttr(Attribute::AlwaysInline);
      G.removeFnAttr(Attribute::Convergent);
      G.addFnAttr(Attribute::NoInline);
      G.addFnAttr(DeferredAttr);
      for (User *U : G.users())
        if (auto *CB = dyn_cast<CallBase>(U))
          CB->removeFnAttr(Attribute::Convergent);
    } else {
      G.removeFnAttr(Attribute::NoInline);
      G.addFnAttr(Attribute::AlwaysInline);
    }
  }
  return Deferred.size();
}

void inlineDeferredHelpers(Module &M) {
  SmallVector<Function *, 8> Deferred;
  for (Function &G : M)
    if (!G.isDeclaration() && G.hasFnAttribute(DeferredAttr))
      Deferred.push_back(&G);
  if (Deferred.empty())
    return;

  // Inline every call to a deferred helper, including those that inlining
  // brings in from another deferred helper.
  SmallPtrSet<Function *, 8> Callers;
  SmallVector<CallBase *, 16> Calls;
  for (Function *G : Deferred) {
    G->removeFnAttr(Attribute::NoInline);
    for (User *U : G->users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledFunction() == G)
        Calls.push_back(CB);
  }
  while (!Calls.empty()) {
    CallBase *CB = Calls.pop_back_val();
    Function *Caller = CB->getFunction();
    InlineFunctionInfo IFI;
    if (!InlineFunction(*CB, IFI).isSuccess())
      continue;
    Callers.insert(Caller);
    for (CallBase *New : IFI.InlinedCallSites)
      if (Function *Callee = New->getCalledFunction();
          Callee && Callee->hasFnAttribute(DeferredAttr))
        Calls.push_back(New);
  }
  // What inlining leaves to do across the former call boundaries.
  for (Function *Caller : Callers)
    if (!Caller->hasFnAttribute(DeferredAttr))
      simplifyAfterInlining(*Caller);
  for (Function *G : Deferred)
    if (G->use_empty())
      G->eraseFromParent();
}

} // namespace clspread

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
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
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
  return T->isPtrOrPtrVectorTy() && T->getPointerAddressSpace() != ASPrivate;
}

using Memo = DenseMap<const Function *, bool>;

/// Whether \p F, with its callees inlined, touches no memory but private
/// memory (its own variables, or its caller's through private pointers),
/// has no loop (a trip count may need the caller's constants) and calls
/// only ALU builtins. Memoized in \p Seen; a function on the current call
/// path counts as not private (OpenCL C has no recursion, so that only
/// guards against malformed input).
bool privateOnly(const Function &F, Memo &Seen) {
  if (auto It = Seen.find(&F); It != Seen.end())
    return It->second;
  Seen[&F] = false;
  auto Check = [&]() {
    if (F.isDeclaration() || F.getCallingConv() == CallingConv::SPIR_KERNEL)
      return false;
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
        if (!privateOnly(*Callee, Seen))
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
  bool Result = Check();
  Seen[&F] = Result;
  return Result;
}

/// A pure function of its value arguments (HelperInlining.h): private
/// memory only, and no pointer in or out, so nothing of the caller's.
bool isPure(const Function &F, Memo &Seen) {
  if (F.getReturnType()->isPtrOrPtrVectorTy())
    return false;
  for (const Argument &A : F.args())
    if (A.getType()->isPtrOrPtrVectorTy())
      return false;
  return privateOnly(F, Seen);
}

/// The functions of \p M that run inside a loop once everything is
/// inlined into \p Kernel: called from a loop, or from such a function.
SmallPtrSet<const Function *, 8> calledInLoops(Module &M, Function &Kernel) {
  SmallPtrSet<const Function *, 8> InLoop;
  // Calls from a loop block, per calling function.
  DenseMap<const Function *, SmallVector<std::pair<const Function *, bool>, 4>>
      Calls;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    DominatorTree DT(F);
    LoopInfo LI(DT);
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (const Function *Callee = CB->getCalledFunction();
              Callee && !Callee->isDeclaration())
            Calls[&F].push_back({Callee, LI.getLoopFor(&BB) != nullptr});
  }
  // OpenCL C has no recursion: the call graph is acyclic, so this settles
  // in as many rounds as it is deep.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[Caller, Sites] : Calls)
      for (const auto &[Callee, FromLoop] : Sites)
        if ((FromLoop || InLoop.count(Caller)) && Callee != &Kernel)
          Changed |= InLoop.insert(Callee).second;
  }
  return InLoop;
}

} // namespace

unsigned markHelpersForInlining(Module &M, Function &Kernel) {
  Memo Seen;
  // A call in a loop would weigh in the unroller's decisions as one
  // opaque instruction instead of the helper's body: such helpers are
  // inlined early, as the loop's body.
  auto InLoop = calledInLoops(M, Kernel);
  unsigned Deferred = 0;
  for (Function &G : M) {
    if (G.isDeclaration() || &G == &Kernel)
      continue;
    G.removeFnAttr(Attribute::OptimizeNone);
    if (!isPure(G, Seen) || InLoop.count(&G)) {
      G.removeFnAttr(Attribute::NoInline);
      G.addFnAttr(Attribute::AlwaysInline);
      continue;
    }
    ++Deferred;
    G.removeFnAttr(Attribute::AlwaysInline);
    G.addFnAttr(Attribute::NoInline);
    G.addFnAttr(DeferredAttr);
    // Pure code synchronizes nothing: it and its calls need not be
    // convergent, which would keep the optimizer from moving the calls.
    G.removeFnAttr(Attribute::Convergent);
    for (User *U : G.users())
      if (auto *CB = dyn_cast<CallBase>(U))
        CB->removeFnAttr(Attribute::Convergent);
  }
  return Deferred;
}

void inlineDeferredHelpers(Module &M) {
  SmallVector<Function *, 8> Deferred;
  for (Function &G : M)
    if (!G.isDeclaration() && G.hasFnAttribute(DeferredAttr))
      Deferred.push_back(&G);
  if (Deferred.empty())
    return;

  // Inline every call to a deferred helper from the kernel (or another
  // helper still in the module), including the calls that inlining brings
  // in from a deferred helper's body.
  SmallPtrSet<Function *, 8> Callers;
  SmallVector<CallBase *, 16> Calls;
  for (Function *G : Deferred) {
    G->removeFnAttr(Attribute::NoInline);
    for (User *U : G->users())
      if (auto *CB = dyn_cast<CallBase>(U);
          CB && CB->getCalledFunction() == G &&
          !CB->getFunction()->hasFnAttribute(DeferredAttr))
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
    simplifyAfterInlining(*Caller);
  // The helpers' own bodies are dead now; a helper used only by another
  // goes once that one has gone.
  for (bool Erased = true; Erased;) {
    Erased = false;
    for (Function *&G : Deferred)
      if (G && G->use_empty()) {
        G->eraseFromParent();
        G = nullptr;
        Erased = true;
      }
  }
}

} // namespace clspread

//===- KernelClone.cpp - One kernel and what it references ---===//
#include "Analysis/KernelClone.h"
#include "Analysis/Builtins.h"
#include "Analysis/FlowSolver.h"
#include "Analysis/HelperInlining.h"
#include "Analysis/IdEvaluator.h"
#include "Frontend/OpenCLFrontend.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <set>

using namespace llvm;

namespace clspread {

namespace {
/// Creates, in \c Dst, a global of the same kind, type, name and
/// attributes as each global of the source module that the value mapper
/// meets unmapped, and queues it for its body or initializer.
class DeclareReferenced final : public ValueMaterializer {
public:
  DeclareReferenced(const Module &Src, Module &Dst) : Src(Src), Dst(Dst) {}
  Value *materialize(Value *V) override {
    auto *G = dyn_cast<GlobalValue>(V);
    if (!G || G->getParent() != &Src)
      return nullptr;
    GlobalValue *N = nullptr;
    if (auto *F = dyn_cast<Function>(G)) {
      Function *NF = Function::Create(cast<FunctionType>(F->getValueType()),
                                      F->getLinkage(), F->getAddressSpace(),
                                      F->getName(), &Dst);
      NF->copyAttributesFrom(F);
      N = NF;
    } else if (auto *GV = dyn_cast<GlobalVariable>(G)) {
      auto *NGV =
          new GlobalVariable(Dst, GV->getValueType(), GV->isConstant(),
                             GV->getLinkage(), nullptr, GV->getName(), nullptr,
                             GV->getThreadLocalMode(), GV->getAddressSpace());
      NGV->copyAttributesFrom(GV);
      N = NGV;
    } else if (auto *GA = dyn_cast<GlobalAlias>(G)) {
      GlobalAlias *NA =
          GlobalAlias::create(GA->getValueType(), GA->getAddressSpace(),
                              GA->getLinkage(), GA->getName(), &Dst);
      NA->copyAttributesFrom(GA);
      N = NA;
    } else {
      return nullptr; // ifuncs: cloneKernel() does not get here
    }
    if (const Comdat *C = G->getComdat()) {
      Comdat *NC = Dst.getOrInsertComdat(C->getName());
      NC->setSelectionKind(C->getSelectionKind());
      cast<GlobalObject>(N)->setComdat(NC);
    }
    Queue.push_back(G);
    return N;
  }
  std::vector<const GlobalValue *> Queue; ///< met, body not cloned yet

private:
  const Module &Src;
  Module &Dst;
};
} // namespace

/// A module with \p Kernel of \p M and only what it references, directly or
/// through other globals (callees, globals and their initializers, aliases,
/// constant expressions): cloning the whole module for each kernel, with a
/// declaration of every other kernel, made a file's cost grow with the
/// square of its kernels. The new module has \p M's data layout, triple,
/// source file name, module flags and other named metadata (OpenCL
/// version, ident), and llvm.dbg.cu with the compile units the cloned
/// functions' debug info names (CloneFunctionInto adds them). Function
/// metadata (kernel_arg_*, reqd_work_group_size) is cloned with the
/// function. Globals keep their linkage: the caller internalizes helpers.
std::unique_ptr<Module> cloneKernel(const Module &M, const Function &Kernel) {
  if (!M.ifunc_empty()) { // not in OpenCL C; the whole module then
    ValueToValueMapTy VMap;
    return CloneModule(M, VMap, [&](const GlobalValue *GV) {
      const auto *G = dyn_cast<Function>(GV);
      return !G || G == &Kernel ||
             G->getCallingConv() != CallingConv::SPIR_KERNEL || !G->use_empty();
    });
  }
  auto New = std::make_unique<Module>(M.getModuleIdentifier(), M.getContext());
  New->setSourceFileName(M.getSourceFileName());
  New->setDataLayout(M.getDataLayout());
  New->setTargetTriple(M.getTargetTriple());
  New->setModuleInlineAsm(M.getModuleInlineAsm());
  New->IsNewDbgInfoFormat = M.IsNewDbgInfoFormat;

  ValueToValueMapTy VMap;
  DeclareReferenced Declare(M, *New);
  auto map = [&](const Constant *C) {
    return MapValue(C, VMap, RF_None, nullptr, &Declare);
  };
  auto copyMetadata = [&](const GlobalObject &From, GlobalObject &To) {
    SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
    From.getAllMetadata(MDs);
    for (auto &[Kind, MD] : MDs)
      To.addMetadata(Kind, *MapMetadata(MD, VMap, RF_None, nullptr, &Declare));
  };
  auto drain = [&] {
    while (!Declare.Queue.empty()) {
      const GlobalValue *G = Declare.Queue.back();
      Declare.Queue.pop_back();
      auto *N = cast<GlobalValue>(VMap[G]);
      if (const auto *F = dyn_cast<Function>(G)) {
        auto *NF = cast<Function>(N);
        if (F->isDeclaration()) {
          copyMetadata(*F, *NF);
          continue;
        }
        auto DestI = NF->arg_begin();
        for (const Argument &A : F->args()) {
          DestI->setName(A.getName());
          VMap[&A] = &*DestI++;
        }
        SmallVector<ReturnInst *, 8> Returns;
        CloneFunctionInto(NF, F, VMap, CloneFunctionChangeType::DifferentModule,
                          Returns, "", nullptr, nullptr, &Declare);
        if (F->hasPersonalityFn())
          NF->setPersonalityFn(map(F->getPersonalityFn()));
      } else if (const auto *GV = dyn_cast<GlobalVariable>(G)) {
        auto *NGV = cast<GlobalVariable>(N);
        copyMetadata(*GV, *NGV);
        if (GV->hasInitializer())
          NGV->setInitializer(map(GV->getInitializer()));
      } else if (const auto *GA = dyn_cast<GlobalAlias>(G)) {
        cast<GlobalAlias>(N)->setAliasee(map(GA->getAliasee()));
      }
    }
  };
  map(&Kernel);
  drain();
  // Named metadata other than the compile units (done above): module
  // flags, opencl.ocl.version, llvm.ident. Whatever global one names is
  // cloned too.
  for (const NamedMDNode &NMD : M.named_metadata()) {
    if (NMD.getName() == "llvm.dbg.cu")
      continue;
    NamedMDNode *NewNMD = New->getOrInsertNamedMetadata(NMD.getName());
    for (const MDNode *N : NMD.operands())
      NewNMD->addOperand(MapMetadata(N, VMap, RF_None, nullptr, &Declare));
  }
  drain();
  return New;
}

} // namespace clspread

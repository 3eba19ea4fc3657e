//===- KernelArgs.cpp - Kernel arguments from Clang's metadata ---===//
#include "Analysis/KernelArgs.h"
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
// SPIR address spaces.
enum : unsigned {
  ASPrivate = 0,
  ASGlobal = 1,
  ASConstant = 2,
  ASLocal = 3,
  ASGeneric = 4
};
} // namespace

namespace {
/// Reads Clang's kernel_arg_* metadata (-cl-kernel-arg-info).
/// The OpenCL C name of a scalar or vector IR type ("float", "int4"), or
/// "" for anything else. Integer signedness is not in the IR: signed.
std::string openclTypeName(Type *T) {
  unsigned Lanes = 1;
  if (auto *V = dyn_cast<FixedVectorType>(T)) {
    Lanes = V->getNumElements();
    T = V->getElementType();
  }
  std::string Base;
  if (T->isHalfTy())
    Base = "half";
  else if (T->isFloatTy())
    Base = "float";
  else if (T->isDoubleTy())
    Base = "double";
  else if (T->isIntegerTy(8))
    Base = "char";
  else if (T->isIntegerTy(16))
    Base = "short";
  else if (T->isIntegerTy(32))
    Base = "int";
  else if (T->isIntegerTy(64))
    Base = "long";
  else
    return "";
  return Lanes == 1 ? Base : Base + std::to_string(Lanes);
}

/// Appends the fields of \p T at \p Offset, flattened; false if a field
/// has no OpenCL C scalar or vector type (a pointer).
bool flattenFields(Type *T, uint64_t Offset, const DataLayout &DL,
                   std::vector<KernelArgInfo::Field> &Out) {
  if (auto *S = dyn_cast<StructType>(T)) {
    const StructLayout *L = DL.getStructLayout(S);
    for (unsigned I = 0; I < S->getNumElements(); ++I)
      if (!flattenFields(S->getElementType(I), Offset + L->getElementOffset(I),
                         DL, Out))
        return false;
    return true;
  }
  if (auto *A = dyn_cast<ArrayType>(T)) {
    uint64_t Step = DL.getTypeAllocSize(A->getElementType());
    for (uint64_t I = 0; I < A->getNumElements(); ++I)
      if (!flattenFields(A->getElementType(), Offset + I * Step, DL, Out))
        return false;
    return true;
  }
  std::string Name = openclTypeName(T);
  if (Name.empty())
    return false;
  Out.push_back({Offset, Name});
  return true;
}

/// The struct a pointer argument's base type names ("Particle*",
/// "struct P*"): clang calls it %struct.Particle / %struct.P.
void structLayout(const Function &F, KernelArgInfo &Info) {
  llvm::StringRef T = llvm::StringRef(Info.BaseType).rtrim("* ");
  T.consume_front("const ");
  T.consume_front("struct ");
  T = T.trim();
  if (T.empty())
    return;
  auto *S = StructType::getTypeByName(F.getContext(), ("struct." + T).str());
  if (!S || S->isOpaque())
    return;
  const DataLayout &DL = F.getParent()->getDataLayout();
  std::vector<KernelArgInfo::Field> Fields;
  if (!flattenFields(S, 0, DL, Fields))
    return;
  Info.StructBytes = DL.getTypeAllocSize(S);
  Info.Fields = std::move(Fields);
}

/// Clang's kernel_arg_base_type in OpenCL C spelling: it resolves typedefs
/// but writes a vector as "float __attribute__((ext_vector_type(4)))*",
/// which is "float4*" in OpenCL C (and in the runner's type names).
std::string openclBaseType(llvm::StringRef T) {
  static constexpr llvm::StringLiteral Attr =
      " __attribute__((ext_vector_type(";
  size_t At = T.find(Attr);
  if (At == llvm::StringRef::npos)
    return T.str();
  llvm::StringRef Rest = T.substr(At + Attr.size());
  size_t Close = Rest.find(")))");
  if (Close == llvm::StringRef::npos)
    return T.str();
  return (T.take_front(At) + Rest.take_front(Close) + Rest.substr(Close + 3))
      .str();
}

} // namespace

std::vector<KernelArgInfo> argumentInfo(const Function &F) {
  auto str = [&](const char *Kind, unsigned I) -> std::string {
    if (MDNode *N = F.getMetadata(Kind))
      if (I < N->getNumOperands())
        if (auto *S = dyn_cast<MDString>(N->getOperand(I)))
          return S->getString().str();
    return "";
  };
  std::vector<KernelArgInfo> Out;
  for (const Argument &A : F.args()) {
    KernelArgInfo Info;
    unsigned I = A.getArgNo();
    Info.Index = I;
    Info.Name = str("kernel_arg_name", I);
    if (Info.Name.empty())
      Info.Name = A.getName().str();
    Info.Type = str("kernel_arg_type", I);
    Info.BaseType = openclBaseType(str("kernel_arg_base_type", I));
    if (Info.BaseType.empty()) // no metadata: the type as written
      Info.BaseType = Info.Type;
    Info.Access = str("kernel_arg_access_qual", I);
    if (Info.Access == "none")
      Info.Access.clear();
    Info.IsImage = Info.BaseType.rfind("image", 0) == 0;
    Info.IsSampler = Info.BaseType == "sampler_t";
    Info.IsPipe = StringRef(str("kernel_arg_type_qual", I)).contains("pipe");
    Info.IsPointer = A.getType()->isPointerTy() && !Info.IsImage &&
                     !Info.IsSampler && !Info.IsPipe;
    unsigned Space = 0;
    if (MDNode *N = F.getMetadata("kernel_arg_addr_space"))
      if (I < N->getNumOperands())
        if (auto *C = mdconst::dyn_extract<ConstantInt>(N->getOperand(I)))
          Space = C->getZExtValue();
    Info.Space = Info.IsImage          ? AddrSpace::Image
                 : Space == ASGlobal   ? AddrSpace::Global
                 : Space == ASConstant ? AddrSpace::Constant
                 : Space == ASLocal    ? AddrSpace::Local
                                       : AddrSpace::Private;
    if (Info.IsPointer)
      structLayout(F, Info);
    Out.push_back(std::move(Info));
  }
  return Out;
}

/// KernelArgInfo::MayRead / MayWrite of every buffer argument of \p F (the
/// kernel after inlining): what its uses, through address arithmetic, do.
void pointerAccess(const Function &F, std::vector<KernelArgInfo> &Args) {
  MDNode *Quals = F.getMetadata("kernel_arg_type_qual");
  for (const Argument &A : F.args()) {
    if (A.getArgNo() >= Args.size())
      break;
    KernelArgInfo &Info = Args[A.getArgNo()];
    if (!Info.IsPointer || Info.Space == AddrSpace::Local)
      continue;
    bool Read = false, Write = false;
    SmallVector<const Value *, 16> Work{&A};
    SmallPtrSet<const Value *, 32> Seen{&A};
    while (!Work.empty() && !(Read && Write)) {
      const Value *V = Work.pop_back_val();
      for (const User *U : V->users()) {
        auto follow = [&](const Value *X) {
          if (Seen.insert(X).second)
            Work.push_back(X);
        };
        if (isa<LoadInst>(U)) {
          Read = true;
        } else if (auto *St = dyn_cast<StoreInst>(U)) {
          if (St->getPointerOperand() == V)
            Write = true;
          else
            Read = Write = true; // the pointer itself escapes to memory
        } else if (isa<AtomicRMWInst>(U) || isa<AtomicCmpXchgInst>(U)) {
          Read = Write = true;
        } else if (isa<GetElementPtrInst>(U) || isa<CastInst>(U) ||
                   isa<PHINode>(U) || isa<SelectInst>(U) ||
                   isa<GEPOperator>(U) || isa<BitCastOperator>(U)) {
          if (isa<PtrToIntInst>(U))
            Read = Write = true;
          else
            follow(U);
        } else if (isa<ICmpInst>(U)) {
          // a comparison reads no memory
        } else if (auto *CB = dyn_cast<CallBase>(U)) {
          const Function *Callee = CB->getCalledFunction();
          StringRef Name = Callee ? Callee->getName() : "";
          if (Callee && Callee->isIntrinsic() &&
              (Callee->getIntrinsicID() == Intrinsic::lifetime_start ||
               Callee->getIntrinsicID() == Intrinsic::lifetime_end ||
               Callee->getIntrinsicID() == Intrinsic::prefetch))
            continue;
          if (Callee && Callee->onlyReadsMemory())
            Read = true;
          else if (Name.contains("vload") || Name.contains("prefetch"))
            Read = true;
          else if (Name.contains("vstore"))
            Write = true;
          else
            Read = Write = true;
        } else {
          Read = Write = true;
        }
      }
    }
    bool Const = false;
    if (Quals && A.getArgNo() < Quals->getNumOperands())
      if (auto *S = dyn_cast<MDString>(Quals->getOperand(A.getArgNo())))
        Const = S->getString().contains("const");
    Info.MayRead = Read;
    Info.MayWrite = Write && !Const && Info.Space != AddrSpace::Constant;
  }
}

bool argDeclaredVolatile(const Function &F, unsigned ArgNo) {
  if (MDNode *Q = F.getMetadata("kernel_arg_type_qual");
      Q && ArgNo < Q->getNumOperands())
    if (auto *S = dyn_cast<MDString>(Q->getOperand(ArgNo)))
      return S->getString().contains("volatile");
  return false;
}

} // namespace clspread

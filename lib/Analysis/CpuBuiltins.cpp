//===- CpuBuiltins.cpp - OpenCL builtins as a CPU compiler builds them ---===//
//
// See CpuBuiltins.h. Each lowering keeps what decides the cost: the
// operation and its lanes. Some are cheaper to write than exact (mul_hi
// as a multiply, mad_sat without its saturation): one instruction each,
// as on the device.
//
//===----------------------------------------------------------------------===//
#include "Analysis/CpuBuiltins.h"
#include "Analysis/Builtins.h"

#include "llvm/ADT/APInt.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"

#include <optional>

using namespace llvm;

namespace clspread {

namespace {

/// Whether an Itanium-mangled builtin's first parameter is unsigned
/// (`_Z3minjj`, `_Z3minDv4_jS_`).
bool firstParamUnsigned(StringRef Mangled) {
  StringRef Base = builtinBaseName(Mangled);
  size_t At = Mangled.find(Base);
  if (At == StringRef::npos)
    return false;
  StringRef Rest = Mangled.substr(At + Base.size());
  if (Rest.consume_front("Dv")) {
    Rest = Rest.drop_while([](char C) { return C >= '0' && C <= '9'; });
    Rest.consume_front("_");
  }
  return !Rest.empty() && StringRef("htjm").contains(Rest.front());
}

/// `clamp(float4, float, float)`: a scalar operand as wide as \p Like.
Value *widen(IRBuilder<> &B, Value *V, Type *Like) {
  if (V->getType() == Like)
    return V;
  if (auto *VT = dyn_cast<FixedVectorType>(Like))
    if (V->getType() == VT->getElementType())
      return B.CreateVectorSplat(VT->getNumElements(), V);
  return nullptr;
}

/// The LLVM operations of a builtin PoCL's library compiles inline, or
/// null to leave the call.
Value *lowerBuiltin(IRBuilder<> &B, CallInst &CI, StringRef Name) {
  Type *Ty = CI.getType();
  const unsigned N = CI.arg_size();
  SmallVector<Value *, 4> A;
  for (unsigned I = 0; I < N; ++I) {
    Value *V = widen(B, CI.getArgOperand(I), Ty);
    A.push_back(V ? V : CI.getArgOperand(I));
  }
  auto same = [&](unsigned Count) {
    if (N != Count)
      return false;
    for (Value *V : A)
      if (V->getType() != Ty)
        return false;
    return true;
  };
  auto intr = [&](Intrinsic::ID Id, ArrayRef<Value *> Ops) -> Value * {
    return B.CreateIntrinsic(Id, {Ty}, Ops);
  };
  const bool Fp = Ty->isFPOrFPVectorTy(), Int = Ty->isIntOrIntVectorTy();
  const bool Unsigned = firstParamUnsigned(CI.getCalledFunction()->getName());
  // PoCL's mad is a multiply and an add (its kernel cache: vmulps and
  // vaddps where a kernel calls mad); fma is fused.
  if (Fp && same(3) && Name == "mad")
    return B.CreateFAdd(B.CreateFMul(A[0], A[1]), A[2]);
  if (Fp && same(3) && Name == "fma")
    return intr(Intrinsic::fma, A);
  if (Fp && same(1)) {
    static const std::pair<StringRef, Intrinsic::ID> Unary[] = {
        {"fabs", Intrinsic::fabs},        {"sqrt", Intrinsic::sqrt},
        {"native_sqrt", Intrinsic::sqrt}, {"half_sqrt", Intrinsic::sqrt},
        {"floor", Intrinsic::floor},      {"ceil", Intrinsic::ceil},
        {"trunc", Intrinsic::trunc},      {"rint", Intrinsic::rint},
        {"round", Intrinsic::round}};
    for (auto &[S, Id] : Unary)
      if (Name == S)
        return intr(Id, A);
    Constant *One = ConstantFP::get(Ty, 1.0);
    if (Name == "native_recip" || Name == "half_recip")
      return B.CreateFDiv(One, A[0]);
    if (Name == "rsqrt" || Name == "native_rsqrt" || Name == "half_rsqrt")
      return B.CreateFDiv(One, intr(Intrinsic::sqrt, A));
  }
  if (Fp && same(2)) {
    if (Name == "fmin" || Name == "min")
      return intr(Intrinsic::minnum, A);
    if (Name == "fmax" || Name == "max")
      return intr(Intrinsic::maxnum, A);
    if (Name == "native_divide" || Name == "half_divide")
      return B.CreateFDiv(A[0], A[1]);
  }
  if (Fp && same(3)) {
    if (Name == "clamp")
      return intr(Intrinsic::minnum,
                  {intr(Intrinsic::maxnum, {A[0], A[1]}), A[2]});
    if (Name == "mix")
      return intr(Intrinsic::fmuladd, {B.CreateFSub(A[1], A[0]), A[2], A[0]});
  }
  if (Int && same(2)) {
    if (Name == "min")
      return intr(Unsigned ? Intrinsic::umin : Intrinsic::smin, A);
    if (Name == "max")
      return intr(Unsigned ? Intrinsic::umax : Intrinsic::smax, A);
    if (Name == "mul24" || Name == "mul_hi")
      return B.CreateMul(A[0], A[1]);
    if (Name == "rotate")
      return intr(Intrinsic::fshl, {A[0], A[0], A[1]});
  }
  if (Int && same(3)) {
    if (Name == "clamp")
      return intr(
          Unsigned ? Intrinsic::umin : Intrinsic::smin,
          {intr(Unsigned ? Intrinsic::umax : Intrinsic::smax, {A[0], A[1]}),
           A[2]});
    if (Name == "mad24" || Name == "mad_sat")
      return B.CreateAdd(B.CreateMul(A[0], A[1]), A[2]);
  }
  if (Int && same(1) && Name == "abs" && !Unsigned)
    return B.CreateIntrinsic(Intrinsic::abs, {Ty}, {A[0], B.getFalse()});
  return nullptr;
}

/// convert_T[_sat][_rte](x) as the cast it compiles to (a saturating
/// integer narrowing clamps first).
Value *lowerConversion(IRBuilder<> &B, CallInst &CI, StringRef Name) {
  if (!Name.consume_front("convert_") || CI.arg_size() != 1)
    return nullptr;
  Value *X = CI.getArgOperand(0);
  Type *From = X->getType(), *To = CI.getType();
  if (From->isVectorTy() != To->isVectorTy())
    return nullptr;
  if (auto *FV = dyn_cast<FixedVectorType>(From))
    if (cast<FixedVectorType>(To)->getNumElements() != FV->getNumElements())
      return nullptr;
  const bool FromU = firstParamUnsigned(CI.getCalledFunction()->getName());
  const bool ToU = Name.starts_with("u");
  const bool Sat = Name.contains("_sat");
  Type *FS = From->getScalarType(), *TS = To->getScalarType();
  if (FS->isFloatingPointTy() && TS->isFloatingPointTy())
    return B.CreateFPCast(X, To);
  if (FS->isFloatingPointTy())
    return ToU ? B.CreateFPToUI(X, To) : B.CreateFPToSI(X, To);
  if (TS->isFloatingPointTy())
    return FromU ? B.CreateUIToFP(X, To) : B.CreateSIToFP(X, To);
  unsigned FB = FS->getIntegerBitWidth(), TB = TS->getIntegerBitWidth();
  if (Sat && TB < FB) {
    APInt Hi = ToU ? APInt::getMaxValue(TB) : APInt::getSignedMaxValue(TB);
    Value *Max = ConstantInt::get(From, Hi.zext(FB));
    X = B.CreateIntrinsic(FromU ? Intrinsic::umin : Intrinsic::smin, {From},
                          {X, Max});
    if (!FromU) {
      APInt Lo = ToU ? APInt::getZero(TB) : APInt::getSignedMinValue(TB);
      X = B.CreateIntrinsic(Intrinsic::smax, {From},
                            {X, ConstantInt::get(From, Lo.sext(FB))});
    }
  }
  return B.CreateIntCast(X, To, !FromU);
}

/// vloadN and vstoreN need only their elements' alignment.
Align elementAlign(Type *Elem) {
  return Align(std::max<uint64_t>(1, Elem->getScalarSizeInBits() / 8));
}

/// vloadN(offset, p) and vstoreN(data, offset, p) as the vector load and
/// store they are.
bool lowerVectorMemory(IRBuilder<> &B, CallInst &CI, const BuiltinInfo &BI) {
  if (BI.HalfElements || BI.VectorWidth < 2)
    return false;
  if (BI.Kind == BuiltinKind::VLoad && CI.arg_size() == 2) {
    auto *VT = dyn_cast<FixedVectorType>(CI.getType());
    if (!VT || VT->getNumElements() != BI.VectorWidth)
      return false;
    Type *Elem = VT->getElementType();
    Value *Index = B.CreateMul(
        CI.getArgOperand(0),
        ConstantInt::get(CI.getArgOperand(0)->getType(), BI.VectorWidth));
    Value *P = B.CreateGEP(Elem, CI.getArgOperand(1), Index);
    Value *L = B.CreateAlignedLoad(VT, P, elementAlign(Elem));
    CI.replaceAllUsesWith(L);
    return true;
  }
  if (BI.Kind == BuiltinKind::VStore && CI.arg_size() == 3) {
    auto *VT = dyn_cast<FixedVectorType>(CI.getArgOperand(0)->getType());
    if (!VT || VT->getNumElements() != BI.VectorWidth)
      return false;
    Type *Elem = VT->getElementType();
    Value *Index = B.CreateMul(
        CI.getArgOperand(1),
        ConstantInt::get(CI.getArgOperand(1)->getType(), BI.VectorWidth));
    Value *P = B.CreateGEP(Elem, CI.getArgOperand(2), Index);
    B.CreateAlignedStore(CI.getArgOperand(0), P, elementAlign(Elem));
    return true;
  }
  return false;
}

/// The builtin \p CI calls, when it calls an OpenCL builtin declaration.
std::optional<BuiltinInfo> cpuBuiltinOf(const CallInst &CI) {
  const Function *Callee = CI.getCalledFunction();
  if (!Callee || !Callee->isDeclaration() || Callee->isIntrinsic())
    return std::nullopt;
  Type *T = CI.getType()->isVoidTy() && CI.arg_size()
                ? CI.getArgOperand(0)->getType()
                : CI.getType();
  Type *S = T->getScalarType();
  return lookupBuiltin(builtinBaseName(Callee->getName()),
                       S->isFloatingPointTy(), S->isDoubleTy());
}

} // namespace

void lowerCpuBuiltins(Function &WG, bool KeepBarriers) {
  SmallVector<CallInst *, 32> Calls;
  for (Instruction &I : instructions(WG))
    if (auto *CI = dyn_cast<CallInst>(&I))
      Calls.push_back(CI);
  IRBuilder<> B(WG.getContext());
  for (CallInst *CI : Calls) {
    auto BI = cpuBuiltinOf(*CI);
    if (!BI)
      continue;
    B.SetInsertPoint(CI);
    switch (BI->Kind) {
    case BuiltinKind::Barrier:
    case BuiltinKind::Fence:
      if (!KeepBarriers && CI->use_empty())
        CI->eraseFromParent();
      break;
    case BuiltinKind::VLoad:
    case BuiltinKind::VStore:
      if (lowerVectorMemory(B, *CI, *BI))
        CI->eraseFromParent();
      break;
    case BuiltinKind::Alu:
      if (Value *V = lowerBuiltin(
              B, *CI, builtinBaseName(CI->getCalledFunction()->getName()));
          V ||
          (V = lowerConversion(
               B, *CI, builtinBaseName(CI->getCalledFunction()->getName())))) {
        CI->replaceAllUsesWith(V);
        CI->eraseFromParent();
      } else {
        CI->setDoesNotAccessMemory();
        CI->setDoesNotThrow();
        CI->addFnAttr(Attribute::WillReturn);
      }
      break;
    default:
      break;
    }
  }
}

} // namespace clspread

//===- InstructionClass.cpp - What one instruction costs on a GPU ---===//
#include "Analysis/InstructionClass.h"
#include "Analysis/AnalysisContext.h"
#include "Analysis/Builtins.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>
#include <string_view>

using namespace llvm;

namespace clspread {

/// `shl x, K` feeding only `ashr/lshr _, K`, that shift itself, and
/// `and x, 0xffffffff` on i64: how InstCombine writes sext/zext of a
/// truncated 64-bit id (`(long)(int)get_global_id(0)`). A GPU keeps the id
/// in a 32-bit register, so these are casts, and casts are free.
static bool isInRegisterExtension(const BinaryOperator &BO) {
  auto *K = dyn_cast<ConstantInt>(BO.getOperand(1));
  if (!K)
    return false;
  unsigned Op = BO.getOpcode();
  if (Op == Instruction::And)
    return K->getBitWidth() == 64 && K->getZExtValue() == 0xffffffffu;
  if (Op == Instruction::AShr || Op == Instruction::LShr) {
    auto *Shl = dyn_cast<BinaryOperator>(BO.getOperand(0));
    return Shl && Shl->getOpcode() == Instruction::Shl &&
           Shl->getOperand(1) == BO.getOperand(1);
  }
  if (Op == Instruction::Shl) {
    if (BO.use_empty())
      return false;
    for (const User *U : BO.users()) {
      auto *Sh = dyn_cast<BinaryOperator>(U);
      if (!Sh ||
          (Sh->getOpcode() != Instruction::AShr &&
           Sh->getOpcode() != Instruction::LShr) ||
          Sh->getOperand(1) != BO.getOperand(1))
        return false;
    }
    return true;
  }
  return false;
}

static bool isFloatTy(Type *T) {
  return T->getScalarType()->isFloatingPointTy();
}
static bool isDoubleTy(Type *T) { return T->getScalarType()->isDoubleTy(); }

namespace {

/// The pieces of classify(), one per kind of instruction.
class Classifier {
public:
  Classifier(Instruction &I, const DataLayout &DL)
      : I(I), DL(DL), Ty(I.getType()), Lanes(lanesOf(Ty)) {}

  InstrClass classify();

private:
  InstrClass binaryOperator(BinaryOperator &BO);
  InstrClass compare(CmpInst &Cmp);
  InstrClass cast(CastInst &Cast);
  InstrClass gep(GetElementPtrInst &GEP);
  InstrClass intrinsic(IntrinsicInst &II);
  InstrClass builtinCall(CallInst &Call);
  InstrClass vectorAccess(CallInst &Call, const BuiltinInfo &Info);

  InstrClass alu(AluClass C, unsigned OpsPerLane, unsigned Extra = 0,
                 AluClass ExtraC = AluClass::Fp32) {
    return aluOver(Lanes, C, OpsPerLane, Extra, ExtraC);
  }
  static InstrClass aluOver(unsigned Lanes, AluClass C, unsigned OpsPerLane,
                            unsigned Extra = 0,
                            AluClass ExtraC = AluClass::Fp32) {
    InstrClass R;
    R.K = InstrClass::Alu;
    R.Class = C;
    R.Lanes = Lanes;
    R.OpsPerLane = OpsPerLane;
    R.Extra = Extra;
    R.ExtraClass = ExtraC;
    return R;
  }
  /// A double-precision routine (Builtins.h) on \p Lanes lanes.
  static InstrClass routine(unsigned Lanes, const DoubleRoutine *Of) {
    InstrClass R = aluOver(Lanes, AluClass::Fp64, 1);
    R.Routine = Of;
    return R;
  }
  static InstrClass passThrough(std::initializer_list<Value *> From) {
    InstrClass R;
    R.K = InstrClass::PassThrough;
    R.From.assign(From.begin(), From.end());
    return R;
  }
  static InstrClass of(InstrClass::Kind K) {
    InstrClass R;
    R.K = K;
    return R;
  }
  static InstrClass memory(InstrClass::Kind K, Value *Ptr, Type *MemTy,
                           Value *Val) {
    InstrClass R;
    R.K = K;
    R.Ptr = Ptr;
    R.MemTy = MemTy;
    R.Val = Val;
    return R;
  }
  static InstrClass uncounted(std::string Note) {
    InstrClass R;
    R.K = InstrClass::Uncounted;
    R.Note = std::move(Note);
    return R;
  }

  Instruction &I;
  const DataLayout &DL;
  Type *Ty;
  unsigned Lanes;
};

} // namespace

InstrClass Classifier::classify() {
  if (auto *BO = dyn_cast<BinaryOperator>(&I))
    return binaryOperator(*BO);
  if (auto *Cmp = dyn_cast<CmpInst>(&I))
    return compare(*Cmp);
  if (isa<SelectInst>(I))
    return alu(isDoubleTy(Ty) ? AluClass::Fp64 : AluClass::IntSimple,
               Ty->getScalarSizeInBits() > 32 ? 2 : 1);
  if (auto *Cast = dyn_cast<CastInst>(&I))
    return cast(*Cast);
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
    return gep(*GEP);
  if (auto *Ld = dyn_cast<LoadInst>(&I))
    return memory(InstrClass::Load, Ld->getPointerOperand(), Ld->getType(),
                  nullptr);
  if (auto *St = dyn_cast<StoreInst>(&I))
    return memory(InstrClass::Store, St->getPointerOperand(),
                  St->getValueOperand()->getType(), St->getValueOperand());
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return memory(InstrClass::Atomic, RMW->getPointerOperand(), RMW->getType(),
                  RMW->getValOperand());
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return memory(InstrClass::Atomic, CX->getPointerOperand(),
                  CX->getNewValOperand()->getType(), CX->getNewValOperand());
  if (isa<PHINode>(I) || isa<ExtractElementInst>(I) ||
      isa<InsertElementInst>(I) || isa<ShuffleVectorInst>(I) ||
      isa<FreezeInst>(I) || isa<UnaryOperator>(I) || isa<ExtractValueInst>(I) ||
      isa<InsertValueInst>(I))
    return of(InstrClass::ElementMove); // element moves and fneg are free
  auto *Call = dyn_cast<CallInst>(&I);
  if (!Call)
    return of(InstrClass::NoWork); // terminators, allocas, fences
  if (auto *II = dyn_cast<IntrinsicInst>(Call))
    return intrinsic(*II);
  return builtinCall(*Call);
}

InstrClass Classifier::binaryOperator(BinaryOperator &BO) {
  unsigned Op = BO.getOpcode();
  if (isFloatTy(Ty)) {
    AluClass C = isDoubleTy(Ty) ? AluClass::Fp64 : AluClass::Fp32;
    if (!isDoubleTy(Ty) && (Op == Instruction::FDiv || Op == Instruction::FRem))
      C = AluClass::Fp32DivSqrt;
    if (isDoubleTy(Ty) && Op == Instruction::FDiv) {
      // An instruction, not a builtin call: its routine looked up once.
      static const DoubleRoutine *const FDiv = doubleRoutine("fdiv");
      return routine(Lanes, FDiv);
    }
    return alu(C, 1);
  }
  unsigned Bits = Ty->getScalarSizeInBits();
  unsigned Wide = Bits > 32 ? 2 : 1;
  if (isInRegisterExtension(BO))
    return passThrough({BO.getOperand(0)});
  switch (Op) {
  case Instruction::Mul:
    return alu(AluClass::IntMul, Wide * Wide);
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    return alu(AluClass::IntDiv, Wide);
  default:
    if (Bits == 1) // boolean logic folds into predicates
      return passThrough({BO.getOperand(0), BO.getOperand(1)});
    return alu(AluClass::IntSimple, Wide);
  }
}

InstrClass Classifier::compare(CmpInst &Cmp) {
  Type *OT = Cmp.getOperand(0)->getType();
  if (OT->isPtrOrPtrVectorTy())
    return alu(AluClass::IntSimple, 2);
  AluClass C = isFloatTy(OT)
                   ? (isDoubleTy(OT) ? AluClass::Fp64 : AluClass::Fp32)
                   : AluClass::IntSimple;
  return alu(C, OT->getScalarSizeInBits() > 32 && C == AluClass::IntSimple ? 2
                                                                           : 1);
}

InstrClass Classifier::cast(CastInst &Cast) {
  switch (Cast.getOpcode()) {
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::FPToSI:
  case Instruction::FPToUI:
  case Instruction::FPExt:
  case Instruction::FPTrunc:
    return alu(AluClass::Conversion, 1);
  default:
    return passThrough({Cast.getOperand(0)});
  }
}

InstrClass Classifier::gep(GetElementPtrInst &GEP) {
  // Address arithmetic: an add per variable index, a shift to scale it.
  unsigned Ops = 0;
  gep_type_iterator GTI = gep_type_begin(&GEP);
  for (auto It = GEP.idx_begin(); It != GEP.idx_end(); ++It, ++GTI) {
    if (isa<Constant>(*It))
      continue;
    Ops += 1;
    if (!GTI.isStruct() && GTI.getSequentialElementStride(DL) != 1)
      Ops += 1;
  }
  if (Ops)
    return alu(AluClass::IntSimple, Ops);
  return passThrough({GEP.getPointerOperand()});
}

InstrClass Classifier::intrinsic(IntrinsicInst &II) {
  Intrinsic::ID ID = II.getIntrinsicID();
  bool D = isDoubleTy(Ty);
  AluClass FC = D ? AluClass::Fp64 : AluClass::Fp32;
  switch (ID) {
  case Intrinsic::fmuladd:
  case Intrinsic::fma:
  case Intrinsic::minnum:
  case Intrinsic::maxnum:
  case Intrinsic::minimum:
  case Intrinsic::maximum:
  case Intrinsic::floor:
  case Intrinsic::ceil:
  case Intrinsic::trunc:
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
  case Intrinsic::round:
  case Intrinsic::copysign:
    return alu(FC, 1);
  case Intrinsic::fabs:
    return passThrough({II.getArgOperand(0)});
  case Intrinsic::sqrt:
    if (D) {
      static const DoubleRoutine *const Sqrt = doubleRoutine("sqrt");
      return routine(Lanes, Sqrt);
    }
    return alu(AluClass::Fp32DivSqrt, 1);
  case Intrinsic::sin:
  case Intrinsic::cos:
  case Intrinsic::exp:
  case Intrinsic::exp2:
  case Intrinsic::log:
  case Intrinsic::log2:
  case Intrinsic::log10:
  case Intrinsic::pow:
    return alu(D ? AluClass::Fp64 : AluClass::Transcendental,
               ID == Intrinsic::pow ? 2 : 1);
  case Intrinsic::smin:
  case Intrinsic::smax:
  case Intrinsic::umin:
  case Intrinsic::umax:
  case Intrinsic::abs:
  case Intrinsic::ctpop:
  case Intrinsic::ctlz:
  case Intrinsic::cttz:
  case Intrinsic::fshl:
  case Intrinsic::fshr:
  case Intrinsic::bswap:
  case Intrinsic::bitreverse:
  case Intrinsic::sadd_sat:
  case Intrinsic::uadd_sat:
  case Intrinsic::ssub_sat:
  case Intrinsic::usub_sat:
    return alu(AluClass::IntSimple, Ty->getScalarSizeInBits() > 32 ? 2 : 1);
  case Intrinsic::memcpy:
  case Intrinsic::memmove:
  case Intrinsic::memset:
    return uncounted("memory intrinsic not counted");
  default:
    return of(InstrClass::NoWork); // lifetime, dbg, assume, ...: no work
  }
}

InstrClass Classifier::builtinCall(CallInst &Call) {
  Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return uncounted("indirect call not counted");
  std::string_view Base = builtinBaseName(Callee->getName());
  // The operand type decides int vs float for generic builtins.
  Type *OpTy = Ty;
  if (Call.arg_size())
    OpTy = Call.getArgOperand(0)->getType();
  if (OpTy->isPointerTy() || OpTy->isVoidTy())
    OpTy = Ty;
  bool IsF = isFloatTy(OpTy) || isFloatTy(Ty);
  bool IsD = isDoubleTy(OpTy) || isDoubleTy(Ty);
  auto Info = lookupBuiltin(Base, IsF, IsD);
  if (!Info)
    return uncounted("call to '" + std::string(Base) +
                     "' not counted (not an OpenCL builtin clspread knows)");
  unsigned CallLanes = std::max(lanesOf(Ty), lanesOf(OpTy));
  switch (Info->Kind) {
  case BuiltinKind::Alu:
    if (Info->Routine)
      return routine(CallLanes, Info->Routine);
    if (Info->OpsPerLane || Info->ExtraOps)
      return aluOver(CallLanes, Info->Class, Info->OpsPerLane, Info->ExtraOps,
                     Info->ExtraClass);
    return passThrough({Call.arg_size() ? Call.getArgOperand(0) : nullptr});
  case BuiltinKind::WorkItem:
    return of(Info->Item == WorkItemFn::GlobalId ? InstrClass::GlobalId
                                                 : InstrClass::NoWork);
  case BuiltinKind::ImageQuery:
  case BuiltinKind::Fence:
    return of(InstrClass::NoWork);
  case BuiltinKind::ImageRead:
    return of(InstrClass::ImageRead);
  case BuiltinKind::ImageWrite:
    return of(InstrClass::ImageWrite);
  case BuiltinKind::Barrier:
    return of(InstrClass::Barrier);
  case BuiltinKind::Atomic: {
    Value *Ptr = Call.arg_size() ? Call.getArgOperand(0) : nullptr;
    // The counter counts memory only through a pointer, as this type.
    Type *VT = Ty->isVoidTy() ? Type::getInt32Ty(I.getContext()) : Ty;
    return memory(InstrClass::Atomic, Ptr, VT,
                  Call.arg_size() > 1 ? Call.getArgOperand(1) : nullptr);
  }
  case BuiltinKind::VLoad:
  case BuiltinKind::VStore:
    return vectorAccess(Call, *Info);
  }
  return of(InstrClass::NoWork);
}

/// vloadN(offset, p): N elements at p + offset * N; vstoreN(data, offset, p).
InstrClass Classifier::vectorAccess(CallInst &Call, const BuiltinInfo &Info) {
  bool Store = Info.Kind == BuiltinKind::VStore;
  unsigned Base0 = Store ? 1 : 0;
  if (Call.arg_size() < Base0 + 2)
    return of(InstrClass::NoWork);
  Value *Off = Call.getArgOperand(Base0), *Ptr = Call.getArgOperand(Base0 + 1);
  Type *DataTy = Store ? Call.getArgOperand(0)->getType() : Ty;
  unsigned ElemBytes = DL.getTypeStoreSize(DataTy->getScalarType());
  if (Info.HalfElements)
    ElemBytes = 2;
  unsigned N = std::max(1u, Info.VectorWidth);
  Type *MemTy =
      FixedVectorType::get(IntegerType::get(I.getContext(), ElemBytes * 8), N);
  if (N == 1)
    MemTy = IntegerType::get(I.getContext(), ElemBytes * 8);
  InstrClass R = memory(Store ? InstrClass::Store : InstrClass::Load, Ptr,
                        MemTy, Store ? Call.getArgOperand(0) : nullptr);
  R.VecOffset = Off;
  R.VecStride = uint64_t(N) * ElemBytes;
  return R;
}

InstrClass classify(Instruction &I, const DataLayout &DL) {
  return Classifier(I, DL).classify();
}

double addAluOps(const InstrClass &IC, double W,
                 std::array<double, NumAluClasses> &Ops) {
  if (const DoubleRoutine *R = IC.Routine) {
    const double Lanes = IC.Lanes;
    Ops[unsigned(AluClass::Fp64)] += W * Lanes * R->Fp64;
    Ops[unsigned(AluClass::IntSimple)] += W * Lanes * R->Int;
    Ops[unsigned(AluClass::Conversion)] += W * Lanes * R->Conversion;
    return W * Lanes * (R->Fp64 + R->Int + R->Conversion);
  }
  double LaneOps = double(IC.Lanes) * IC.OpsPerLane;
  Ops[unsigned(IC.Class)] += W * LaneOps;
  Ops[unsigned(IC.ExtraClass)] += W * IC.Extra;
  return W * (LaneOps + IC.Extra);
}

} // namespace clspread

//===- KernelAnalyzer.cpp - Per-work-item counts of one kernel ------------===//
//
// See KernelAnalyzer.h for the steps. Cost conventions (docs/model.md has
// the table): casts between integer widths, bitcasts, vector element
// moves, phis, fneg and fabs are free (register renames or source
// modifiers on GPUs); a GEP costs an add per variable index plus a shift
// when the element is wider than a byte; 64-bit integer arithmetic costs
// two lane-ops (GPUs have 32-bit integer ALUs), a 64-bit multiply four.
//
//===----------------------------------------------------------------------===//
#include "Analysis/KernelAnalyzer.h"
#include "Analysis/AnalysisContext.h"
#include "Analysis/BlockFrequency.h"
#include "Analysis/Builtins.h"
#include "Analysis/FloatPrecision.h"
#include "Analysis/Footprints.h"
#include "Analysis/HelperInlining.h"
#include "Analysis/KernelArgs.h"
#include "Analysis/KernelClone.h"
#include "Analysis/MemoryAccesses.h"
#include "Analysis/PrivateArrays.h"
#include "Analysis/RegisterEstimate.h"
#include "Analysis/Specialize.h"
#include "Frontend/OpenCLFrontend.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace clspread {

std::string sourcePathOf(const DIFile &F, const std::string &Main) {
  auto absolute = [](StringRef Dir, StringRef Name) {
    SmallString<256> P(Name);
    if (sys::path::is_relative(P) && !Dir.empty()) {
      P = Dir;
      sys::path::append(P, Name);
    }
    sys::fs::make_absolute(P);
    sys::path::remove_dots(P, /*remove_dot_dot=*/true);
    return std::string(P);
  };
  std::string Abs = absolute(F.getDirectory(), F.getFilename());
  if (Abs == absolute("", Main))
    return Main;
  // The same style as the main file's path: absolute, or relative to the
  // working directory (Clang's compilation directory).
  if (sys::path::is_absolute(Main) || sys::path::is_absolute(F.getFilename()))
    return Abs;
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd) && F.getDirectory() == Cwd) {
    SmallString<256> Rel(F.getFilename()); // "./inc/x.h" -> "inc/x.h"
    sys::path::remove_dots(Rel, /*remove_dot_dot=*/false);
    return std::string(Rel);
  }
  return Abs;
}

namespace {

class Analyzer : AnalysisPart {
public:
  explicit Analyzer(AnalysisContext &C) : AnalysisPart(C) {}

  void run(KernelCounts &K);

private:
  // Step 6.
  void countInstruction(Instruction &I, double W, KernelCounts &K);
  void countAlu(Instruction &I, AluClass C, unsigned Lanes, unsigned OpsPerLane,
                double W, KernelCounts &K, unsigned Extra = 0,
                AluClass ExtraC = AluClass::Fp32);
  void countMemory(Instruction &I, Value *Ptr, Type *Ty, bool IsStore,
                   bool IsAtomic, double W, KernelCounts &K,
                   const SCEV *ExtraOffset = nullptr);
  LineCounts &line(Instruction &I);

  /// The global and __constant sites, while run() counts.
  AccessSites *Sites = nullptr;
  std::map<unsigned, LineCounts> Lines;
  // Dependence graph of the block being counted (docs/counting.md, section
  // 6): per value and lane, the graph nodes that produce it.
  using LaneNodes = std::vector<std::vector<uint32_t>>;
  BlockGraph *Graph = nullptr;
  DenseMap<const Value *, LaneNodes> Producers;
  /// The graph's sinks at the block's last barrier so far: every node
  /// after the barrier depends on them (no bundle spans a barrier).
  std::vector<uint32_t> Fence;
  /// False while later copies of an unrolled loop body are added to the
  /// graph: nodes only, nothing counted.
  bool Counting = true;
  /// Copies after the first of an unrolled loop body: values that are
  /// affine in the loop's counter (addresses, the counter itself), as
  /// copy 0 computed them, and the exit compare to leave out.
  struct Affine0 {
    LaneNodes P;       ///< copy 0's producers
    bool Add = false;  ///< used other than as an address: one add a copy
  };
  DenseMap<const Value *, Affine0> FirstCopy;
  const Instruction *ExitCompare = nullptr;
  bool LaterCopy = false;

  uint32_t addNode(AluClass C, std::vector<uint32_t> Deps);
  std::vector<uint32_t> producersOf(std::initializer_list<const Value *> Vs);
  void graphLoad(Instruction &I, Value *Ptr,
                 std::initializer_list<const Value *> Also = {});
  void graphStore(Instruction &I, Value *Ptr, Value *Val, bool Returns);
  void graphBarrier();
  unsigned loopCopies(BasicBlock &BB);
  void graphLoopCopies(BasicBlock &BB, unsigned Copies, KernelCounts &K);
  bool affineInCopy(const Instruction &I);
};

void Analyzer::countMemory(Instruction &I, Value *Ptr, Type *Ty, bool IsStore,
                           bool IsAtomic, double W, KernelCounts &K,
                           const SCEV *ExtraOffset) {
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
  Sites->add(I, Ptr, Bytes, IsStore, IsAtomic, W, K, ExtraOffset);
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

//===-- Counting ----------------------------------------------------------===//

LineCounts &Analyzer::line(Instruction &I) {
  unsigned Ln = lineOf(I);
  LineCounts &LC = Lines[Ln];
  LC.Line = Ln;
  return LC;
}

uint32_t Analyzer::addNode(AluClass C, std::vector<uint32_t> Deps) {
  Deps.insert(Deps.end(), Fence.begin(), Fence.end());
  std::sort(Deps.begin(), Deps.end());
  Deps.erase(std::unique(Deps.begin(), Deps.end()), Deps.end());
  Graph->Nodes.push_back({C, std::move(Deps)});
  return uint32_t(Graph->Nodes.size() - 1);
}

std::vector<uint32_t>
Analyzer::producersOf(std::initializer_list<const Value *> Vs) {
  std::vector<uint32_t> R;
  for (const Value *V : Vs) {
    auto It = V ? Producers.find(V) : Producers.end();
    if (It == Producers.end())
      continue;
    for (const auto &Lane : It->second)
      R.insert(R.end(), Lane.begin(), Lane.end());
  }
  std::sort(R.begin(), R.end());
  R.erase(std::unique(R.begin(), R.end()), R.end());
  return R;
}

/// 32-bit words of one lane of \p T (a double is 2).
static unsigned wordsPerLane(Type *T) {
  unsigned Bits = T->getScalarType()->getPrimitiveSizeInBits();
  return std::max(1u, (Bits + 31) / 32);
}

/// A loaded value is ready only after the nodes that computed its address
/// (and \p Also: a vload's offset, an image read's coordinates): on
/// TeraScale the fetch runs in a clause of its own, so its consumers sit in
/// a later ALU clause than the address arithmetic. A __local load is ALU
/// work on Evergreen: per 32-bit word an LDS_READ_RET and the MOV that
/// takes the word from the return queue (OQAP), in series.
void Analyzer::graphLoad(Instruction &I, Value *Ptr,
                         std::initializer_list<const Value *> Also) {
  std::vector<uint32_t> Addr = producersOf({Ptr});
  for (const Value *V : Also) {
    auto More = producersOf({V});
    Addr.insert(Addr.end(), More.begin(), More.end());
  }
  unsigned Lanes = lanesOf(I.getType());
  LaneNodes R(Lanes);
  bool Lds = Ptr && Ptr->getType()->isPointerTy() &&
             Ptr->getType()->getPointerAddressSpace() == ASLocal;
  for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
    if (!Lds) {
      R[Ln] = Addr;
      continue;
    }
    for (unsigned Wd = 0; Wd < wordsPerLane(I.getType()); ++Wd) {
      uint32_t Read = addNode(AluClass::IntSimple, Addr);
      R[Ln].push_back(addNode(AluClass::IntSimple, {Read}));
    }
  }
  Producers[&I] = std::move(R);
}

/// Stores: a global store (MEM_RAT on Evergreen) takes a dword index, one
/// LSHR of the byte address (R600TargetLowering::LowerSTORE); a __local
/// store is an LDS_WRITE per 32-bit word, after its address and value. An
/// atomic that \p Returns a value gives it after that node.
void Analyzer::graphStore(Instruction &I, Value *Ptr, Value *Val,
                          bool Returns) {
  if (!Ptr || !Ptr->getType()->isPointerTy())
    return;
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS == ASPrivate)
    return;
  std::vector<uint32_t> Addr = producersOf({Ptr});
  std::vector<uint32_t> Last;
  if (AS == ASLocal) {
    Type *VT = Val ? Val->getType() : I.getType();
    auto It = Val ? Producers.find(Val) : Producers.end();
    unsigned Lanes = lanesOf(VT);
    // A value of another width: every lane waits for all its producers.
    std::vector<uint32_t> AllOfVal;
    if (It != Producers.end() && It->second.size() != Lanes)
      AllOfVal = producersOf({Val});
    for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
      std::vector<uint32_t> Deps = Addr;
      if (It != Producers.end()) {
        const auto &Src =
            It->second.size() == Lanes ? It->second[Ln] : AllOfVal;
        Deps.insert(Deps.end(), Src.begin(), Src.end());
      }
      for (unsigned Wd = 0; Wd < wordsPerLane(VT); ++Wd)
        Last.push_back(addNode(AluClass::IntSimple, Deps));
    }
    if (Returns) // the MOV from the return queue
      Last = {addNode(AluClass::IntSimple, Last)};
  } else {
    Last = {addNode(AluClass::IntSimple, Addr)};
  }
  if (Returns && !I.getType()->isVoidTy())
    Producers[&I] = LaneNodes(lanesOf(I.getType()), Last);
}

/// No bundle holds work from both sides of a barrier: what follows depends
/// on every sink before it.
void Analyzer::graphBarrier() {
  std::vector<bool> HasSucc(Graph->Nodes.size());
  for (const PackNode &N : Graph->Nodes)
    for (uint32_t D : N.Deps)
      HasSucc[D] = true;
  Fence.clear();
  for (uint32_t N = 0; N < HasSucc.size(); ++N)
    if (!HasSucc[N])
      Fence.push_back(N);
}

void Analyzer::countAlu(Instruction &I, AluClass C, unsigned Lanes,
                        unsigned OpsPerLane, double W, KernelCounts &K,
                        unsigned Extra, AluClass ExtraC) {
  double Ops = double(Lanes) * OpsPerLane;
  if (Counting) {
    K.Alu[unsigned(C)] += W * Ops;
    K.Alu[unsigned(ExtraC)] += W * Extra;
    line(I).AluOps += W * (Ops + Extra);
  }

  // Dependence graph: lane l of this op depends on lane l of each vector
  // operand of the same width, or on every producer of narrower operands.
  std::vector<std::vector<uint32_t>> Result(lanesOf(I.getType()));
  std::vector<uint32_t> All;
  // The operands' producers, looked up once (Producers does not change
  // until this op's own entry is added at the end).
  SmallVector<const LaneNodes *, 4> OperandNodes;
  for (Value *Op : I.operands())
    if (auto It = Producers.find(Op); It != Producers.end())
      OperandNodes.push_back(&It->second);
  for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
    std::vector<uint32_t> Deps;
    for (const LaneNodes *PN : OperandNodes) {
      const auto &P = *PN;
      if (P.size() == Lanes)
        Deps.insert(Deps.end(), P[Ln].begin(), P[Ln].end());
      else
        for (const auto &Lane : P)
          Deps.insert(Deps.end(), Lane.begin(), Lane.end());
    }
    for (unsigned K2 = 0; K2 < OpsPerLane; ++K2)
      Deps = {addNode(C, std::move(Deps))};
    if (OpsPerLane) {
      All.push_back(Deps[0]);
      if (Ln < Result.size())
        Result[Ln] = Deps;
    }
  }
  for (unsigned E = 0; E < Extra; ++E)
    All = {addNode(ExtraC, std::move(All))};
  if (Result.size() != Lanes || Extra)
    for (auto &R : Result)
      R = All;
  Producers[&I] = std::move(Result);
}

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
      if (!Sh || (Sh->getOpcode() != Instruction::AShr &&
                  Sh->getOpcode() != Instruction::LShr) ||
          Sh->getOperand(1) != BO.getOperand(1))
        return false;
    }
    return true;
  }
  return false;
}

static bool isFloatTy(Type *T) { return T->getScalarType()->isFloatingPointTy(); }
static bool isDoubleTy(Type *T) { return T->getScalarType()->isDoubleTy(); }

void Analyzer::countInstruction(Instruction &I, double W, KernelCounts &K) {
  Type *Ty = I.getType();
  unsigned Lanes = lanesOf(Ty);
  if (LaterCopy) {
    // Unrolled loop, copy c > 0: the exit test runs once per unrolled
    // trip, and a value affine in the counter is copy 0's plus c * step,
    // an immediate fetch offset where it only addresses memory.
    if (&I == ExitCompare)
      return;
    auto It = FirstCopy.find(&I);
    if (It != FirstCopy.end()) {
      if (It->second.Add) {
        std::vector<uint32_t> From;
        for (const auto &Lane : It->second.P)
          From.insert(From.end(), Lane.begin(), Lane.end());
        Producers[&I] =
            LaneNodes(Lanes, {addNode(AluClass::IntSimple, std::move(From))});
      } else if (!It->second.P.empty()) {
        Producers[&I] = It->second.P;
      } else {
        Producers[&I] = LaneNodes(Lanes);
      }
      return;
    }
  }
  auto passThrough = [&](std::initializer_list<Value *> From) {
    std::vector<std::vector<uint32_t>> R(Lanes);
    for (Value *V : From) {
      auto It = Producers.find(V);
      if (It == Producers.end() || It->second.empty())
        continue;
      for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
        const auto &P = It->second;
        const auto &Src = P.size() == Lanes ? P[Ln] : P[0];
        R[Ln].insert(R[Ln].end(), Src.begin(), Src.end());
      }
    }
    Producers[&I] = std::move(R);
  };

  if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
    unsigned Op = BO->getOpcode();
    if (isFloatTy(Ty)) {
      AluClass C = isDoubleTy(Ty) ? AluClass::Fp64 : AluClass::Fp32;
      if (!isDoubleTy(Ty) &&
          (Op == Instruction::FDiv || Op == Instruction::FRem))
        C = AluClass::Fp32DivSqrt;
      countAlu(I, C, Lanes, 1, W, K);
      return;
    }
    unsigned Bits = Ty->getScalarSizeInBits();
    unsigned Wide = Bits > 32 ? 2 : 1;
    if (isInRegisterExtension(*BO)) {
      passThrough({BO->getOperand(0)});
      return;
    }
    switch (Op) {
    case Instruction::Mul:
      countAlu(I, AluClass::IntMul, Lanes, Wide * Wide, W, K);
      return;
    case Instruction::UDiv: case Instruction::SDiv:
    case Instruction::URem: case Instruction::SRem:
      countAlu(I, AluClass::IntDiv, Lanes, Wide, W, K);
      return;
    default:
      if (Bits == 1) { // boolean logic folds into predicates
        passThrough({BO->getOperand(0), BO->getOperand(1)});
        return;
      }
      countAlu(I, AluClass::IntSimple, Lanes, Wide, W, K);
      return;
    }
  }
  if (auto *Cmp = dyn_cast<CmpInst>(&I)) {
    Type *OT = Cmp->getOperand(0)->getType();
    if (OT->isPtrOrPtrVectorTy()) {
      countAlu(I, AluClass::IntSimple, Lanes, 2, W, K);
      return;
    }
    AluClass C = isFloatTy(OT) ? (isDoubleTy(OT) ? AluClass::Fp64
                                                 : AluClass::Fp32)
                               : AluClass::IntSimple;
    countAlu(I, C, Lanes, OT->getScalarSizeInBits() > 32 && C ==
             AluClass::IntSimple ? 2 : 1, W, K);
    return;
  }
  if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    countAlu(I, isDoubleTy(Ty) ? AluClass::Fp64 : AluClass::IntSimple, Lanes,
             Ty->getScalarSizeInBits() > 32 ? 2 : 1, W, K);
    (void)Sel;
    return;
  }
  if (auto *Cast = dyn_cast<CastInst>(&I)) {
    switch (Cast->getOpcode()) {
    case Instruction::SIToFP: case Instruction::UIToFP:
    case Instruction::FPToSI: case Instruction::FPToUI:
    case Instruction::FPExt: case Instruction::FPTrunc:
      countAlu(I, AluClass::Conversion, Lanes, 1, W, K);
      return;
    default:
      passThrough({Cast->getOperand(0)});
      return;
    }
  }
  if (auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    // Address arithmetic: an add per variable index, a shift to scale it.
    unsigned Ops = 0;
    gep_type_iterator GTI = gep_type_begin(GEP);
    for (auto It = GEP->idx_begin(); It != GEP->idx_end(); ++It, ++GTI) {
      if (isa<Constant>(*It))
        continue;
      Ops += 1;
      if (!GTI.isStruct() && GTI.getSequentialElementStride(DL) != 1)
        Ops += 1;
    }
    if (Ops)
      countAlu(I, AluClass::IntSimple, Lanes, Ops, W, K);
    else
      passThrough({GEP->getPointerOperand()});
    return;
  }
  if (auto *LI2 = dyn_cast<LoadInst>(&I)) {
    if (Counting)
      countMemory(I, LI2->getPointerOperand(), LI2->getType(), false, false,
                  W, K);
    graphLoad(I, LI2->getPointerOperand());
    return;
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    if (Counting)
      countMemory(I, SI->getPointerOperand(),
                  SI->getValueOperand()->getType(), true, false, W, K);
    graphStore(I, SI->getPointerOperand(), SI->getValueOperand(), false);
    return;
  }
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    if (Counting) {
      K.Atomics += W;
      countMemory(I, RMW->getPointerOperand(), RMW->getType(), true, true, W,
                  K);
    }
    graphStore(I, RMW->getPointerOperand(), RMW->getValOperand(), true);
    return;
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    if (Counting) {
      K.Atomics += W;
      countMemory(I, CX->getPointerOperand(),
                  CX->getNewValOperand()->getType(), true, true, W, K);
    }
    graphStore(I, CX->getPointerOperand(), CX->getNewValOperand(), true);
    return;
  }
  if (isa<PHINode>(I) || isa<ExtractElementInst>(I) ||
      isa<InsertElementInst>(I) || isa<ShuffleVectorInst>(I) ||
      isa<FreezeInst>(I) || isa<UnaryOperator>(I) ||
      isa<ExtractValueInst>(I) || isa<InsertValueInst>(I)) {
    // Element moves and fneg are free; keep the dependence through them.
    if (auto *EE = dyn_cast<ExtractElementInst>(&I)) {
      auto It = Producers.find(EE->getVectorOperand());
      auto *Idx = dyn_cast<ConstantInt>(EE->getIndexOperand());
      if (It != Producers.end() && Idx &&
          Idx->getZExtValue() < It->second.size()) {
        auto Lane = It->second[Idx->getZExtValue()];
        Producers[&I] = {Lane};
        return;
      }
    }
    if (auto *IE = dyn_cast<InsertElementInst>(&I)) {
      std::vector<std::vector<uint32_t>> R(Lanes);
      auto It = Producers.find(IE->getOperand(0));
      if (It != Producers.end() && It->second.size() == Lanes)
        R = It->second;
      auto *Idx = dyn_cast<ConstantInt>(IE->getOperand(2));
      auto S = Producers.find(IE->getOperand(1));
      if (Idx && Idx->getZExtValue() < Lanes)
        R[Idx->getZExtValue()] =
            S != Producers.end() && !S->second.empty() ? S->second[0]
                                                       : std::vector<uint32_t>{};
      Producers[&I] = std::move(R);
      return;
    }
    if (auto *SV = dyn_cast<ShuffleVectorInst>(&I)) {
      std::vector<std::vector<uint32_t>> R(Lanes);
      unsigned N0 = lanesOf(SV->getOperand(0)->getType());
      auto P0 = Producers.find(SV->getOperand(0));
      auto P1 = Producers.find(SV->getOperand(1));
      for (unsigned Ln = 0; Ln < Lanes; ++Ln) {
        int M = SV->getMaskValue(Ln);
        if (M < 0)
          continue;
        auto &P = unsigned(M) < N0 ? P0 : P1;
        unsigned Src = unsigned(M) < N0 ? M : M - N0;
        if (P != Producers.end() && Src < P->second.size())
          R[Ln] = P->second[Src];
      }
      Producers[&I] = std::move(R);
      return;
    }
    if (!isa<PHINode>(I)) {
      std::vector<std::vector<uint32_t>> R(Lanes);
      auto It = Producers.find(I.getOperand(0));
      if (It != Producers.end() && It->second.size() == Lanes)
        R = It->second;
      Producers[&I] = std::move(R);
    }
    return;
  }
  auto *Call = dyn_cast<CallInst>(&I);
  if (!Call)
    return; // terminators, allocas, fences
  if (auto *II = dyn_cast<IntrinsicInst>(Call)) {
    Intrinsic::ID ID = II->getIntrinsicID();
    bool D = isDoubleTy(Ty);
    AluClass FC = D ? AluClass::Fp64 : AluClass::Fp32;
    switch (ID) {
    case Intrinsic::fmuladd: case Intrinsic::fma:
    case Intrinsic::minnum: case Intrinsic::maxnum:
    case Intrinsic::minimum: case Intrinsic::maximum:
    case Intrinsic::floor: case Intrinsic::ceil: case Intrinsic::trunc:
    case Intrinsic::rint: case Intrinsic::nearbyint: case Intrinsic::round:
    case Intrinsic::copysign:
      countAlu(I, FC, Lanes, 1, W, K);
      return;
    case Intrinsic::fabs:
      passThrough({II->getArgOperand(0)});
      return;
    case Intrinsic::sqrt:
      countAlu(I, D ? AluClass::Fp64 : AluClass::Fp32DivSqrt, Lanes, 1, W, K);
      return;
    case Intrinsic::sin: case Intrinsic::cos: case Intrinsic::exp:
    case Intrinsic::exp2: case Intrinsic::log: case Intrinsic::log2:
    case Intrinsic::log10: case Intrinsic::pow:
      countAlu(I, D ? AluClass::Fp64 : AluClass::Transcendental, Lanes,
               ID == Intrinsic::pow ? 2 : 1, W, K);
      return;
    case Intrinsic::smin: case Intrinsic::smax: case Intrinsic::umin:
    case Intrinsic::umax: case Intrinsic::abs: case Intrinsic::ctpop:
    case Intrinsic::ctlz: case Intrinsic::cttz: case Intrinsic::fshl:
    case Intrinsic::fshr: case Intrinsic::bswap: case Intrinsic::bitreverse:
    case Intrinsic::sadd_sat: case Intrinsic::uadd_sat:
    case Intrinsic::ssub_sat: case Intrinsic::usub_sat:
      countAlu(I, AluClass::IntSimple, Lanes,
               Ty->getScalarSizeInBits() > 32 ? 2 : 1, W, K);
      return;
    case Intrinsic::memcpy: case Intrinsic::memmove: case Intrinsic::memset:
      if (Counting)
        assume("call", lineOf(I), "memory intrinsic not counted");
      return;
    default:
      return; // lifetime, dbg, assume, ...: no work
    }
  }
  Function *Callee = Call->getCalledFunction();
  if (!Callee) {
    if (Counting)
      assume("call", lineOf(I), "indirect call not counted");
    return;
  }
  std::string_view Base = builtinBaseName(Callee->getName());
  // The operand type decides int vs float for generic builtins.
  Type *OpTy = Ty;
  if (Call->arg_size())
    OpTy = Call->getArgOperand(0)->getType();
  if (OpTy->isPointerTy() || OpTy->isVoidTy())
    OpTy = Ty;
  bool IsF = isFloatTy(OpTy) || isFloatTy(Ty);
  bool IsD = isDoubleTy(OpTy) || isDoubleTy(Ty);
  auto Info = lookupBuiltin(Base, IsF, IsD);
  if (!Info) {
    if (Counting)
      assume("call", lineOf(I), "call to '" + std::string(Base) +
             "' not counted (not an OpenCL builtin clspread knows)");
    return;
  }
  unsigned CallLanes = std::max(lanesOf(Ty), lanesOf(OpTy));
  switch (Info->Kind) {
  case BuiltinKind::Alu:
    if (Info->OpsPerLane || Info->ExtraOps)
      countAlu(I, Info->Class, CallLanes, Info->OpsPerLane, W, K,
               Info->ExtraOps, Info->ExtraClass);
    else
      passThrough({Call->arg_size() ? Call->getArgOperand(0) : nullptr});
    return;
  case BuiltinKind::WorkItem:
    // Not counted (docs/counting.md), but the device computes
    // get_global_id(d) as libclc writes it: group id * local size (a
    // multiply: the program is built before the launch sizes are known)
    // + local id + global offset, in series. Ids and sizes themselves are
    // registers and constant-buffer operands.
    if (Info->Item == WorkItemFn::GlobalId) {
      uint32_t N = addNode(AluClass::IntMul, {});
      N = addNode(AluClass::IntSimple, {N});
      N = addNode(AluClass::IntSimple, {N});
      Producers[&I] = LaneNodes(Lanes, {N});
    }
    return;
  case BuiltinKind::ImageQuery:
  case BuiltinKind::Fence:
    return;
  case BuiltinKind::ImageRead: {
    if (Counting) {
      K.ImageReads += W;
      line(I).TexFetches += W;
    }
    std::vector<uint32_t> Coords;
    for (Value *A : Call->args()) {
      auto P = producersOf({A});
      Coords.insert(Coords.end(), P.begin(), P.end());
    }
    Producers[&I] = LaneNodes(Lanes, Coords);
    return;
  }
  case BuiltinKind::ImageWrite:
    if (Counting)
      K.ImageWrites += W;
    return;
  case BuiltinKind::Barrier:
    if (Counting)
      K.Barriers += W;
    graphBarrier();
    return;
  case BuiltinKind::Atomic: {
    Value *Ptr = Call->arg_size() ? Call->getArgOperand(0) : nullptr;
    if (Counting) {
      K.Atomics += W;
      if (Ptr && Ptr->getType()->isPointerTy()) {
        Type *VT = Ty->isVoidTy() ? Type::getInt32Ty(I.getContext()) : Ty;
        countMemory(I, Ptr, VT, true, true, W, K);
      }
    }
    graphStore(I, Ptr, Call->arg_size() > 1 ? Call->getArgOperand(1) : nullptr,
               true);
    return;
  }
  case BuiltinKind::VLoad:
  case BuiltinKind::VStore: {
    // vloadN(offset, p): N elements at p + offset * N.
    bool Store = Info->Kind == BuiltinKind::VStore;
    unsigned Base0 = Store ? 1 : 0;
    if (Call->arg_size() < Base0 + 2)
      return;
    Value *Off = Call->getArgOperand(Base0), *Ptr = Call->getArgOperand(Base0 + 1);
    Type *DataTy = Store ? Call->getArgOperand(0)->getType() : Ty;
    unsigned ElemBytes = DL.getTypeStoreSize(DataTy->getScalarType());
    if (Info->HalfElements)
      ElemBytes = 2;
    unsigned N = std::max(1u, Info->VectorWidth);
    Type *MemTy = FixedVectorType::get(IntegerType::get(I.getContext(), ElemBytes * 8), N);
    if (N == 1)
      MemTy = IntegerType::get(I.getContext(), ElemBytes * 8);
    const SCEV *Extra = SE.getMulExpr(
        SE.getSCEV(Off), SE.getConstant(Off->getType(), uint64_t(N) * ElemBytes));
    if (Counting)
      countMemory(I, Ptr, MemTy, Store, false, W, K, Extra);
    if (Store)
      graphStore(I, Ptr, Call->getArgOperand(0), false);
    else
      graphLoad(I, Ptr, {Off});
    return;
  }
  }
}

//===-- Unrolled loops in the packing graph --------------------------------===//

/// Iterations of a loop packed together: a compiler unrolls or software-
/// pipelines a short loop body, so iterations overlap in the bundles.
constexpr unsigned MaxLoopCopies = 32;
/// Graph size limit for the copies of one block.
constexpr size_t MaxCopyNodes = 8192;

bool Analyzer::affineInCopy(const Instruction &I) {
  if (!isa<BinaryOperator>(I) && !isa<GetElementPtrInst>(I) &&
      !isa<CastInst>(I) && !isa<PHINode>(I))
    return false;
  if (!SE.isSCEVable(I.getType()))
    return false;
  auto *AR =
      dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<Instruction *>(&I)));
  return AR && AR->isAffine() && AR->getLoop() == LI.getLoopFor(I.getParent());
}

/// How many copies of \p BB (already in the graph once) to pack: a loop of
/// one block with a constant trip count, up to MaxLoopCopies.
unsigned Analyzer::loopCopies(BasicBlock &BB) {
  Loop *L = LI.getLoopFor(&BB);
  if (!L || L->getNumBlocks() != 1 || L->getHeader() != &BB)
    return 1;
  std::optional<uint64_t> Trip = tripCount(L);
  if (!Trip || *Trip < 2)
    return 1;
  uint64_t C = std::min<uint64_t>(*Trip, MaxLoopCopies);
  size_t N = std::max<size_t>(1, Graph->Nodes.size());
  return unsigned(std::max<uint64_t>(1, std::min<uint64_t>(C, MaxCopyNodes / N)));
}

/// Appends copies 1 .. Copies-1 of the loop body \p BB to the graph: phis
/// take the previous copy's values (the loop-carried dependences), the exit
/// compare is left out, and values affine in the counter come from copy 0
/// (an immediate offset where only memory addresses use them, else one add).
void Analyzer::graphLoopCopies(BasicBlock &BB, unsigned Copies,
                               KernelCounts &K) {
  ExitCompare = nullptr;
  if (auto *Br = dyn_cast<BranchInst>(BB.getTerminator()))
    if (Br->isConditional())
      if (auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition()))
        if (Cmp->getParent() == &BB)
          ExitCompare = Cmp;
  FirstCopy.clear();
  for (Instruction &I : BB)
    if (affineInCopy(I)) {
      // A step that is not a constant makes c * step a register, added in
      // every copy; a constant one folds into an immediate offset.
      auto *AR = cast<SCEVAddRecExpr>(SE.getSCEV(&I));
      FirstCopy[&I] = {Producers.lookup(&I),
                       !isa<SCEVConstant>(AR->getStepRecurrence(SE))};
    }
  for (auto &[V, A] : FirstCopy)
    for (const User *U : V->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI || UI->getParent() != &BB || isa<PHINode>(UI) ||
          UI == ExitCompare || FirstCopy.count(UI))
        continue;
      if (auto *Ld = dyn_cast<LoadInst>(UI); Ld && Ld->getPointerOperand() == V)
        continue;
      if (auto *St = dyn_cast<StoreInst>(UI);
          St && St->getPointerOperand() == V && St->getValueOperand() != V)
        continue;
      A.Add = true;
    }
  Counting = false;
  LaterCopy = true;
  for (unsigned C = 1; C < Copies; ++C) {
    std::vector<std::pair<const Value *, LaneNodes>> Next;
    for (PHINode &P : BB.phis()) {
      if (FirstCopy.count(&P))
        continue;
      auto It = Producers.find(P.getIncomingValueForBlock(&BB));
      // A latch value with no producer in this block (a constant, as in
      // `phi i1 [true, %pre], [false, %body]` of a two-trip loop, or a
      // value from another block) is ready at the start: one empty node
      // list per lane, never an empty LaneNodes, which readers index.
      Next.emplace_back(&P, It != Producers.end() && !It->second.empty()
                                ? It->second
                                : LaneNodes(lanesOf(P.getType())));
    }
    for (auto &[P, N] : Next)
      Producers[P] = std::move(N);
    for (Instruction &I : BB)
      if (!isa<PHINode>(I) || FirstCopy.count(&I))
        countInstruction(I, 0, K);
  }
  Counting = true;
  LaterCopy = false;
  FirstCopy.clear();
  ExitCompare = nullptr;
}

void Analyzer::run(KernelCounts &K) {
  BlockFrequencies BF = computeBlockFrequencies(C);
  if (C.TimedOut)
    return;
  AccessSites Sites(C, BF);
  this->Sites = &Sites;
  for (BasicBlock &BB : F) {
    double W = BF.Freq.lookup(&BB);
    BlockGraph BG;
    BG.Name = BB.hasName() ? BB.getName().str()
                           : "bb" + std::to_string(K.Blocks.size());
    BG.ExecPerItem = W;
    Graph = &BG;
    double LoadsBefore = K.GlobalLoads;
    for (Instruction &I : BB)
      countInstruction(I, W, K);
    if (K.GlobalLoads > LoadsBefore)
      K.GlobalLoadRounds += W;
    if (unsigned Copies = W > 0 ? loopCopies(BB) : 1; Copies > 1) {
      graphLoopCopies(BB, Copies, K);
      BG.ExecPerItem = W / Copies;
    }
    Graph = nullptr;
    // Producers are per block: a value from another block is ready when
    // the block starts.
    Producers.clear();
    Fence.clear();
    if (!BG.Nodes.empty() && W > 0)
      K.Blocks.push_back(std::move(BG));
  }
  computeFootprints(C, Sites.shapes(), K);
  Sites.chargeConstantTables(K);
  Sites.mergeCopiedSites(K);
  this->Sites = nullptr;
  K.Registers = estimateRegisters(F, DL);
  findFloatPrecisionUses(C, BF, K);
  findPrivateArrays(C, BF, K);
  for (auto &[BB, Site] : BF.Sites) {
    Site.ExecPerItem = BF.Freq.lookup(BB);
    if (Site.ExecPerItem > 0)
      K.Branches.push_back(std::move(Site));
  }
  for (auto &[Ln, LC] : Lines)
    if (Ln && (LC.AluOps > 0 || LC.GlobalBytes > 0 || LC.LocalBytes > 0 ||
               LC.TexFetches > 0))
      K.Lines.push_back(LC);
  for (auto &A : C.Assumptions)
    K.Assumptions.push_back(A);
  K.TripRanges = BF.TripRanges;
}

} // namespace

std::vector<std::string> kernelNames(const Module &M) {
  std::vector<std::string> Names;
  for (const Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == CallingConv::SPIR_KERNEL)
      Names.push_back(F.getName().str());
  return Names;
}

char AnalysisTimedOut::ID = 0;

void AnalysisTimedOut::log(raw_ostream &OS) const {
  OS << "analysis stopped after its time limit";
}

std::error_code AnalysisTimedOut::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

/// Whether \p Opts' deadline has passed (checked between phases).
static bool pastDeadline(const AnalyzeOptions &Opts) {
  return Opts.Deadline && std::chrono::steady_clock::now() >= *Opts.Deadline;
}

Expected<KernelCounts> analyzeKernel(const Module &M, const std::string &Kernel,
                                     const AnalyzeOptions &Opts) {
  if (pastDeadline(Opts))
    return make_error<AnalysisTimedOut>();
  // Keep only this kernel and what it references (cloneKernel): other
  // kernels are not cloned at all, and helpers become internal so their
  // out-of-line copies die once inlined. Neither costs cloning or
  // optimization time then.
  const Function *Src = M.getFunction(Kernel);
  if (!Src || Src->isDeclaration() ||
      Src->getCallingConv() != CallingConv::SPIR_KERNEL)
    return createStringError(inconvertibleErrorCode(),
                             "no kernel named '" + Kernel + "'");
  std::unique_ptr<Module> Clone = cloneKernel(M, *Src);
  Function *F = Clone->getFunction(Kernel);
  for (Function &G : *Clone)
    if (&G != F && !G.isDeclaration() &&
        G.getCallingConv() != CallingConv::SPIR_KERNEL)
      G.setLinkage(GlobalValue::InternalLinkage);

  KernelCounts K;
  K.Name = Kernel;
  K.Args = argumentInfo(*F);
  // The path exactly as the user gave it (the module's source file name):
  // debug info splits an absolute path into a compilation directory and a
  // relative name, which editors cannot open.
  std::string File = M.getSourceFileName();
  K.Loc = {File, 0, 0};
  if (DISubprogram *SP = F->getSubprogram()) {
    K.Loc.Line = SP->getLine();
    if (SP->getFile()) // a kernel defined in an included file
      K.Loc.File = sourcePathOf(*SP->getFile(), File);
  }
  // reqd_work_group_size(X, Y, Z): a launch must use it, so it is the local
  // size when the launch gives none.
  K.ReqdWorkGroupSize = reqdWorkGroupSize(*F);

  AnalyzeOptions O = Opts;
  O.Launch = launchFor(*F, Opts, K.ReqdWorkGroupSize, K.Assumptions);
  K.Launch = O.Launch;

  // GPU compilers inline every call in a kernel; so does the analysis,
  // whatever the size of the helper function (HelperInlining.h: when).
  markHelpersForInlining(*Clone, *F);
  mergeRepeatedLoads(*Clone);

  // Memory operations are counted as the source performs them: marked
  // volatile, the optimizer may unroll loops around them (which keeps their
  // dynamic count) but may not delete, merge, narrow, sink or hoist them.
  // Arithmetic is still optimized fully. This makes the counts exactly the
  // ones an OpenCL implementation executes without its own load
  // elimination (oclgrind's dynamic counts; tests/scripts/oclgrind.cmake).
  //
  // The optimizer may still merge two of them into one (the same
  // `out[g] = ...` in both arms of an if, sunk below it), which then has a
  // merged location, line 0, where no finding can point: the kernel's own
  // accesses get back the line they had (one of the merged ones').
  SourceLines KernelLines;
  for (Function &G : *Clone)
    for (Instruction &I : instructions(G)) {
      if (auto *Ld = dyn_cast<LoadInst>(&I)) {
        if (Ld->getPointerAddressSpace() != ASPrivate)
          Ld->setVolatile(true);
      } else if (auto *St = dyn_cast<StoreInst>(&I)) {
        if (St->getPointerAddressSpace() != ASPrivate)
          St->setVolatile(true);
      } else {
        continue;
      }
      if (&G == F)
        KernelLines.remember(I);
    }

  std::vector<Assumption> SpecNotes;
  uint64_t LocalArgBytes = 0;
  if (Error E = specialize(*F, K.Args, O.Launch, SpecNotes, LocalArgBytes))
    return std::move(E);
  if (pastDeadline(Opts))
    return make_error<AnalysisTimedOut>();
  optimizeModule(*Clone);
  if (pastDeadline(Opts))
    return make_error<AnalysisTimedOut>();
  inlineDeferredHelpers(*Clone);
  if (pastDeadline(Opts))
    return make_error<AnalysisTimedOut>();
  F = Clone->getFunction(Kernel);
  if (!F)
    return createStringError(inconvertibleErrorCode(),
                             "kernel '" + Kernel + "' vanished in optimization");
  KernelLines.restore();
  pointerAccess(*F, K.Args);
  // Static __local arrays used by the kernel.
  uint64_t StaticLocal = 0;
  for (GlobalVariable &GV : Clone->globals())
    if (GV.getAddressSpace() == ASLocal && !GV.use_empty())
      StaticLocal += Clone->getDataLayout().getTypeAllocSize(GV.getValueType());
  K.LocalMemBytes = StaticLocal + LocalArgBytes;

  AnalysisContext C(*F, O, File);
  Analyzer(C).run(K);
  if (C.TimedOut)
    return make_error<AnalysisTimedOut>();
  K.Assumptions.insert(K.Assumptions.end(), SpecNotes.begin(), SpecNotes.end());
  return K;
}

} // namespace clspread

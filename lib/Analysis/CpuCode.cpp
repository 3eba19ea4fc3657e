//===- CpuCode.cpp - A kernel as a CPU OpenCL compiler builds it ----------===//
//
// See CpuCode.h. The steps follow PoCL's kernel compiler (its "work-item
// loops"), reduced to what decides the code's cost:
//
//  1. the kernel is cloned, specialized to what PoCL knows when it
//     compiles it, the local size (Specialize.h): scalar arguments stay
//     arguments, so LLVM optimizes without their values, as PoCL's
//     compile does; the helpers that ask for work-item ids or wait at a
//     barrier are inlined, the others left to the optimizer's inliner, as
//     PoCL leaves them; every loop is marked not to be unrolled, as
//     PoCL's front end marks them; then, its builtins lowered (step 4),
//     it is optimized alone, SLP vectorizer on, as PoCL's kernel
//     compiler optimizes it before it builds work-item loops;
//  2. a function `clspread.wg` loops over one work-group's local ids,
//     x innermost, and calls the kernel, which is then inlined; its
//     get_local_id / get_global_id / get_group_id become the loops'
//     counters (a group's first global id and its group id are
//     parameters, unknown as at run time);
//  3. barriers and fences are dropped: PoCL cuts the loop at each barrier
//     into one loop per region, which LLVM vectorizes alike; here the
//     regions share one loop (an approximation: a region's __local
//     stores and the next region's loads are then in one iteration);
//  4. the common builtins become the LLVM operations PoCL's library
//     compiles them to (mad -> fmul + fadd, min -> smin/minnum, vloadN -> a
//     vector load ...); the rest (sin, exp, pow ...) stay calls, which
//     the vectorizer cannot widen, as PoCL's library calls it cannot;
//     steps 3 and 4 are CpuBuiltins.cpp;
//  5. the module is retargeted to x86-64 for the profile's CPU and LLVM's
//     -O3 pipeline runs (loop and SLP vectorizers on);
//  6. the launch's scalar arguments are put into the built code and
//     folded (SCCP, SimplifyCFG: a bound check against an argument goes
//     away, nothing is unrolled), and clspread.wg's instructions are
//     counted by how often they run: SCEV's trip counts (else a stated
//     --trip, else SCEV's count at the launch's mean work-item, else the
//     analysis' default), and block frequency within an iteration, a
//     branch on a work-item's ids at the launch's odds (CpuBranchOdds.h);
//     a helper left a call counts its own instructions so, per call.
//
//===----------------------------------------------------------------------===//
#include "Analysis/CpuCode.h"
#include "Analysis/Builtins.h"
#include "Analysis/CpuBranchOdds.h"
#include "Analysis/CpuBuiltins.h"
#include "Analysis/CpuPorts.h"
#include "Analysis/InstructionClass.h"
#include "Analysis/KernelClone.h"
#include "Analysis/Specialize.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Scalar/SCCP.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <functional>
#include <map>
#include <mutex>
#include <optional>

// The X86 back end's registration (LLVM's TargetSelect.h would register
// every target the library holds; only x86 is needed).
extern "C" void LLVMInitializeX86TargetInfo();
extern "C" void LLVMInitializeX86Target();
extern "C" void LLVMInitializeX86TargetMC();

using namespace llvm;

namespace clspread {

namespace {

constexpr const char *Triple = "x86_64-unknown-linux-gnu";
/// Larger kernels are not built: -O3 for x86 on them takes seconds.
constexpr size_t MaxInstructions = 40000;

std::unique_ptr<TargetMachine> x86Machine(const std::string &Cpu,
                                          std::string &Err) {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    // PoCL 3.1 builds with LLVM 15, whose SLP vectorizer leaves a
    // horizontal reduction of long chains alone where LLVM 19's packs it
    // (calibrate's cpu_issue: an xor of 8 chains, which LLVM 19 packs
    // into vectors before the work-item loop exists, so that the loop
    // stays scalar; PoCL's code runs it 8 work-items to an instruction:
    // tests/e2e/analyze/cpu-first-pass.cl). Only CpuCode runs the SLP
    // vectorizer in this process (the front end's pipeline stops at
    // simplification), and it gets here first, before any of it runs.
    StringMap<cl::Option *> &Options = cl::getRegisteredOptions();
    if (auto It = Options.find("slp-vectorize-hor"); It != Options.end())
      static_cast<cl::opt<bool> *>(It->second)->setValue(false);
  });
  const Target *T = TargetRegistry::lookupTarget(Triple, Err);
  if (!T)
    return nullptr;
  std::unique_ptr<TargetMachine> TM(
      T->createTargetMachine(Triple, Cpu, "", TargetOptions(), Reloc::PIC_,
                             std::nullopt, CodeGenOptLevel::Aggressive));
  if (!TM)
    Err = "LLVM has no x86 target machine for CPU '" + Cpu + "'";
  return TM;
}

/// Whether \p G, or a helper it calls, asks for a work-item's ids or
/// waits at a barrier: what the work-item loop must see in its own body.
bool asksWorkItem(const Function &G, DenseMap<const Function *, bool> &Seen) {
  if (auto It = Seen.find(&G); It != Seen.end())
    return It->second;
  Seen[&G] = false; // no recursion in OpenCL C; a cycle ends here
  bool Asks = false;
  for (const Instruction &I : instructions(G)) {
    const auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee)
      continue;
    if (Callee->isDeclaration() ? workItemCall(CB) || isBarrierCall(I)
                                : asksWorkItem(*Callee, Seen)) {
      Asks = true;
      break;
    }
  }
  return Seen[&G] = Asks;
}

/// Inlines into \p F the helpers that ask for work-item ids or wait at a
/// barrier, innermost too. The others are left to the optimizer's
/// inliner, as PoCL leaves them to its own: a large helper called from
/// several places stays a call (its median_x4 calls findMedian four
/// times), and the work-item loop around the call is not vectorized.
bool inlineWorkItemHelpers(Function &F) {
  DenseMap<const Function *, bool> Seen;
  for (int Round = 0; Round < 32; ++Round) {
    SmallVector<CallBase *, 16> Calls;
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction();
            Callee && !Callee->isDeclaration() && Callee != &F &&
            asksWorkItem(*Callee, Seen))
          Calls.push_back(CB);
    if (Calls.empty())
      return true;
    for (CallBase *CB : Calls) {
      InlineFunctionInfo IFI;
      if (!InlineFunction(*CB, IFI).isSuccess())
        return false;
    }
  }
  return false;
}

/// LLVM's default pipeline for the profile's x86 CPU: over the single
/// work-item kernel (SLP vectorizer only, nothing unrolled), or over the
/// work-group function (both vectorizers; the kernel's own loops are
/// marked not to be unrolled, the work-item loops too).
struct Pipeline {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;

  Pipeline(TargetMachine &TM, bool WorkGroup) : PB(&TM, tuning(WorkGroup)) {
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
  void run(Module &M, OptimizationLevel Level) {
    ModulePassManager MPM = PB.buildPerModuleDefaultPipeline(Level);
    MPM.run(M, MAM);
  }
  static PipelineTuningOptions tuning(bool WorkGroup) {
    PipelineTuningOptions PTO;
    PTO.LoopVectorization = WorkGroup;
    PTO.SLPVectorization = true;
    PTO.LoopInterleaving = WorkGroup;
    PTO.LoopUnrolling = WorkGroup;
    return PTO;
  }
};

/// Step 1's end: the single work-item kernel optimized before any
/// work-item loop exists, as PoCL's kernel compiler does (its first -O2
/// over the kernel, vectorizers on; PoCL 3.1's remarks, from
/// POCL_VECTORIZER_REMARKS=1). What the SLP vectorizer packs there, two
/// of median_1's luminance sums into a <2 x float>, is a vector the loop
/// vectorizer later cannot widen ("instruction return type cannot be
/// vectorized"): PoCL runs median_1 one work-item at a time, 344
/// instructions each (callgrind), not 8 to an instruction. Its loop
/// vectorizer is left to the second pipeline here: it only widens
/// innermost loops, which the kernel's own loops stay inside the
/// work-item loop. Builtins are lowered first, as PoCL links its library
/// first, but barriers stay (convergent calls nothing moves across), and
/// the work-item queries are marked pure, as PoCL's inlined ones are.
void optimizeWorkItem(Module &M, TargetMachine &TM) {
  for (Function &G : M)
    if (!G.isDeclaration())
      lowerCpuBuiltins(G, /*KeepBarriers=*/true);
  for (Function &G : M)
    if (G.isDeclaration() && any_of(G.users(), [](const User *U) {
          auto *CI = dyn_cast<CallInst>(U);
          return CI && workItemCall(CI);
        })) {
      G.setDoesNotAccessMemory();
      G.setDoesNotThrow();
      G.setWillReturn();
    }
  Pipeline Opt(TM, /*WorkGroup=*/false);
  Opt.run(M, OptimizationLevel::O2);
}

/// Step 2: the loop over one work-group's work-items around \p F.
Function *buildGroupLoop(Module &M, Function &F,
                         const std::array<uint64_t, 3> &Global,
                         const std::array<uint64_t, 3> &Local) {
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  SmallVector<Type *, 16> Params(F.getFunctionType()->params());
  for (int I = 0; I < 6; ++I) // first global id, group id; per dimension
    Params.push_back(I64);
  Function *WG =
      Function::Create(FunctionType::get(Type::getVoidTy(Ctx), Params, false),
                       GlobalValue::ExternalLinkage, CpuGroupFn, M);
  F.setCallingConv(CallingConv::C);
  F.setLinkage(GlobalValue::InternalLinkage);
  const unsigned NF = F.arg_size();
  // Buffers do not overlap: the vectorizer's run-time overlap check then
  // takes the path it takes at run time, not both.
  for (unsigned I = 0; I < NF; ++I)
    if (WG->getArg(I)->getType()->isPointerTy())
      WG->addParamAttr(I, Attribute::NoAlias);
  // A group's first global id and its group id lie within the launch: the
  // vectorizer's checks that 32-bit ids do not wrap then fold away, as
  // they would in a compiler that knows the NDRange's size.
  for (unsigned D = 0; D < 3; ++D) {
    uint64_t Groups = (Global[D] + Local[D] - 1) / Local[D];
    WG->addParamAttr(
        NF + D,
        Attribute::get(Ctx, Attribute::Range,
                       ConstantRange(APInt(64, 0), APInt(64, Global[D]))));
    WG->addParamAttr(
        NF + 3 + D,
        Attribute::get(Ctx, Attribute::Range,
                       ConstantRange(APInt(64, 0), APInt(64, Groups))));
  }

  BasicBlock *Cur = BasicBlock::Create(Ctx, "entry", WG);
  IRBuilder<> B(Cur);
  std::array<Value *, 3> Lid = {ConstantInt::get(I64, 0),
                                ConstantInt::get(I64, 0),
                                ConstantInt::get(I64, 0)};
  struct WiLoop {
    BasicBlock *Header;
    PHINode *Id;
    unsigned Dim;
  };
  SmallVector<WiLoop, 3> Loops;
  for (int D = 2; D >= 0; --D) {
    if (Local[D] <= 1)
      continue;
    BasicBlock *H = BasicBlock::Create(Ctx, "wi.loop", WG);
    B.CreateBr(H);
    B.SetInsertPoint(H);
    PHINode *P = B.CreatePHI(I64, 2, std::string(CpuLidName) + char('x' + D));
    P->addIncoming(ConstantInt::get(I64, 0), Cur);
    Lid[D] = P;
    Loops.push_back({H, P, unsigned(D)});
    Cur = H;
  }
  SmallVector<Value *, 16> Args;
  for (unsigned I = 0; I < NF; ++I)
    Args.push_back(WG->getArg(I));
  CallInst *Call = B.CreateCall(&F, Args);
  for (auto It = Loops.rbegin(); It != Loops.rend(); ++It) {
    BasicBlock *Latch = BasicBlock::Create(Ctx, "wi.latch", WG);
    B.CreateBr(Latch);
    B.SetInsertPoint(Latch);
    Value *Next = B.CreateAdd(It->Id, ConstantInt::get(I64, 1), "lid.next",
                              /*HasNUW=*/true, /*HasNSW=*/true);
    BasicBlock *Exit = BasicBlock::Create(Ctx, "wi.exit", WG);
    BranchInst *Br = B.CreateCondBr(
        B.CreateICmpULT(Next, ConstantInt::get(I64, Local[It->Dim])),
        It->Header, Exit);
    // The work-item loop is left to the vectorizer, not unrolled whole
    // before it runs (a 16-item loop would be): PoCL builds its loops
    // after the kernel's own optimization, where no full unrolling
    // follows. (Not `vectorize.enable`: LLVM warns where that fails.)
    MDNode *Enable =
        MDNode::get(Ctx, {MDString::get(Ctx, "llvm.loop.unroll.disable")});
    MDNode *Self = MDNode::getDistinct(Ctx, {nullptr, Enable});
    Self->replaceOperandWith(0, Self);
    Br->setMetadata(LLVMContext::MD_loop, Self);
    It->Id->addIncoming(Next, Latch);
    B.SetInsertPoint(Exit);
  }
  B.CreateRetVoid();

  InlineFunctionInfo IFI;
  if (!InlineFunction(*Call, IFI).isSuccess())
    return nullptr;

  // The work-item queries the kernel makes, as the loops' counters.
  SmallVector<CallInst *, 16> Dead;
  for (Instruction &I : instructions(*WG)) {
    auto *CI = dyn_cast<CallInst>(&I);
    if (!CI)
      continue;
    auto W = workItemCall(CI);
    if (!W)
      continue;
    unsigned D = W->Dim.value_or(3);
    Value *V = nullptr;
    B.SetInsertPoint(CI);
    Value *Zero = ConstantInt::get(I64, 0);
    switch (W->Fn) {
    case WorkItemFn::LocalId:
      V = D < 3 ? Lid[D] : Zero;
      break;
    case WorkItemFn::GlobalId:
      V = D < 3 ? B.CreateAdd(WG->getArg(NF + D), Lid[D]) : Zero;
      break;
    case WorkItemFn::GroupId:
      V = D < 3 ? WG->getArg(NF + 3 + D) : Zero;
      break;
    default:
      continue;
    }
    if (!CI->getType()->isIntegerTy())
      continue;
    CI->replaceAllUsesWith(B.CreateZExtOrTrunc(V, CI->getType()));
    Dead.push_back(CI);
  }
  for (CallInst *CI : Dead)
    CI->eraseFromParent();
  return WG;
}

/// Whether \p I is an instruction the core issues (see CpuCounts).
bool issued(const Instruction &I) {
  if (isa<PHINode>(I) || isa<GetElementPtrInst>(I) || isa<AllocaInst>(I) ||
      isa<ReturnInst>(I) || isa<UnreachableInst>(I))
    return false;
  if (auto *Br = dyn_cast<BranchInst>(&I))
    return Br->isConditional();
  if (isa<BitCastInst>(I) || isa<AddrSpaceCastInst>(I) ||
      isa<PtrToIntInst>(I) || isa<IntToPtrInst>(I) || isa<FreezeInst>(I))
    return false;
  if (auto *II = dyn_cast<IntrinsicInst>(&I))
    return !II->isAssumeLikeIntrinsic() && !isa<DbgInfoIntrinsic>(II) &&
           !II->isLifetimeStartOrEnd();
  return true;
}

/// Instructions \p I issues: one, but a gather or a scatter one per lane
/// (x86 cores split them into a load or a store per element: Zen 4's
/// vpgatherdd of 8 lanes is 8 loads and more, Skylake's the same).
double issuedPerLane(const Instruction &I) {
  auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II || (II->getIntrinsicID() != Intrinsic::masked_gather &&
              II->getIntrinsicID() != Intrinsic::masked_scatter))
    return 1;
  Type *T = II->getIntrinsicID() == Intrinsic::masked_gather
                ? II->getType()
                : II->getArgOperand(0)->getType();
  auto *VT = dyn_cast<FixedVectorType>(T);
  return VT ? double(VT->getNumElements()) : 1;
}

/// The index in CpuPricedCalls of a call to one of them (in double
/// precision: its _fp64 entry), else -1.
int pricedCall(const Function &Callee, const InstrClass &IC) {
  const bool Double = Callee.getReturnType()->getScalarType()->isDoubleTy();
  if (!Double && IC.Class != AluClass::Transcendental)
    return -1; // native_ and half_ forms are others
  std::string_view Name = builtinBaseName(Callee.getName());
  for (size_t I = 0; I < CpuPricedFp64; ++I)
    if (Name == CpuPricedCalls[I])
      return int(Double ? CpuPricedFp64 + I : I);
  return -1;
}

/// What one run of a function issues (step 6): the work-group function
/// per work-group, a helper the optimizer left a call per call.
struct Tally {
  double Instructions = 0, ChainOps = 0, ChainFmaOps = 0;
  std::array<double, NumAluClasses> CallOps{};
  std::array<double, CpuPricedCalls.size()> PricedCalls{};
  std::pair<double, double> Lanes{0, 0}; ///< lanes, instructions
  PortUse Ports; ///< the machine code's micro-ops and resources held

  void add(const Tally &O, double W) {
    Ports.add(O.Ports, W);
    Instructions += W * O.Instructions;
    ChainOps += W * O.ChainOps;
    ChainFmaOps += W * O.ChainFmaOps;
    for (size_t I = 0; I < CallOps.size(); ++I)
      CallOps[I] += W * O.CallOps[I];
    for (size_t I = 0; I < PricedCalls.size(); ++I)
      PricedCalls[I] += W * O.PricedCalls[I];
    Lanes.first += W * O.Lanes.first;
    Lanes.second += W * O.Lanes.second;
  }
};

/// Step 6, for one function: its instructions by how often they run per
/// entry, and the helpers it calls, whole, per call.
class Counter {
public:
  using Callees = std::function<const Tally &(Function &)>;
  Counter(Function &Fn, FunctionAnalysisManager &FAM,
          const AnalyzeOptions &Opts, const LaunchShape &Shape,
          const PortModel *Ports, Callees CalleeTally)
      : Fn(Fn), DL(Fn.getParent()->getDataLayout()),
        LI(FAM.getResult<LoopAnalysis>(Fn)),
        SE(FAM.getResult<ScalarEvolutionAnalysis>(Fn)),
        BFI(FAM.getResult<BlockFrequencyAnalysis>(Fn)),
        BPI(FAM.getResult<BranchProbabilityAnalysis>(Fn)), Opts(Opts),
        Shape(Shape), Ports(Ports), CalleeTally(std::move(CalleeTally)) {}

  Tally count() {
    Tally T;
    for (BasicBlock &BB : Fn) {
      double F = freq(&BB);
      if (Ports)
        if (auto It = Ports->Blocks.find(&BB); It != Ports->Blocks.end())
          T.Ports.add(It->second, F);
      for (Instruction &I : BB) {
        if (auto *CI = dyn_cast<CallInst>(&I)) {
          Function *Callee = CI->getCalledFunction();
          // A helper the optimizer did not inline (PoCL's median_x4
          // calls its findMedian, 315 instructions, four times): its
          // body per call, and the call.
          if (Callee && !Callee->isDeclaration()) {
            T.add(CalleeTally(*Callee), F);
            T.Instructions += F;
            continue;
          }
          // A builtin left as a call: its lane-ops as the analysis
          // counts them (InstructionClass.h), at its class's rate.
          if (Callee && !Callee->isIntrinsic())
            if (InstrClass IC = classify(I, DL); IC.K == InstrClass::Alu) {
              addAluOps(IC, F, T.CallOps);
              if (int P = pricedCall(*Callee, IC); P >= 0)
                T.PricedCalls[P] += F * IC.Lanes;
              continue;
            }
        }
        if (!issued(I))
          continue;
        T.Instructions += F * issuedPerLane(I);
        // The lanes of what it computes or moves (a store's value).
        Type *Ty = isa<StoreInst>(I) ? I.getOperand(0)->getType() : I.getType();
        if (Ty->isVoidTy() || Ty->isIntegerTy(1) || isa<CmpInst>(I))
          continue;
        auto *VT = dyn_cast<FixedVectorType>(Ty);
        T.Lanes.first += F * (VT ? VT->getNumElements() : 1);
        T.Lanes.second += F;
      }
    }
    for (Loop *L : LI.getLoopsInPreorder()) {
      const double N = entryFreq(L) * trips(L);
      const Path R = recurrence(L);
      T.ChainOps += N * R.Ops;
      T.ChainFmaOps += N * R.Fma;
    }
    return T;
  }

private:
  Function &Fn;
  const DataLayout &DL;
  LoopInfo &LI;
  ScalarEvolution &SE;
  BlockFrequencyInfo &BFI;
  BranchProbabilityInfo &BPI;
  const AnalyzeOptions &Opts;
  const LaunchShape &Shape;
  const PortModel *Ports;
  Callees CalleeTally;
  DenseMap<const BasicBlock *, double> Freq;
  DenseMap<const Loop *, double> MeanTrips;

  double trips(const Loop *L) {
    if (unsigned T = SE.getSmallConstantTripCount(L))
      return T;
    if (DebugLoc Start = L->getStartLoc())
      if (auto It = Opts.TripCounts.find(Start.getLine());
          It != Opts.TripCounts.end())
        return double(It->second);
    if (auto It = MeanTrips.find(L); It != MeanTrips.end())
      return It->second;
    // A loop that one of its branches leaves on the second visit of its
    // header (the work-item loop around `if (get_local_id(0) == 0)`).
    for (const BasicBlock *BB : L->getBlocks())
      if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator()))
        if (exitsOnSecondVisit(*Br, *L))
          return MeanTrips[L] = 2;
    // Trips that depend on the work-item (`for (i = gid; i < n; i +=
    // size)`) have no constant here, where ids are the work-item loops'
    // counters and a group's first ids its parameters: their count at
    // the mean work-item of the launch.
    double T = Opts.DefaultTripCount;
    MeanTrips[L] = T; // a count that reaches back to its own loop
    const SCEV *Taken = SE.getBackedgeTakenCount(L);
    if (isa<SCEVCouldNotCompute>(Taken)) {
      // A count that holds if the index does not wrap (`i +=
      // get_global_size(0)`: a 64-bit size added to a 32-bit index), as
      // the vectorizer assumes under its run-time check.
      SmallVector<const SCEVPredicate *, 4> Assumed;
      Taken = SE.getPredicatedBackedgeTakenCount(L, Assumed);
    }
    if (!isa<SCEVCouldNotCompute>(Taken))
      if (std::optional<double> V = mean(Taken); V && *V >= 0)
        T = *V + 1;
    return MeanTrips[L] = T;
  }

  /// \p S at the launch's mean work-item: a loop's counter at its mean
  /// iteration, a group's first id and group id at the launch's mean.
  std::optional<double> mean(const SCEV *S) {
    return scevValue(
        S, SE,
        [&](const SCEVUnknown *U) {
          return groupParam(Fn, U, [&](unsigned D, bool First) {
            const double G = double(std::max(Shape.Global[D], Shape.Local[D]));
            const double L = double(std::max<uint64_t>(Shape.Local[D], 1));
            return First ? (G - L) / 2 : (G / L - 1) / 2;
          });
        },
        [&](const Loop *L) -> std::optional<double> {
          return (trips(L) - 1) / 2;
        });
  }

  double rel(const BasicBlock *BB, const BasicBlock *To) {
    double Den = double(BFI.getBlockFreq(To).getFrequency());
    return Den > 0 ? double(BFI.getBlockFreq(BB).getFrequency()) / Den : 0;
  }

  /// Entries into \p L per work-group.
  double entryFreq(const Loop *L) {
    if (const BasicBlock *Pre = L->getLoopPreheader())
      return freq(Pre);
    double Sum = 0;
    const BasicBlock *H = L->getHeader();
    for (const BasicBlock *P : predecessors(H))
      if (!L->contains(P))
        Sum += freq(P) * double(BPI.getEdgeProbability(P, H).getNumerator()) /
               double(BranchProbability::getDenominator());
    return Sum;
  }

  /// Executions of \p BB per work-group.
  double freq(const BasicBlock *BB) {
    if (auto It = Freq.find(BB); It != Freq.end())
      return It->second;
    Freq[BB] = 0; // irreducible cycles end here
    const Loop *L = LI.getLoopFor(BB);
    double F = L ? entryFreq(L) * trips(L) * rel(BB, L->getHeader())
                 : rel(BB, &Fn.getEntryBlock());
    Freq[BB] = F;
    return F;
  }

  /// A path through one iteration: its issued instructions, and of them
  /// the fused multiply-adds.
  struct Path {
    double Ops = -1, Fma = 0;
    bool operator<(const Path &O) const {
      return Ops < O.Ops || (Ops == O.Ops && Fma < O.Fma);
    }
  };

  static bool isFma(const Instruction &I) {
    auto *II = dyn_cast<IntrinsicInst>(&I);
    return II && (II->getIntrinsicID() == Intrinsic::fma ||
                  II->getIntrinsicID() == Intrinsic::fmuladd);
  }

  /// The longest path, in issued instructions, from a header phi of \p L
  /// to the value it takes on the back edge, within one iteration of L's
  /// own blocks (a path through an inner loop is that loop's own chain).
  Path recurrence(const Loop *L) {
    const BasicBlock *Latch = L->getLoopLatch();
    if (!Latch)
      return {0, 0};
    LoopBlocksRPO RPO(const_cast<Loop *>(L));
    RPO.perform(&LI);
    Path Best{0, 0};
    unsigned Phis = 0;
    for (const PHINode &P : L->getHeader()->phis()) {
      if (++Phis > 64)
        break;
      auto *Back = dyn_cast<Instruction>(P.getIncomingValueForBlock(Latch));
      if (!Back || !L->contains(Back))
        continue;
      DenseMap<const Instruction *, Path> Dist;
      Dist[&P] = {0, 0};
      for (BasicBlock *BB : RPO) {
        if (LI.getLoopFor(BB) != L)
          continue;
        for (Instruction &I : *BB) {
          if (&I == &P)
            continue;
          Path D;
          for (const Value *Op : I.operands())
            if (auto *OI = dyn_cast<Instruction>(Op))
              if (auto It = Dist.find(OI); It != Dist.end())
                D = std::max(D, It->second);
          if (D.Ops < 0)
            continue;
          if (issued(I)) {
            D.Ops += 1;
            D.Fma += isFma(I) ? 1 : 0;
          }
          Dist[&I] = D;
        }
      }
      if (auto It = Dist.find(Back); It != Dist.end())
        Best = std::max(Best, It->second);
    }
    return Best;
  }
};

/// Replaces \p WG's parameters that are the kernel's scalar arguments (the
/// first ones, in the kernel's order) with the values \p L gives them, as
/// specialize() would have (the analysis' own specialize() has checked
/// that they fit). True if any was replaced.
bool setScalarArgs(Function &WG, const std::vector<KernelArgInfo> &Args,
                   const LaunchSpec &L) {
  bool Any = false;
  for (const KernelArgInfo &Info : Args) {
    if (Info.IsPointer || Info.Index >= WG.arg_size())
      continue;
    auto It = L.Args.find(Info.Name);
    if (It == L.Args.end() || !It->second.Numeric)
      continue;
    Argument *A = WG.getArg(Info.Index);
    Constant *C = argConstant(A->getType(), It->second);
    if (!C || A->use_empty())
      continue;
    A->replaceAllUsesWith(C);
    Any = true;
  }
  return Any;
}

} // namespace

CpuCounts cpuCode(const Module &M, const std::string &Kernel,
                  const std::vector<KernelArgInfo> &Args,
                  const AnalyzeOptions &Opts) {
  CpuCounts C;
  const Function *Src = M.getFunction(Kernel);
  if (!Src || Src->isDeclaration()) {
    C.Note = "no kernel to build";
    return C;
  }
  std::string Err;
  std::unique_ptr<TargetMachine> TM = x86Machine(Opts.CpuTarget, Err);
  if (!TM) {
    C.Note = "no x86 code: " + Err;
    return C;
  }
  std::unique_ptr<Module> Clone = cloneKernel(M, *Src);
  Function *F = Clone->getFunction(Kernel);
  for (Function &G : *Clone)
    if (&G != F && !G.isDeclaration())
      G.setLinkage(GlobalValue::InternalLinkage);
  std::vector<Assumption> Notes;
  uint64_t LocalArgBytes = 0;
  // PoCL compiles for a local size, not for the arguments' values.
  LaunchSpec Compiled = Opts.Launch;
  for (const KernelArgInfo &A : Args)
    if (!A.IsPointer)
      Compiled.Args.erase(A.Name);
  if (Error E = specialize(*F, Args, Compiled, Notes, LocalArgBytes)) {
    C.Note = "no x86 code: " + toString(std::move(E));
    return C;
  }
  if (!inlineWorkItemHelpers(*F)) {
    C.Note = "no x86 code: a helper could not be inlined";
    return C;
  }
  // PoCL's front end marks the kernel's own loops unroll.disable (every
  // loop of its kernel cache's program.bc, e.g. load_striped's two loops
  // of 4), and its code keeps them rolled, a private array indexed in
  // them on the stack: so are they here.
  for (Function &G : *Clone) {
    if (G.isDeclaration())
      continue;
    DominatorTree DT(G);
    LoopInfo Loops(DT);
    for (Loop *L : Loops.getLoopsInPreorder())
      L->setLoopAlreadyUnrolled();
  }
  size_t Size = 0;
  for (const Function &G : *Clone)
    Size += G.getInstructionCount();
  if (Size > MaxInstructions) {
    C.Note = "no x86 code: the kernel is larger than " +
             std::to_string(MaxInstructions) + " instructions";
    return C;
  }
  const LaunchSpec &L = Opts.Launch;
  std::array<uint64_t, 3> Local = {1, 1, 1};
  if (L.Local)
    for (unsigned D = 0; D < 3; ++D)
      Local[D] = std::max<uint64_t>(1, (*L.Local)[D]);
  else // the driver's choice; PoCL's is a multiple of the vector width
    Local[0] = std::min<uint64_t>(L.Global[0], 8);
  std::array<uint64_t, 3> Global;
  for (unsigned D = 0; D < 3; ++D)
    Global[D] = std::max(L.Global[D], Local[D]);
  Clone->setTargetTriple(Triple);
  Clone->setDataLayout(TM->createDataLayout());
  for (Function &G : *Clone)
    if (!G.isDeclaration()) {
      G.addFnAttr("target-cpu", Opts.CpuTarget);
      G.addFnAttr("target-features", TM->getTargetFeatureString());
    }
  optimizeWorkItem(*Clone, *TM);
  F = Clone->getFunction(Kernel);
  if (!F || F->isDeclaration()) {
    C.Note = "no x86 code: the kernel vanished";
    return C;
  }
  Function *WG = buildGroupLoop(*Clone, *F, Global, Local);
  if (!WG) {
    C.Note = "no x86 code: the kernel could not be inlined into its "
             "work-item loop";
    return C;
  }
  for (Function &G : *Clone) // helpers left as calls too
    if (!G.isDeclaration())
      lowerCpuBuiltins(G);
  WG->addFnAttr("target-cpu", Opts.CpuTarget); // the others have them
  WG->addFnAttr("target-features", TM->getTargetFeatureString());

  Pipeline Opt(*TM, /*WorkGroup=*/true);
  Opt.run(*Clone, OptimizationLevel::O3);
  FunctionAnalysisManager &FAM = Opt.FAM;

  WG = Clone->getFunction(CpuGroupFn);
  if (!WG || WG->isDeclaration()) {
    C.Note = "no x86 code: the work-group function vanished";
    return C;
  }
  // The run's values for counting: what the launch states, folded where
  // the code tests them, without optimizing the code again.
  if (setScalarArgs(*WG, Args, Opts.Launch)) {
    FunctionPassManager Fold;
    Fold.addPass(SCCPPass());
    Fold.addPass(SimplifyCFGPass());
    Fold.run(*WG, FAM);
  }
  // After the optimizer, which turns `x == 0 || x == w - 1` into a switch
  // and drops the weights of the branches it merged.
  const LaunchShape Shape{Global, Local};
  for (Function &G : *Clone)
    if (!G.isDeclaration()) {
      weighBranches(G, FAM.getResult<ScalarEvolutionAnalysis>(G),
                    FAM.getResult<LoopAnalysis>(G), Shape);
      FAM.invalidate(G, PreservedAnalyses::none());
    }
  // The machine code's resources, per block (CpuPorts.h); without them
  // the issue rate alone prices the instructions.
  std::optional<PortModel> Ports = machinePorts(*Clone, *TM, C.PortNote);
  const PortModel *PortsIn = Ports ? &*Ports : nullptr;
  // Helpers are tallied once each, whole (OpenCL C has no recursion; a
  // call back into one still being tallied counts as its call alone).
  std::map<Function *, std::optional<Tally>> Tallies;
  Counter::Callees CalleeTally = [&](Function &G) -> const Tally & {
    static const Tally None;
    auto [It, New] = Tallies.try_emplace(&G);
    if (!New)
      return It->second ? *It->second : None;
    Tally T = Counter(G, FAM, Opts, Shape, PortsIn, CalleeTally).count();
    return *(Tallies[&G] = T);
  };
  Tally T = Counter(*WG, FAM, Opts, Shape, PortsIn, CalleeTally).count();
  const double Items = double(Local[0] * Local[1] * Local[2]);
  C.Instructions = T.Instructions / Items;
  C.ChainOps = T.ChainOps / Items;
  C.ChainFmaOps = T.ChainFmaOps / Items;
  for (size_t I = 0; I < C.CallOps.size(); ++I)
    C.CallOps[I] = T.CallOps[I] / Items;
  for (size_t I = 0; I < C.PricedCalls.size(); ++I)
    C.PricedCalls[I] = T.PricedCalls[I] / Items;
  if (Ports) {
    C.PortCycles = Ports->bound(T.Ports, &C.PortBound) / Items;
    C.MicroOps = T.Ports.MicroOps / Items;
  }
  if (T.Lanes.second > 0)
    C.LanesPerInstr = T.Lanes.first / T.Lanes.second;
  C.Target = Opts.CpuTarget;
  return C;
}

} // namespace clspread

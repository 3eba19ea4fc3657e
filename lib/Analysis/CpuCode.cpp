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
//     counted by how often they run (CpuCounter.h).
//
//===----------------------------------------------------------------------===//
#include "Analysis/CpuCode.h"
#include "Analysis/Builtins.h"
#include "Analysis/CpuBranchOdds.h"
#include "Analysis/CpuBuiltins.h"
#include "Analysis/CpuCounter.h"
#include "Analysis/CpuPorts.h"
#include "Analysis/KernelClone.h"
#include "Analysis/Specialize.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Scalar/SCCP.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/Cloning.h"

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
  // Buffers are not marked apart (noalias): PoCL does not know they do
  // not overlap, and neither does its compiler. So a loop that adds into
  // two buffers loads each sum again after the other's store, and waits
  // for its own last store (a chain through memory, which recurrence()
  // follows); and the vectorizer's run-time overlap checks stay, whose
  // vector side CpuBranchOdds takes.
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

/// Marks the loads and stores of \p F's loops that wait at a barrier;
/// whether F waits at any.
bool markBarrierLoops(Function &F) {
  DominatorTree DT(F);
  LoopInfo Loops(DT);
  SmallPtrSet<const Loop *, 4> Cut;
  bool Any = false;
  for (const Instruction &I : instructions(F)) {
    if (!isBarrierCall(I))
      continue;
    Any = true;
    for (const Loop *L = Loops.getLoopFor(I.getParent()); L;
         L = L->getParentLoop())
      Cut.insert(L);
  }
  MDNode *Mark = MDNode::get(F.getContext(), {});
  for (const Loop *L : Cut)
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB)
        if (isa<LoadInst>(I) || isa<StoreInst>(I))
          I.setMetadata(CpuCutMemoryKind, Mark);
  return Any;
}

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
  const bool Barriers = markBarrierLoops(*F);
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
  std::string PortNote = std::move(C.PortNote);
  C = countGroup(*WG, FAM, Opts, Shape, Ports ? &*Ports : nullptr, Barriers);
  C.PortNote = std::move(PortNote);
  C.Target = Opts.CpuTarget;
  return C;
}

} // namespace clspread

//===- KernelAnalyzer.cpp - Per-work-item counts of one kernel ------------===//
//
// See KernelAnalyzer.h for the steps. This file runs them; each lives in a
// part of its own, which reads the function-level analyses they share from
// an AnalysisContext:
//
//   2       Specialize.h          arguments and sizes of the launch
//   4, 5    BlockFrequency.h      edge probabilities, executions per block
//   6       InstructionClass.h    what each instruction costs
//           InstructionCounter.h  counts by class, address space, line
//   7       MemoryAccesses.h      global access sites (AffineOffset.h)
//           Footprints.h          bytes each buffer touches
//           RegisterEstimate.h    live registers
//           PackingGraph.h        per-block dependence graphs
//           FloatPrecision.h, PrivateArrays.h: for lint's rules
//
//===----------------------------------------------------------------------===//
#include "Analysis/KernelAnalyzer.h"
#include "Analysis/AnalysisContext.h"
#include "Analysis/BlockFrequency.h"
#include "Analysis/FloatPrecision.h"
#include "Analysis/Footprints.h"
#include "Analysis/HelperInlining.h"
#include "Analysis/InstructionClass.h"
#include "Analysis/InstructionCounter.h"
#include "Analysis/KernelArgs.h"
#include "Analysis/KernelClone.h"
#include "Analysis/MemoryAccesses.h"
#include "Analysis/PackingGraph.h"
#include "Analysis/PrivateArrays.h"
#include "Analysis/RegisterEstimate.h"
#include "Analysis/Specialize.h"
#include "Frontend/OpenCLFrontend.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

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

/// The rounds of global loads in loops (KernelCounts.h, LoadRound), from
/// the accesses each block made in order: in loops that store to global
/// memory they are chained and move from GlobalLoadRounds to ChainRounds;
/// in other loops each block's loads are one round of LoopRounds, except in
/// loops with a barrier: no load moves above a barrier, so their
/// iterations' loads wait one by one (they stay plain GlobalLoadRounds).
namespace {
struct BlockAccesses {
  BasicBlock *BB;
  std::vector<size_t> Made; ///< indexes in K.Accesses, in order
  bool InLoadRounds;        ///< counted in K.GlobalLoadRounds
  bool HasBarrier;          ///< calls barrier()
};
} // namespace

/// How many times more often than the mean the work-item that runs \p BB
/// most runs it: the longest item's share of each loop around it whose trip
/// count depends on the id, and of a branch on the id above it.
static double longestShare(AnalysisContext &C, const BlockFrequencies &BF,
                           const BasicBlock *BB) {
  double F = 1;
  for (const Loop *Up = C.LI.getLoopFor(BB); Up; Up = Up->getParentLoop())
    if (auto It = BF.LongestSkew.find(Up); It != BF.LongestSkew.end())
      F *= It->second;
  if (auto It = BF.LongestBlockSkew.find(BB); It != BF.LongestBlockSkew.end())
    F *= It->second;
  return F;
}

/// The most __local loads and stores on one def-use path through a block:
/// the ones a work-item waits for one after another in the block (a read-
/// modify-write of __local memory, an index loaded from it, a load after a
/// barrier that waits for the stores before it), where independent ones
/// overlap. Fed the block's instructions in order, as they are classified.
namespace {
class LocalPath {
public:
  void add(const Instruction &I, bool IsBarrier) {
    // A barrier orders every __local operation before it before every one
    // after it: what follows starts from the deepest path so far.
    if (IsBarrier) {
      Floor = Most;
      return;
    }
    unsigned D = Floor;
    for (const Value *Op : I.operands())
      if (auto *OpI = dyn_cast<Instruction>(Op);
          OpI && OpI->getParent() == I.getParent())
        D = std::max(D, Depth.lookup(OpI));
    D += isLocal(I) ? 1 : 0;
    Depth[&I] = D;
    Most = std::max(Most, D);
  }
  unsigned depth() const { return Most; }

private:
  static bool isLocal(const Instruction &I) {
    const Value *Ptr = nullptr;
    if (auto *L = dyn_cast<LoadInst>(&I))
      Ptr = L->getPointerOperand();
    else if (auto *S = dyn_cast<StoreInst>(&I))
      Ptr = S->getPointerOperand();
    else if (auto *A = dyn_cast<AtomicRMWInst>(&I))
      Ptr = A->getPointerOperand();
    return Ptr && Ptr->getType()->getPointerAddressSpace() == ASLocal;
  }
  DenseMap<const Instruction *, unsigned> Depth;
  unsigned Most = 0, Floor = 0;
};
} // namespace

static LoadRound::Load roundLoad(const GlobalAccess &G) {
  LoadRound::Load L;
  L.Buffer = G.Buffer;
  if (!G.Shape || G.Shape->Loops.empty())
    return L;
  const auto &Loops = G.Shape->Loops;
  L.Step = Loops.front().Coef;
  L.Extent = Loops.front().Trips * std::abs(double(*L.Step));
  for (size_t I = 1; I < Loops.size(); ++I)
    if (Loops[I].Coef == 0)
      L.Repeats *= std::max(1.0, Loops[I].Trips);
  return L;
}

static void findLoadRounds(AnalysisContext &C, const BlockFrequencies &BF,
                           const std::vector<BlockAccesses> &Blocks,
                           KernelCounts &K) {
  auto isGlobal = [](const GlobalAccess &A) {
    return A.Space == AddrSpace::Global;
  };
  // The loops whose blocks (their inner loops' included) store to global
  // memory, and those that wait at a barrier.
  SmallPtrSet<const Loop *, 8> Storing, Fenced;
  auto addLoops = [&](SmallPtrSet<const Loop *, 8> &Set, BasicBlock *BB) {
    for (const Loop *L = C.LI.getLoopFor(BB); L; L = L->getParentLoop())
      if (!Set.insert(L).second)
        break; // and its parents were added with it
  };
  for (auto &[BB, Made, Counted, Barrier] : Blocks) {
    for (size_t A : Made)
      if (isGlobal(K.Accesses[A]) &&
          (K.Accesses[A].IsStore || K.Accesses[A].IsAtomic))
        addLoops(Storing, BB);
    if (Barrier)
      addLoops(Fenced, BB);
  }
  for (auto &[BB, Made, Counted, Barrier] : Blocks) {
    const Loop *L = C.LI.getLoopFor(BB);
    double W = BF.Freq.lookup(BB);
    if (!L || W <= 0)
      continue;
    LoadRound Cur;
    Cur.PerItem = W;
    Cur.PerLongestItem = W * longestShare(C, BF, BB);
    if (!Storing.count(L)) {
      if (Fenced.count(L))
        continue;
      for (size_t A : Made)
        if (isGlobal(K.Accesses[A]))
          Cur.Loads.push_back(roundLoad(K.Accesses[A]));
      if (!Cur.Loads.empty())
        K.LoopRounds.push_back(std::move(Cur));
      continue;
    }
    bool Any = false;
    auto close = [&] {
      if (!Cur.Loads.empty()) {
        K.ChainRounds.push_back(Cur);
        Any = true;
      }
      Cur.Loads.clear();
    };
    for (size_t A : Made) {
      const GlobalAccess &G = K.Accesses[A];
      if (!isGlobal(G))
        continue;
      if (G.IsStore || G.IsAtomic)
        close();
      else
        Cur.Loads.push_back(roundLoad(G));
    }
    close();
    if (Any && Counted)
      K.GlobalLoadRounds -= W; // counted there as one round of the block
  }
}

/// Steps 4 to 7 on the specialized, optimized kernel of \p C.
static void analyzeFunction(AnalysisContext &C, KernelCounts &K) {
  BlockFrequencies BF = computeBlockFrequencies(C);
  if (C.TimedOut)
    return;
  AccessSites Sites(C, BF);
  InstructionCounter Counter(C, Sites);
  PackingGraphBuilder Packing(C);
  // The global accesses each block made, in order, for the chain rounds.
  std::vector<BlockAccesses> Accessed;
  // ALU and __local instructions per work-item, as work-items run them and
  // as wavefronts issue them (WaveIssueScale).
  double ItemIssue = 0;
  std::array<double, 4> WaveIssue{};
  for (BasicBlock &BB : C.F) {
    double W = BF.Freq.lookup(&BB);
    BlockGraph BG;
    BG.Name = BB.hasName() ? BB.getName().str()
                           : "bb" + std::to_string(K.Blocks.size());
    BG.ExecPerItem = W;
    Packing.startBlock(BG);
    double LoadsBefore = K.GlobalLoads;
    double LocalBefore = K.LocalLoads + K.LocalStores;
    auto aluOps = [&] {
      double Sum = 0;
      for (double Ops : K.Alu)
        Sum += Ops;
      return Sum;
    };
    double AluBefore = aluOps();
    size_t AccessesBefore = K.Accesses.size();
    bool Barrier = false;
    LocalPath Local;
    for (Instruction &I : BB) {
      InstrClass IC = classify(I, C.DL);
      Barrier |= IC.K == InstrClass::Barrier;
      Local.add(I, IC.K == InstrClass::Barrier);
      Counter.count(I, IC, W, K);
      Packing.add(I, IC);
    }
    BlockAccesses &Made = Accessed.emplace_back(
        BlockAccesses{&BB, {}, K.GlobalLoads > LoadsBefore, Barrier});
    for (size_t A = AccessesBefore; A < K.Accesses.size(); ++A)
      Made.Made.push_back(A);
    if (K.GlobalLoads > LoadsBefore)
      K.GlobalLoadRounds += W;
    const double Alu = aluOps() - AluBefore;
    const double LocalOps = K.LocalLoads + K.LocalStores - LocalBefore;
    if (Alu > 0)
      K.LongestAluOps += Alu * longestShare(C, BF, &BB);
    const double Issue = Alu + LocalOps;
    ItemIssue += Issue;
    auto Skew = BF.WaveSkew.find(&BB);
    for (unsigned Wi = 0; Wi < 4; ++Wi)
      WaveIssue[Wi] +=
          Issue * (Skew == BF.WaveSkew.end() ? 1.0 : Skew->second[Wi]);
    if (LocalOps > 0)
      K.LongestLocalOps += W * Local.depth() * longestShare(C, BF, &BB);
    if (unsigned Copies = W > 0 ? Packing.loopCopies(BB) : 1; Copies > 1) {
      Packing.addLoopCopies(BB, Copies);
      BG.ExecPerItem = W / Copies;
    }
    Packing.endBlock();
    if (!BG.Nodes.empty() && W > 0)
      K.Blocks.push_back(std::move(BG));
  }
  if (ItemIssue > 0)
    for (unsigned Wi = 0; Wi < 4; ++Wi)
      K.WaveIssueScale[Wi] = WaveIssue[Wi] / ItemIssue;
  findLoadRounds(C, BF, Accessed, K);
  computeFootprints(C, Sites.shapes(), K);
  Sites.chargeConstantTables(K);
  Sites.mergeCopiedSites(K);
  K.Registers = estimateRegisters(C.F, C.DL);
  findFloatPrecisionUses(C, BF, K);
  findPrivateArrays(C, BF, K);
  for (auto &[BB, Site] : BF.Sites) {
    Site.ExecPerItem = BF.Freq.lookup(BB);
    if (Site.ExecPerItem > 0)
      K.Branches.push_back(std::move(Site));
  }
  Counter.addLines(K);
  for (auto &A : C.Assumptions)
    K.Assumptions.push_back(A);
  K.TripRanges = BF.TripRanges;
}

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
                             "kernel '" + Kernel +
                                 "' vanished in optimization");
  KernelLines.restore();
  pointerAccess(*F, K.Args);
  // Static __local arrays used by the kernel.
  uint64_t StaticLocal = 0;
  for (GlobalVariable &GV : Clone->globals())
    if (GV.getAddressSpace() == ASLocal && !GV.use_empty())
      StaticLocal += Clone->getDataLayout().getTypeAllocSize(GV.getValueType());
  K.LocalMemBytes = StaticLocal + LocalArgBytes;

  AnalysisContext C(*F, O, File);
  analyzeFunction(C, K);
  if (C.TimedOut)
    return make_error<AnalysisTimedOut>();
  K.Assumptions.insert(K.Assumptions.end(), SpecNotes.begin(), SpecNotes.end());
  return K;
}

} // namespace clspread

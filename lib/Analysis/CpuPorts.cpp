//===- CpuPorts.cpp - The CPU's execution ports for built code ------------===//
//
// See CpuPorts.h. The module is copied and its copy's blocks named, so
// that a machine block, which remembers the IR block it was lowered
// from, leads back to the original's block; the copy then goes through
// the target's code generator (the passes `llc -O3` runs, up to the
// assembly printer) and a machine function pass reads the result.
//
// A machine block that no named block leads to (the code generator's
// own splits: a critical edge, a select expanded into branches) counts
// with the block laid out before it, whose runs it mostly follows.
//
//===----------------------------------------------------------------------===//
#include "Analysis/CpuPorts.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetSchedule.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/InitializePasses.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <mutex>

using namespace llvm;

namespace clspread {

void PortUse::add(const PortUse &O, double Weight) {
  if (Cycles.size() < O.Cycles.size())
    Cycles.resize(O.Cycles.size(), 0);
  for (size_t I = 0; I < O.Cycles.size(); ++I)
    Cycles[I] += Weight * O.Cycles[I];
  MicroOps += Weight * O.MicroOps;
}

double PortModel::bound(const PortUse &U, std::string *Binding) const {
  double Best = U.MicroOps / std::max(1u, IssueWidth);
  if (Binding)
    *Binding = "issue";
  for (size_t R = 1; R < std::min(Units.size(), U.Cycles.size()); ++R) {
    const double Clocks = U.Cycles[R] / std::max(1u, Units[R]);
    if (Clocks > Best) {
      Best = Clocks;
      if (Binding)
        *Binding = Names[R];
    }
  }
  return Best;
}

namespace {

/// The name a copied block carries back to its original.
std::string blockKey(size_t I) { return "clspread.b" + std::to_string(I); }

/// Reads each machine function the code generator built: per machine
/// block, the resources its instructions hold, credited to the original
/// block its IR block was copied from.
class PortTally : public MachineFunctionPass {
public:
  static char ID;
  PortTally(const StringMap<const BasicBlock *> &Origin, PortModel &Out)
      : MachineFunctionPass(ID), Origin(Origin), Out(Out) {}

  StringRef getPassName() const override { return "clspread port tally"; }

  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  bool runOnMachineFunction(MachineFunction &MF) override {
    TargetSchedModel SM;
    SM.init(&MF.getSubtarget());
    if (!SM.hasInstrSchedModel())
      return false;
    const MCSchedModel &MS = *SM.getMCSchedModel();
    const size_t Kinds = MS.getNumProcResourceKinds();
    const BasicBlock *Into = nullptr;
    for (MachineBasicBlock &MBB : MF) {
      if (const BasicBlock *BB = MBB.getBasicBlock()) {
        auto It = Origin.find(BB->getName());
        if (It != Origin.end())
          Into = It->second;
      }
      if (!Into)
        continue;
      PortUse &U = Out.Blocks[Into];
      U.Cycles.resize(Kinds, 0);
      for (MachineInstr &MI : MBB) {
        // A group's entry and return (saving registers, the frame, ret)
        // are its dispatch's cost (work_group.dispatch_cycles).
        if (MI.isMetaInstruction() || MI.isDebugInstr() || MI.isReturn() ||
            MI.getFlag(MachineInstr::FrameSetup) ||
            MI.getFlag(MachineInstr::FrameDestroy))
          continue;
        const MCSchedClassDesc *SC = SM.resolveSchedClass(&MI);
        if (!SC || !SC->isValid())
          continue;
        U.MicroOps += SM.getNumMicroOps(&MI, SC);
        for (const MCWriteProcResEntry &W :
             make_range(SM.getWriteProcResBegin(SC), SM.getWriteProcResEnd(SC)))
          if (W.ProcResourceIdx < Kinds && W.ReleaseAtCycle > W.AcquireAtCycle)
            U.Cycles[W.ProcResourceIdx] += W.ReleaseAtCycle - W.AcquireAtCycle;
      }
    }
    return false;
  }

private:
  const StringMap<const BasicBlock *> &Origin;
  PortModel &Out;
};

char PortTally::ID = 0;

/// Names and units of \p MS's resources (index 0 is invalid).
void describe(const MCSchedModel &MS, PortModel &P) {
  const unsigned Kinds = MS.getNumProcResourceKinds();
  P.IssueWidth = MS.IssueWidth;
  P.Names.assign(Kinds, "");
  P.Units.assign(Kinds, 1);
  for (unsigned R = 1; R < Kinds; ++R) {
    const MCProcResourceDesc *D = MS.getProcResource(R);
    P.Names[R] = D->Name ? D->Name : "";
    P.Units[R] = std::max(1u, D->NumUnits);
  }
}

/// Whether x86's code generator can take \p M: an OpenCL image or sampler
/// is a target type only a GPU's back end lowers (PoCL hands its own
/// structures to the kernel instead).
bool lowerable(const Module &M) {
  auto Plain = [](Type *T) {
    if (T->isTargetExtTy())
      return false;
    for (Type *S : T->subtypes())
      if (S->isTargetExtTy())
        return false;
    return true;
  };
  for (const Function &F : M) {
    if (!Plain(F.getFunctionType()))
      return false;
    for (const Instruction &I : instructions(F)) {
      if (!Plain(I.getType()))
        return false;
      for (const Value *Op : I.operands())
        if (!Plain(Op->getType()))
          return false;
    }
  }
  return true;
}

} // namespace

std::optional<PortModel> machinePorts(Module &M, TargetMachine &TM,
                                      std::string &Err) {
  static std::once_flag Once;
  std::call_once(Once, [] {
    PassRegistry &R = *PassRegistry::getPassRegistry();
    initializeCore(R);
    initializeCodeGen(R);
    initializeTarget(R);
    initializeScalarOpts(R);
    initializeTransformUtils(R);
    initializeAnalysis(R);
  });
  if (!lowerable(M)) {
    Err = "it takes images or samplers, which x86 code does not";
    return std::nullopt;
  }
  auto *LTM = static_cast<LLVMTargetMachine *>(&TM);
  PortModel P;
  // The copy's blocks carry names that lead back to M's.
  ValueToValueMapTy VMap;
  std::unique_ptr<Module> Copy = CloneModule(M, VMap);
  StringMap<const BasicBlock *> Origin;
  size_t Next = 0;
  for (Function &F : M)
    for (BasicBlock &BB : F) {
      auto *C = cast<BasicBlock>(VMap[&BB]);
      C->setName(blockKey(Next++));
      Origin[C->getName()] = &BB;
    }
  for (Function &F : *Copy)
    if (!F.isDeclaration()) {
      const MCSchedModel &MS = TM.getSubtargetImpl(F)->getSchedModel();
      if (!MS.hasInstrSchedModel()) {
        Err = "LLVM has no scheduling model for CPU '" +
              TM.getTargetCPU().str() + "'";
        return std::nullopt;
      }
      describe(MS, P);
      break;
    }

  auto PM = std::make_unique<legacy::PassManager>();
  TargetLibraryInfoImpl TLII(Triple(Copy->getTargetTriple()));
  PM->add(new TargetLibraryInfoWrapperPass(TLII));
  auto *MMIWP = new MachineModuleInfoWrapperPass(LTM);
  // What llc -O3 runs up to the assembly printer (LLVM's own
  // addPassesToGenerateCode, which is not public).
  TargetPassConfig *Config = LTM->createPassConfig(*PM);
  Config->setDisableVerify(true);
  PM->add(Config);
  PM->add(MMIWP);
  if (Config->addISelPasses()) {
    Err = "LLVM's x86 instruction selection could not be set up";
    return std::nullopt;
  }
  Config->addMachinePasses();
  Config->setInitialized();
  PM->add(new PortTally(Origin, P));
  // The x86 code generator stops the process on IR it cannot select; the
  // kernel is then counted without ports, as the front end's crashes are
  // reported rather than fatal (OpenCLFrontend.cpp enables recovery).
  CrashRecoveryContext CRC;
  if (!CRC.RunSafely([&] { PM->run(*Copy); })) {
    // Half lowered: neither is safe to free.
    (void)Copy.release();
    (void)PM.release();
    Err = "LLVM's x86 code generator failed on it";
    return std::nullopt;
  }
  return P;
}

} // namespace clspread

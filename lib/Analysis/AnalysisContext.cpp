//===- AnalysisContext.cpp ------------------------------------------------===//
// What every part of one kernel's analysis shares.
//
#include "Analysis/AnalysisContext.h"
#include "Analysis/Builtins.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace clspread {

AnalysisContext::AnalysisContext(Function &F, const AnalyzeOptions &Opts,
                                 const std::string &File)
    : F(F), Opts(Opts), L(Opts.Launch), File(File), DT(F), LI(DT),
      TLII(Triple(F.getParent()->getTargetTriple())), TLI(TLII), AC(F),
      SE(F, TLI, AC, DT, LI), DL(F.getParent()->getDataLayout()) {}

std::string AnalysisContext::fileOf(const DIFile *F) {
  if (!F)
    return File;
  auto [It, New] = FileOf.try_emplace(F);
  if (New)
    It->second = sourcePathOf(*F, File);
  return It->second;
}

std::optional<uint64_t> AnalysisContext::tripCount(const Loop *Lp) {
  const SCEV *BTC = SE.getBackedgeTakenCount(Lp);
  if (auto *C = dyn_cast<SCEVConstant>(BTC))
    return C->getAPInt().getZExtValue() + 1;
  return std::nullopt;
}

AnalysisContext::LoopFacts AnalysisContext::loopFacts(const Loop *Lp) {
  if (Facts.empty()) {
    unsigned Id = 0;
    for (const Loop *L : LI.getLoopsInPreorder())
      Facts[L].Id = ++Id;
    // A barrier marks its innermost loop and every loop around it.
    for (const BasicBlock &BB : F)
      if (llvm::any_of(BB, isBarrierCall))
        for (const Loop *L = LI.getLoopFor(&BB); L; L = L->getParentLoop())
          Facts[L].Barrier = true;
  }
  auto It = Facts.find(Lp);
  return It != Facts.end() ? It->second : LoopFacts{};
}

} // namespace clspread

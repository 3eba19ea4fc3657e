//===- AnalysisContext.h - What every part of one kernel's analysis shares ===//
//
// The analysis of one specialized, optimized kernel is made of parts
// (BlockFrequency, InstructionCounter, MemoryAccesses, PackingGraph, ...)
// that all read the same function-level analyses (dominators, loops,
// ScalarEvolution) and all add to one list of assumptions. This is that
// shared state, built once per kernel, in the way LLVM passes share
// analyses through an analysis manager.
//
// The assumption list is shared rather than kept per part because a guess
// is recorded once per (line, message) whichever part makes it, and the
// report lists guesses in the order the analysis made them.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_ANALYSISCONTEXT_H
#define CLSPREAD_ANALYSIS_ANALYSISCONTEXT_H

#include "Analysis/KernelAnalyzer.h"
#include "Analysis/KernelCounts.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// SPIR address spaces.
enum SpirAddressSpace : unsigned {
  ASPrivate = 0,
  ASGlobal = 1,
  ASConstant = 2,
  ASLocal = 3,
  ASGeneric = 4
};

/// Lanes of a value of type \p T: its element count for a fixed vector,
/// else 1.
inline unsigned lanesOf(llvm::Type *T) {
  if (auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(T))
    return VT->getNumElements();
  return 1;
}

class AnalysisContext {
public:
  AnalysisContext(llvm::Function &F, const AnalyzeOptions &Opts,
                  const std::string &File);

  /// Records a guess about \p Line (0: not about a line), once.
  void assume(const char *Kind, unsigned Line, const std::string &Message) {
    for (auto &A : Assumptions)
      if (A.Line == Line && A.Message == Message)
        return;
    Assumptions.push_back({Line ? File : std::string(), Line, Kind, Message});
  }
  unsigned lineOf(const llvm::Instruction &I) {
    if (const llvm::DILocation *Loc = I.getDebugLoc())
      return Loc->getLine();
    return 0;
  }
  /// The file of a debug location: the main file's path as the user gave
  /// it, an included file's as Clang found it (debug info splits both
  /// into a directory and a name).
  std::string fileOf(const llvm::DIFile *F);
  /// \p I's place: its file and line, and its column when \p WithCol.
  SourceLoc locOf(const llvm::Instruction &I, bool WithCol = false) {
    if (const llvm::DILocation *Loc = I.getDebugLoc())
      return {fileOf(Loc->getFile()), Loc->getLine(),
              WithCol ? Loc->getColumn() : 0};
    return {File, 0, 0};
  }
  /// \p Lp's trip count when ScalarEvolution knows it as a constant.
  std::optional<uint64_t> tripCount(const llvm::Loop *Lp);

  /// A loop's place among F's loops (preorder, from 1) and whether it
  /// holds a barrier, in it or in a loop inside it; worked out for all of
  /// F's loops at the first question.
  struct LoopFacts {
    unsigned Id = 0;
    bool Barrier = false;
  };
  LoopFacts loopFacts(const llvm::Loop *Lp);

  /// Whether the analysis is to stop: AnalyzeOptions::Deadline has passed
  /// (now, or at an earlier check; it stays so).
  bool pastDeadline() {
    if (!TimedOut && Opts.Deadline &&
        std::chrono::steady_clock::now() >= *Opts.Deadline)
      TimedOut = true;
    return TimedOut;
  }

  llvm::Function &F;
  const AnalyzeOptions &Opts;
  const LaunchSpec &L;
  std::string File;
  /// Set when the run stopped at AnalyzeOptions::Deadline (counts are
  /// partial then).
  bool TimedOut = false;
  llvm::DominatorTree DT;
  llvm::LoopInfo LI;
  llvm::TargetLibraryInfoImpl TLII;
  llvm::TargetLibraryInfo TLI;
  llvm::AssumptionCache AC;
  llvm::ScalarEvolution SE;
  const llvm::DataLayout &DL;
  /// Every guess so far, in the order they were made.
  std::vector<Assumption> Assumptions;
  /// The lines of loops that step by a launch value, found before the
  /// launch was folded in (LoopSteps.h).
  llvm::DenseSet<unsigned> LaunchSteppedLines;

private:
  llvm::DenseMap<const llvm::DIFile *, std::string>
      FileOf;                                          ///< fileOf()'s answers
  llvm::DenseMap<const llvm::Loop *, LoopFacts> Facts; ///< loopFacts()'s
};

/// Base of the parts of the analysis: the context's analyses under the
/// names LLVM code gives them (SE, LI, DT, DL), and its helpers, so that a
/// part's code reads as if it owned them.
class AnalysisPart {
protected:
  explicit AnalysisPart(AnalysisContext &C)
      : C(C), F(C.F), Opts(C.Opts), L(C.L), DT(C.DT), LI(C.LI), SE(C.SE),
        DL(C.DL) {}

  void assume(const char *Kind, unsigned Line, const std::string &Message) {
    C.assume(Kind, Line, Message);
  }
  unsigned lineOf(const llvm::Instruction &I) { return C.lineOf(I); }
  std::string fileOf(const llvm::DIFile *F) { return C.fileOf(F); }
  SourceLoc locOf(const llvm::Instruction &I, bool WithCol = false) {
    return C.locOf(I, WithCol);
  }
  std::optional<uint64_t> tripCount(const llvm::Loop *Lp) {
    return C.tripCount(Lp);
  }
  bool pastDeadline() { return C.pastDeadline(); }

  AnalysisContext &C;
  llvm::Function &F;
  const AnalyzeOptions &Opts;
  const LaunchSpec &L;
  llvm::DominatorTree &DT;
  llvm::LoopInfo &LI;
  llvm::ScalarEvolution &SE;
  const llvm::DataLayout &DL;
};

} // namespace clspread

#endif

//===- InstructionCounter.h - Work per work-item, by kind -------*- C++ -*-===//
//
// Step 6 of KernelAnalyzer.h: every instruction counted times its block's
// executions per work-item (BlockFrequency.h), by what InstructionClass.h
// says it is: ALU lane-ops by class, memory operations and bytes by address
// space and width, TEX fetches, barriers, atomics. Global and __constant
// accesses also become sites (MemoryAccesses.h). Counts are attributed to
// source lines as well, for --lines.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_INSTRUCTIONCOUNTER_H
#define CLSPREAD_ANALYSIS_INSTRUCTIONCOUNTER_H

#include "Analysis/AnalysisContext.h"
#include "Analysis/InstructionClass.h"
#include "Analysis/KernelCounts.h"
#include "Analysis/MemoryAccesses.h"

#include "llvm/IR/Instruction.h"

#include <map>

namespace clspread {

class InstructionCounter : AnalysisPart {
public:
  InstructionCounter(AnalysisContext &C, AccessSites &Sites)
      : AnalysisPart(C), Sites(Sites) {}

  /// Adds to \p K the work of \p I, of class \p IC, which runs \p W times
  /// per work-item. A call it cannot count is an assumption.
  void count(llvm::Instruction &I, const InstrClass &IC, double W,
             KernelCounts &K);

  /// Appends to K.Lines the lines that have counts, in line order.
  void addLines(KernelCounts &K) const;

private:
  void countAlu(llvm::Instruction &I, const InstrClass &IC, double W,
                KernelCounts &K);
  void countMemory(llvm::Instruction &I, llvm::Value *Ptr, llvm::Type *Ty,
                   bool IsStore, bool IsAtomic, double W, KernelCounts &K,
                   const llvm::SCEV *ExtraOffset = nullptr);
  /// The offset a vloadN/vstoreN adds to its pointer, in bytes; null for
  /// other accesses.
  const llvm::SCEV *vectorOffset(const InstrClass &IC);
  LineCounts &line(llvm::Instruction &I);

  AccessSites &Sites;
  std::map<unsigned, LineCounts> Lines;
};

} // namespace clspread

#endif

//===- MemoryAccesses.h ---------------------------------------------------===//
// The global and __constant access sites of a kernel.
//
//
// Part of step 7 of KernelAnalyzer.h: every static access to global or
// __constant memory becomes a GlobalAccess, which lint's memory rules and
// the cache model read. A site says how often it runs, its stride between
// neighbouring work-items and its pattern (AffineOffset.h), the buffer it
// goes to, what the loop around it does (writes that alias it,
// barriers, exits that depend on the loaded value), and, where the launch
// says what an index buffer holds, how far its addresses scatter.
//
// The sites are collected while the instructions are counted
// (InstructionCounter), then adjusted once all are known: reads of small
// __constant tables are charged as the constant cache serves them, and the
// copies the optimizer made of one source access are merged.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_MEMORYACCESSES_H
#define CLSPREAD_ANALYSIS_MEMORYACCESSES_H

#include "Analysis/AffineOffset.h"
#include "Analysis/AnalysisContext.h"
#include "Analysis/BlockFrequency.h"
#include "Analysis/KernelCounts.h"

#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"

#include <map>
#include <optional>
#include <vector>

namespace clspread {

/// A global access's affine offset, for footprints (Footprints.h).
struct AccessShape {
  size_t Index;              ///< in KernelCounts::Accesses, before merging
  std::optional<Affine> Off; ///< nullopt: not affine
  unsigned ArgNo;            ///< the buffer argument; ~0u: not an argument
  const llvm::SCEV *Ptr;     ///< the address, as ScalarEvolution sees it
  unsigned Bytes;            ///< bytes per access
};

class AccessSites : AnalysisPart {
public:
  AccessSites(AnalysisContext &C, const BlockFrequencies &BF)
      : AnalysisPart(C), BF(BF), Freq(BF.Freq) {}

  /// Appends to K.Accesses the site of \p I, which accesses \p Bytes of
  /// global or __constant memory through \p Ptr \p W times per work-item;
  /// \p ExtraOffset, when given, is added to the offset from the pointer's
  /// base (a vloadN's offset * N elements).
  void add(llvm::Instruction &I, llvm::Value *Ptr, unsigned Bytes, bool IsStore,
           bool IsAtomic, double W, KernelCounts &K,
           const llvm::SCEV *ExtraOffset = nullptr);

  /// The offsets of the sites add() made, in K.Accesses' order before
  /// mergeCopiedSites().
  const std::vector<AccessShape> &shapes() const { return Shapes; }

  /// Small program-scope __constant arrays are read through the constant
  /// cache: their sites' executions are scaled to move each table once.
  void chargeConstantTables(KernelCounts &K);
  /// Sites that are copies of one source access (see the definition).
  void mergeCopiedSites(KernelCounts &K);

private:
  uint64_t scatterBytes(const llvm::Value *Ptr, unsigned Bytes) const;

  const BlockFrequencies &BF;
  const llvm::DenseMap<const llvm::BasicBlock *, double> &Freq;
  // Per global access: its affine offset, for footprints.
  std::vector<AccessShape> Shapes;
  /// Accesses (by index in K.Accesses) to program-scope __constant
  /// arrays, by the array: small ones are read through the constant cache.
  std::map<const llvm::GlobalVariable *, std::vector<size_t>> ConstantTables;
};

} // namespace clspread

#endif

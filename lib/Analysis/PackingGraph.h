//===- PackingGraph.h - Per-block dependence graphs for VLIW packing ------===//
//
// Part of step 7 of KernelAnalyzer.h (docs/counting.md, section 6). A VLIW
// GPU (TeraScale) issues up to five independent lane-ops as one bundle;
// how full the bundles are depends on the dependences between the ALU
// lane-ops of a block. This builds, for each block, a graph with one node
// per lane-op (a 4-wide vector add is four nodes) and edges to the nodes
// that produce its operands, from the same InstructionClass the counter
// uses, so the graph holds exactly the work that is counted, plus the
// device-side work the counts leave out (address shifts of global stores,
// LDS reads and writes, get_global_id's arithmetic).
//
// A loop of one block with a constant trip count is packed several
// iterations at a time, as a compiler unrolls or software-pipelines it:
// later copies of the body are appended with their loop-carried
// dependences.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_PACKINGGRAPH_H
#define CLSPREAD_ANALYSIS_PACKINGGRAPH_H

#include "Analysis/AnalysisContext.h"
#include "Analysis/InstructionClass.h"
#include "Analysis/KernelCounts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instruction.h"

#include <cstdint>
#include <initializer_list>
#include <vector>

namespace clspread {

class PackingGraphBuilder : AnalysisPart {
public:
  explicit PackingGraphBuilder(AnalysisContext &C) : AnalysisPart(C) {}

  /// Starts the graph of a block in \p G (its name and executions are the
  /// caller's to set).
  void startBlock(BlockGraph &G) { Graph = &G; }
  /// Adds the nodes of \p I, of class \p IC, to the block's graph.
  void add(llvm::Instruction &I, const InstrClass &IC);
  /// How many copies of \p BB (already in the graph once) to pack: a loop
  /// of one block with a constant trip count, up to MaxLoopCopies.
  unsigned loopCopies(llvm::BasicBlock &BB);
  /// Appends copies 1 .. Copies-1 of the loop body \p BB.
  void addLoopCopies(llvm::BasicBlock &BB, unsigned Copies);
  /// Ends the block's graph. Producers are per block: a value from another
  /// block is ready when the block starts.
  void endBlock() {
    Graph = nullptr;
    Producers.clear();
    Fence.clear();
  }

private:
  // Per value and lane, the graph nodes that produce it.
  using LaneNodes = std::vector<std::vector<uint32_t>>;

  uint32_t addNode(AluClass C, std::vector<uint32_t> Deps);
  std::vector<uint32_t>
  producersOf(std::initializer_list<const llvm::Value *> Vs);
  void graphAlu(llvm::Instruction &I, AluClass C, unsigned Lanes,
                unsigned OpsPerLane, unsigned Extra, AluClass ExtraC);
  void graphPassThrough(llvm::Instruction &I,
                        llvm::ArrayRef<llvm::Value *> From);
  void graphElementMove(llvm::Instruction &I);
  void graphLoad(llvm::Instruction &I, llvm::Value *Ptr,
                 std::initializer_list<const llvm::Value *> Also = {});
  void graphStore(llvm::Instruction &I, llvm::Value *Ptr, llvm::Value *Val,
                  bool Returns);
  void graphBarrier();
  /// In a later copy of an unrolled loop body: adds \p I as copy 0 left it
  /// (the exit compare, values affine in the counter); false for the
  /// instructions to add anew.
  bool addFromFirstCopy(llvm::Instruction &I);
  bool affineInCopy(const llvm::Instruction &I);

  BlockGraph *Graph = nullptr;
  llvm::DenseMap<const llvm::Value *, LaneNodes> Producers;
  /// The graph's sinks at the block's last barrier so far: every node
  /// after the barrier depends on them (no bundle spans a barrier).
  std::vector<uint32_t> Fence;
  /// Copies after the first of an unrolled loop body: values that are
  /// affine in the loop's counter (addresses, the counter itself), as
  /// copy 0 computed them, and the exit compare to leave out.
  struct Affine0 {
    LaneNodes P;      ///< copy 0's producers
    bool Add = false; ///< used other than as an address: one add a copy
  };
  llvm::DenseMap<const llvm::Value *, Affine0> FirstCopy;
  const llvm::Instruction *ExitCompare = nullptr;
};

} // namespace clspread

#endif

//===- IdEvaluator.h - Count id-only branch outcomes over an NDRange ------===//
//
// Branches whose condition depends only on work-item ids, constants and
// (already specialized) sizes and scalar arguments -- border handling,
// `if (i < n)` guards -- are counted exactly: the condition's backward slice
// is compiled into a small straight-line program over 64-bit integers and
// run for every work-item of the NDRange. Each query also carries the
// id-only conditions that guard it (from its dominators), so a nested
// branch gets its conditional fraction, not its unconditional one.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_ANALYSIS_IDEVALUATOR_H
#define CLSPREAD_ANALYSIS_IDEVALUATOR_H

#include "Analysis/Launch.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Value.h"

#include <array>
#include <chrono>
#include <optional>
#include <vector>

namespace clspread {

class IdEvaluator {
public:
  explicit IdEvaluator(const LaunchSpec &L) : Launch(L) {}

  /// Why the last compile() or compileSCEV() returned nullopt.
  enum class Failure : uint8_t {
    None,
    Unsupported, ///< the slice reaches data, floats, phis, other calls
    TooDeep,     ///< more than MaxDepth operations deep
    OverBudget,  ///< more than the operation budget (setBudget)
    TimedOut,    ///< the deadline passed
  };
  Failure lastFailure() const { return Why; }
  /// Operations deep a compiled slice may be (a recursion limit).
  static constexpr unsigned MaxDepth = 64;
  /// Caps the work of compiling: at most \p MaxOperations compiled
  /// operations in all (the program run for every work-item) and at most
  /// 64 times as many values visited by one compile() call. Beyond either,
  /// compile() fails with Failure::OverBudget.
  void setBudget(unsigned MaxOperations) { MaxOps = MaxOperations; }
  unsigned budget() const { return MaxOps; }
  /// Past \p D, compiling fails (Failure::TimedOut) and run() and
  /// divergence() stop early with partial results; timedOut() says so.
  void setDeadline(std::optional<std::chrono::steady_clock::time_point> D) {
    Deadline = D;
  }
  bool timedOut() const { return TimedOut; }
  /// The largest number of work-items run() evaluated one by one before it
  /// sampled (its \p MaxItems, less for a long program: run() does at most
  /// about 2^31 operations).
  uint64_t sampleLimit() const { return SampleLimit; }

  /// Compiles \p V (an i1 or integer value); nullopt when its slice reaches
  /// anything other than ids, constants and integer arithmetic.
  std::optional<unsigned> compile(llvm::Value *V);
  /// Compiles a loop-invariant ScalarEvolution expression (a loop's exit
  /// count: `(n - 1 - gid) /u gsize` for a grid-stride loop) the same way;
  /// nullopt for recurrences, pointers and values compile() rejects.
  std::optional<unsigned> compileSCEV(const llvm::SCEV *S, unsigned Depth = 0);
  /// An output that is true where compiled \p Slot equals \p C (of its
  /// width): a switch's case.
  unsigned equals(unsigned Slot, const llvm::APInt &C);

  struct Guard {
    unsigned Output; ///< from compile()
    bool Polarity;   ///< the guard holds when the output equals this
  };
  /// Registers a query: among the items where every guard holds, how many
  /// have \p Output true. Returns the query index.
  unsigned addQuery(unsigned Output, std::vector<Guard> Guards);

  /// Registers a sum query: over the items where every guard holds, the
  /// sum of \p Output read as an unsigned integer (Result::Sum). The mean
  /// trip count of a loop whose count depends on ids is one.
  unsigned addSum(unsigned Output, std::vector<Guard> Guards);

  struct Result {
    uint64_t Reached = 0; ///< items where all guards hold
    uint64_t Taken = 0;   ///< of those, items where the condition is true
    double Sum = 0;       ///< sum queries: the output summed over them
    uint64_t Max = 0;     ///< sum queries: the largest output among them
  };
  /// Runs every query over the NDRange. When the conditions combine
  /// booleans that each depend on one dimension (borders: `x == 0 ||
  /// y == h - 1`), each dimension is evaluated on its own and the
  /// combinations counted exactly; otherwise every work-item is evaluated,
  /// or a uniform sample of at most \p MaxItems (\p Sampled says which).
  std::vector<Result> run(uint64_t MaxItems, bool &Sampled);

  /// How one output (a branch condition) falls across wavefronts of 8,
  /// 16, 32 and 64 work-items (consecutive linear local ids, x fastest, of
  /// one work-group), as fractions of the wavefronts with a work-item in
  /// the NDRange.
  struct WaveSplit {
    std::array<double, 4> Split{}; ///< not the same for every work-item
    /// Some work-item has it true (false): the wavefront runs that side.
    std::array<double, 4> AnyTrue{}, AnyFalse{};
  };
  /// The WaveSplit of each of \p Outputs. Evaluated item by item, in one
  /// pass for all outputs, over at most \p MaxGroups work-groups spread
  /// evenly over the NDRange (\p Sampled says when that is not all of
  /// them); when nothing reads global or group ids and the groups are
  /// uniform, one group stands for all. Needs the launch's local size.
  std::vector<WaveSplit> divergence(const std::vector<unsigned> &Outputs,
                                    uint64_t MaxGroups, bool &Sampled) const;

  /// A range of values one slot takes over a box of work-items.
  struct Interval {
    int64_t Lo, Hi;
    bool point() const { return Lo == Hi; }
  };

private:
  enum class Op : uint8_t {
    Const,
    GlobalId,
    LocalId,
    GroupId,
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    ICmp,
    Select,
    ZExt,
    SExt,
    Trunc,
    Freeze
  };
  struct Instr {
    Op Kind;
    unsigned A = 0, B = 0, C = 0; ///< operand slots
    unsigned Width = 64;          ///< result bits
    unsigned SrcWidth = 64;       ///< operand bits (extensions, compares)
    uint64_t Imm = 0;             ///< constant, dimension or predicate
    uint8_t Dims = 0;             ///< bit d: depends on ids of dimension d
  };
  bool runSeparable(std::vector<Result> &Results);
  /// When no condition reads global or group ids and the work-groups are
  /// uniform: one work-group, each item weighted by the number of groups.
  bool runOneGroup(std::vector<Result> &Results) const;
  /// Adds \p Weight work-items with slot values \p Vals to every query.
  void tally(const std::vector<uint64_t> &Vals, uint64_t Weight,
             std::vector<Result> &Results) const;
  using Box = std::array<std::pair<uint64_t, uint64_t>, 3>; ///< [a, b)
  /// Evaluates every slot over a box of global ids; a slot whose interval
  /// is a single value is uniform over the box.
  void evalIntervals(const Box &B, std::vector<Interval> &V,
                     uint8_t DimMask) const;
  /// Calls \p Leaf(Box, Values) on boxes where every slot in \p Needed is
  /// uniform, splitting others; boxes of at most \p PointVolume items are
  /// handed over item by item (as unit boxes). Returns false past the
  /// evaluation budget.
  /// Buffers splitBoxes() reuses across its boxes and items rather than
  /// allocate them per box: every call rewrites the slots it reads.
  struct Scratch {
    std::vector<Interval> V;    ///< intervals of a box
    std::vector<uint64_t> R;    ///< exact values of an item
    std::vector<uint64_t> Vals; ///< what Leaf sees (only Needed slots set)
    explicit Scratch(size_t Slots)
        : V(Slots, Interval{0, 0}), R(Slots, 0), Vals(Slots, 0) {}
  };
  bool splitBoxes(
      const Box &B, uint8_t DimMask, const std::vector<unsigned> &Needed,
      llvm::function_ref<void(const Box &, const std::vector<uint64_t> &)> Leaf,
      uint64_t &Budget, Scratch &S) const;
  void evalSlot(size_t K, std::vector<uint64_t> &R, const uint64_t Id[3],
                const std::array<uint64_t, 3> &L) const;
  std::optional<unsigned> compileValue(llvm::Value *V, unsigned Depth);
  /// compileValue() without the memo and budget; operand failures are
  /// folded into \p Worst.
  std::optional<unsigned> compileNew(llvm::Value *V, unsigned Depth,
                                     Failure &Worst);
  /// Counts a visit; false past the budget or the deadline (Why says).
  bool visit();
  /// Whether the deadline has passed (reads the clock every 1024 calls).
  bool expired() const;
  /// \p Base, less when the program is long: about 2^31 slot evaluations.
  uint64_t scaled(uint64_t Base) const;

  const LaunchSpec &Launch;
  std::vector<Instr> Program;
  llvm::DenseMap<llvm::Value *, unsigned> Slots; ///< value -> slot
  /// Values that failed to compile, and how: an Unsupported one fails at
  /// any depth, a TooDeep one at any depth from \c Depth on. (Budget and
  /// deadline failures are not kept: they end the compile() call anyway.)
  struct Failed {
    Failure Why;
    unsigned Depth;
  };
  llvm::DenseMap<llvm::Value *, Failed> FailedValues;
  Failure Why = Failure::None;
  unsigned MaxOps = 4096;
  uint64_t Visits = 0; ///< in the current compile() call
  uint64_t SampleLimit = 0;
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  mutable bool TimedOut = false;
  mutable unsigned ClockTick = 0;
  struct Query {
    unsigned Output;
    std::vector<Guard> Guards;
    bool Sum = false;
  };
  std::vector<Query> Queries;
};

} // namespace clspread

#endif

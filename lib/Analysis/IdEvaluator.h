//===- IdEvaluator.h - Count id-only branch outcomes over an NDRange -*- C++ -*-===//
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

#include "llvm/IR/Value.h"

#include <optional>
#include <vector>

namespace clspread {

class IdEvaluator {
public:
  explicit IdEvaluator(const LaunchSpec &L) : Launch(L) {}

  /// Compiles \p V (an i1 or integer value); nullopt when its slice reaches
  /// anything other than ids, constants and integer arithmetic.
  std::optional<unsigned> compile(llvm::Value *V);

  struct Guard {
    unsigned Output; ///< from compile()
    bool Polarity;   ///< the guard holds when the output equals this
  };
  /// Registers a query: among the items where every guard holds, how many
  /// have \p Output true. Returns the query index.
  unsigned addQuery(unsigned Output, std::vector<Guard> Guards);

  struct Result {
    uint64_t Reached = 0; ///< items where all guards hold
    uint64_t Taken = 0;   ///< of those, items where the condition is true
  };
  /// Runs every query over the NDRange. When the conditions combine
  /// booleans that each depend on one dimension (borders: `x == 0 ||
  /// y == h - 1`), each dimension is evaluated on its own and the
  /// combinations counted exactly; otherwise every work-item is evaluated,
  /// or a uniform sample of at most \p MaxItems (\p Sampled says which).
  std::vector<Result> run(uint64_t MaxItems, bool &Sampled);

private:
  enum class Op : uint8_t {
    Const, GlobalId, LocalId, GroupId, Add, Sub, Mul, UDiv, SDiv, URem, SRem,
    Shl, LShr, AShr, And, Or, Xor, ICmp, Select, ZExt, SExt, Trunc, Freeze
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
  void evalSlot(size_t K, std::vector<uint64_t> &R, const uint64_t Id[3],
                const std::array<uint64_t, 3> &L) const;
  std::optional<unsigned> compileValue(llvm::Value *V, unsigned Depth);

  const LaunchSpec &Launch;
  std::vector<Instr> Program;
  std::vector<std::pair<llvm::Value *, unsigned>> Slots; ///< value -> slot
  struct Query {
    unsigned Output;
    std::vector<Guard> Guards;
  };
  std::vector<Query> Queries;
};

} // namespace clspread

#endif

//===- PerfRedundantGlobalLoadRule.cpp - The same bytes loaded again ------===//
//
// Two shapes of the same waste, both inside a loop:
//  - the address does not change between iterations: the work-item loads
//    the same bytes every time (the compiler could not keep them in a
//    register, usually for fear of aliasing with a store); load once
//    before the loop.
//  - the address does not change between neighbouring work-items (stride
//    0): every work-item of the group loads the same bytes on every
//    iteration; a __local tile loaded once per work-group serves them all
//    (kernels/matmul.cl: matmul_naive vs matmul_tiled).
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include <fmt/format.h>

#include <set>
#include <string>
#include <utility>

namespace clspread::rules {

namespace {

class PerfRedundantGlobalLoadRule : public LintRule {
public:
  explicit PerfRedundantGlobalLoadRule(RuleOptions &) {}
  static constexpr char Id[] = "perf-redundant-global-load";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "a global load repeated in a loop at the same address, per "
           "work-item or across the work-group";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    const KernelCounts &K = C.Counts;
    // Buffers the kernel writes (an unnamed store may write any of them).
    auto Written = [&](const GlobalAccess &L) {
      for (const GlobalAccess &S : K.Accesses)
        if ((S.IsStore || S.IsAtomic) &&
            (S.Buffer.empty() || L.Buffer.empty() || S.Buffer == L.Buffer))
          return true;
      return false;
    };
    std::set<std::pair<unsigned, unsigned>> Places;
    for (const GlobalAccess &A : K.Accesses) {
      if (A.IsStore || A.IsAtomic || A.SourceVolatile || !A.LoopLine ||
          A.ExecPerItem <= 1)
        continue;
      // A load the debug info places nowhere (two loads of an if and its
      // else merged) cannot be shown, nor suppressed with a NOLINT.
      if (!A.Loc.Line)
        continue;
      // A program-scope __constant table (not a kernel argument): its
      // values are in the program, so the compiler folds a load at a
      // constant index and the constant cache serves the others; a
      // lookup table read in an unrolled hash round is not a repeated
      // load (docs/realworld.md, second pass: 8 of 22 false).
      if (A.Space == AddrSpace::Constant && A.Buffer.empty())
        continue;
      // A loop whose trip count the analysis assumed (a work-group filling
      // a table together, `for (i = lid; i < N; i += get_local_size(0))`,
      // without a known local size): it may run once per work-item, and
      // then there is nothing to hoist (docs/realworld.md, third pass).
      if (llvm::any_of(K.Assumptions, [&](const Assumption &As) {
            return (As.Kind == "loop-trip-count" || As.Kind == "loop-exit") &&
                   As.Line == A.LoopLine;
          }))
        continue;
      // The loop writes what it reads (a reduction in global memory, an
      // atomic_cmpxchg retry loop): the value changes between iterations.
      if (A.LoopWrites)
        continue;
      // Another work-item may change it: across a barrier, or while this
      // one waits on it (a spin-wait).
      if ((A.LoopBarrier || A.LoopExitUses) && Written(A))
        continue;
      // One finding per place (several IR loads of one expression).
      if (!Places.insert({A.Loc.Line, A.Loc.Col}).second)
        continue;
      std::string Name = accessName(C, A);
      std::string Buf = Name.empty() ? "this location" : "'" + Name + "'";
      // A load under a condition in the loop (`if (i == 0)`) runs on
      // fewer iterations than the loop has, often once: there is nothing
      // to hoist, and the count charged to it is the branch guess's.
      bool EveryIteration =
          A.ExecPerItem >= A.LoopIterationsPerItem * (1 - 1e-6);
      if (A.LoopInvariant && !EveryIteration)
        continue;
      if (A.LoopInvariant) {
        Out.report(A.Loc,
                   fmt::format("{} is loaded at the same address on every "
                               "iteration of the loop at line {} ({:.4g} "
                               "times per work-item); load it once before "
                               "the loop",
                               Buf, A.LoopLine, A.ExecPerItem));
      } else if (A.StrideBytes && *A.StrideBytes == 0 &&
                 A.Space != AddrSpace::Constant && !broadcast(A, K)) {
        Finding &F = Out.report(
            A.Loc,
            fmt::format("every work-item loads the same element of {} on "
                        "each iteration of the loop at line {} ({:.4g} loads "
                        "per work-item); load a tile into __local memory "
                        "once per work-group",
                        Buf, A.LoopLine, A.ExecPerItem));
        F.Notes.push_back({{},
                           "kernels/matmul.cl: matmul_tiled reads A and "
                           "B through 16x16 __local tiles"});
      }
    }
  }

private:
  /// Every work-item of a work-group reads the same address: the hardware
  /// broadcasts it to the wavefront (one transaction) and caches it, so a
  /// __local copy saves nothing. Without a local size, only an address
  /// that no work-item id changes.
  static bool broadcast(const GlobalAccess &A, const KernelCounts &K) {
    if (!A.Shape)
      return false;
    for (int D = 0; D < 3; ++D) {
      bool Spans = !K.Launch.Local || (*K.Launch.Local)[D] > 1;
      if (Spans && A.Shape->Gid[D] + A.Shape->Lid[D] != 0)
        return false;
    }
    return true;
  }
};

} // namespace

constinit const RuleDef PerfRedundantGlobalLoad =
    ruleDef<PerfRedundantGlobalLoadRule>();

} // namespace clspread::rules

//===- PerfPrivateArrayScratchRule.cpp - Arrays that spill to scratch -----===//
//
// A private array indexed with a value known only at run time cannot live
// in registers: GPUs put it in scratch memory, off-chip like global memory
// but per work-item. The analysis keeps the arrays that survive -O2.
// Arrays indexed only by the counters of loops with constant trip counts
// are not reported: GPU compilers unroll those loops fully (the analysis'
// -O2 does not), every index becomes a constant, and the array lives in
// registers.
//
//===----------------------------------------------------------------------===//
#include "Lint/rules/Rules.h"

#include "Support/Quantity.h"

#include <fmt/format.h>

namespace clspread::rules {

namespace {

class PerfPrivateArrayScratchRule : public LintRule {
public:
  explicit PerfPrivateArrayScratchRule(RuleOptions &O)
      : MaxUnroll(O.number("MaxUnrolledIterations", 64,
                           "Arrays indexed only by counters of loops with "
                           "constant trip counts are taken to be unrolled "
                           "into registers when full unrolling needs at "
                           "most this many iterations per access")) {}
  static constexpr char Id[] = "perf-private-array-scratch";
  Severity defaultSeverity() const override { return Severity::Warning; }
  llvm::StringRef summary() const override {
    return "a private array indexed at run time lives in scratch memory";
  }

  void check(const KernelContext &C, FindingSink &Out) const override {
    for (const PrivateArray &A : C.Counts.PrivateArrays) {
      // `for (j = 0; j < 4; j++) a[j] = ...`: constant indices once the
      // compiler unrolls the loop.
      if (A.LoopIndexed && double(A.UnrollIterations) <= MaxUnroll)
        continue;
      unsigned Line = A.Loc.Line ? A.Loc.Line : C.kernelPlace().first;
      unsigned Col = A.Loc.Col;
      // Debug info has line tables only, so usually no name: the source
      // names the array at its first access.
      // The text at hand is the kernel's file; an array in an #included
      // helper is placed in its own file, unnamed unless debug info names it.
      bool Here = A.Loc.File.empty() || A.Loc.File == C.Source.path();
      std::string Name = A.Name;
      if (Name.empty() && A.Loc.Line && Here)
        Name = sourceNameAt(C, A.Loc.Line, A.Loc.Col);
      if (!Col && !Name.empty() && Here)
        Col = C.Source.column(Line, Name);
      SourceLoc At{Here ? std::string() : A.Loc.File, Line, Col};
      Finding &F = Out.report(
          At,
          fmt::format("private array {}({} B per work-item) is indexed at run "
                      "time and lives in scratch memory: {:.4g} accesses, "
                      "{:.4g} B per work-item",
                      Name.empty() ? "" : "'" + Name + "' ", A.Bytes,
                      A.AccessesPerItem, A.BytesPerItem));
      F.Notes.push_back(
          {{},
           fmt::format("{} work-items move {} through scratch; index it "
                       "with constants (unrolled loops) so it stays in "
                       "registers, or share it in __local memory",
                       C.Counts.Launch.workItems(),
                       formatQuantity(A.BytesPerItem *
                                          double(C.Counts.Launch.workItems()),
                                      Quantity::Dim::Bytes))});
    }
  }

private:
  double MaxUnroll;
};

} // namespace

constinit const RuleDef PerfPrivateArrayScratch =
    ruleDef<PerfPrivateArrayScratchRule>();

} // namespace clspread::rules

//===- Rules.h - Factories of the rules in this directory ----*- C++ -*-===//
//
// Each rule's class lives in its own .cpp here; this header declares the
// function that builds it, for the one registry line in RuleRegistry.cpp.
// One line per rule, sorted by id.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_RULES_RULES_H
#define CLSPREAD_LINT_RULES_RULES_H

#include "Lint/LintRule.h"

#include <memory>

namespace clspread::rules {

#define CLSPREAD_RULE(Name)                                                    \
  std::unique_ptr<LintRule> make##Name(RuleOptions &O);
// CLSPREAD_RULE(PerfUncoalescedAccess) declares makePerfUncoalescedAccess.
// Rules:
CLSPREAD_RULE(PerfKernelFusion)
CLSPREAD_RULE(PerfDivergentBranch)
CLSPREAD_RULE(PerfBarrierLargeWorkGroup)
CLSPREAD_RULE(PerfGlobalSizeNotDivisible)
CLSPREAD_RULE(PerfLowWorkPerItem)
CLSPREAD_RULE(PerfMissingReqdWorkGroupSize)
CLSPREAD_RULE(PerfNarrowVectorBuffer)
CLSPREAD_RULE(PerfPrivateArrayScratch)
CLSPREAD_RULE(PerfRedundantGlobalLoad)
CLSPREAD_RULE(PerfScalarGlobalAccess)
CLSPREAD_RULE(PerfUncoalescedAccess)
CLSPREAD_RULE(PerfWorkGroupDispatch)
CLSPREAD_RULE(PerfWorkGroupSizeLimit)
CLSPREAD_RULE(PortabilityFp64)
CLSPREAD_RULE(PerfGlobalSizeTooSmall)
CLSPREAD_RULE(PerfLowOccupancy)
CLSPREAD_RULE(PerfWorkGroupSizeMultiple)
CLSPREAD_RULE(PortabilityUnsupportedOp)

#undef CLSPREAD_RULE
} // namespace clspread::rules

#endif

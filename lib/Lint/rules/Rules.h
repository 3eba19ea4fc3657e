//===- Rules.h - Factories of the rules in this directory ----*- C++ -*-===//
//
// Each rule's class lives in its own .cpp here; this header declares the
// RuleDef (id and factory) that file defines, for the one registry line in
// RuleRegistry.cpp. One line per rule, sorted by name (the ids' order).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_RULES_RULES_H
#define CLSPREAD_LINT_RULES_RULES_H

#include "Lint/LintRule.h"
#include "Lint/RuleRegistry.h"

#include <optional>
#include <string>

#include <memory>

namespace clspread::rules {

#define CLSPREAD_RULE(Name) extern const RuleDef Name;
// CLSPREAD_RULE(PerfUncoalescedAccess) declares rules::PerfUncoalescedAccess,
// which PerfUncoalescedAccessRule.cpp defines with the rule's id.
// Rules:
CLSPREAD_RULE(PerfBarrierLargeWorkGroup)
CLSPREAD_RULE(PerfDivergentBranch)
CLSPREAD_RULE(PerfGlobalSizeNotDivisible)
CLSPREAD_RULE(PerfGlobalSizeTooSmall)
CLSPREAD_RULE(PerfKernelFusion)
CLSPREAD_RULE(PerfLowOccupancy)
CLSPREAD_RULE(PerfLowWorkPerItem)
CLSPREAD_RULE(PerfMissingReqdWorkGroupSize)
CLSPREAD_RULE(PerfNarrowVectorBuffer)
CLSPREAD_RULE(PerfPrivateArrayScratch)
CLSPREAD_RULE(PerfRedundantGlobalLoad)
CLSPREAD_RULE(PerfScalarGlobalAccess)
CLSPREAD_RULE(PerfUncoalescedAccess)
CLSPREAD_RULE(PerfWorkGroupDispatch)
CLSPREAD_RULE(PerfWorkGroupSizeLimit)
CLSPREAD_RULE(PerfWorkGroupSizeMultiple)
CLSPREAD_RULE(PortabilityFp16)
CLSPREAD_RULE(PortabilityFp64)
CLSPREAD_RULE(PortabilityUnsupportedOp)

#undef CLSPREAD_RULE

// Helpers several rules share (AccessName.cpp, VectorAccess.cpp).

/// The source name of the buffer or array \p A reads or writes: the kernel
/// argument, else the name written at the access; "" when the text there is
/// a macro or a call, or in another file.
std::string accessName(const KernelContext &C, const GlobalAccess &A);
/// The identifier written at \p Line:\p Col of the kernel's source ("" as
/// for accessName).
std::string sourceNameAt(const KernelContext &C, unsigned Line, unsigned Col);
/// True when type \p T has 8- or 16-bit elements in \p AccessBytes.
bool narrowElement(llvm::StringRef T, unsigned AccessBytes);
/// The kernel re-estimated with its scalar accesses \p Factor times wider,
/// when that gains at least \p MinGainPercent of Tkernel; else nullopt.
std::optional<Estimate> widerAccessEstimate(const KernelContext &C,
                                            double Factor,
                                            double MinGainPercent);
/// "estimated gain on P: ..." for a re-estimate, or "" when it rounds to 0%.
std::string gainNote(const KernelContext &C, const Estimate &Fixed);

} // namespace clspread::rules

#endif

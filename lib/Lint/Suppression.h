//===- Suppression.h - NOLINT comments in kernel sources -----*- C++ -*-===//
//
// The clang-tidy forms, read from the source text:
//
//   code;  // NOLINT                  every rule on this line
//   code;  // NOLINT(perf-*,-perf-x)  rules matching the globs
//   // NOLINTNEXTLINE(perf-uncoalesced-access)
//   // NOLINTBEGIN(perf-*)  ...  // NOLINTEND(perf-*)
//
// A BEGIN without its END (same globs) or an END without its BEGIN is
// itself a finding (rule clspread-nolint, an error, never suppressed), as
// is a malformed glob list. Errors are never suppressed.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_SUPPRESSION_H
#define CLSPREAD_LINT_SUPPRESSION_H

#include "Lint/Finding.h"
#include "Lint/GlobList.h"
#include "Lint/LintRule.h"

#include <optional>
#include <vector>

namespace clspread {

/// The id of findings about the NOLINT comments themselves.
constexpr const char *NolintRuleId = "clspread-nolint";

class Suppressions {
public:
  /// Reads every NOLINT comment of \p Src; problems go to \p Problems.
  Suppressions(const SourceFile &Src, std::vector<Finding> &Problems);
  /// True when \p F is suppressed (never for errors).
  bool suppresses(const Finding &F) const;

private:
  struct Range {
    unsigned First, Last; ///< lines, inclusive
    std::optional<GlobList> Rules; ///< nullopt: every rule
  };
  std::vector<Range> Ranges;
};

/// Removes suppressed findings from \p Findings.
void applySuppressions(const SourceFile &Src, std::vector<Finding> &Findings);

} // namespace clspread

#endif

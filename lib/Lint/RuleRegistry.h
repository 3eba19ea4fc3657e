//===- RuleRegistry.h - Every lint rule, one line each -------*- C++ -*-===//
//
// The registry (RuleRegistry.cpp) lists each rule once with the function
// that builds it from its options. `clspread lint --list-rules`, the config
// loader (which rejects unknown rule ids in RuleOptions), `explain` and the
// lint driver all read it.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_RULEREGISTRY_H
#define CLSPREAD_LINT_RULEREGISTRY_H

#include "Lint/LintRule.h"

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace clspread {

using RuleFactory = std::unique_ptr<LintRule> (*)(RuleOptions &);

struct RuleRegistration {
  const char *Id;
  RuleFactory Make;
  /// In the default set, which runs when no Rules/--rules selects; a rule
  /// outside it (too often wrong on real code, docs/realworld.md) runs only
  /// when named or matched by an explicit glob such as "*".
  bool InDefaultSet = true;
};

/// Every rule, sorted by id.
const std::vector<RuleRegistration> &ruleRegistry();

/// The registration of \p Id, or nullptr.
const RuleRegistration *findRule(llvm::StringRef Id);

/// The page docs/rules/<Id>.md as compiled in, for `clspread explain`.
std::optional<std::string_view> rulePage(llvm::StringRef Id);

/// Builds every rule with default options and describes it.
/// The selection used when none is given: "*" less the rules outside the
/// default set ("*,-perf-x").
std::string defaultRuleSelection();

/// Every id a rule glob may name: the registered rules and the findings
/// clspread reports itself (clspread-nolint, clspread-timeout).
std::vector<std::string> selectableRuleIds();

std::vector<RuleInfo> listRules();

/// Helper for registry lines of rules built by their constructor alone.
template <typename R> std::unique_ptr<LintRule> makeRule(RuleOptions &O) {
  return std::make_unique<R>(O);
}

} // namespace clspread

#endif

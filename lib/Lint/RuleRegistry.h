//===- RuleRegistry.h - Every lint rule, one line each -------*- C++ -*-===//
//
// The registry (RuleRegistry.cpp) lists each rule once by the RuleDef its
// file defines: the rule's id, taken from its class, and the function that
// builds it from its options. `clspread lint --list-rules`, the config
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

/// A rule as its file defines it: its id and the function that builds it
/// (`constinit const RuleDef PerfX = ruleDef<PerfXRule>();`).
struct RuleDef {
  const char *Id;
  RuleFactory Make;
};

/// The RuleDef of rule class \p R: the id is the class's own
/// `static constexpr char Id[]`, the one place a rule's id is written.
template <typename R> constexpr RuleDef ruleDef() {
  return {R::Id, [](RuleOptions &O) -> std::unique_ptr<LintRule> {
            return std::make_unique<R>(O);
          }};
}

struct RuleRegistration {
  /// One registry line: `{rules::PerfX}` or `{rules::PerfX, false}`.
  RuleRegistration(const RuleDef &D, bool InDefaultSet = true)
      : Id(D.Id), Make(D.Make), InDefaultSet(InDefaultSet) {}
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

} // namespace clspread

#endif

//===- RuleSet.h - The rules one run uses, built with their options -------===//
//
// `lint` and `analyze` both run a RuleSet over each analyzed kernel, so the
// five launch checks analyze always printed and the source rules are one
// registry and one finding record. Building a RuleSet runs each selected
// rule's constructor with its configured options; what they read is what
// --dump-config prints.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_RULESET_H
#define CLSPREAD_LINT_RULESET_H

#include "Lint/GlobList.h"
#include "Lint/LintRule.h"

#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clspread {

using RuleOptionMap = std::map<std::string, std::map<std::string, std::string>>;

class RuleSet {
public:
  /// The rules \p Enabled selects, with \p Options. An option a rule does
  /// not have, or a value that does not parse, is an error.
  static llvm::Expected<RuleSet> create(const GlobList &Enabled,
                                        const RuleOptionMap &Options);
  /// The default set (defaultRuleSelection()) with default options: what
  /// analyze runs and lint runs without a selection.
  static RuleSet defaultSet();

  /// Runs every rule on one kernel. Rules that need a launch are skipped
  /// when the kernel has none; their ids go to \p Skipped when given.
  void check(const KernelContext &C, std::vector<Finding> &Out,
             std::vector<std::string> *Skipped = nullptr) const;
  /// Runs every rule's pipeline check over one pipeline's stages.
  void checkPipeline(const PipelineContext &P, std::vector<Finding> &Out) const;

  struct Entry {
    std::string Id;
    std::unique_ptr<LintRule> Rule;
    RuleOptions Options;
  };
  const std::vector<Entry> &entries() const { return Rules; }

private:
  std::vector<Entry> Rules;
};

/// Puts findings in source order (line, column, rule), drops repeats (the
/// unrolled copies of one access) and turns warnings of rules
/// \p WarningsAsErrors selects into errors.
void orderFindings(std::vector<Finding> &Findings,
                   const GlobList *WarningsAsErrors);

} // namespace clspread

#endif

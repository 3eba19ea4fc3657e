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

#include <map>
#include <memory>
#include <mutex>
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
    unsigned First, Last;          ///< lines, inclusive
    std::optional<GlobList> Rules; ///< nullopt: every rule
  };
  std::vector<Range> Ranges;
};

/// The text of the files a translation unit #includes, read once on first
/// use (regular files only, as kernel sources are); shared by threads.
class SourceFiles {
public:
  /// \p Path's text, or nullptr when it cannot be read.
  const SourceFile *get(const std::string &Path);

private:
  std::mutex M;
  std::map<std::string, std::unique_ptr<SourceFile>> Files;
};

/// The NOLINT comments of a file and of the files it includes, each read
/// once: analyze applies them to every kernel of a file (reading them per
/// kernel made a file of 5,000 kernels quadratic).
class SuppressionCache {
public:
  SuppressionCache(const SourceFile &Src, SourceFiles *Included);
  /// Removes the findings their file's comments suppress.
  void apply(std::vector<Finding> &Findings);
  /// Problems with the comments themselves (clspread-nolint findings).
  const std::vector<Finding> &problems() const { return Problems; }

private:
  const Suppressions *of(const std::string &Path);
  std::string MainPath;
  std::vector<Finding> Problems; // before Main, which fills it
  Suppressions Main;
  SourceFiles *Included;
  std::map<std::string, std::unique_ptr<Suppressions>> Others;
};

/// Removes suppressed findings from \p Findings: those in \p Src by its
/// NOLINT comments, those in another (#included) file by that file's, read
/// through \p Included (without it, they are kept). Problems with the
/// comments themselves are added as findings when \p ReportProblems.
void applySuppressions(const SourceFile &Src, std::vector<Finding> &Findings,
                       SourceFiles *Included = nullptr,
                       bool ReportProblems = true);

} // namespace clspread

#endif

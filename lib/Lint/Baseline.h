//===- Baseline.h - The findings a project already lives with --*- C++ -*-===//
//
// `clspread lint --write-baseline FILE` records the current findings;
// `--baseline FILE` (or the configuration's `Baseline:`) reports only the
// ones not in it. Entries are keyed by meaning, not by line, as PHPStan's
// baselines are: the file (relative to the baseline's directory), the
// kernel, the rule and what the finding says with its figures taken out
// ("store of 'out' is uncoalesced: each wavefront of # ..."), which names
// the variable or construct, with a count. Inserting lines, moving a
// kernel, renaming another variable or editing another kernel leaves every
// key as it was; a second occurrence of a problem exceeds its count and is
// new (the later one in source order). Entries no longer matched in the
// files of a run are "absent": the baseline can shrink.
//
// The file is JSON, sorted, one entry per line, so that it diffs well.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_BASELINE_H
#define CLSPREAD_LINT_BASELINE_H

#include "Lint/Finding.h"

#include "llvm/Support/Error.h"

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace clspread {

struct BaselineKey {
  std::string File, Kernel, Rule, What;
  auto tie() const { return std::tie(File, Kernel, Rule, What); }
  bool operator<(const BaselineKey &O) const { return tie() < O.tie(); }
  bool operator==(const BaselineKey &O) const { return tie() == O.tie(); }
};

/// A finding's message with its figures replaced by '#': "the loop at
/// line 23 (2048 loads)" -> "the loop at line # (# loads)".
std::string withoutFigures(llvm::StringRef Message);

class Baseline {
public:
  /// An empty baseline whose paths are relative to \p Path's directory.
  explicit Baseline(std::string Path);
  /// Reads one; a missing file is an error (a mistyped path must not
  /// report every finding as new without a word).
  static llvm::Expected<Baseline> load(const std::string &Path);

  const std::string &path() const { return Path; }
  /// The key of \p F (its Loc.File made relative to the baseline).
  BaselineKey keyOf(const Finding &F) const;
  /// \p File as the entries name it.
  std::string relative(llvm::StringRef File) const;

  void add(const Finding &F) { ++Counts[keyOf(F)]; }
  const std::map<BaselineKey, unsigned> &entries() const { return Counts; }
  unsigned findings() const;

  /// Marks each finding of \p Files New or Unchanged, in order: the first
  /// `count` findings of a key are Unchanged. Returns the entries (with
  /// the count left over) of the files in \p Files that were not all
  /// matched.
  std::vector<std::pair<BaselineKey, unsigned>>
  apply(std::vector<FileFindings> &Files) const;

  /// Writing: the entries of files in \p Linted come from this run (\p
  /// Now); the old file's entries of other files are kept while the file
  /// exists, so that linting part of a project keeps the rest.
  void mergeUnlinted(const Baseline &Old, const std::set<std::string> &Linted);

  std::string toJSONText() const;

private:
  std::string Path, Dir; ///< Dir: absolute, '/' separators
  std::map<BaselineKey, unsigned> Counts;
};

} // namespace clspread

#endif

//===- GlobList.h - clang-tidy style rule selections ---------*- C++ -*-===//
//
// "perf-*,-perf-scalar-global-access": comma-separated globs over rule ids;
// a leading '-' removes, later entries win, '*' matches any run of
// characters. The same syntax as clang-tidy's Checks and WarningsAsErrors,
// so its users need learn nothing new.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_GLOBLIST_H
#define CLSPREAD_LINT_GLOBLIST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"

#include <memory>
#include <string>
#include <vector>

namespace clspread {

class GlobList {
public:
  /// Parses \p Text; an empty text matches nothing.
  static llvm::Expected<GlobList> parse(llvm::StringRef Text);
  /// True when the last glob matching \p Id is positive.
  bool contains(llvm::StringRef Id) const;
  /// The text it was parsed from, normalized (no blanks).
  const std::string &text() const { return Text; }
  bool empty() const { return Items.empty(); }
  /// The globs (as written, with a '-' where they remove) that match none
  /// of \p Ids: most likely a misspelt rule. Globs over Clang's diagnostics
  /// (clang-diagnostic-*), whose names are open-ended, are not judged.
  std::vector<std::string> unmatched(llvm::ArrayRef<std::string> Ids) const;

private:
  struct Item {
    bool Positive;
    /// GlobPattern keeps a StringRef into its text (its literal prefix), so
    /// the text lives on the heap, where moving the list leaves it alone.
    std::shared_ptr<const std::string> Text;
    llvm::GlobPattern Pattern;
  };
  std::vector<Item> Items;
  std::string Text;
};

} // namespace clspread

#endif

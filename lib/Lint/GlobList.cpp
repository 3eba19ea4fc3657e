//===- GlobList.cpp - clang-tidy style rule selections --------------------===//
#include "Lint/GlobList.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace clspread {

Expected<GlobList> GlobList::parse(StringRef Text) {
  GlobList L;
  SmallVector<StringRef, 8> Parts;
  Text.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    P = P.trim();
    if (P.empty())
      continue;
    bool Positive = !P.consume_front("-");
    P = P.trim();
    // Only '*' is a wildcard in rule globs: escape what GlobPattern would
    // read as a class or a brace expansion.
    std::string Escaped;
    for (char C : P) {
      if (StringRef("?[]{}\\").contains(C))
        Escaped += '\\';
      Escaped += C;
    }
    auto Owned = std::make_shared<const std::string>(std::move(Escaped));
    auto G = GlobPattern::create(*Owned);
    if (!G)
      return G.takeError();
    L.Items.push_back({Positive, Owned, std::move(*G)});
    if (!L.Text.empty())
      L.Text += ',';
    L.Text += (Positive ? "" : "-") + P.str();
  }
  return L;
}

bool GlobList::contains(StringRef Id) const {
  for (auto It = Items.rbegin(); It != Items.rend(); ++It)
    if (It->Pattern.match(Id))
      return It->Positive;
  return false;
}

std::vector<std::string> GlobList::unmatched(ArrayRef<std::string> Ids) const {
  std::vector<std::string> Out;
  for (const Item &I : Items) {
    if (I.Pattern.match("clang-diagnostic-x"))
      continue; // '*', 'clang-*', 'clang-diagnostic-*' ...
    if (StringRef(*I.Text).starts_with("clang-diagnostic-"))
      continue;
    if (llvm::none_of(
            Ids, [&](const std::string &Id) { return I.Pattern.match(Id); }))
      Out.push_back((I.Positive ? "" : "-") + *I.Text);
  }
  return Out;
}

} // namespace clspread

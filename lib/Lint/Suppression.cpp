//===- Suppression.cpp - NOLINT comments in kernel sources ----------------===//
#include "Lint/Suppression.h"
#include "Support/InputFile.h"

#include <fmt/format.h>

using namespace llvm;

namespace clspread {

namespace {

enum class Kind { Line, NextLine, Begin, End };

struct Marker {
  Kind K;
  unsigned Line, Col;
  std::optional<std::string> Globs; ///< the text in parentheses
};

/// Every NOLINT marker on line \p N (inside a // or /* comment).
void scanLine(StringRef L, unsigned N, std::vector<Marker> &Out) {
  size_t Comment = L.find("//");
  size_t Block = L.find("/*");
  size_t From = std::min(Comment, Block);
  if (From == StringRef::npos)
    return;
  size_t P = From;
  while ((P = L.find("NOLINT", P)) != StringRef::npos) {
    StringRef Rest = L.substr(P + 6);
    Kind K = Kind::Line;
    size_t Len = 6;
    if (Rest.starts_with("NEXTLINE")) {
      K = Kind::NextLine;
      Len += 8;
    } else if (Rest.starts_with("BEGIN")) {
      K = Kind::Begin;
      Len += 5;
    } else if (Rest.starts_with("END")) {
      K = Kind::End;
      Len += 3;
    }
    Marker M{K, N, unsigned(P + 1), std::nullopt};
    StringRef After = L.substr(P + Len);
    if (After.starts_with("(")) {
      size_t Close = After.find(')');
      M.Globs =
          After
              .substr(1, Close == StringRef::npos ? StringRef::npos : Close - 1)
              .str();
    }
    Out.push_back(M);
    P += Len;
  }
}

} // namespace

Suppressions::Suppressions(const SourceFile &Src,
                           std::vector<Finding> &Problems) {
  std::vector<Marker> Markers;
  for (unsigned N = 1; N <= Src.lineCount(); ++N)
    scanLine(Src.line(N), N, Markers);

  auto problem = [&](const Marker &M, std::string Message) {
    Finding F;
    F.RuleId = NolintRuleId;
    F.Sev = Severity::Error;
    F.Loc = {Src.path(), M.Line, M.Col};
    F.Message = std::move(Message);
    Problems.push_back(std::move(F));
  };
  auto globs = [&](const Marker &M) -> std::optional<std::optional<GlobList>> {
    if (!M.Globs)
      return std::optional<GlobList>();
    auto G = GlobList::parse(*M.Globs);
    if (!G) {
      problem(M, "malformed rule list in NOLINT comment: " +
                     toString(G.takeError()));
      return std::nullopt;
    }
    return std::optional<GlobList>(std::move(*G));
  };

  std::vector<Marker> Open; // NOLINTBEGIN markers awaiting their END
  for (const Marker &M : Markers) {
    switch (M.K) {
    case Kind::Line:
    case Kind::NextLine:
      if (auto G = globs(M)) {
        unsigned Line = M.K == Kind::Line ? M.Line : M.Line + 1;
        Ranges.push_back({Line, Line, std::move(*G)});
      }
      break;
    case Kind::Begin:
      Open.push_back(M);
      break;
    case Kind::End: {
      // The END closes the latest BEGIN with the same rule list.
      auto It = std::find_if(Open.rbegin(), Open.rend(), [&](const Marker &B) {
        return B.Globs.value_or("*") == M.Globs.value_or("*");
      });
      if (It == Open.rend()) {
        problem(M, "unmatched NOLINTEND without a previous NOLINTBEGIN" +
                       (M.Globs ? "(" + *M.Globs + ")" : std::string()));
        break;
      }
      Marker B = *It;
      Open.erase(std::next(It).base());
      if (auto G = globs(B))
        Ranges.push_back({B.Line, M.Line, std::move(*G)});
      break;
    }
    }
  }
  for (const Marker &B : Open)
    problem(B, "unmatched NOLINTBEGIN without a subsequent NOLINTEND" +
                   (B.Globs ? "(" + *B.Globs + ")" : std::string()));
}

bool Suppressions::suppresses(const Finding &F) const {
  if (F.Sev == Severity::Error)
    return false;
  for (const Range &R : Ranges)
    if (F.Loc.Line >= R.First && F.Loc.Line <= R.Last &&
        (!R.Rules || R.Rules->contains(F.RuleId)))
      return true;
  return false;
}

SuppressionCache::SuppressionCache(const SourceFile &Src, SourceFiles *Included)
    : MainPath(Src.path()), Main(Src, Problems), Included(Included) {}

const Suppressions *SuppressionCache::of(const std::string &Path) {
  if (Path.empty() || Path == MainPath)
    return &Main;
  if (!Included)
    return nullptr;
  // An included file's findings are judged by its own NOLINT comments; its
  // comment problems are reported with the file that includes it.
  auto &Slot = Others[Path];
  if (!Slot)
    if (const SourceFile *F = Included->get(Path))
      Slot = std::make_unique<Suppressions>(*F, Problems);
  return Slot.get();
}

void SuppressionCache::apply(std::vector<Finding> &Findings) {
  llvm::erase_if(Findings, [&](const Finding &F) {
    const Suppressions *Sup = of(F.Loc.File);
    return Sup && Sup->suppresses(F);
  });
}

void applySuppressions(const SourceFile &Src, std::vector<Finding> &Findings,
                       SourceFiles *Included, bool ReportProblems) {
  SuppressionCache Cache(Src, Included);
  Cache.apply(Findings);
  if (ReportProblems)
    Findings.insert(Findings.end(), Cache.problems().begin(),
                    Cache.problems().end());
}

const SourceFile *SourceFiles::get(const std::string &Path) {
  std::lock_guard<std::mutex> Lock(M);
  auto [It, New] = Files.try_emplace(Path);
  if (New) {
    bool Placed = false;
    if (auto Text = readKernelSource(Path, Placed))
      It->second = std::make_unique<SourceFile>(Path, std::move(*Text));
    else
      llvm::consumeError(Text.takeError());
  }
  return It->second.get();
}

} // namespace clspread

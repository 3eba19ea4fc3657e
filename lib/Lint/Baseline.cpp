//===- Baseline.cpp - The findings a project already lives with ----------===//
#include "Lint/Baseline.h"
#include "Support/PathNames.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cctype>

using namespace llvm;

namespace clspread {

namespace {
constexpr int64_t BaselineSchema = 1;

Error bad(const std::string &Path, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "clspread: error: baseline '" + Path +
                               "': " + Why.str());
}

bool isDigit(char C) { return std::isdigit(static_cast<unsigned char>(C)); }
} // namespace

std::string withoutFigures(StringRef M) {
  std::string Out;
  for (size_t I = 0; I < M.size();) {
    // A figure: digits, a fraction, an exponent ("2.05e+03"), not digits
    // inside a name ("float4", "x2": a word that starts with a letter;
    // "16x4" starts with a digit and is two figures).
    size_t Start = I;
    while (Start > 0 &&
           (std::isalnum(static_cast<unsigned char>(M[Start - 1])) ||
            M[Start - 1] == '_'))
      --Start;
    bool InName = Start < I && !isDigit(M[Start]);
    if (!isDigit(M[I]) || InName) {
      Out += M[I++];
      continue;
    }
    while (I < M.size() && isDigit(M[I]))
      ++I;
    if (I + 1 < M.size() && M[I] == '.' && isDigit(M[I + 1]))
      for (++I; I < M.size() && isDigit(M[I]);)
        ++I;
    if (I + 1 < M.size() && (M[I] == 'e' || M[I] == 'E')) {
      size_t J = I + 1;
      if (J < M.size() && (M[J] == '+' || M[J] == '-'))
        ++J;
      if (J < M.size() && isDigit(M[J])) {
        while (J < M.size() && isDigit(M[J]))
          ++J;
        I = J;
      }
    }
    Out += '#';
  }
  return Out;
}

Baseline::Baseline(std::string P)
    : Path(std::move(P)),
      Dir(sys::path::parent_path(absolutePath(Path), sys::path::Style::posix)
              .str()) {}

std::string Baseline::relative(StringRef File) const {
  return pathBelow(absolutePath(File), Dir);
}

BaselineKey Baseline::keyOf(const Finding &F) const {
  return {relative(F.Loc.File), F.Kernel, F.RuleId, withoutFigures(F.Message)};
}

unsigned Baseline::findings() const {
  unsigned N = 0;
  for (const auto &[K, C] : Counts)
    N += C;
  return N;
}

Expected<Baseline> Baseline::load(const std::string &Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return bad(Path, "cannot read it: " + Buf.getError().message() +
                         " (clspread lint --write-baseline FILE writes one)");
  Expected<json::Value> J = json::parse((*Buf)->getBuffer());
  if (!J)
    return bad(Path, "not JSON: " + toString(J.takeError()));
  const json::Object *O = J->getAsObject();
  if (!O || O->getInteger("schema") != BaselineSchema ||
      !O->getArray("entries"))
    return bad(Path, "not a clspread baseline (expected {\"schema\": 1, "
                     "\"entries\": [...]}, as --write-baseline writes)");
  Baseline B(Path);
  unsigned Index = 0;
  for (const json::Value &V : *O->getArray("entries")) {
    const json::Object *E = V.getAsObject();
    auto Str = [&](StringRef K) -> std::optional<std::string> {
      if (!E)
        return std::nullopt;
      if (auto S = E->getString(K))
        return S->str();
      return std::nullopt;
    };
    auto File = Str("file"), Kernel = Str("kernel"), Rule = Str("rule"),
         What = Str("what");
    std::optional<int64_t> Count = E ? E->getInteger("count") : std::nullopt;
    if (!File || !Kernel || !Rule || !What || !Count || *Count < 1)
      return bad(Path, formatv("entry {0} needs \"file\", \"kernel\", "
                               "\"rule\", \"what\" and a \"count\" of 1 or "
                               "more",
                               Index));
    B.Counts[{*File, *Kernel, *Rule, *What}] += unsigned(*Count);
    ++Index;
  }
  return B;
}

std::vector<std::pair<BaselineKey, unsigned>>
Baseline::apply(std::vector<FileFindings> &Files) const {
  std::map<BaselineKey, unsigned> Left = Counts;
  std::set<std::string> Seen;
  for (FileFindings &FF : Files) {
    Seen.insert(relative(FF.File));
    for (Finding &F : FF.Findings) {
      BaselineKey K = keyOf(F);
      Seen.insert(K.File);
      auto It = Left.find(K);
      if (It != Left.end() && It->second > 0) {
        --It->second;
        F.Baseline = Finding::BaselineState::Unchanged;
      } else {
        F.Baseline = Finding::BaselineState::New;
      }
    }
  }
  std::vector<std::pair<BaselineKey, unsigned>> Absent;
  for (const auto &[K, N] : Left)
    if (N > 0 && Seen.count(K.File))
      Absent.emplace_back(K, N);
  return Absent;
}

void Baseline::mergeUnlinted(const Baseline &Old,
                             const std::set<std::string> &Linted) {
  for (const auto &[K, N] : Old.Counts) {
    if (Linted.count(K.File))
      continue;
    SmallString<256> P(K.File);
    if (!sys::path::is_absolute(P)) {
      P = Dir;
      sys::path::append(P, K.File);
    }
    if (sys::fs::exists(P))
      Counts[K] += N;
  }
}

std::string Baseline::toJSONText() const {
  std::string S = formatv("{{\n  \"schema\": {0},\n  \"tool\": \"clspread\",\n"
                          "  \"entries\": [",
                          BaselineSchema);
  bool First = true;
  for (const auto &[K, N] : Counts) {
    json::Object E{{"file", K.File},
                   {"kernel", K.Kernel},
                   {"rule", K.Rule},
                   {"what", K.What},
                   {"count", N}};
    S += formatv("{0}\n    {1}", First ? "" : ",", json::Value(std::move(E)));
    First = false;
  }
  S += First ? "]\n}\n" : "\n  ]\n}\n";
  return S;
}

} // namespace clspread

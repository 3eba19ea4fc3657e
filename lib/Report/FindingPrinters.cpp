//===- FindingPrinters.cpp - Lint findings as gcc lines, JSON, SARIF ------===//
#include "Report/FindingPrinters.h"
#include "Support/PathNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <fmt/format.h>

#include <map>

using namespace llvm;

namespace clspread {

namespace {

/// SARIF's and the text's names for a severity are the same words.
const char *levelName(Severity S) { return severityName(S); }

void printLine(raw_ostream &OS, bool Color, const SourceLoc &Loc, Severity S,
               const std::string &Message, const std::string &Rule) {
  // clang's colours: bold place, coloured severity, bold message.
  if (Color)
    OS.changeColor(raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  OS << Loc.File << ':' << Loc.Line << ':' << (Loc.Col ? Loc.Col : 1) << ": ";
  if (Color)
    OS.changeColor(S == Severity::Error     ? raw_ostream::RED
                   : S == Severity::Warning ? raw_ostream::MAGENTA
                                            : raw_ostream::BLACK,
                   /*Bold=*/true);
  OS << severityName(S) << ": ";
  if (Color)
    OS.changeColor(raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  OS << Message;
  if (!Rule.empty())
    OS << " [" << Rule << "]";
  if (Color)
    OS.resetColor();
  OS << '\n';
}

std::string fixText(const FixIt &X) {
  if (X.Begin.Line == X.End.Line && X.Begin.Col == X.End.Col)
    return fmt::format("fix: insert '{}'", X.Replacement);
  if (X.Replacement.empty())
    return fmt::format("fix: remove columns {}-{}", X.Begin.Col, X.End.Col);
  return fmt::format("fix: replace columns {}-{} with '{}'", X.Begin.Col,
                     X.End.Col, X.Replacement);
}

/// Escapes a fix-it's text for one line of output.
std::string oneLine(const std::string &S) {
  std::string Out;
  for (char C : S)
    Out += C == '\n' ? std::string("\\n") : std::string(1, C);
  return Out;
}

json::Object locJSON(const SourceLoc &L) {
  return json::Object{{"file", L.File}, {"line", L.Line}, {"column", L.Col}};
}

} // namespace

void printFindingsText(const std::vector<FileFindings> &Files, bool Color,
                       raw_ostream &OS) {
  if (Color)
    OS.enable_colors(true);
  for (const FileFindings &FF : Files)
    for (const Finding &F : FF.Findings) {
      if (!reported(F))
        continue;
      printLine(OS, Color, F.Loc, F.Sev, F.Message, F.RuleId);
      for (const FindingNote &N : F.Notes)
        printLine(OS, Color, N.Loc.Line ? N.Loc : F.Loc, Severity::Note,
                  N.Message, "");
      for (const FixIt &X : F.Fixes) {
        SourceLoc At = X.Begin;
        At.File = F.Loc.File;
        printLine(OS, Color, At, Severity::Note, oneLine(fixText(X)), "");
      }
    }
}

json::Value findingJSON(const Finding &F) {
  json::Array Notes, Fixes;
  for (const FindingNote &N : F.Notes) {
    json::Object O = locJSON(N.Loc.Line ? N.Loc : F.Loc);
    O["message"] = N.Message;
    Notes.push_back(std::move(O));
  }
  for (const FixIt &X : F.Fixes)
    Fixes.push_back(json::Object{
        {"begin",
         json::Object{{"line", X.Begin.Line}, {"column", X.Begin.Col}}},
        {"end", json::Object{{"line", X.End.Line}, {"column", X.End.Col}}},
        {"replacement", X.Replacement}});
  json::Object O = locJSON(F.Loc);
  O["rule"] = F.RuleId;
  O["severity"] = severityName(F.Sev);
  O["kernel"] = F.Kernel;
  O["message"] = F.Message;
  O["notes"] = std::move(Notes);
  O["fixes"] = std::move(Fixes);
  O["gain_s"] = F.GainS ? json::Value(*F.GainS) : json::Value(nullptr);
  return O;
}

json::Value findingsJSON(const LintOutput &O) {
  json::Array Files;
  for (const FileFindings &FF : O.Files) {
    json::Array Fs;
    for (const Finding &F : FF.Findings)
      if (reported(F))
        Fs.push_back(findingJSON(F));
    Files.push_back(
        json::Object{{"file", FF.File}, {"findings", std::move(Fs)}});
  }
  json::Object Out{{"schema", FindingsSchemaVersion},
                   {"tool", "clspread"},
                   {"version", O.ToolVersion},
                   {"profile", O.ProfileId},
                   {"files", std::move(Files)}};
  if (!O.Baselines.empty()) {
    json::Array Bs;
    for (const LintOutput::BaselineUse &B : O.Baselines) {
      json::Array Absent;
      for (const auto &[K, N] : B.Absent)
        Absent.push_back(json::Object{{"file", K.File},
                                      {"kernel", K.Kernel},
                                      {"rule", K.Rule},
                                      {"what", K.What},
                                      {"count", N}});
      Bs.push_back(json::Object{{"file", B.Path},
                                {"new", B.New},
                                {"unchanged", B.Unchanged},
                                {"absent", std::move(Absent)}});
    }
    Out["baselines"] = std::move(Bs);
  }
  return Out;
}

json::Object sarifArtifact(const std::string &File, const std::string &Root) {
  std::string Slashed = absolutePath(File);
  if (!Root.empty())
    if (std::string Rel = pathBelow(Slashed, Root); Rel != Slashed)
      return json::Object{{"uri", percentEncodePath(Rel)},
                          {"uriBaseId", "%SRCROOT%"}};
  return json::Object{{"uri", "file://" + percentEncodePath(Slashed)}};
}

json::Value sarifLog(json::Object Run, const std::string &Root) {
  if (!Root.empty())
    Run["originalUriBaseIds"] = json::Object{
        {"%SRCROOT%",
         json::Object{{"uri", "file://" + percentEncodePath(Root) + "/"}}}};
  return json::Object{
      {"version", "2.1.0"},
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"runs", json::Array{std::move(Run)}}};
}

json::Value findingsSARIF(const LintOutput &O) {
  // Rules: every registered one, plus the pseudo-rules findings use
  // (clang's diagnostics, NOLINT problems), so ruleIndex always resolves.
  std::vector<RuleInfo> Rules = O.Rules;
  for (const FileFindings &FF : O.Files)
    for (const Finding &F : FF.Findings)
      if (llvm::none_of(Rules,
                        [&](const RuleInfo &R) { return R.Id == F.RuleId; }))
        Rules.push_back({F.RuleId, F.Sev, F.RuleId, false});
  std::map<std::string, size_t> Index;
  json::Array RuleObjs;
  for (const RuleInfo &R : Rules) {
    Index[R.Id] = RuleObjs.size();
    json::Object Obj{{"id", R.Id},
                     {"shortDescription", json::Object{{"text", R.Summary}}},
                     {"defaultConfiguration",
                      json::Object{{"level", levelName(R.DefaultSeverity)}}}};
    if (StringRef(R.Id).starts_with("perf-") ||
        StringRef(R.Id).starts_with("portability-"))
      Obj["helpUri"] = std::string(RulePageBaseUri) + R.Id + ".md";
    RuleObjs.push_back(std::move(Obj));
  }
  // URIs: relative to %SRCROOT% (the repository) where the file is below
  // it, so code scanning finds the file whatever directory lint ran in;
  // else an absolute file: URI. Percent-encoded either way.
  std::string Root = O.SarifRoot;
  auto artifact = [&](const std::string &File) {
    return sarifArtifact(File, Root);
  };
  auto physical = [&](const SourceLoc &L) {
    json::Object Region{{"startLine", std::max(1u, L.Line)}};
    if (L.Col)
      Region["startColumn"] = L.Col;
    return json::Object{{"physicalLocation",
                         json::Object{{"artifactLocation", artifact(L.File)},
                                      {"region", std::move(Region)}}}};
  };
  // partialFingerprints that survive moved lines: the rule, the file (as
  // its URI), the kernel and the text of the finding's line, trimmed, plus
  // how many identical ones came before it -- not the line number.
  std::map<std::string, std::unique_ptr<MemoryBuffer>> Texts;
  auto lineText = [&](const SourceLoc &L) -> StringRef {
    auto &Buf = Texts[L.File];
    if (!Buf && sys::fs::is_regular_file(L.File))
      if (auto B = MemoryBuffer::getFile(L.File, /*IsText=*/true))
        Buf = std::move(*B);
    if (!Buf || L.Line == 0)
      return "";
    StringRef Rest = Buf->getBuffer();
    for (unsigned N = 1; N < L.Line && !Rest.empty(); ++N)
      Rest = Rest.split('\n').second;
    return Rest.split('\n').first.trim();
  };
  std::map<uint64_t, unsigned> Seen;
  auto fingerprint = [&](const Finding &F) {
    json::Object A = artifact(F.Loc.File);
    std::string Key = F.RuleId + '\0' + A["uri"].getAsString()->str() + '\0' +
                      F.Kernel + '\0' + lineText(F.Loc).str();
    uint64_t H = xxh3_64bits(Key);
    unsigned N = Seen[H]++;
    return fmt::format("{:016x}:{}", H, N + 1);
  };
  json::Array Results;
  for (const FileFindings &FF : O.Files)
    for (const Finding &F : FF.Findings) {
      json::Array Related, Fixes;
      for (const FindingNote &N : F.Notes) {
        json::Object R = physical(N.Loc.Line ? N.Loc : F.Loc);
        R["message"] = json::Object{{"text", N.Message}};
        Related.push_back(std::move(R));
      }
      for (const FixIt &X : F.Fixes) {
        json::Object Region{{"startLine", X.Begin.Line},
                            {"startColumn", X.Begin.Col},
                            {"endLine", X.End.Line},
                            {"endColumn", X.End.Col}};
        Fixes.push_back(json::Object{
            {"description", json::Object{{"text", fixText(X)}}},
            {"artifactChanges",
             json::Array{json::Object{
                 {"artifactLocation", artifact(F.Loc.File)},
                 {"replacements",
                  json::Array{json::Object{
                      {"deletedRegion", std::move(Region)},
                      {"insertedContent",
                       json::Object{{"text", X.Replacement}}}}}}}}}});
      }
      json::Object R{{"ruleId", F.RuleId},
                     {"ruleIndex", int64_t(Index[F.RuleId])},
                     {"level", levelName(F.Sev)},
                     {"message", json::Object{{"text", F.Message}}},
                     {"locations", json::Array{physical(F.Loc)}},
                     {"partialFingerprints",
                      json::Object{{"clspread/v1", fingerprint(F)}}}};
      if (!Related.empty())
        R["relatedLocations"] = std::move(Related);
      if (!Fixes.empty())
        R["fixes"] = std::move(Fixes);
      json::Object Props;
      if (!F.Kernel.empty())
        Props["kernel"] = F.Kernel;
      if (F.GainS)
        Props["estimatedGainSeconds"] = *F.GainS;
      if (!Props.empty())
        R["properties"] = std::move(Props);
      // Against a baseline: SARIF's own field, and the findings the
      // baseline holds as suppressed (code scanning shows them closed).
      if (F.Baseline != Finding::BaselineState::None)
        R["baselineState"] = reported(F) ? "new" : "unchanged";
      if (!reported(F))
        R["suppressions"] = json::Array{json::Object{
            {"kind", "external"}, {"justification", "in the lint baseline"}}};
      Results.push_back(std::move(R));
    }
  json::Object Driver{
      {"name", "clspread"},
      {"version", O.ToolVersion},
      {"informationUri", "https://github.com/clspread/clspread"},
      {"rules", std::move(RuleObjs)}};
  json::Object Run{{"tool", json::Object{{"driver", std::move(Driver)}}},
                   {"results", std::move(Results)}};
  if (!O.ProfileId.empty())
    Run["properties"] = json::Object{{"profile", O.ProfileId}};
  return sarifLog(std::move(Run), Root);
}

std::string percentEncodePath(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/')
      Out += char(C);
    else
      Out += fmt::format("%{:02X}", C);
  }
  return Out;
}

std::string defaultSarifRoot() {
  SmallString<256> Dir;
  if (sys::fs::current_path(Dir))
    return "";
  std::string Cwd = sys::path::convert_to_slash(Dir);
  for (SmallString<256> D = Dir; !D.empty();) {
    SmallString<256> Git = D;
    sys::path::append(Git, ".git");
    if (sys::fs::exists(Git)) // a directory, or a file in a worktree
      return sys::path::convert_to_slash(D);
    StringRef Parent = sys::path::parent_path(D);
    if (Parent == D)
      break;
    D = Parent;
  }
  return Cwd;
}

void printBaselineSummary(const LintOutput &O, bool Verbose, raw_ostream &OS) {
  for (const LintOutput::BaselineUse &B : O.Baselines) {
    unsigned Absent = 0;
    for (const auto &A : B.Absent)
      Absent += A.second;
    OS << fmt::format("clspread: note: baseline {}: {} new finding{}, {} in "
                      "the baseline, {} baseline finding{} no longer found{}\n",
                      B.Path, B.New, B.New == 1 ? "" : "s", B.Unchanged, Absent,
                      Absent == 1 ? "" : "s",
                      Absent && !Verbose ? " (--verbose lists them; "
                                           "--write-baseline drops them)"
                                         : "");
    if (Verbose)
      for (const auto &[K, N] : B.Absent)
        OS << fmt::format("clspread: note: baseline {}: no longer found: {}: "
                          "{}{}: {} [{}]{}\n",
                          B.Path, K.File, K.Kernel.empty() ? "" : "kernel ",
                          K.Kernel, K.What, K.Rule,
                          N > 1 ? fmt::format(" (x{})", N) : "");
  }
}

} // namespace clspread

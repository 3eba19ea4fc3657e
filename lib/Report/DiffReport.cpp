//===- DiffReport.cpp - What a change does to each kernel's estimate ------===//
#include "Report/DiffReport.h"
#include "Report/AnalysisReport.h"
#include "Report/FindingPrinters.h"

#include <fmt/format.h>

#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace clspread {

unsigned DiffReport::regressions() const {
  unsigned N = 0;
  for (const KernelDiff &K : Kernels)
    N += K.change() > FailAbove;
  return N;
}

std::string changeAgainstBand(double Change,
                              const std::optional<ErrorBand> &B) {
  // A change below a thousandth is no change: nothing to weigh.
  if (!B || std::fabs(Change) < 1e-3)
    return "";
  std::string Of =
      B->Class ? fmt::format(" for {}-bound kernels", boundName(*B->Class))
               : "";
  double A = std::fabs(Change);
  if (A > B->P90)
    return fmt::format("beyond the model's 90% band (±{}{})",
                       bandPercent(B->P90), Of);
  if (A > B->Median)
    return fmt::format("beyond the model's typical error (±{}{})",
                       bandPercent(B->Median), Of);
  return fmt::format("within the model's typical error (±{}{})",
                     bandPercent(B->Median), Of);
}

namespace {

std::string pct(double C) { return fmt::format("{:+.1f}%", C * 100); }

/// "302 us -> 410 us (+35.8%)", "new: 302 us", "removed (was 302 us)".
std::string headline(const KernelDiff &K) {
  if (!K.Old)
    return fmt::format("new kernel: {}, {}-bound",
                       formatSeconds(K.New->TKernelS), boundName(K.New->Limit));
  if (!K.New)
    return fmt::format("removed (was {}, {}-bound)",
                       formatSeconds(K.Old->TKernelS), boundName(K.Old->Limit));
  std::string Bound =
      K.Old->Limit == K.New->Limit
          ? fmt::format("{}-bound", boundName(K.New->Limit))
          : fmt::format("{}-bound -> {}-bound", boundName(K.Old->Limit),
                        boundName(K.New->Limit));
  std::string Band = changeAgainstBand(K.change(), K.New->Band);
  return fmt::format("{} -> {} ({}, {}{})", formatSeconds(K.Old->TKernelS),
                     formatSeconds(K.New->TKernelS), pct(K.change()), Bound,
                     Band.empty() ? "" : "; " + Band);
}

std::string verdict(const DiffReport &R, const KernelDiff &K) {
  if (!K.Old)
    return "new";
  if (!K.New)
    return "removed";
  if (K.change() > R.FailAbove)
    return "slower";
  if (K.change() > 0)
    return "slower, within threshold";
  if (K.change() < 0)
    return "faster";
  return "unchanged";
}

json::Value sideJSON(const std::optional<DiffSide> &S) {
  if (!S)
    return nullptr;
  json::Array Findings;
  for (const auto &[Rule, What] : S->Findings)
    Findings.push_back(json::Object{{"rule", Rule}, {"what", What}});
  return json::Object{{"t_kernel_s", S->TKernelS},
                      {"t_alu_s", S->TAluS},
                      {"t_tex_s", S->TTexS},
                      {"t_mem_s", S->TMemS},
                      {"bound", boundName(S->Limit)},
                      {"bytes_moved_per_item", S->BytesMoved},
                      {"issue_slots_per_item", S->IssueSlots},
                      {"tex_fetches_per_item", S->TexFetches},
                      {"launch", S->Launch},
                      {"error_band", errorBandJSON(S->Band)},
                      {"findings", std::move(Findings)}};
}

/// The kernels by change, largest slowdown first; new and removed ones
/// after them, in file order.
std::vector<const KernelDiff *> byChange(const DiffReport &R) {
  std::vector<const KernelDiff *> V;
  for (const KernelDiff &K : R.Kernels)
    V.push_back(&K);
  std::stable_sort(V.begin(), V.end(),
                   [](const KernelDiff *A, const KernelDiff *B) {
                     bool AB = A->Old && A->New, BB = B->Old && B->New;
                     if (AB != BB)
                       return AB;
                     return AB && A->change() > B->change();
                   });
  return V;
}

std::string mdEscape(const std::string &S) {
  std::string O;
  for (char C : S) {
    if (C == '|')
      O += "\\|";
    else if (C == '\n')
      O += ' ';
    else
      O += C;
  }
  return O;
}

} // namespace

void printDiffText(const DiffReport &R, raw_ostream &OS) {
  unsigned Slower = 0, Faster = 0, Same = 0, New = 0, Removed = 0;
  for (const KernelDiff &K : R.Kernels) {
    OS << fmt::format("{}:{}:{}: kernel {} on {}: {}\n", K.Decl.File,
                      std::max(1u, K.Decl.Line), std::max(1u, K.Decl.Col),
                      K.Kernel, K.Profile, headline(K));
    for (const std::string &M : K.Moved)
      OS << "    " << M << "\n";
    if (!K.Old)
      ++New;
    else if (!K.New)
      ++Removed;
    else if (K.change() > R.FailAbove)
      ++Slower;
    else if (K.change() < 0)
      ++Faster;
    else
      ++Same;
  }
  OS << fmt::format("{} kernel estimate{} against {}: {} slower by more than "
                    "{}, {} faster, {} within it or unchanged; {} new, {} "
                    "removed\n",
                    R.Kernels.size(), R.Kernels.size() == 1 ? "" : "s", R.Base,
                    Slower, bandPercent(R.FailAbove), Faster, Same, New,
                    Removed);
}

std::string diffMarkdown(const DiffReport &R) {
  std::string S = fmt::format("### clspread: estimated kernel times against "
                              "`{}`\n\n",
                              R.Base);
  unsigned Reg = R.regressions();
  S += Reg ? fmt::format("**{} kernel estimate{} slower by more than {}.**\n\n",
                         Reg, Reg == 1 ? " is" : "s are",
                         bandPercent(R.FailAbove))
           : fmt::format("No kernel estimate is slower by more than {}.\n\n",
                         bandPercent(R.FailAbove));
  if (R.Kernels.empty())
    return S + "No kernel changed.\n";
  S += "| kernel | profile | before | after | change | bound | what moved |\n"
       "|---|---|---:|---:|---:|---|---|\n";
  for (const KernelDiff *K : byChange(R)) {
    std::string Before = K->Old ? formatSeconds(K->Old->TKernelS) : "–";
    std::string After = K->New ? formatSeconds(K->New->TKernelS) : "–";
    std::string Change = K->Old && K->New ? pct(K->change()) : verdict(R, *K);
    if (K->Old && K->New && K->change() > R.FailAbove)
      Change = "**" + Change + "**";
    std::string Bound = K->Old && K->New && K->Old->Limit != K->New->Limit
                            ? fmt::format("{} → {}", boundName(K->Old->Limit),
                                          boundName(K->New->Limit))
                            : boundName((K->New ? K->New : K->Old)->Limit);
    std::string Moved;
    for (const std::string &M : K->Moved)
      Moved += (Moved.empty() ? "" : "<br>") + mdEscape(M);
    if (K->Old && K->New)
      if (std::string B = changeAgainstBand(K->change(), K->New->Band);
          !B.empty())
        Moved += (Moved.empty() ? "" : "<br>") + B;
    S += fmt::format("| `{}` `{}` | {} | {} | {} | {} | {} | {} |\n",
                     mdEscape(K->File), mdEscape(K->Kernel), K->Profile, Before,
                     After, Change, Bound, Moved);
  }
  return S;
}

json::Value diffJSON(const DiffReport &R) {
  json::Array Ks;
  for (const KernelDiff &K : R.Kernels)
    Ks.push_back(
        json::Object{{"file", K.File},
                     {"old_file", K.OldFile.empty() ? json::Value(nullptr)
                                                    : json::Value(K.OldFile)},
                     {"kernel", K.Kernel},
                     {"profile", K.Profile},
                     {"line", K.Decl.Line},
                     {"verdict", verdict(R, K)},
                     {"change", K.Old && K.New ? json::Value(K.change())
                                               : json::Value(nullptr)},
                     {"before", sideJSON(K.Old)},
                     {"after", sideJSON(K.New)},
                     {"moved", json::Array(K.Moved)}});
  return json::Object{{"schema", 1},
                      {"tool", "clspread"},
                      {"version", R.ToolVersion},
                      {"base", R.Base},
                      {"fail_above", R.FailAbove},
                      {"regressions", R.regressions()},
                      {"kernels", std::move(Ks)}};
}

json::Value diffSARIF(const DiffReport &R) {
  json::Array Results;
  for (const KernelDiff &K : R.Kernels) {
    if (!K.Old || !K.New || K.change() <= 0)
      continue;
    // The headline carries the change itself.
    std::string Text = fmt::format("kernel '{}' is estimated slower on {}: {}",
                                   K.Kernel, K.Profile, headline(K));
    for (const std::string &M : K.Moved)
      Text += "; " + M;
    json::Object Region{{"startLine", std::max(1u, K.Decl.Line)}};
    if (K.Decl.Col)
      Region["startColumn"] = K.Decl.Col;
    // Stable across runs and line moves: the file, kernel and profile.
    std::string Key = K.File + '\0' + K.Kernel + '\0' + K.Profile;
    Results.push_back(json::Object{
        {"ruleId", "perf-regression"},
        {"ruleIndex", 0},
        {"level", K.change() > R.FailAbove ? "error" : "note"},
        {"message", json::Object{{"text", Text}}},
        {"locations", json::Array{json::Object{
                          {"physicalLocation",
                           json::Object{{"artifactLocation",
                                         sarifArtifact(K.File, R.SarifRoot)},
                                        {"region", std::move(Region)}}}}}},
        {"partialFingerprints",
         json::Object{
             {"clspread/v1", fmt::format("{:016x}", xxh3_64bits(Key))}}},
        {"properties", json::Object{{"kernel", K.Kernel},
                                    {"profile", K.Profile},
                                    {"change", K.change()},
                                    {"before_s", K.Old->TKernelS},
                                    {"after_s", K.New->TKernelS}}}});
  }
  json::Object Rule{
      {"id", "perf-regression"},
      {"shortDescription",
       json::Object{{"text", "a change makes a kernel's estimated time "
                             "longer"}}},
      {"defaultConfiguration", json::Object{{"level", "error"}}},
      {"helpUri", "https://github.com/clspread/clspread/blob/main/docs/ci.md"}};
  json::Object Driver{
      {"name", "clspread"},
      {"version", R.ToolVersion},
      {"informationUri", "https://github.com/clspread/clspread"},
      {"rules", json::Array{std::move(Rule)}}};
  json::Object Run{{"tool", json::Object{{"driver", std::move(Driver)}}},
                   {"results", std::move(Results)},
                   {"properties", json::Object{{"base", R.Base}}}};
  return sarifLog(std::move(Run), R.SarifRoot);
}

} // namespace clspread

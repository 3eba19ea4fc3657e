//===- ValidationPrinters.cpp - JSON, Markdown and HTML for validate ------===//
//
// One record (Validation), three printers. The HTML page is self-contained:
// inline CSS and SVG, no scripts, no external files.
//
//===----------------------------------------------------------------------===//
#include "Report/AnalysisReport.h"
#include "Support/Html.h"
#include "Validate/Validation.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

using namespace llvm;

namespace clspread {

static std::string sizes(const std::array<uint64_t, 3> &S) {
  std::string Out = std::to_string(S[0]);
  if (S[1] > 1 || S[2] > 1)
    Out += "x" + std::to_string(S[1]);
  if (S[2] > 1)
    Out += "x" + std::to_string(S[2]);
  return Out;
}

/// A number for the JSON record: null where it is not finite (JSON has no
/// inf or nan; llvm::json would print them as bare words).
static json::Value num(double X) {
  return std::isfinite(X) ? json::Value(X) : json::Value(nullptr);
}

json::Value toJSON(const Validation &V) {
  json::Array Kernels;
  // The driver's pick is marked only where there is one, so that other
  // reports read as before.
  auto launchJSON = [](const ValidatedKernel &K) {
    json::Object L{
        {"global", json::Array{K.Global[0], K.Global[1], K.Global[2]}},
        {"local", K.HasLocal ? json::Value(json::Array{K.Local[0], K.Local[1],
                                                       K.Local[2]})
                             : json::Value(nullptr)},
        {"work_items", K.WorkItems}};
    if (K.LocalByDriver)
      L["local_by_driver"] = true;
    return L;
  };
  for (const ValidatedKernel &K : V.Kernels) {
    json::Object O{{"id", K.Id},
                   {"name", K.Name},
                   {"variant_of", K.VariantOf.empty()
                                      ? json::Value(nullptr)
                                      : json::Value(K.VariantOf)},
                   {"launch", launchJSON(K)},
                   {"estimate_s", num(K.EstimateS)},
                   {"t_alu_s", num(K.TAluS)},
                   {"t_tex_s", num(K.TTexS)},
                   {"t_mem_s", num(K.TMemS)},
                   {"launch_overhead_s", num(K.OverheadS)},
                   {"bound", K.Bound},
                   {"status", K.Status}};
    if (K.MeasuredS) {
      O["measured_s"] = num(*K.MeasuredS);
      O["measured_min_s"] = num(K.MinS);
      O["measured_max_s"] = num(K.MaxS);
      O["measured_cv"] = num(K.Cv);
      O["error"] = num(K.error());
      O["achieved_dram_bytes_per_s"] = num(K.BytesMoved / *K.MeasuredS);
      O["achieved_alu_ops_per_s"] = num(K.AluOps / *K.MeasuredS);
    } else {
      O["measured_s"] = nullptr;
      O["error"] = nullptr;
      O["message"] = K.Message;
    }
    Kernels.push_back(std::move(O));
  }
  json::Array Pairs;
  for (const VariantPair &P : V.Pairs)
    Pairs.push_back(json::Object{{"job", P.Job},
                                 {"a", P.A},
                                 {"b", P.B},
                                 {"correct", P.Correct},
                                 {"measured_apart", P.Distinct}});
  json::Array Notes;
  for (const auto &N : V.ProfileNotes)
    Notes.push_back(N);
  json::Array Unknown;
  for (const auto &Id : V.UnknownIds)
    Unknown.push_back(Id);
  const ValidationSummary &S = V.Summary;
  // With nothing compared there is no error to summarize: null, not 0.
  auto stat = [&](double X) {
    return S.Measured ? num(X) : json::Value(nullptr);
  };
  return json::Object{
      {"tool", "clspread"},
      {"profile", V.ProfileId},
      {"profile_name", V.ProfileName},
      {"profile_notes", std::move(Notes)},
      {"device", V.Device},
      {"driver", V.Driver},
      {"platform", V.Platform},
      {"command", V.Command},
      {"measured_with", V.MeasuredWith},
      {"date", V.Date},
      {"kernels", std::move(Kernels)},
      {"variant_pairs", std::move(Pairs)},
      {"unknown_ids", std::move(Unknown)},
      {"results_without_id", V.ResultsWithoutId},
      {"summary",
       json::Object{{"kernels", S.Kernels},
                    {"measured", S.Measured},
                    {"invalid", S.Invalid},
                    {"median_abs_error", stat(S.MedianAbsError)},
                    {"p90_abs_error", stat(S.P90AbsError)},
                    {"mean_abs_error", stat(S.MeanAbsError)},
                    {"off_by_2x", S.OffBy2x},
                    {"log_ratio_spread", stat(S.LogRatioSpread)},
                    {"spearman", stat(S.Spearman)},
                    {"variant_pairs", S.VariantPairs},
                    {"variant_order_correct", S.VariantOrderCorrect},
                    {"pairs_measured_apart", S.DistinctPairs},
                    {"pairs_measured_apart_correct", S.DistinctCorrect}}}};
}

static std::string pct(double X) {
  return std::isfinite(X) ? fmt::format("{:+.1f}%", 100 * X) : "n/a";
}

static std::string secs(double S) {
  return std::isfinite(S) ? formatSeconds(S) : "n/a";
}

/// "(2 invalid)" after the kernel count, or "".
static std::string invalidNote(const ValidationSummary &S) {
  return S.Invalid ? fmt::format(" ({} with an invalid time)", S.Invalid) : "";
}

std::string summaryText(const Validation &V) {
  const ValidationSummary &S = V.Summary;
  if (!S.Measured)
    return fmt::format("validate: {} on {} ({}): 0 of {} kernels measured{}: "
                       "nothing compared\n",
                       V.ProfileId, V.Device, V.Driver, S.Kernels,
                       invalidNote(S));
  return fmt::format(
      "validate: {} on {} ({}): {} of {} kernels measured\n"
      "  median |error| {:.1f}%, mean {:.1f}%, 90th percentile {:.1f}%, "
      "off by more than 2x {}, log-ratio spread {:.2f}, Spearman {:.3f}\n"
      "  variant order correct in {} of {} pairs ({} of {} measured more "
      "than 10% apart)\n",
      V.ProfileId, V.Device, V.Driver, S.Measured, S.Kernels,
      100 * S.MedianAbsError, 100 * S.MeanAbsError, 100 * S.P90AbsError,
      S.OffBy2x, S.LogRatioSpread, S.Spearman, S.VariantOrderCorrect,
      S.VariantPairs, S.DistinctCorrect, S.DistinctPairs);
}

std::string toMarkdown(const Validation &V) {
  std::string Out = fmt::format("# Estimate vs measured: {} on {}\n\n",
                                V.ProfileId, V.Device);
  Out += fmt::format("- profile: `{}` ({})\n- device: {} (platform {}, "
                     "driver {})\n- date: {}\n- command: `{}`\n- "
                     "measured with: `{}`\n",
                     V.ProfileId, V.ProfileName, V.Device, V.Platform, V.Driver,
                     V.Date, V.Command, V.MeasuredWith);
  for (const auto &N : V.ProfileNotes)
    Out += "- model: " + N + "\n";
  if (!V.UnknownIds.empty())
    Out += "- ignored: results for ids that no kernel here has: `" +
           join(V.UnknownIds, "`, `") + "`\n";
  const ValidationSummary &S = V.Summary;
  if (S.Invalid)
    Out += fmt::format("- not compared: {} kernel(s) with an invalid measured "
                       "time (status invalid below, with the reason)\n",
                       S.Invalid);
  Out += "\n## Summary\n\n| kernels measured | median \\|error\\| | mean "
         "\\|error\\| | 90th pct \\|error\\| | off by > 2x | log-ratio "
         "spread | Spearman | variant order correct | of pairs > 10% apart "
         "|\n|---|---|---|---|---|---|---|---|---|\n";
  if (S.Measured)
    Out += fmt::format("| {} of {} | {:.1f}% | {:.1f}% | {:.1f}% | {} | {:.2f} "
                       "| {:.3f} | {} of {} | {} of {} |\n",
                       S.Measured, S.Kernels, 100 * S.MedianAbsError,
                       100 * S.MeanAbsError, 100 * S.P90AbsError, S.OffBy2x,
                       S.LogRatioSpread, S.Spearman, S.VariantOrderCorrect,
                       S.VariantPairs, S.DistinctCorrect, S.DistinctPairs);
  else
    Out += fmt::format(
        "| 0 of {}{}: nothing compared | – | – | – | – | – | – | – | – |\n",
        S.Kernels, invalidNote(S));
  Out += "\nlog-ratio spread: the standard deviation of ln(estimate / "
         "measured); off by > 2x: estimates more than twice or less than "
         "half the measured time.\n";
  Out += "\n## Kernels\n\n| kernel | job | launch | bound | T_ALU | T_TEX | "
         "T_MEM | estimate | measured (cv) | error | achieved DRAM | "
         "achieved ALU |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const ValidatedKernel &K : V.Kernels) {
    std::string Launch = sizes(K.Global) +
                         (K.HasLocal ? " / " + sizes(K.Local) : "") +
                         (K.LocalByDriver ? " (the driver's)" : "");
    if (K.MeasuredS)
      Out += fmt::format(
          "| {} | {} | {} | {} | {} | {} | {} | {} | {} ({:.1f}%) | {} | "
          "{:.1f} GB/s | {:.1f} Gop/s |\n",
          K.Id, K.VariantOf, Launch, K.Bound, secs(K.TAluS), secs(K.TTexS),
          secs(K.TMemS), secs(K.EstimateS), secs(*K.MeasuredS), 100 * K.Cv,
          pct(K.error()), K.BytesMoved / *K.MeasuredS / 1e9,
          K.AluOps / *K.MeasuredS / 1e9);
    else
      Out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {}: {} "
                         "| | | |\n",
                         K.Id, K.VariantOf, Launch, K.Bound, secs(K.TAluS),
                         secs(K.TTexS), secs(K.TMemS), secs(K.EstimateS),
                         K.Status, K.Message);
  }
  if (!V.Pairs.empty()) {
    Out += "\n## Variant pairs\n\n| job | faster by estimate | faster measured "
           "| measured apart | correct |\n|---|---|---|---|---|\n";
    std::map<std::string, const ValidatedKernel *> ById;
    for (const auto &K : V.Kernels)
      ById[K.Id] = &K;
    for (const VariantPair &P : V.Pairs) {
      const auto *A = ById[P.A], *B = ById[P.B];
      auto faster = [&](double X, double Y) {
        return X == Y ? std::string("tie") : X < Y ? P.A : P.B;
      };
      double Lo = std::min(*A->MeasuredS, *B->MeasuredS),
             Hi = std::max(*A->MeasuredS, *B->MeasuredS);
      Out += fmt::format("| {} | {} | {} | {:.1f}%{} | {} |\n", P.Job,
                         faster(A->EstimateS, B->EstimateS),
                         faster(*A->MeasuredS, *B->MeasuredS),
                         Lo > 0 ? 100 * (Hi / Lo - 1) : 0.0,
                         P.Distinct ? "" : " (within 10%)",
                         P.Correct ? "yes" : "no");
    }
  }
  Out += "\nerror = (estimate − measured) / measured; estimate = Tkernel + "
         "the profile's launch overhead; measured = median of the runner's "
         "profiling-event times. Achieved DRAM and ALU rates divide the "
         "model's bytes moved and lane-ops by the measured time.\n";
  return Out;
}

/// Log-log scatter of estimate (x) vs measured (y): y = x, a ±25% band,
/// variants of one job joined by a line. \p Head goes right after the
/// opening <svg> tag (a standalone file's style and background).
static std::string scatterSVG(const Validation &V, std::string_view Head = {}) {
  double Lo = 1e300, Hi = 0;
  for (const auto &K : V.Kernels)
    if (K.MeasuredS) {
      for (double T : {K.EstimateS, *K.MeasuredS})
        if (T > 0) {
          Lo = std::min(Lo, T);
          Hi = std::max(Hi, T);
        }
    }
  if (Hi == 0)
    return "<svg class=\"scatter\" xmlns=\"http://www.w3.org/2000/svg\" "
           "width=\"520\" height=\"80\">" +
           std::string(Head) +
           "<text x=\"20\" y=\"40\" class=\"axis\">No kernel was "
           "measured.</text></svg>\n";
  double L0 = std::floor(std::log10(Lo / 1.5)),
         L1 = std::ceil(std::log10(Hi * 1.5));
  const double W = 520, H = 520, M = 60;
  // A time of 0 (an estimate of nothing) sits on the axis, not at -inf.
  auto lg = [&](double T) {
    return std::max(std::log10(std::max(T, 1e-300)), L0);
  };
  auto X = [&](double T) { return M + (lg(T) - L0) / (L1 - L0) * (W - 2 * M); };
  auto Y = [&](double T) {
    return H - M - (lg(T) - L0) / (L1 - L0) * (H - 2 * M);
  };
  std::string S =
      fmt::format("<svg class=\"scatter\" xmlns=\"http://www.w3.org/2000/svg\" "
                  "width=\"{}\" "
                  "height=\"{}\" viewBox=\"0 0 {} {}\">{}\n",
                  W, H, W, H, Head);
  double A = std::pow(10, L0), B = std::pow(10, L1);
  // ±25% band around y = x, then the line itself.
  S += fmt::format(
      "<polygon class=\"band\" points=\"{:.1f},{:.1f} {:.1f},{:.1f} "
      "{:.1f},{:.1f} {:.1f},{:.1f}\"/>\n",
      X(A), Y(A * 1.25), X(B / 1.25), Y(B), X(B), Y(B * 0.75), X(A),
      Y(A * 0.75));
  S += fmt::format(
      "<line class=\"diag\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" "
      "y2=\"{:.1f}\"/>\n",
      X(A), Y(A), X(B), Y(B));
  for (double E = L0; E <= L1; E += 1) {
    double T = std::pow(10, E);
    S += fmt::format(
        "<line class=\"grid\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" "
        "y2=\"{2}\"/><text x=\"{0:.1f}\" y=\"{3}\" "
        "class=\"tick\">{4}</text>\n",
        X(T), M, H - M, H - M + 16, escapeHtml(secs(T)));
    S +=
        fmt::format("<line class=\"grid\" x1=\"{1}\" y1=\"{0:.1f}\" x2=\"{2}\" "
                    "y2=\"{0:.1f}\"/><text x=\"{3}\" y=\"{0:.1f}\" "
                    "class=\"tick\" text-anchor=\"end\">{4}</text>\n",
                    Y(T), M, W - M, M - 4, escapeHtml(secs(T)));
  }
  S += fmt::format("<text x=\"{}\" y=\"{}\" class=\"axis\">estimated</text>\n",
                   W / 2, H - 18);
  S += fmt::format(
      "<text x=\"16\" y=\"{}\" class=\"axis\" transform=\"rotate(-90 "
      "16 {})\">measured</text>\n",
      H / 2, H / 2);
  // Variants joined.
  std::map<std::string, std::vector<const ValidatedKernel *>> Jobs;
  for (const auto &K : V.Kernels)
    if (K.MeasuredS && !K.VariantOf.empty())
      Jobs[K.VariantOf].push_back(&K);
  for (auto &[Job, Ks] : Jobs)
    for (size_t I = 1; I < Ks.size(); ++I)
      S += fmt::format("<line class=\"variant\" x1=\"{:.1f}\" y1=\"{:.1f}\" "
                       "x2=\"{:.1f}\" y2=\"{:.1f}\"/>\n",
                       X(Ks[I - 1]->EstimateS), Y(*Ks[I - 1]->MeasuredS),
                       X(Ks[I]->EstimateS), Y(*Ks[I]->MeasuredS));
  for (const auto &K : V.Kernels)
    if (K.MeasuredS)
      S += fmt::format(
          "<circle class=\"point {}\" cx=\"{:.1f}\" cy=\"{:.1f}\" "
          "r=\"5\"><title>{}: estimate {}, measured {} ({})</title>"
          "</circle>\n",
          K.Bound, X(K.EstimateS), Y(*K.MeasuredS), escapeHtml(K.Id),
          escapeHtml(secs(K.EstimateS)), escapeHtml(secs(*K.MeasuredS)),
          escapeHtml(pct(K.error())));
  S += "</svg>\n";
  return S;
}

/// Per kernel: bars for T_ALU, T_TEX, T_MEM and the measured time, on one
/// linear scale per kernel.
static std::string barsSVG(const ValidatedKernel &K) {
  // A term that is not finite (an absurd profile) draws no bar.
  auto fin = [](double T) { return std::isfinite(T) && T > 0 ? T : 0.0; };
  double Max = std::max({fin(K.TAluS), fin(K.TTexS), fin(K.TMemS),
                         K.MeasuredS ? fin(*K.MeasuredS) : 0.0, 1e-30});
  const double W = 300, Row = 14;
  std::string S = fmt::format("<svg class=\"bars\" xmlns=\"http://www.w3.org/"
                              "2000/svg\" width=\"{}\" height=\"{}\">",
                              W + 90, 4 * Row + 4);
  struct Bar {
    const char *Name;
    double T;
    const char *Class;
  } Bars[] = {{"T_ALU", K.TAluS, "ALU"},
              {"T_TEX", K.TTexS, "TEX"},
              {"T_MEM", K.TMemS, "MEM"},
              {"measured", K.MeasuredS ? *K.MeasuredS : 0, "measured"}};
  for (int I = 0; I < 4; ++I)
    S += fmt::format("<text x=\"0\" y=\"{:.0f}\" class=\"tick\">{}</text><rect "
                     "class=\"{}\" x=\"70\" y=\"{:.0f}\" width=\"{:.1f}\" "
                     "height=\"{:.0f}\"><title>{}</title></rect>",
                     I * Row + 11, Bars[I].Name, Bars[I].Class, I * Row + 2,
                     std::max(0.5, fin(Bars[I].T) / Max * W), Row - 3,
                     escapeHtml(secs(Bars[I].T)));
  S += "</svg>";
  return S;
}

/// The charts' stylesheet: the page's <head> and the standalone SVG share
/// it (a standalone SVG has no <head>, and no page font to inherit).
static const char ChartStyle[] =
    ".band{fill:#e6f2e6}.diag{stroke:#4a4;stroke-width:1}"
    ".grid{stroke:#eee}.tick{font-size:10px;fill:#555;font-family:sans-serif}"
    ".axis{font-size:12px;font-family:sans-serif}"
    ".variant{stroke:#999;stroke-dasharray:3 2}"
    ".point{stroke:#222;fill-opacity:.8}.point.ALU,rect.ALU{fill:#d9534f}"
    ".point.MEM,rect.MEM{fill:#337ab7}.point.TEX,rect.TEX{fill:#f0ad4e}"
    "rect.measured{fill:#333}";

std::string toSVG(const Validation &V) {
  return scatterSVG(V, std::string("<style>") + ChartStyle +
                           "</style><rect width=\"100%\" height=\"100%\" "
                           "fill=\"white\"/>");
}

std::string toHTML(const Validation &V) {
  const ValidationSummary &S = V.Summary;
  std::string H =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<title>clspread validate: " +
      escapeHtml(V.ProfileId) +
      "</title>\n<style>\n"
      "body{font-family:sans-serif;margin:2em;color:#222}"
      "table{border-collapse:collapse;font-size:13px}"
      "td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}"
      "td:first-child,th:first-child{text-align:left}" +
      std::string(ChartStyle) + "\n</style></head><body>\n";
  H += "<h1>Estimate vs measured: " + escapeHtml(V.ProfileId) + " on " +
       escapeHtml(V.Device) + "</h1>\n<ul>";
  H += "<li>profile: " + escapeHtml(V.ProfileId) + " (" +
       escapeHtml(V.ProfileName) + ")</li>";
  H += "<li>device: " + escapeHtml(V.Device) + ", platform " +
       escapeHtml(V.Platform) + ", driver " + escapeHtml(V.Driver) + "</li>";
  H += "<li>date: " + escapeHtml(V.Date) + "</li><li>command: <code>" +
       escapeHtml(V.Command) + "</code></li><li>measured with: <code>" +
       escapeHtml(V.MeasuredWith) + "</code></li>";
  for (const auto &N : V.ProfileNotes)
    H += "<li>model: " + escapeHtml(N) + "</li>";
  if (!V.UnknownIds.empty())
    H += "<li>ignored: results for ids that no kernel here has: <code>" +
         escapeHtml(join(V.UnknownIds, ", ")) + "</code></li>";
  if (S.Invalid)
    H += fmt::format("<li>not compared: {} kernel(s) with an invalid measured "
                     "time (status invalid below, with the reason)</li>",
                     S.Invalid);
  H += "</ul>\n";
  if (!S.Measured)
    H += fmt::format("<p><b>0 of {}</b> kernels measured{}: nothing was "
                     "compared.</p>\n",
                     S.Kernels, escapeHtml(invalidNote(S)));
  else
    H += fmt::format("<p><b>{} of {}</b> kernels measured; median |error| "
                     "<b>{:.1f}%</b>, mean <b>{:.1f}%</b>, 90th percentile "
                     "<b>{:.1f}%</b>, off by more than 2&times; <b>{}</b>, "
                     "log-ratio spread <b>{:.2f}</b>, Spearman "
                     "<b>{:.3f}</b>; variant order correct in <b>{} of {}</b> "
                     "pairs ({} of {} measured more than 10% apart).</p>\n",
                     S.Measured, S.Kernels, 100 * S.MedianAbsError,
                     100 * S.MeanAbsError, 100 * S.P90AbsError, S.OffBy2x,
                     S.LogRatioSpread, S.Spearman, S.VariantOrderCorrect,
                     S.VariantPairs, S.DistinctCorrect, S.DistinctPairs);
  H += "<h2>Estimated vs measured time</h2>\n<p>Log–log; the green band is "
       "±25% around y = x; dashed lines join variants of one job; colour is "
       "the model's bound (red ALU, blue MEM, orange TEX).</p>\n";
  H += scatterSVG(V);
  H += "<h2>Kernels</h2>\n<table><tr><th>kernel</th><th>job</th><th>bound</th>"
       "<th>estimate</th><th>measured</th><th>error</th><th>terms and "
       "measured time</th></tr>\n";
  for (const ValidatedKernel &K : V.Kernels) {
    H += "<tr><td>" + escapeHtml(K.Id) + "</td><td>" + escapeHtml(K.VariantOf) +
         "</td><td>" + escapeHtml(K.Bound) + "</td><td>" +
         escapeHtml(secs(K.EstimateS)) + "</td>";
    if (K.MeasuredS)
      H += "<td>" + escapeHtml(secs(*K.MeasuredS)) + "</td><td>" +
           escapeHtml(pct(K.error())) + "</td>";
    else
      H += "<td colspan=\"2\">" + escapeHtml(K.Status + ": " + K.Message) +
           "</td>";
    H += "<td>" + barsSVG(K) + "</td></tr>\n";
  }
  H += "</table>\n</body></html>\n";
  return H;
}

} // namespace clspread

//===- WhatIfPage.cpp - The spreadsheet as a self-contained HTML page -----===//
#include "Report/WhatIfPage.h"
#include "Model/ExprPrinters.h"
#include "Model/ModelGraph.h"
#include "Support/Html.h"
#include "Support/Quantity.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace clspread {

namespace {

/// A value the page's model reads: a number, or null where absent.
/// A number as JSON: null where it is not finite (JSON has no inf or nan,
/// and one would stop JSON.parse, and with it every panel).
json::Value number(double V) {
  return std::isfinite(V) ? json::Value(V) : json::Value(nullptr);
}

json::Value orNull(const model::Values &V, const std::string &Name) {
  auto It = V.find(Name);
  return It == V.end() ? json::Value(nullptr) : number(It->second);
}

/// The device's figures in use, under the model's names (null where the
/// profile lacks one), and what the sliders need.
json::Object deviceJSON(const DeviceProfile &P, const model::Model &M) {
  model::Values Used = model::figureValues(P, /*UseMeasured=*/true);
  json::Object Figures;
  for (model::Expr F : M.G.figures())
    Figures[F->Name] = orNull(Used, F->Name);
  // The error band of each bound class: the page's estimate takes the one
  // of the bound it computes.
  json::Object Bands;
  for (unsigned B = 0; B < 3; ++B)
    Bands[boundName(Bound(B))] = bandText(P.Bands[B]);
  return json::Object{{"id", P.Id},
                      {"name", P.Name},
                      {"figures", std::move(Figures)},
                      {"bands", std::move(Bands)}};
}

json::Array sizes(const std::array<uint64_t, 3> &S) {
  return json::Array{S[0], S[1], S[2]};
}

json::Object kernelJSON(const KernelResult &K, const DeviceProfile &P,
                        const model::Model &M) {
  const KernelCounts &C = K.Counts;
  const Estimate &E = K.Est;
  json::Array Findings, Assumptions;
  for (const Finding &F : K.Findings)
    Findings.push_back(fmt::format("{}:{}: {}: {} [{}]", F.Loc.Line, F.Loc.Col,
                                   severityName(F.Sev), F.Message, F.RuleId));
  for (const Assumption &A : C.Assumptions)
    Assumptions.push_back(A.text());
  for (const std::string &N : E.allNotes())
    Assumptions.push_back(N);
  model::Values In = model::estimateInputs(C, E);
  json::Object Inputs, Terms;
  for (model::Expr I : M.G.inputs())
    Inputs[I->Name] = orNull(In, I->Name);
  for (auto &[T, V] : model::evaluateTerms(
           M, In, model::figureValues(P, /*UseMeasured=*/true)))
    Terms[T->Name] = V.IsLabel ? json::Value(V.Label) : number(V.Number);
  return json::Object{
      {"file", K.File},
      {"kernel", C.Name},
      {"suite_id", K.SuiteId},
      {"dims", C.Launch.Dims},
      {"global", sizes(C.Launch.Global)},
      {"local", C.Launch.Local ? json::Value(sizes(*C.Launch.Local))
                               : json::Value(nullptr)},
      // The model's inputs (docs/model.md), and every term as the C++
      // evaluator computed it at the analyzed launch.
      {"inputs", std::move(Inputs)},
      {"terms", std::move(Terms)},
      // The analyzed launch's own estimate, shown beside the page's.
      {"cli", json::Object{{"t_alu_s", E.TAluS},
                           {"t_tex_s", E.TTexS},
                           {"t_mem_s", E.TMemS},
                           {"t_kernel_s", E.TKernelS},
                           {"bound", boundName(E.Limit)},
                           {"waves_per_cu", E.Occ.WavesPerCU},
                           {"limited_by", E.Occ.LimitedBy}}},
      {"findings", std::move(Findings)},
      {"assumptions", std::move(Assumptions)},
  };
}

// The page's script. The model itself is not here: whatIfPage() prints
// one function per device from the model's graph (Model/ExprPrinters.h),
// MODELS[d](figures, inputs), so the page computes what analyze computes.
const char *Script = R"JS(
const DATA = JSON.parse(document.getElementById('data').textContent);
function fmtTime(s) {
  if (s === 0) return '0 s';
  const units = [[1, 's'], [1e-3, 'ms'], [1e-6, 'us'], [1e-9, 'ns']];
  for (const [f, u] of units) if (s >= f) return (s / f).toPrecision(4) + ' ' + u;
  return (s / 1e-9).toPrecision(4) + ' ns';
}
const panels = [];
/// The model's terms at the panel's slider settings: the clock and the
/// bandwidth replace the device's figures, the sizes the kernel's launch.
function estimate(p) {
  const s = p.state;
  const f = Object.assign({}, p.d.figures, {clock: s.clock, memory_bandwidth: s.bandwidth});
  const k = Object.assign({}, p.k.inputs);
  ['x', 'y', 'z'].forEach((a, i) => {
    k['g' + a] = s.global[i];
    k['l' + a] = s.local ? s.local[i] : null;
  });
  const t = p.model(f, k);
  return {t_alu: t.t_alu, t_tex: t.t_tex, t_mem: t.t_mem, t_kernel: t.t_kernel,
          bound: t.bound, occ: {waves: t.waves_occ, limitedBy: t.limited_by}};
}
function render(p) {
  const s = p.state, e = estimate(p);
  const out = p.el.querySelector('.out');
  for (const f of ['t_alu', 't_tex', 't_mem', 't_kernel'])
    out.dataset[f.replace('_', '')] = String(e[f]);
  out.dataset.bound = e.bound;
  out.dataset.waves = String(e.occ.waves);
  const max = Math.max(e.t_alu, e.t_tex, e.t_mem, 1e-30);
  for (const [f, name] of [['t_alu', 'T_ALU'], ['t_tex', 'T_TEX'], ['t_mem', 'T_MEM']]) {
    const row = p.el.querySelector('.bar-' + f);
    row.querySelector('.fill').style.width = (100 * e[f] / max).toFixed(1) + '%';
    row.querySelector('.fill').className = 'fill' + (name.slice(2) === e.bound ? ' bound' : '');
    row.querySelector('.val').textContent = fmtTime(e[f]);
  }
  out.textContent = 'Tkernel ' + fmtTime(e.t_kernel) + ', ' + e.bound + '-bound (' +
      p.d.bands[e.bound] + '); ' +
      e.occ.waves + ' waves per compute unit, limited by ' + e.occ.limitedBy +
      '; global ' + s.global.slice(0, p.k.dims).join('x') +
      (s.local ? ', local ' + s.local.slice(0, p.k.dims).join('x') : ", local driver's choice") +
      ', clock ' + (s.clock / 1e6).toPrecision(6) + ' MHz, bandwidth ' +
      (s.bandwidth / 1e9).toPrecision(6) + ' GB/s';
}
function setupPanel(el, k, d, model) {
  const p = {el: el, k: k, d: d, model: model, state: {
    global: k.global.slice(), local: k.local ? k.local.slice() : null,
    clock: d.figures.clock, bandwidth: d.figures.memory_bandwidth}};
  const bind = (name, apply) => {
    const input = el.querySelector('input[name="' + name + '"]');
    if (!input) return;
    const label = el.querySelector('.v-' + name);
    input.addEventListener('input', () => {
      apply(Number(input.value));
      if (label) label.textContent = input.value;
      render(p);
    });
  };
  for (let dim = 0; dim < k.dims; ++dim)
    bind('global' + dim, v => { p.state.global[dim] = Math.pow(2, v); });
  bind('local0', v => {
    if (!p.state.local) p.state.local = [1, 1, 1];
    p.state.local[0] = Math.pow(2, v);
  });
  bind('clock', v => { p.state.clock = v * 1e6; });
  bind('bandwidth', v => { p.state.bandwidth = v * 1e9; });
  panels.push(p);
  render(p);
}
document.querySelectorAll('.panel').forEach(el => {
  const d = DATA.devices[Number(el.dataset.device)];
  setupPanel(el, d.kernels[Number(el.dataset.kernel)], d.device,
             MODELS[Number(el.dataset.device)]);
});
// "#p0.clock=1500&p0.global0=20": set sliders as a user would (the test in
// tests/whatif drives the page this way), firing their input events.
for (const part of decodeURIComponent(location.hash.slice(1)).split('&')) {
  const m = part.match(/^p(\d+)\.(\w+)=(.+)$/);
  if (!m || !panels[Number(m[1])]) continue;
  const input = panels[Number(m[1])].el.querySelector('input[name="' + m[2] + '"]');
  if (!input) continue;
  input.value = m[3];
  input.dispatchEvent(new Event('input'));
}
document.body.dataset.ready = '1';
)JS";

const char *Style = R"CSS(
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 1.5em; }
.row { display: flex; gap: 1em; flex-wrap: wrap; }
.panel { border: 1px solid #ccc; border-radius: 6px; padding: 0.8em; flex: 1 1 26em; }
.bar { display: flex; align-items: center; gap: 0.5em; margin: 2px 0; }
.bar .name { width: 4em; } .bar .track { flex: 1; background: #eee; height: 12px; }
.bar .fill { background: #8ab; height: 12px; } .bar .fill.bound { background: #c44; }
.bar .val { width: 6em; text-align: right; font-variant-numeric: tabular-nums; }
.out { margin: 0.5em 0; font-weight: 600; }
label { display: block; margin: 2px 0; } input[type=range] { width: 60%; vertical-align: middle; }
details { margin-top: 0.4em; } .note { color: #666; font-size: 0.9em; }
)CSS";

/// log2 of a power-of-two size; the nearest exponent otherwise.
int log2Of(uint64_t V) {
  int E = 0;
  while ((uint64_t(1) << (E + 1)) <= V && E < 62)
    ++E;
  return E;
}

std::string panelHtml(const KernelResult &K, const DeviceProfile &P,
                      size_t Device, size_t Kernel, size_t PanelIndex) {
  const LaunchSpec &L = K.Counts.Launch;
  std::string H = fmt::format(
      "<div class=\"panel\" id=\"p{}\" data-device=\"{}\" data-kernel=\"{}\">"
      "<b>{}</b><div class=\"out\"></div>\n",
      PanelIndex, Device, Kernel, escapeHtml(P.Name));
  for (const char *T : {"t_alu", "t_tex", "t_mem"})
    H += fmt::format(
        "<div class=\"bar bar-{}\"><span class=\"name\">{}</span>"
        "<span class=\"track\"><span class=\"fill\" style=\"display:"
        "block\"></span></span><span class=\"val\"></span></div>\n",
        T,
        T[2] == 'a'   ? "T_ALU"
        : T[2] == 't' ? "T_TEX"
                      : "T_MEM");
  for (unsigned D = 0; D < L.Dims; ++D) {
    int G = log2Of(L.Global[D]);
    H +=
        fmt::format("<label>global[{}] = 2^<span class=\"v-global{}\">{}"
                    "</span> <input type=\"range\" name=\"global{}\" min=\"0\" "
                    "max=\"30\" step=\"1\" value=\"{}\"></label>\n",
                    D, D, G, D, G);
  }
  {
    uint64_t Max = P.MaxWorkGroupSize.value_or(1024);
    int Lx = L.Local ? log2Of((*L.Local)[0]) : log2Of(P.Wavefront);
    H += fmt::format(
        "<label>local[0] = 2^<span class=\"v-local0\">{}</span> "
        "<input type=\"range\" name=\"local0\" min=\"0\" max=\"{}\" "
        "step=\"1\" value=\"{}\"></label>\n",
        Lx, log2Of(Max), Lx);
  }
  double Clock = *P.inUse("clock", P.ClockHz);
  double Bw = *P.inUse("memory.bandwidth", P.BandwidthBps);
  H += fmt::format("<label>clock <span class=\"v-clock\">{:.0f}</span> MHz "
                   "<input type=\"range\" name=\"clock\" min=\"{:.0f}\" "
                   "max=\"{:.0f}\" step=\"1\" value=\"{:.0f}\"></label>\n",
                   Clock / 1e6, std::max(1.0, Clock / 4e6), Clock / 5e5,
                   Clock / 1e6);
  H += fmt::format("<label>bandwidth <span class=\"v-bandwidth\">{:.0f}</span> "
                   "GB/s <input type=\"range\" name=\"bandwidth\" min=\"1\" "
                   "max=\"{:.0f}\" step=\"1\" value=\"{:.0f}\"></label>\n",
                   Bw / 1e9, std::max(2.0, Bw / 5e8), Bw / 1e9);
  if (!K.Findings.empty()) {
    H += "<details><summary>findings (" + std::to_string(K.Findings.size()) +
         ")</summary><ul>";
    for (const Finding &F : K.Findings)
      H += "<li>" +
           escapeHtml(fmt::format("{}:{}: {}: {} [{}]", F.Loc.Line, F.Loc.Col,
                                  severityName(F.Sev), F.Message, F.RuleId)) +
           "</li>";
    H += "</ul></details>\n";
  }
  H += "<details><summary>assumptions and model notes</summary><ul>";
  for (const Assumption &A : K.Counts.Assumptions)
    H += "<li>" + escapeHtml(A.text()) + "</li>";
  for (const std::string &N : K.Est.allNotes())
    H += "<li>" + escapeHtml(N) + "</li>";
  H += "</ul></details></div>\n";
  return H;
}

} // namespace

std::string whatIfPage(const std::vector<ProfiledReport> &Reports) {
  json::Array Devices;
  std::string Models = model::javascriptHelpers();
  std::string ModelList;
  for (size_t D = 0; D < Reports.size(); ++D) {
    const ProfiledReport &R = Reports[D];
    const model::Model *M = &model::modelFor(*R.Profile);
    json::Array Kernels;
    for (const KernelResult &K : R.Report->Kernels)
      Kernels.push_back(kernelJSON(K, *R.Profile, *M));
    Devices.push_back(json::Object{{"device", deviceJSON(*R.Profile, *M)},
                                   {"kernels", std::move(Kernels)}});
    std::string Name = fmt::format("model{}", D);
    Models += model::javascriptFunction(M->G, Name);
    ModelList += (D ? ", " : "") + Name;
  }
  Models += "const MODELS = [" + ModelList + "];\n";
  std::string Data =
      formatv("{0}", json::Value(json::Object{{"devices", std::move(Devices)}}))
          .str();
  // The JSON sits in a <script> element, whose text ends at "</script"
  // and in which "<!--" followed by "<script" hides the closing tag from
  // the HTML parser (the script swallows the page's own script, which then
  // never runs). '<', '>' and '&' occur in the JSON only inside strings
  // (names, paths, messages), where \u003c, \u003e and \u0026 are the
  // same characters to JSON.parse; so no markup of any kind is left.
  {
    std::string Escaped;
    Escaped.reserve(Data.size());
    for (char C : Data) {
      switch (C) {
      case '<':
        Escaped += "\\u003c";
        break;
      case '>':
        Escaped += "\\u003e";
        break;
      case '&':
        Escaped += "\\u0026";
        break;
      default:
        Escaped += C;
      }
    }
    Data = std::move(Escaped);
  }

  std::string Title = "clspread what-if";
  std::string H =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<title>" +
      Title + "</title><style>" + Style + "</style></head><body>\n<h1>" +
      Title +
      "</h1>\n"
      "<p class=\"note\">The spreadsheet of docs/model.md for each "
      "kernel, recomputed in the page as the sliders move. Counts "
      "are per work-item from the analyzed launch: where branch "
      "fractions or cache reuse depend on the launch (a guard on "
      "the global id, a cache window), run <code>clspread "
      "analyze</code> with the new sizes for the exact figure.</p>\n";
  // Kernels in the first report's order; one panel per device.
  size_t Panel = 0;
  const AnalysisReport &First = *Reports.front().Report;
  for (size_t KI = 0; KI < First.Kernels.size(); ++KI) {
    const KernelResult &K = First.Kernels[KI];
    H +=
        fmt::format("<h2>{}{} <span class=\"note\">{}:{}</span></h2>\n<div "
                    "class=\"row\">\n",
                    escapeHtml(K.Counts.Name),
                    K.SuiteId.empty() ? "" : " [" + escapeHtml(K.SuiteId) + "]",
                    escapeHtml(K.File), K.Counts.Loc.Line);
    for (size_t D = 0; D < Reports.size(); ++D)
      if (KI < Reports[D].Report->Kernels.size())
        H += panelHtml(Reports[D].Report->Kernels[KI], *Reports[D].Profile, D,
                       KI, Panel++);
    H += "</div>\n";
  }
  H += "<script type=\"application/json\" id=\"data\">" + Data +
       "</script>\n<script>\n" + Models + Script +
       "</script>\n</body></html>\n";
  return H;
}

} // namespace clspread

//===- WhatIfPage.cpp - The spreadsheet as a self-contained HTML page -----===//
#include "Report/WhatIfPage.h"
#include "Model/Quantity.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <fmt/format.h>

#include <algorithm>

using namespace llvm;

namespace clspread {

namespace {

/// The figure the model uses: the measured one where the profile has it
/// (EstimateOptions::UseMeasured, the default), else the datasheet's.
json::Value used(const DeviceProfile &P, const char *Path,
                 std::optional<double> Datasheet) {
  if (std::optional<double> V = P.inUse(Path, Datasheet))
    return *V;
  return nullptr;
}

json::Object deviceJSON(const DeviceProfile &P) {
  return json::Object{
      {"id", P.Id},
      {"name", P.Name},
      {"compute_units", P.ComputeUnits},
      {"lanes_per_cu", P.LanesPerCU},
      {"wavefront", P.Wavefront},
      {"clock_hz", used(P, "clock", P.ClockHz)},
      {"bandwidth_bps", used(P, "memory.bandwidth", P.BandwidthBps)},
      {"launch_overhead_s", used(P, "launch_overhead", P.LaunchOverheadS)},
      {"lds_bytes_per_clock",
       used(P, "lds.bandwidth_per_clock", P.LdsBytesPerClock)},
      {"barrier_item_cycles",
       used(P, "barrier.item_cycles", P.BarrierItemCycles)},
      {"tex_units_per_cu", used(P, "tex.units_per_cu", P.TexUnitsPerCU)},
      {"l2_bandwidth_bps",
       used(P, "cache.l2_bandwidth", P.Cache.L2BandwidthBps)},
      {"l2_partial_bandwidth_bps",
       used(P, "cache.l2_partial_bandwidth", P.Cache.L2PartialBandwidthBps)},
      {"l1_lines_per_clock",
       used(P, "cache.l1_lines_per_clock", P.Cache.L1LinesPerClock)},
      {"memory_latency_s", used(P, "memory.latency", P.MemoryLatencyS)},
      {"overlap_exponent",
       used(P, "memory.overlap_exponent", P.MemoryOverlapExponent)},
      {"phase_exponent",
       used(P, "barrier.phase_exponent", P.BarrierPhaseExponent)},
      {"dispatch_cycles",
       used(P, "work_group.dispatch_cycles", P.DispatchCycles)},
      {"max_work_group_size", P.MaxWorkGroupSize
                                  ? json::Value(*P.MaxWorkGroupSize)
                                  : json::Value(1024)},
      {"max_waves_per_cu", P.MaxWavesPerCU},
      {"max_groups_per_cu", P.MaxGroupsPerCU
                                ? json::Value(*P.MaxGroupsPerCU)
                                : json::Value(nullptr)},
      {"lds_bytes", P.LdsBytes ? json::Value(*P.LdsBytes) : json::Value(nullptr)},
      {"lds_shared_by", P.LdsSharedBy},
  };
}

json::Array sizes(const std::array<uint64_t, 3> &S) {
  return json::Array{S[0], S[1], S[2]};
}

json::Object kernelJSON(const KernelResult &K) {
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
  return json::Object{
      {"file", K.File},
      {"kernel", C.Name},
      {"suite_id", K.SuiteId},
      {"dims", C.Launch.Dims},
      {"global", sizes(C.Launch.Global)},
      {"local", C.Launch.Local ? json::Value(sizes(*C.Launch.Local))
                               : json::Value(nullptr)},
      // Per work-item figures the formulas take (docs/model.md).
      {"alu_cycles", E.AluCycles},
      {"local_bytes", C.LocalBytes},
      {"barriers", C.Barriers},
      {"tex_fetches", E.TexFetches},
      {"bytes_moved", E.BytesMoved},
      {"bytes_requested", E.BytesRequested},
      {"finite_cache", E.FiniteCache},
      {"l2_bytes", E.BytesL2},
      {"l2_partial_bytes", E.BytesL2Partial},
      {"l1_lines", E.L1Lines},
      {"load_rounds", C.GlobalLoadRounds},
      {"local_mem_bytes", C.LocalMemBytes},
      // Occupancy limits that do not depend on the launch's sizes.
      {"waves_by_registers", E.Occ.WavesByRegisters},
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

/// Escapes text for an HTML element or a double-quoted attribute.
std::string escapeHtml(StringRef S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    default: Out += C;
    }
  }
  return Out;
}

// The page's script: the model's formulas (lib/Model/Spreadsheet.cpp,
// Occupancy.cpp) over the embedded figures, evaluated in the same order so
// that the numbers agree with the CLI to the last bits where the inputs
// are the same.
const char *Script = R"JS(
const DATA = JSON.parse(document.getElementById('data').textContent);
function combine(a, b, p) {
  const m = Math.max(a, b);
  if (m <= 0) return 0;
  return m * Math.pow(Math.pow(a / m, p) + Math.pow(b / m, p), 1 / p);
}
function occupancy(k, d, global, local) {
  const W = Math.max(1, d.wavefront);
  let group = local ? local[0] * local[1] * local[2] : 0;
  if (group === 0) group = W;
  const wavesPerGroup = Math.ceil(group / W);
  const hardware = d.max_waves_per_cu;
  const registers = k.waves_by_registers;
  let lds = hardware;
  if (d.lds_bytes !== null && k.local_mem_bytes > 0) {
    const groups = Math.floor(d.lds_bytes / k.local_mem_bytes);
    lds = groups === 0 ? 0
        : Math.max(Math.floor(groups * wavesPerGroup / Math.max(1, d.lds_shared_by)), 1);
  }
  const wg = d.max_groups_per_cu !== null ? d.max_groups_per_cu * wavesPerGroup : hardware;
  const items = global[0] * global[1] * global[2];
  const totalWaves = Math.ceil(items / group) * wavesPerGroup;
  const launch = Math.ceil(totalWaves / Math.max(1, d.compute_units));
  const limits = [[hardware, 'hardware'], [launch, 'launch'], [registers, 'registers'],
                  [lds, 'lds'], [wg, 'work-group-size']];
  let best = limits[0];
  for (const l of limits) if (l[0] < best[0]) best = l;
  return {waves: best[0], limitedBy: best[1]};
}
function estimate(k, d, s) {
  const N = s.global[0] * s.global[1] * s.global[2];
  const clock = s.clock, bw = s.bandwidth;
  const occ = occupancy(k, d, s.global, s.local);
  const e = {occ: occ};
  e.t_alu = N * k.alu_cycles / (d.compute_units * d.lanes_per_cu) / clock;
  if (d.lds_bytes_per_clock !== null && k.local_bytes > 0)
    e.t_alu += N * k.local_bytes / (d.compute_units * d.lds_bytes_per_clock) / clock;
  if (d.barrier_item_cycles !== null && k.barriers > 0)
    e.t_alu += N * k.barriers * d.barrier_item_cycles / d.compute_units / clock;
  e.t_tex = N * k.tex_fetches / (d.compute_units * d.tex_units_per_cu) / clock;
  const tDram = N * k.bytes_moved / bw;
  let tMem = tDram;
  if (d.l2_bandwidth_bps !== null && k.finite_cache) {
    const partial = k.l2_partial_bytes > 0 && d.l2_partial_bandwidth_bps !== null;
    const whole = partial ? k.l2_bytes - k.l2_partial_bytes : k.l2_bytes;
    const tL2 = N * whole / d.l2_bandwidth_bps +
                (partial ? N * k.l2_partial_bytes / d.l2_partial_bandwidth_bps : 0);
    if (tL2 > tMem) tMem = tL2;
  }
  if (d.l1_lines_per_clock !== null && d.l1_lines_per_clock > 0 && k.finite_cache &&
      k.l1_lines > 0) {
    const tL1 = N * k.l1_lines / (d.compute_units * d.l1_lines_per_clock) / clock;
    if (tL1 > tMem) tMem = tL1;
  }
  if (d.memory_latency_s !== null && k.load_rounds > 0 && k.bytes_requested > 0) {
    const resident = Math.max(1, occ.waves) * d.wavefront;
    const fraction = Math.min(1, k.bytes_moved / k.bytes_requested);
    const waves = Math.max(1, N / (d.compute_units * resident));
    const tLat = k.load_rounds * fraction * waves * d.memory_latency_s;
    if (d.overlap_exponent !== null && d.overlap_exponent > 0 && tDram > 0) {
      const both = combine(tDram, tLat, d.overlap_exponent);
      if (both > tMem) tMem = both;
    }
    if (tLat > tMem) tMem = tLat;
  }
  e.t_mem = tMem;
  e.bound = 'ALU'; e.t_kernel = e.t_alu;
  if (e.t_mem > e.t_kernel) { e.bound = 'MEM'; e.t_kernel = e.t_mem; }
  if (e.t_tex > e.t_kernel) { e.bound = 'TEX'; e.t_kernel = e.t_tex; }
  if (d.phase_exponent !== null && d.phase_exponent > 0 && k.barriers > 0 &&
      e.t_alu > 0 && e.t_mem > 0) {
    const both = combine(e.t_alu, e.t_mem, d.phase_exponent);
    if (both > e.t_kernel) e.t_kernel = both;
  }
  // Starting the work-groups: a floor, known only with a local size.
  if (d.dispatch_cycles !== null && d.dispatch_cycles > 0 && s.local) {
    let groups = 1;
    for (let i = 0; i < 3; ++i) groups *= Math.ceil(s.global[i] / s.local[i]);
    const tDispatch = groups / d.compute_units * d.dispatch_cycles / clock;
    if (tDispatch > e.t_kernel) e.t_kernel = tDispatch;
  }
  return e;
}
function fmtTime(s) {
  if (s === 0) return '0 s';
  const units = [[1, 's'], [1e-3, 'ms'], [1e-6, 'us'], [1e-9, 'ns']];
  for (const [f, u] of units) if (s >= f) return (s / f).toPrecision(4) + ' ' + u;
  return (s / 1e-9).toPrecision(4) + ' ns';
}
const panels = [];
function render(p) {
  const s = p.state, e = estimate(p.k, p.d, s);
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
  out.textContent = 'Tkernel ' + fmtTime(e.t_kernel) + ', ' + e.bound + '-bound; ' +
      e.occ.waves + ' waves per compute unit, limited by ' + e.occ.limitedBy +
      '; global ' + s.global.slice(0, p.k.dims).join('x') +
      (s.local ? ', local ' + s.local.slice(0, p.k.dims).join('x') : ", local driver's choice") +
      ', clock ' + (s.clock / 1e6).toPrecision(6) + ' MHz, bandwidth ' +
      (s.bandwidth / 1e9).toPrecision(6) + ' GB/s';
}
function setupPanel(el, k, d) {
  const p = {el: el, k: k, d: d, state: {
    global: k.global.slice(), local: k.local ? k.local.slice() : null,
    clock: d.clock_hz, bandwidth: d.bandwidth_bps}};
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
  setupPanel(el, d.kernels[Number(el.dataset.kernel)], d.device);
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
    H += fmt::format("<div class=\"bar bar-{}\"><span class=\"name\">{}</span>"
                     "<span class=\"track\"><span class=\"fill\" style=\"display:"
                     "block\"></span></span><span class=\"val\"></span></div>\n",
                     T, T[2] == 'a' ? "T_ALU" : T[2] == 't' ? "T_TEX" : "T_MEM");
  for (unsigned D = 0; D < L.Dims; ++D) {
    int G = log2Of(L.Global[D]);
    H += fmt::format("<label>global[{}] = 2^<span class=\"v-global{}\">{}"
                     "</span> <input type=\"range\" name=\"global{}\" min=\"0\" "
                     "max=\"30\" step=\"1\" value=\"{}\"></label>\n",
                     D, D, G, D, G);
  }
  {
    uint64_t Max = P.MaxWorkGroupSize.value_or(1024);
    int Lx = L.Local ? log2Of((*L.Local)[0]) : log2Of(P.Wavefront);
    H += fmt::format("<label>local[0] = 2^<span class=\"v-local0\">{}</span> "
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
      H += "<li>" + escapeHtml(fmt::format("{}:{}: {}: {} [{}]", F.Loc.Line, F.Loc.Col,
                                           severityName(F.Sev), F.Message,
                                           F.RuleId)) +
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
  for (const ProfiledReport &R : Reports) {
    json::Array Kernels;
    for (const KernelResult &K : R.Report->Kernels)
      Kernels.push_back(kernelJSON(K));
    Devices.push_back(json::Object{{"device", deviceJSON(*R.Profile)},
                                   {"kernels", std::move(Kernels)}});
  }
  std::string Data = formatv("{0}", json::Value(json::Object{
                                        {"devices", std::move(Devices)}}))
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
      case '<': Escaped += "\\u003c"; break;
      case '>': Escaped += "\\u003e"; break;
      case '&': Escaped += "\\u0026"; break;
      default: Escaped += C;
      }
    }
    Data = std::move(Escaped);
  }

  std::string Title = "clspread what-if";
  std::string H = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                  "<title>" + Title + "</title><style>" + Style +
                  "</style></head><body>\n<h1>" + Title + "</h1>\n"
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
    H += fmt::format("<h2>{}{} <span class=\"note\">{}:{}</span></h2>\n<div "
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
       "</script>\n<script>" + Script + "</script>\n</body></html>\n";
  return H;
}

} // namespace clspread

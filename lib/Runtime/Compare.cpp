//===- Compare.cpp - Compare two measurements of the same plan ------------===//
#include "Compare.h"
#include "ElemType.h"
#include "Stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

using nlohmann::json;

namespace clspread::runtime {

json loadMeasurement(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    throw std::runtime_error(Path + ": cannot read");
  json J;
  try {
    J = json::parse(In);
  } catch (const json::exception &E) { // parse_error, number out_of_range
    throw std::runtime_error(Path + ": not valid JSON: " + E.what());
  }
  if (!J.is_object() || J.value("tool", "") != "clspread-run" ||
      !J.contains("results") || !J["results"].is_array())
    throw std::runtime_error(Path + ": not a clspread-run measurement file");
  return J;
}

namespace {

const json *findResult(const json &M, const std::string &Id) {
  for (const json &R : M["results"])
    if (R.value("id", "") == Id)
      return &R;
  return nullptr;
}

double num(const json &J, const char *Key) {
  auto It = J.find(Key);
  return It != J.end() && It->is_number() ? It->get<double>() : NAN;
}

/// Compares two sampled sums; NaN (written as null) matches only NaN.
bool sumsClose(double A, double B, double RTol, double ATol, double &Rel) {
  if (std::isnan(A) || std::isnan(B)) {
    Rel = std::isnan(A) && std::isnan(B) ? 0 : INFINITY;
    return std::isnan(A) && std::isnan(B);
  }
  double Diff = std::fabs(A - B), Scale = std::max(std::fabs(A), std::fabs(B));
  Rel = Scale > 0 ? Diff / Scale : 0;
  return Diff <= RTol * Scale + ATol;
}

/// The object member \p Key of \p J, or an empty object.
json member(const json &J, const char *Key) {
  auto It = J.find(Key);
  return It != J.end() && It->is_object() ? *It : json::object();
}

json compareOutput(const json &RA, const json &RB, const std::string &Name,
                   const CompareOptions &Opts) {
  json O;
  std::string CA = member(RA, "checksums").value(Name, ""),
              CB = member(RB, "checksums").value(Name, "");
  O["checksum_a"] = CA;
  O["checksum_b"] = CB;
  if (CA.empty() || CB.empty()) {
    O["verdict"] = "differ";
    O["reason"] = std::string("output missing in ") + (CA.empty() ? "A" : "B");
    return O;
  }
  if (CA == CB) {
    O["verdict"] = "identical";
    return O;
  }
  json SA = member(RA, "samples").value(Name, json::object());
  json SB = member(RB, "samples").value(Name, json::object());
  if (!SA.is_object() || !SB.is_object() || SA.empty() || SB.empty()) {
    O["verdict"] = "differ";
    O["reason"] = "checksums differ and no samples to compare";
    return O;
  }
  if (SA.value("values", 0ull) != SB.value("values", 0ull) ||
      SA.value("elem", "") != SB.value("elem", "")) {
    O["verdict"] = "differ";
    O["reason"] = "outputs have different sizes or element types";
    return O;
  }
  // Integers must agree exactly; floats within the tolerance (halves get
  // at least 2e-3, about one half-precision ulp at 1.0 in a sum of values).
  auto Elem = parseElemType(SA.value("elem", "uchar"));
  double RTol = 0, ATol = 0;
  if (Elem && Elem->isFloat()) {
    RTol = Elem->Kind == Scalar::Half ? std::max(Opts.RTol, 2e-3) : Opts.RTol;
    ATol = Opts.ATol;
  }
  double MaxRel = 0;
  bool Close = SA.value("nonfinite", 0ull) == SB.value("nonfinite", 0ull);
  for (const char *Key : {"first_sum", "last_sum", "strided_sum"}) {
    double Rel = 0;
    Close &= sumsClose(num(SA, Key), num(SB, Key), RTol, ATol, Rel);
    MaxRel = std::max(MaxRel, Rel);
  }
  O["max_rel_diff"] = std::isfinite(MaxRel) ? json(MaxRel) : json(nullptr);
  O["verdict"] = Close ? "close" : "differ";
  if (!Close)
    O["reason"] = "sampled sums differ beyond the tolerance";
  return O;
}

} // namespace

json compareMeasurements(const json &A, const json &B, const std::string &PathA,
                         const std::string &PathB, const CompareOptions &Opts) {
  json C;
  C["schema"] = 1;
  C["tool"] = "clspread-run";
  C["a"] = {{"file", PathA},
            {"device", A.value("device", "")},
            {"date", A.value("date", "")}};
  C["b"] = {{"file", PathB},
            {"device", B.value("device", "")},
            {"date", B.value("date", "")}};
  C["tolerance"] = {{"rtol", Opts.RTol}, {"atol", Opts.ATol}};
  json Warnings = json::array();
  if (A.value("plan_fnv1a64", "") != B.value("plan_fnv1a64", ""))
    Warnings.push_back(
        "the two runs used different plan files (plan_fnv1a64 differs)");
  if (A.value("seed", json()) != B.value("seed", json()))
    Warnings.push_back("the two runs used different seeds: inputs differ, so "
                       "outputs will too");

  std::vector<std::string> Ids;
  for (const json *M : {&A, &B})
    for (const json &R : (*M)["results"]) {
      std::string Id = R.value("id", "");
      if (std::find(Ids.begin(), Ids.end(), Id) == Ids.end())
        Ids.push_back(Id);
    }

  json Kernels = json::array();
  std::map<std::string, int> Count;
  for (const std::string &Id : Ids) {
    const json *RA = findResult(A, Id), *RB = findResult(B, Id);
    json K;
    K["id"] = Id;
    K["status_a"] = RA ? (*RA).value("status", "") : "missing";
    K["status_b"] = RB ? (*RB).value("status", "") : "missing";
    double MA = RA ? num(*RA, "median_s") : NAN,
           MB = RB ? num(*RB, "median_s") : NAN;
    K["median_a_s"] = std::isnan(MA) ? json(nullptr) : json(MA);
    K["median_b_s"] = std::isnan(MB) ? json(nullptr) : json(MB);
    K["ratio_b_a"] = std::isnan(MA) || std::isnan(MB) || MA <= 0
                         ? json(nullptr)
                         : json(MB / MA);
    if (K["status_a"] != "ok" || K["status_b"] != "ok") {
      K["verdict"] = "not_compared";
      Kernels.push_back(K);
      ++Count["not_compared"];
      continue;
    }
    std::set<std::string> Names;
    for (const json *R : {RA, RB}) {
      json Sums = member(*R, "checksums"); // items() must not see a temporary
      for (auto It = Sums.begin(); It != Sums.end(); ++It)
        Names.insert(It.key());
    }
    json Outputs = json::object();
    std::string Verdict = "identical";
    for (const std::string &N : Names) {
      json O = compareOutput(*RA, *RB, N, Opts);
      std::string V = O["verdict"];
      if (V == "differ")
        Verdict = "differ";
      else if (V == "close" && Verdict == "identical")
        Verdict = "close";
      Outputs[N] = O;
    }
    K["outputs"] = Outputs;
    K["verdict"] = Verdict;
    json Notes = json::array();
    for (const auto &[Side, R] :
         {std::pair<const char *, const json *>{"A", RA}, {"B", RB}})
      if (R->value("deterministic", json()) == json(false))
        Notes.push_back(std::string("output differs between launches in ") +
                        Side);
    K["notes"] = Notes;
    ++Count[Verdict];
    Kernels.push_back(K);
  }
  C["warnings"] = Warnings;
  C["kernels"] = Kernels;
  C["summary"] = {{"identical", Count["identical"]},
                  {"close", Count["close"]},
                  {"differ", Count["differ"]},
                  {"not_compared", Count["not_compared"]}};
  C["ok"] = Count["differ"] == 0 && Count["not_compared"] == 0;
  return C;
}

static std::string timeText(const json &V) {
  return V.is_number() ? durationText(V.get<double>()) : "-";
}

void printComparison(std::ostream &OS, const json &C) {
  OS << "A: " << C["a"]["file"].get<std::string>() << " ("
     << C["a"]["device"].get<std::string>() << ")\n"
     << "B: " << C["b"]["file"].get<std::string>() << " ("
     << C["b"]["device"].get<std::string>() << ")\n";
  for (const json &W : C["warnings"])
    OS << "warning: " << W.get<std::string>() << "\n";
  size_t Width = 6;
  for (const json &K : C["kernels"])
    Width = std::max(Width, K["id"].get<std::string>().size());
  OS << std::left << std::setw(int(Width)) << "kernel" << "  " << std::setw(12)
     << "verdict" << std::right << std::setw(12) << "A median" << std::setw(12)
     << "B median" << std::setw(9) << "B/A" << "\n";
  for (const json &K : C["kernels"]) {
    std::string Verdict = K["verdict"];
    if (Verdict == "not_compared")
      Verdict = "not compared";
    char Ratio[32] = "-";
    if (K["ratio_b_a"].is_number())
      std::snprintf(Ratio, sizeof Ratio, "%.3f", K["ratio_b_a"].get<double>());
    OS << std::left << std::setw(int(Width)) << K["id"].get<std::string>()
       << "  " << std::setw(12) << Verdict << std::right << std::setw(12)
       << timeText(K["median_a_s"]) << std::setw(12)
       << timeText(K["median_b_s"]) << std::setw(9) << Ratio;
    if (K["verdict"] == "not_compared")
      OS << "  (status " << K["status_a"].get<std::string>() << " / "
         << K["status_b"].get<std::string>() << ")";
    OS << "\n";
    if (K.contains("outputs"))
      for (auto It = K["outputs"].begin(); It != K["outputs"].end(); ++It)
        if ((*It)["verdict"] == "differ")
          OS << "    " << It.key() << ": " << (*It).value("reason", "differs")
             << "\n";
    if (K.contains("notes"))
      for (const json &N : K["notes"])
        OS << "    note: " << N.get<std::string>() << "\n";
  }
  const json &S = C["summary"];
  OS << S["identical"] << " identical, " << S["close"] << " close, "
     << S["differ"] << " differ, " << S["not_compared"] << " not compared\n";
}

} // namespace clspread::runtime

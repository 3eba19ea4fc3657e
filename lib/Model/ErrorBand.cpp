//===- ErrorBand.cpp - How far a profile's estimates are usually off ------===//
#include "Model/ErrorBand.h"
#include "Support/Statistics.h"

#include <fmt/format.h>

#include "llvm/ADT/StringRef.h"

#include <algorithm>

namespace clspread {

std::string bandPercent(double Fraction) {
  double Pct = Fraction * 100;
  return Pct < 9.95 ? fmt::format("{:.1f}%", Pct) : fmt::format("{:.0f}%", Pct);
}

std::string ErrorBand::text() const {
  std::string Of =
      fmt::format("{} {}kernel{}{}", Kernels,
                  Class ? std::string(boundName(*Class)) + "-bound " : "",
                  Kernels == 1 ? "" : "s",
                  Suites > 1 ? fmt::format(" of {} suites", Suites) : "");
  return fmt::format("typically within ±{}, 90% within ±{}: {} measured on "
                     "{}, {}",
                     bandPercent(Median), bandPercent(P90), Of,
                     Device.empty() ? "several devices" : Device, Date);
}

std::string bandText(const std::optional<ErrorBand> &Band) {
  return Band ? Band->text()
              : "error unknown: the profile has no validation (clspread "
                "validate --update-profile records one)";
}

std::array<std::optional<ErrorBand>, 3>
errorBands(const std::vector<ValidationRecord> &Records) {
  std::array<std::optional<ErrorBand>, 3> Out;
  std::array<std::vector<double>, 3> ByClass;
  std::vector<double> All;
  std::string Device, Date;
  bool SameDevice = true;
  for (const ValidationRecord &R : Records) {
    for (size_t C = 0; C < 3; ++C) {
      ByClass[C].insert(ByClass[C].end(), R.AbsErrors[C].begin(),
                        R.AbsErrors[C].end());
      All.insert(All.end(), R.AbsErrors[C].begin(), R.AbsErrors[C].end());
    }
    if (Device.empty())
      Device = R.Device;
    SameDevice &= R.Device == Device;
    Date = std::max(Date, R.Date); // ISO dates order as text
  }
  if (All.empty())
    return Out;
  auto band = [&](const std::vector<double> &E, std::optional<Bound> Class) {
    ErrorBand B;
    B.Median = percentile(E, 0.5);
    B.P90 = percentile(E, 0.9);
    B.Kernels = unsigned(E.size());
    B.Suites = unsigned(Records.size());
    B.Class = Class;
    B.Device = SameDevice ? Device : "";
    B.Date = Date;
    return B;
  };
  ErrorBand Overall = band(All, std::nullopt);
  for (size_t C = 0; C < 3; ++C)
    Out[C] = ByClass[C].size() >= MinKernelsPerBoundClass &&
                     ByClass[C].size() < All.size()
                 ? band(ByClass[C], Bound(C))
                 : Overall;
  return Out;
}

/// A YAML double-quoted scalar.
static std::string quoted(llvm::StringRef S) {
  std::string Q = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Q += '\\';
    if (C == '\n') {
      Q += "\\n";
      continue;
    }
    Q += C;
  }
  return Q + "\"";
}

std::string validationYaml(const std::vector<ValidationRecord> &Records) {
  std::string Y = "validation:\n"
                  "  # What `clspread validate --update-profile` measured: "
                  "the |error| of\n"
                  "  # each kernel by its bound. Every estimate on this "
                  "profile carries the\n"
                  "  # median and 90th percentile of these "
                  "(docs/model.md, \"Error bands\").\n";
  for (const ValidationRecord &R : Records) {
    if (!R.Report.empty()) {
      Y += fmt::format("  - report: {}\n", quoted(R.Report));
      continue;
    }
    Y += fmt::format("  - suite: {}\n    date: {}\n    device: {}\n"
                     "    abs_errors:\n",
                     quoted(R.Suite), quoted(R.Date), quoted(R.Device));
    for (size_t C = 0; C < 3; ++C) {
      if (R.AbsErrors[C].empty())
        continue;
      std::vector<double> E = R.AbsErrors[C];
      std::sort(E.begin(), E.end());
      std::vector<std::string> Items;
      for (double V : E)
        Items.push_back(fmt::format("{:.4g}", V));
      Y += fmt::format("      {}: [{}]\n", boundName(Bound(C)),
                       fmt::join(Items, ", "));
    }
  }
  return Y;
}

std::string replaceValidationBlock(const std::string &ProfileText,
                                   const std::string &Block) {
  llvm::StringRef T(ProfileText);
  size_t Begin = std::string::npos;
  for (size_t Pos = 0; Pos < T.size();) {
    size_t End = T.find('\n', Pos);
    llvm::StringRef Line =
        T.slice(Pos, End == llvm::StringRef::npos ? T.size() : End);
    if (Line.starts_with("validation:")) {
      Begin = Pos;
      break;
    }
    if (End == llvm::StringRef::npos)
      break;
    Pos = End + 1;
  }
  if (Begin == std::string::npos) {
    std::string Out = ProfileText;
    if (!Out.empty() && Out.back() != '\n')
      Out += '\n';
    return Out + Block;
  }
  // The block is its first line and the indented lines after it, up to
  // the next top-level key; comments in column 0 before that key are the
  // key's and stay.
  size_t End = T.size(), Pos = T.find('\n', Begin);
  End = Pos == llvm::StringRef::npos ? T.size() : Pos + 1;
  while (Pos != llvm::StringRef::npos && Pos + 1 < T.size()) {
    size_t Next = T.find('\n', Pos + 1);
    llvm::StringRef Line =
        T.slice(Pos + 1, Next == llvm::StringRef::npos ? T.size() : Next);
    if (!Line.empty() && Line[0] != ' ' && Line[0] != '\t' && Line[0] != '-' &&
        Line[0] != '#')
      break;
    if (!Line.trim().empty() && Line[0] != '#')
      End = Next == llvm::StringRef::npos ? T.size() : Next + 1;
    Pos = Next;
  }
  return ProfileText.substr(0, Begin) + Block + ProfileText.substr(End);
}

} // namespace clspread

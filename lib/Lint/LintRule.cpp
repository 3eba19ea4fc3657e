//===- LintRule.cpp - Source text, rule options and the finding sink ------===//
#include "Lint/LintRule.h"

#include <cmath>

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>

using namespace llvm;

namespace clspread {

const char *launchOriginName(LaunchOrigin O) {
  switch (O) {
  case LaunchOrigin::None:
    return "none";
  case LaunchOrigin::CommandLine:
    return "command line";
  case LaunchOrigin::Config:
    return "configuration";
  case LaunchOrigin::Comment:
    return "source comment";
  case LaunchOrigin::Manifest:
    return "suite manifest";
  }
  return "none";
}

SourceFile::SourceFile(std::string P, std::string T)
    : Path(std::move(P)), Text(std::move(T)) {
  Starts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n' && I + 1 < Text.size())
      Starts.push_back(I + 1);
}

StringRef SourceFile::line(unsigned N) const {
  if (N == 0 || N > Starts.size())
    return "";
  StringRef S = StringRef(Text).substr(Starts[N - 1]);
  S = S.take_until([](char C) { return C == '\n'; });
  return S.rtrim('\r');
}

unsigned SourceFile::column(unsigned N, StringRef Token, unsigned From) const {
  StringRef L = line(N);
  if (From == 0)
    From = 1;
  size_t P = L.find(Token, From - 1);
  return P == StringRef::npos ? 0 : unsigned(P + 1);
}

unsigned SourceFile::firstColumn(unsigned N) const {
  StringRef L = line(N);
  size_t P = L.find_first_not_of(" \t");
  return P == StringRef::npos ? 1 : unsigned(P + 1);
}

std::pair<unsigned, unsigned> KernelContext::kernelPlace() const {
  unsigned L = Counts.Loc.Line ? Counts.Loc.Line : 1;
  // The declaration may start a line or two above the name (attributes,
  // `__kernel` on its own line): look for the keyword there first.
  for (unsigned N = L; N + 2 >= L && N >= 1; --N) {
    if (unsigned C = Source.column(N, "__kernel"))
      return {N, C};
    if (unsigned C = Source.column(N, "kernel "))
      return {N, C};
  }
  return {L, Source.firstColumn(L)};
}

std::pair<unsigned, unsigned> KernelContext::reqdAttributePlace() const {
  auto [Line, Col] = kernelPlace();
  for (unsigned N = Line; N + 3 >= Line && N >= 1; --N)
    if (unsigned A = Source.column(N, "reqd_work_group_size"))
      return {N, A};
  return {Line, Col};
}

std::string shortTime(double S) {
  return S >= 1e-3 ? fmt::format("{:.3g} ms", S * 1e3)
                   : fmt::format("{:.3g} us", S * 1e6);
}

std::string KernelContext::gainText(const Estimate &Fixed) const {
  double Gain = Est.TKernelS - Fixed.TKernelS;
  if (Gain <= 0 || Est.TKernelS <= 0)
    return "";
  return fmt::format("estimated gain on {}: {} of {} ({:.0f}%)", Profile.Id,
                     shortTime(Gain), shortTime(Est.TKernelS),
                     100 * Gain / Est.TKernelS);
}

static std::string formatNumber(double V) { return fmt::format("{}", V); }

double RuleOptions::number(StringRef Name, double Default, StringRef Help) {
  double V = Default;
  auto It = Given.find(Name.str());
  if (It != Given.end()) {
    StringRef T = StringRef(It->second).trim();
    if (T.getAsDouble(V))
      Bad.push_back(fmt::format("option '{}' expects a number, got '{}'",
                                Name.str(), It->second));
    // Every numeric option is a threshold ("Min..."): zero, negative, inf
    // or nan is a mistake, not a setting (tests/bad-input).
    else if (!std::isfinite(V) || V <= 0) {
      Bad.push_back(fmt::format("option '{}' must be a positive number, got "
                                "'{}'",
                                Name.str(), It->second));
      V = Default;
    }
  }
  Read.push_back(
      {Name.str(), formatNumber(V), formatNumber(Default), Help.str()});
  return V;
}

bool RuleOptions::flag(StringRef Name, bool Default, StringRef Help) {
  bool V = Default;
  auto It = Given.find(Name.str());
  if (It != Given.end()) {
    std::string T = StringRef(It->second).trim().lower();
    if (T == "true" || T == "1" || T == "yes" || T == "on")
      V = true;
    else if (T == "false" || T == "0" || T == "no" || T == "off")
      V = false;
    else
      Bad.push_back(fmt::format("option '{}' expects true or false, got '{}'",
                                Name.str(), It->second));
  }
  Read.push_back({Name.str(), V ? "true" : "false", Default ? "true" : "false",
                  Help.str()});
  return V;
}

std::string RuleOptions::text(StringRef Name, StringRef Default,
                              StringRef Help) {
  std::string V = Default.str();
  if (auto It = Given.find(Name.str()); It != Given.end())
    V = It->second;
  Read.push_back({Name.str(), V, Default.str(), Help.str()});
  return V;
}

std::vector<std::string> RuleOptions::problems() const {
  std::vector<std::string> Out = Bad;
  for (const auto &[Name, Value] : Given) {
    bool Known = false;
    for (const Entry &E : Read)
      Known |= E.Name == Name;
    if (!Known) {
      std::string Names;
      for (const Entry &E : Read)
        Names += (Names.empty() ? "" : ", ") + E.Name;
      Out.push_back(fmt::format("unknown option '{}' (options: {})", Name,
                                Names.empty() ? "none" : Names));
    }
  }
  return Out;
}

Finding &FindingSink::report(unsigned Line, unsigned Col, std::string Message,
                             std::optional<Severity> S) {
  Finding F;
  F.RuleId = RuleId;
  F.Sev = S ? *S : Sev;
  F.Loc = {File, Line, Col ? Col : 1};
  F.Message = std::move(Message);
  F.Kernel = Kernel;
  Out.push_back(std::move(F));
  return Out.back();
}

Finding &FindingSink::report(const SourceLoc &At, std::string Message,
                             std::optional<Severity> S) {
  Finding &F = report(At.Line, At.Col, std::move(Message), S);
  if (!At.File.empty())
    F.Loc.File = At.File;
  return F;
}

} // namespace clspread

//===- Suite.cpp - Loading and validating the kernel suite manifest -------===//
//
// Schema 1 of kernels/suite.yaml (see docs/kernels.md):
//
//   schema: 1
//   kernels:
//     - id: median-x4            # required, unique
//       file: median.cl          # required, relative to the manifest
//       kernel: median_x4        # required, a function in that file
//       variant_of: median       # optional job name, >= 2 entries per job
//       description: ...
//       global: [1024, 4096]     # required, 1-3 positive sizes
//       local: [16, 16]          # optional, divides global
//       args: { width: 4096 }    # scalar args: integer or float
//       build_options: -DX=1
//       buffers: { id: 64 MiB }  # optional byte sizes by argument name
//       quick: { global: [16, 64], local: [16, 16], args: { width: 64 } }
//
//===----------------------------------------------------------------------===//
#include "Suite/Suite.h"
#include "Analysis/LoopLines.h"
#include "Frontend/OpenCLFrontend.h"
#include "Support/Embedded.h"
#include "Support/InputFile.h"
#include "Support/Quantity.h"
#include "Support/YamlFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>

namespace clspread {

CLSPREAD_DECLARE_EMBEDDED(embeddedKernels);

const SuiteEntry *Suite::find(std::string_view Id) const {
  for (const SuiteEntry &E : Entries)
    if (E.Id == Id)
      return &E;
  return nullptr;
}

std::vector<const SuiteEntry *> Suite::variants(std::string_view Job) const {
  std::vector<const SuiteEntry *> Out;
  if (Job.empty())
    return Out;
  for (const SuiteEntry &E : Entries)
    if (E.VariantOf == Job)
      Out.push_back(&E);
  return Out;
}

std::vector<std::string> Suite::jobs() const {
  std::vector<std::string> Out;
  for (const SuiteEntry &E : Entries)
    if (!E.VariantOf.empty() &&
        std::find(Out.begin(), Out.end(), E.VariantOf) == Out.end())
      Out.push_back(E.VariantOf);
  return Out;
}

namespace {

/// Builds `FILE:LINE:COL: error: MESSAGE` errors from yaml-cpp marks.
class Diag {
public:
  explicit Diag(std::string_view FileName) : FileName(FileName) {}
  const std::string &file() const { return FileName; }

  llvm::Error at(const YAML::Mark &M, const std::string &Msg) const {
    return yamlError(FileName, M, Msg);
  }

private:
  std::string FileName;
};

/// A map's keys checked against the allowed and required ones; looks up
/// values by key with their marks kept.
class MapFields {
public:
  MapFields(const YAML::Node &Map) : Map(Map) {}

  /// Fails on a key that is not a plain scalar, unknown or repeated.
  llvm::Error checkKeys(const Diag &D,
                        std::initializer_list<const char *> Allowed,
                        const std::string &Where) {
    for (auto KV : Map) {
      const YAML::Node &Key = KV.first;
      if (!Key.IsScalar())
        return D.at(Key.Mark(),
                    fmt::format("keys in {} must be plain names", Where));
      const std::string &Name = Key.Scalar();
      bool Known = std::any_of(Allowed.begin(), Allowed.end(),
                               [&](const char *A) { return Name == A; });
      if (!Known)
        return D.at(Key.Mark(),
                    fmt::format("unknown key '{}' in {}", Name, Where));
      if (Fields.count(Name))
        return D.at(Key.Mark(),
                    fmt::format("duplicate key '{}' in {}", Name, Where));
      Fields.emplace(Name, KV.second);
    }
    return llvm::Error::success();
  }

  llvm::Error require(const Diag &D, std::initializer_list<const char *> Keys,
                      const std::string &Where) const {
    for (const char *K : Keys)
      if (!Fields.count(K))
        return D.at(Map.Mark(),
                    fmt::format("missing required key '{}' in {}", K, Where));
    return llvm::Error::success();
  }

  const YAML::Node *get(const std::string &Key) const {
    auto It = Fields.find(Key);
    return It == Fields.end() ? nullptr : &It->second;
  }

private:
  YAML::Node Map;
  std::map<std::string, YAML::Node> Fields;
};

class Parser {
public:
  Parser(std::string_view FileName, SourceReader ReadSource)
      : D(FileName), ReadSource(std::move(ReadSource)) {}

  llvm::Expected<Suite> parse(std::string_view Text);

private:
  llvm::Error parseEntry(const YAML::Node &N, SuiteEntry &E);
  llvm::Error parsePipelines(const YAML::Node &N, Suite &S);
  llvm::Expected<std::string> scalar(const YAML::Node &N,
                                     const std::string &What);
  llvm::Error parseSizes(const YAML::Node &N, const std::string &What,
                         unsigned &Dims, std::array<uint64_t, 3> &Sizes);
  llvm::Error parseLocal(const YAML::Node &N, const std::string &What,
                         LaunchSpec &L);
  llvm::Error checkDivides(const YAML::Mark &M, const std::string &Prefix,
                           const LaunchSpec &L);
  llvm::Error parseArgs(const YAML::Node &N,
                        std::map<std::string, ArgValue> &Args);
  llvm::Error parseQuick(const YAML::Node &N, SuiteEntry &E);
  llvm::Error parseBufferMap(const YAML::Node &N, const std::string &Name,
                             SuiteEntry &E);
  llvm::Error checkVariants(const Suite &S);

  Diag D;
  SourceReader ReadSource;
  std::map<std::string, std::string> Sources; ///< file -> text, read once
  /// Marks of each entry's `id` and `variant_of` values, for later checks.
  std::vector<YAML::Mark> IdMarks, VariantMarks;
};

llvm::Expected<std::string> Parser::scalar(const YAML::Node &N,
                                           const std::string &What) {
  if (!N.IsScalar())
    return D.at(N.Mark(), fmt::format("{} must be a single value", What));
  return N.Scalar();
}

static bool isName(const std::string &S) {
  return !S.empty() && std::all_of(S.begin(), S.end(), [](char C) {
    return std::isalnum((unsigned char)C) || C == '-' || C == '_' || C == '.';
  });
}

static bool isIdentifier(const std::string &S) {
  return !S.empty() && !std::isdigit((unsigned char)S[0]) &&
         std::all_of(S.begin(), S.end(), [](char C) {
           return std::isalnum((unsigned char)C) || C == '_';
         });
}

/// Whether \p Source mentions \p Name as an identifier followed by '('.
static bool mentionsFunction(const std::string &Source,
                             const std::string &Name) {
  auto IsIdent = [](char C) {
    return std::isalnum((unsigned char)C) || C == '_';
  };
  for (size_t Pos = Source.find(Name); Pos != std::string::npos;
       Pos = Source.find(Name, Pos + 1)) {
    if (Pos > 0 && IsIdent(Source[Pos - 1]))
      continue;
    size_t After = Pos + Name.size();
    while (After < Source.size() && std::isspace((unsigned char)Source[After]))
      ++After;
    if (After < Source.size() && Source[After] == '(')
      return true;
  }
  return false;
}

llvm::Error Parser::parseSizes(const YAML::Node &N, const std::string &What,
                               unsigned &Dims, std::array<uint64_t, 3> &Sizes) {
  std::vector<YAML::Node> Items;
  if (N.IsSequence()) {
    for (const YAML::Node &I : N)
      Items.push_back(I);
  } else if (N.IsScalar()) {
    Items.push_back(N);
  } else {
    return D.at(N.Mark(),
                fmt::format("{} must be a list of 1 to 3 sizes", What));
  }
  if (Items.empty())
    return D.at(N.Mark(),
                fmt::format("{} must be a list of 1 to 3 sizes", What));
  if (Items.size() > 3)
    return D.at(N.Mark(), fmt::format("{} has {} sizes; at most 3 are allowed",
                                      What, Items.size()));
  Sizes = {1, 1, 1};
  for (size_t I = 0; I < Items.size(); ++I) {
    const YAML::Node &Item = Items[I];
    if (!Item.IsScalar())
      return D.at(Item.Mark(), fmt::format("{} sizes must be integers", What));
    const std::string &T = Item.Scalar();
    bool Digits = !T.empty() && std::all_of(T.begin(), T.end(), [](char C) {
      return std::isdigit((unsigned char)C);
    });
    errno = 0;
    unsigned long long V = Digits ? std::strtoull(T.c_str(), nullptr, 10) : 0;
    if (!Digits || errno)
      return D.at(
          Item.Mark(),
          fmt::format("{} size '{}' is not a positive integer", What, T));
    if (V == 0)
      return D.at(Item.Mark(), fmt::format("{} size must be positive, got 0 in "
                                           "dimension {}",
                                           What, I));
    Sizes[I] = V;
  }
  Dims = unsigned(Items.size());
  if (!workItemsFit(Sizes, Dims))
    return D.at(N.Mark(), fmt::format("{} sizes make 2^40 or more "
                                      "work-items; clspread takes fewer",
                                      What));
  return llvm::Error::success();
}

llvm::Error Parser::parseLocal(const YAML::Node &N, const std::string &What,
                               LaunchSpec &L) {
  unsigned Dims = 0;
  std::array<uint64_t, 3> Sizes;
  if (llvm::Error Err = parseSizes(N, What, Dims, Sizes))
    return Err;
  if (Dims != L.Dims)
    return D.at(N.Mark(), fmt::format("{} has {} sizes but global has {}", What,
                                      Dims, L.Dims));
  L.Local = Sizes;
  return checkDivides(N.Mark(), What, L);
}

llvm::Error Parser::checkDivides(const YAML::Mark &M, const std::string &What,
                                 const LaunchSpec &L) {
  for (unsigned I = 0; I < L.Dims; ++I)
    if (L.Global[I] % (*L.Local)[I] != 0)
      return D.at(M, fmt::format("{} size {} does not divide global size {} in "
                                 "dimension {}",
                                 What, (*L.Local)[I], L.Global[I], I));
  return llvm::Error::success();
}

llvm::Error Parser::parseArgs(const YAML::Node &N,
                              std::map<std::string, ArgValue> &Args) {
  if (!N.IsMap())
    return D.at(N.Mark(), "args must be a map of argument name to number");
  std::set<std::string> Seen;
  for (auto KV : N) {
    const YAML::Node &Key = KV.first, &Value = KV.second;
    if (!Key.IsScalar() || !isIdentifier(Key.Scalar()))
      return D.at(Key.Mark(), "argument names must be C identifiers");
    const std::string &Name = Key.Scalar();
    if (!Seen.insert(Name).second)
      return D.at(Key.Mark(), fmt::format("duplicate argument '{}'", Name));
    if (!Value.IsScalar())
      return D.at(Value.Mark(),
                  fmt::format("argument '{}' must be a number", Name));
    const std::string &T = Value.Scalar();
    auto V = parseArgValue(T);
    if (!V || (V->IsFloat && !std::isfinite(V->Float)))
      return D.at(Value.Mark(), fmt::format("argument '{}' must be a number, "
                                            "got '{}'",
                                            Name, T));
    Args[Name] = *V;
  }
  return llvm::Error::success();
}

llvm::Error Parser::parseQuick(const YAML::Node &N, SuiteEntry &E) {
  if (!N.IsMap())
    return D.at(N.Mark(), "quick must be a map with keys global, local, args");
  MapFields F(N);
  if (llvm::Error Err = F.checkKeys(D, {"global", "local", "args"}, "quick"))
    return Err;
  if (llvm::Error Err = F.require(D, {"global"}, "quick"))
    return Err;
  LaunchSpec &Q = E.Quick;
  Q = LaunchSpec();
  if (llvm::Error Err =
          parseSizes(*F.get("global"), "quick global", Q.Dims, Q.Global))
    return Err;
  if (const YAML::Node *L = F.get("local")) {
    if (llvm::Error Err = parseLocal(*L, "quick local", Q))
      return Err;
  } else if (E.Launch.Local) {
    // Inherit the full launch's local size.
    if (E.Launch.Dims != Q.Dims)
      return D.at(F.get("global")->Mark(),
                  fmt::format("quick global has {} sizes but the full launch's "
                              "local has {}; give quick a local size",
                              Q.Dims, E.Launch.Dims));
    Q.Local = E.Launch.Local;
    if (llvm::Error Err = checkDivides(F.get("global")->Mark(),
                                       "local (from the full launch)", Q))
      return Err;
  }
  Q.Args = E.Launch.Args;
  if (const YAML::Node *A = F.get("args")) {
    std::map<std::string, ArgValue> Over;
    if (llvm::Error Err = parseArgs(*A, Over))
      return Err;
    for (auto &[K, V] : Over)
      Q.Args[K] = V;
  }
  return llvm::Error::success();
}

/// A number of a buffer's contents: an integer or a decimal.
static std::optional<double> contentNumber(const std::string &T) {
  llvm::StringRef S = llvm::StringRef(T).trim();
  double V;
  if (S.empty() || S.getAsDouble(V) || !std::isfinite(V))
    return std::nullopt;
  return V;
}

/// `range: "[0, 1024)"` (brackets say which ends are included) or
/// `range: [lo, hi]` (both included); integer ends of a half-open range
/// step in by one.
static std::optional<std::pair<double, double>>
contentRange(const YAML::Node &N) {
  std::optional<double> Lo, Hi;
  bool LoOpen = false, HiOpen = false;
  if (N.IsSequence() && N.size() == 2 && N[0].IsScalar() && N[1].IsScalar()) {
    Lo = contentNumber(N[0].Scalar());
    Hi = contentNumber(N[1].Scalar());
  } else if (N.IsScalar()) {
    llvm::StringRef S = llvm::StringRef(N.Scalar()).trim();
    if (S.size() < 5 || (S.front() != '[' && S.front() != '(') ||
        (S.back() != ']' && S.back() != ')'))
      return std::nullopt;
    LoOpen = S.front() == '(';
    HiOpen = S.back() == ')';
    auto [A, B] = S.drop_front().drop_back().split(',');
    Lo = contentNumber(A.str());
    Hi = contentNumber(B.str());
  }
  if (!Lo || !Hi)
    return std::nullopt;
  if (LoOpen)
    *Lo += 1;
  if (HiOpen)
    *Hi -= 1;
  if (*Lo > *Hi)
    return std::nullopt;
  return std::make_pair(*Lo, *Hi);
}

llvm::Error Parser::parseBufferMap(const YAML::Node &N, const std::string &Name,
                                   SuiteEntry &E) {
  MapFields F(N);
  std::string Where = fmt::format("buffer '{}'", Name);
  if (llvm::Error Err = F.checkKeys(
          D, {"bytes", "range", "sorted", "permutation", "monotone"}, Where))
    return Err;
  if (const YAML::Node *B = F.get("bytes")) {
    std::optional<uint64_t> Bytes;
    if (B->IsScalar())
      Bytes = parseByteCount(B->Scalar());
    if (!Bytes)
      return D.at(B->Mark(), fmt::format("bad size for buffer '{}': expected a "
                                         "positive byte count such as '16 MiB'",
                                         Name));
    E.BufferBytes[Name] = *Bytes;
  }
  BufferContents C;
  if (const YAML::Node *R = F.get("range")) {
    C.Range = contentRange(*R);
    if (!C.Range)
      return D.at(
          R->Mark(),
          fmt::format("bad range for buffer '{}': expected \"[lo, hi)\" "
                      "(quoted; brackets include an end, parentheses "
                      "exclude it) or [lo, hi] with lo <= hi",
                      Name));
  }
  int Orders = 0;
  if (const YAML::Node *S = F.get("sorted")) {
    if (!S->IsScalar() || (S->Scalar() != "true" && S->Scalar() != "false"))
      return D.at(S->Mark(), "sorted must be true or false");
    if (S->Scalar() == "true") {
      C.Order = "sorted";
      ++Orders;
    }
  }
  if (const YAML::Node *P = F.get("permutation")) {
    uint64_t Count = 0;
    if (!P->IsScalar() ||
        llvm::StringRef(P->Scalar()).getAsInteger(10, Count) || Count == 0)
      return D.at(P->Mark(), fmt::format("permutation of buffer '{}' must be a "
                                         "positive count N (values 0 to N-1)",
                                         Name));
    if (C.Range)
      return D.at(P->Mark(), "give either permutation or range, not both");
    C.Order = "permutation";
    C.Range = std::make_pair(0.0, double(Count - 1));
    ++Orders;
  }
  if (const YAML::Node *M = F.get("monotone")) {
    std::optional<std::pair<double, double>> R = contentRange(*M);
    if (!R)
      return D.at(M->Mark(), fmt::format("monotone of buffer '{}' must be "
                                         "[first, last] with first <= last",
                                         Name));
    if (C.Range)
      return D.at(M->Mark(), "give either monotone or range, not both");
    C.Order = "monotone";
    C.Range = R;
    ++Orders;
  }
  if (Orders > 1)
    return D.at(N.Mark(), fmt::format("buffer '{}': sorted, permutation and "
                                      "monotone exclude each other",
                                      Name));
  if (C.Range || !C.Order.empty())
    E.BufferFills[Name] = C;
  return llvm::Error::success();
}

llvm::Error Parser::parseEntry(const YAML::Node &N, SuiteEntry &E) {
  if (!N.IsMap())
    return D.at(N.Mark(), "a kernel entry must be a map");
  MapFields F(N);
  if (llvm::Error Err =
          F.checkKeys(D,
                      {"id", "file", "kernel", "variant_of", "description",
                       "global", "local", "args", "build_options", "buffers",
                       "quick", "trips", "per_compute_unit"},
                      "kernel entry"))
    return Err;
  if (llvm::Error Err = F.require(D, {"id"}, "kernel entry"))
    return Err;

  auto Str = [&](const char *Key, std::string &Out) -> llvm::Error {
    const YAML::Node *V = F.get(Key);
    if (!V)
      return llvm::Error::success();
    auto S = scalar(*V, Key);
    if (!S)
      return S.takeError();
    Out = *S;
    return llvm::Error::success();
  };
  if (llvm::Error Err = Str("id", E.Id))
    return Err;
  if (!isName(E.Id))
    return D.at(F.get("id")->Mark(),
                fmt::format("id '{}' may only contain letters, digits, '-', "
                            "'_' and '.'",
                            E.Id));
  std::string Where = fmt::format("kernel entry '{}'", E.Id);
  if (llvm::Error Err = F.require(D, {"file", "kernel", "global"}, Where))
    return Err;
  for (auto [Key, Out] :
       {std::pair<const char *, std::string *>{"file", &E.File},
        {"kernel", &E.Kernel},
        {"variant_of", &E.VariantOf},
        {"description", &E.Description},
        {"build_options", &E.BuildOptions}})
    if (llvm::Error Err = Str(Key, *Out))
      return Err;
  // Build options as a shell splits them; one a kernel build cannot take
  // (-o, -E, -c, ...) or that lacks its value is an error here, at its
  // place, not a crash or a file written later.
  if (const YAML::Node *B = F.get("build_options")) {
    FrontendOptions Probe;
    if (llvm::Error Err = applyBuildOptions(E.BuildOptions, Probe))
      return D.at(B->Mark(), llvm::toString(std::move(Err)));
  }
  if (const YAML::Node *V = F.get("variant_of"); V && !isName(E.VariantOf))
    return D.at(V->Mark(), fmt::format("variant_of '{}' may only contain "
                                       "letters, digits, '-', '_' and '.'",
                                       E.VariantOf));
  if (!isIdentifier(E.Kernel))
    return D.at(F.get("kernel")->Mark(),
                fmt::format("kernel '{}' is not a function name", E.Kernel));

  LaunchSpec &L = E.Launch;
  if (llvm::Error Err =
          parseSizes(*F.get("global"), "global", L.Dims, L.Global))
    return Err;
  if (const YAML::Node *Local = F.get("local"))
    if (llvm::Error Err = parseLocal(*Local, "local", L))
      return Err;
  if (const YAML::Node *A = F.get("args"))
    if (llvm::Error Err = parseArgs(*A, L.Args))
      return Err;
  if (const YAML::Node *Q = F.get("quick")) {
    if (llvm::Error Err = parseQuick(*Q, E))
      return Err;
  } else {
    E.Quick = E.Launch;
  }

  if (const YAML::Node *P = F.get("per_compute_unit")) {
    if (!P->IsScalar() || (P->Scalar() != "true" && P->Scalar() != "false"))
      return D.at(P->Mark(), "per_compute_unit must be true or false");
    E.PerComputeUnit = P->Scalar() == "true";
  }

  if (const YAML::Node *B = F.get("buffers")) {
    if (!B->IsMap())
      return D.at(B->Mark(), "buffers must be a map of argument name to size");
    for (auto KV : *B) {
      const YAML::Node &Key = KV.first, &Value = KV.second;
      if (!Key.IsScalar() || !isIdentifier(Key.Scalar()))
        return D.at(Key.Mark(), "buffer names must be C identifiers");
      if (E.BufferBytes.count(Key.Scalar()))
        return D.at(Key.Mark(),
                    fmt::format("duplicate buffer '{}'", Key.Scalar()));
      const std::string Name = Key.Scalar();
      if (Value.IsMap()) {
        if (llvm::Error Err = parseBufferMap(Value, Name, E))
          return Err;
        continue;
      }
      std::optional<uint64_t> Bytes;
      if (Value.IsScalar())
        Bytes = parseByteCount(Value.Scalar());
      if (!Bytes)
        return D.at(Value.Mark(),
                    fmt::format("bad size for buffer '{}': expected a positive "
                                "byte count such as '16 MiB', or a map with "
                                "bytes, range, sorted, permutation, monotone",
                                Key.Scalar()));
      E.BufferBytes[Key.Scalar()] = *Bytes;
    }
  }

  // The source, read once per file.
  auto It = Sources.find(E.File);
  if (It == Sources.end()) {
    llvm::Expected<std::string> Text = ReadSource(E.File);
    if (!Text)
      return D.at(F.get("file")->Mark(),
                  fmt::format("cannot read kernel file '{}': {}", E.File,
                              llvm::toString(Text.takeError())));
    It = Sources.emplace(E.File, std::move(*Text)).first;
  }
  E.Source = It->second;
  if (!mentionsFunction(E.Source, E.Kernel))
    return D.at(F.get("kernel")->Mark(),
                fmt::format("kernel '{}' not found in '{}'", E.Kernel, E.File));

  if (const YAML::Node *T = F.get("trips")) {
    if (!T->IsMap())
      return D.at(T->Mark(), "trips must be a map of loop line to trip count "
                             "(`12: 1024`)");
    std::vector<unsigned> Loops = loopLines(E.Source);
    for (auto KV : *T) {
      const YAML::Node &Key = KV.first, &Value = KV.second;
      unsigned Line = 0;
      if (!Key.IsScalar() ||
          llvm::StringRef(Key.Scalar()).getAsInteger(10, Line) || Line == 0)
        return D.at(Key.Mark(), "a trips key must be the line number of a "
                                "loop in the entry's file");
      uint64_t Count = 0;
      if (!Value.IsScalar() ||
          llvm::StringRef(Value.Scalar()).getAsInteger(10, Count) || Count == 0)
        return D.at(Value.Mark(),
                    fmt::format("bad trip count for line {}: expected a "
                                "positive integer",
                                Line));
      if (E.Trips.count(Line))
        return D.at(Key.Mark(), fmt::format("duplicate trips line {}", Line));
      if (std::string Why = notALoopLine(Line, Loops); !Why.empty())
        return D.at(Key.Mark(), fmt::format("trips: in '{}', {}", E.File, Why));
      E.Trips[Line] = Count;
    }
  }

  IdMarks.push_back(F.get("id")->Mark());
  VariantMarks.push_back(F.get("variant_of") ? F.get("variant_of")->Mark()
                                             : YAML::Mark::null_mark());
  return llvm::Error::success();
}

llvm::Error Parser::checkVariants(const Suite &S) {
  for (size_t I = 0; I < S.Entries.size(); ++I) {
    const SuiteEntry &E = S.Entries[I];
    if (E.VariantOf.empty())
      continue;
    std::vector<const SuiteEntry *> Group = S.variants(E.VariantOf);
    if (Group.size() < 2)
      return D.at(
          VariantMarks[I],
          fmt::format("job '{}' has only one variant ('{}'); a job needs "
                      "at least two entries (omit variant_of for a "
                      "single kernel)",
                      E.VariantOf, E.Id));
    const SuiteEntry *Same = S.find(E.VariantOf);
    if (Same && Same->VariantOf != E.VariantOf)
      return D.at(
          VariantMarks[I],
          fmt::format("job name '{}' is also the id of entry '{}', which "
                      "is not one of its variants",
                      E.VariantOf, Same->Id));
  }
  return llvm::Error::success();
}

llvm::Expected<Suite> Parser::parse(std::string_view Text) {
  llvm::Expected<YAML::Node> Loaded = loadYaml(Text, D.file());
  if (!Loaded)
    return Loaded.takeError();
  YAML::Node Root = *Loaded;
  if (!Root.IsMap())
    return D.at(Root.IsNull() ? YAML::Mark() : Root.Mark(),
                "a suite manifest must be a map with keys 'schema' and "
                "'kernels'");
  MapFields F(Root);
  if (llvm::Error Err =
          F.checkKeys(D, {"schema", "kernels", "pipelines"}, "suite manifest"))
    return Err;
  if (llvm::Error Err = F.require(D, {"schema", "kernels"}, "suite manifest"))
    return Err;
  const YAML::Node &Schema = *F.get("schema");
  if (!Schema.IsScalar() || Schema.Scalar() != "1")
    return D.at(Schema.Mark(),
                fmt::format("unsupported schema '{}'; this clspread reads "
                            "schema 1",
                            Schema.IsScalar() ? Schema.Scalar() : "?"));
  const YAML::Node &Kernels = *F.get("kernels");
  if (!Kernels.IsSequence() || Kernels.size() == 0)
    return D.at(Kernels.Mark(), "kernels must be a non-empty list of entries");

  Suite S;
  std::map<std::string, YAML::Mark> FirstId;
  for (const YAML::Node &N : Kernels) {
    SuiteEntry E;
    if (llvm::Error Err = parseEntry(N, E))
      return Err;
    const YAML::Mark &M = IdMarks.back();
    auto [It, New] = FirstId.emplace(E.Id, M);
    if (!New)
      return D.at(M, fmt::format("duplicate id '{}' (first defined at line {})",
                                 E.Id, It->second.line + 1));
    S.Entries.push_back(std::move(E));
  }
  if (llvm::Error Err = checkVariants(S))
    return Err;
  if (const YAML::Node *P = F.get("pipelines"))
    if (llvm::Error Err = parsePipelines(*P, S))
      return Err;
  return S;
}

llvm::Error Parser::parsePipelines(const YAML::Node &N, Suite &S) {
  if (!N.IsSequence())
    return D.at(N.Mark(), "pipelines must be a list of {id, stages, connect}");
  for (const YAML::Node &P : N) {
    if (!P.IsMap())
      return D.at(P.Mark(), "a pipeline must be a map with keys id, stages "
                            "and connect");
    MapFields F(P);
    if (llvm::Error Err =
            F.checkKeys(D, {"id", "stages", "connect"}, "pipeline"))
      return Err;
    if (llvm::Error Err = F.require(D, {"id", "stages"}, "pipeline"))
      return Err;
    SuitePipeline SP;
    const YAML::Node &Id = *F.get("id");
    if (!Id.IsScalar() || Id.Scalar().empty())
      return D.at(Id.Mark(), "a pipeline id must be a name");
    SP.Id = Id.Scalar();
    for (const SuitePipeline &Other : S.Pipelines)
      if (Other.Id == SP.Id)
        return D.at(Id.Mark(), fmt::format("duplicate pipeline '{}'", SP.Id));
    const YAML::Node &Stages = *F.get("stages");
    if (!Stages.IsSequence() || Stages.size() < 2)
      return D.at(Stages.Mark(), "stages must list two or more entry ids");
    for (const YAML::Node &St : Stages) {
      if (!St.IsScalar() || !S.find(St.Scalar()))
        return D.at(St.Mark(), fmt::format("no entry '{}' in this manifest",
                                           St.IsScalar() ? St.Scalar() : "?"));
      SP.Stages.push_back(St.Scalar());
    }
    // connect: { from-stage.arg: to-stage.arg }, the later stage reading
    // what the earlier one wrote.
    auto stageOf = [&](const YAML::Node &V, int &Index) -> llvm::Error {
      std::string T = V.IsScalar() ? V.Scalar() : "";
      size_t Dot = T.rfind('.');
      Index = -1;
      if (Dot != std::string::npos)
        for (size_t I = 0; I < SP.Stages.size(); ++I)
          if (SP.Stages[I] == T.substr(0, Dot))
            Index = int(I);
      if (Index < 0 || Dot + 1 == T.size())
        return D.at(V.Mark(),
                    fmt::format("'{}' must be STAGE.ARGUMENT with STAGE one "
                                "of the pipeline's stages",
                                T));
      return llvm::Error::success();
    };
    if (const YAML::Node *C = F.get("connect")) {
      if (!C->IsMap())
        return D.at(C->Mark(), "connect must map STAGE.ARG (written) to "
                               "STAGE.ARG (read by a later stage)");
      for (auto KV : *C) {
        int From, To;
        if (llvm::Error Err = stageOf(KV.first, From))
          return Err;
        if (llvm::Error Err = stageOf(KV.second, To))
          return Err;
        if (To <= From)
          return D.at(KV.second.Mark(),
                      fmt::format("'{}' must be a later stage than '{}'",
                                  KV.second.Scalar(), KV.first.Scalar()));
        SP.Connect.emplace_back(KV.first.Scalar(), KV.second.Scalar());
      }
    }
    S.Pipelines.push_back(std::move(SP));
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<Suite> parseSuite(std::string_view Text,
                                 std::string_view FileName,
                                 SourceReader ReadSource) {
  Parser P(FileName, std::move(ReadSource));
  llvm::Expected<Suite> S = P.parse(Text);
  if (S)
    S->Path = std::string(FileName);
  return S;
}

static llvm::Expected<std::string> readFile(const std::string &Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "%s",
                                   Buf.getError().message().c_str());
  return (*Buf)->getBuffer().str();
}

llvm::Expected<Suite> loadSuiteFile(const std::string &Path) {
  // Not a FIFO (which could block for ever) or a directory; not so large
  // that yaml-cpp's tree exhausts memory (tests/bad-input).
  if (auto Problem = yamlFileProblem(Path, "suite manifest"))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "clspread: error: %s", Problem->c_str());
  llvm::Expected<std::string> Text = readFile(Path);
  if (!Text)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "clspread: error: cannot read suite manifest '%s': %s", Path.c_str(),
        llvm::toString(Text.takeError()).c_str());
  std::string Dir = llvm::sys::path::parent_path(Path).str();
  return parseSuite(
      *Text, Path,
      [Dir](const std::string &File) -> llvm::Expected<std::string> {
        llvm::SmallString<256> Full(Dir);
        llvm::sys::path::append(Full, File);
        // An entry's file is a kernel source like any other: a FIFO or
        // /dev/zero named there must not block or fill memory.
        bool Placed = false;
        return readKernelSource(
            llvm::sys::path::is_absolute(File) ? File : std::string(Full),
            Placed);
      });
}

llvm::Expected<Suite> bundledSuite(std::string_view ManifestPath) {
  std::span<const EmbeddedFile> Files = embeddedKernels();
  auto Lookup = [Files](std::string_view Name) -> const EmbeddedFile * {
    for (const EmbeddedFile &F : Files)
      if (F.Path == Name)
        return &F;
    return nullptr;
  };
  std::string Label = "<bundled>/" + std::string(ManifestPath);
  const EmbeddedFile *Manifest = Lookup(ManifestPath);
  if (!Manifest)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Label + ": error: not compiled in");
  // Kernel files are relative to the manifest's directory.
  size_t Slash = ManifestPath.rfind('/');
  std::string Dir = Slash == std::string_view::npos
                        ? ""
                        : std::string(ManifestPath.substr(0, Slash + 1));
  return parseSuite(
      Manifest->Content, Label,
      [Lookup, Dir](const std::string &File) -> llvm::Expected<std::string> {
        if (const EmbeddedFile *F = Lookup(Dir + File))
          return std::string(F->Content);
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "not a bundled kernel file");
      });
}

} // namespace clspread

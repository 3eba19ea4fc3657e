//===- ProfileParser.cpp - Loading and validating device profiles ---------===//
//
// Reads a profile with yaml-cpp and checks it against the schema in
// docs/profiles.md. Validation stops at the first problem and reports it at
// the YAML node that holds it (1-based line and column from yaml-cpp's
// Mark), because a profile author fixes one line at a time.
//
// Figures are recorded with their path ("memory.bandwidth") as they are
// read; after the whole file is read, every figure must have a source and
// every source must name a figure. That check is what keeps bundled
// profiles honest about where each number comes from.
//
//===----------------------------------------------------------------------===//
#include "Model/DeviceProfile.h"
#include "Model/Figures.h"
#include "Support/Embedded.h"
#include "Support/Quantity.h"
#include "Support/YamlFile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace clspread {

CLSPREAD_DECLARE_EMBEDDED(embeddedProfiles);

namespace {

/// Thrown inside the parser and turned into an llvm::Error at its boundary;
/// it keeps the dozens of checks below free of error plumbing.
struct ProfileError {
  YAML::Mark Mark;
  std::string Message;
};

llvm::Error makeError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

std::string join(std::string_view Path, std::string_view Key) {
  if (Path.empty())
    return std::string(Key);
  return fmt::format("{}.{}", Path, Key);
}

/// "in 'memory'" or "in the profile" for messages about a map's keys.
std::string where(std::string_view Path) {
  return Path.empty() ? std::string("in the profile")
                      : fmt::format("in '{}'", Path);
}

/// The closest of \p Candidates to \p Word, if it is close enough to be a
/// plausible typo.
std::string closest(std::string_view Word,
                    const std::vector<std::string> &Candidates) {
  std::string Best;
  unsigned BestDist = ~0u;
  for (const std::string &C : Candidates) {
    unsigned D = llvm::StringRef(Word).edit_distance(C, true);
    if (D < BestDist) {
      BestDist = D;
      Best = C;
    }
  }
  unsigned Limit = std::max<unsigned>(2, Word.size() / 3);
  return BestDist <= Limit ? Best : std::string();
}

std::vector<std::string> aluClassNames() {
  std::vector<std::string> Names;
  for (unsigned I = 0; I < NumAluClasses; ++I)
    Names.push_back(aluClassName(AluClass(I)));
  return Names;
}

class Parser {
public:
  explicit Parser(std::string_view FileName) { P.File = FileName; }

  DeviceProfile parse(const YAML::Node &Root);

private:
  DeviceProfile P;
  /// Figures read so far, with the mark of their value, for the source
  /// check at the end.
  std::vector<std::pair<std::string, YAML::Mark>> Figures;

  [[noreturn]] void fail(const YAML::Node &N, std::string Msg) {
    throw ProfileError{N.Mark(), std::move(Msg)};
  }
  [[noreturn]] void fail(const YAML::Mark &M, std::string Msg) {
    throw ProfileError{M, std::move(Msg)};
  }

  void expectMap(const YAML::Node &N, std::string_view Path) {
    if (!N.IsMap())
      fail(N, fmt::format("'{}' must be a mapping of keys to values", Path));
  }

  /// Rejects unknown and duplicate keys of a mapping.
  void checkKeys(const YAML::Node &Map, std::string_view Path,
                 std::vector<std::string> Known) {
    // Numeric figures are keys of their section by their row in the figure
    // table (Figures.h), not by a second list here.
    for (const NumericFigure &F : numericFigures()) {
      size_t Dot = F.Path.rfind('.');
      std::string_view Section =
          Dot == std::string_view::npos ? "" : F.Path.substr(0, Dot);
      if (Section == Path)
        Known.emplace_back(
            F.Path.substr(Dot == std::string_view::npos ? 0 : Dot + 1));
    }
    std::map<std::string, YAML::Mark> Seen;
    for (const auto &KV : Map) {
      const YAML::Node &Key = KV.first;
      if (!Key.IsScalar())
        fail(Key, fmt::format("keys {} must be plain names", where(Path)));
      const std::string &K = Key.Scalar();
      if (std::find(Known.begin(), Known.end(), K) == Known.end()) {
        std::string Msg = fmt::format("unknown key '{}' {}", K, where(Path));
        std::string Hint = closest(K, Known);
        if (!Hint.empty())
          Msg += fmt::format("; did you mean '{}'?", Hint);
        fail(Key, Msg);
      }
      auto [Prev, Inserted] = Seen.emplace(K, Key.Mark());
      if (!Inserted)
        fail(Key, fmt::format("duplicate key '{}' {} (first given at line {})",
                              K, where(Path), Prev->second.line + 1));
    }
  }

  YAML::Node required(const YAML::Node &Map, std::string_view Path,
                      const char *Key) {
    YAML::Node N = Map[Key];
    if (!N.IsDefined())
      fail(Map, fmt::format("missing required key '{}' {}", Key, where(Path)));
    if (N.IsNull())
      fail(N, fmt::format("'{}' has no value", join(Path, Key)));
    return N;
  }

  YAML::Node optional(const YAML::Node &Map, std::string_view Path,
                      const char *Key) {
    YAML::Node N = Map[Key];
    if (N.IsDefined() && N.IsNull())
      fail(N, fmt::format("'{}' has no value", join(Path, Key)));
    return N;
  }

  std::string scalar(const YAML::Node &N, std::string_view Path) {
    if (!N.IsScalar())
      fail(N, fmt::format("'{}' must be a single value, not a {}", Path,
                          N.IsMap() ? "mapping" : "list"));
    return N.Scalar();
  }

  std::string text(const YAML::Node &N, std::string_view Path) {
    std::string S = scalar(N, Path);
    if (llvm::StringRef(S).trim().empty())
      fail(N, fmt::format("'{}' is empty", Path));
    return S;
  }

  void addFigure(const std::string &Path, const YAML::Node &N) {
    Figures.emplace_back(Path, N.Mark());
  }

  /// A figure with a unit of dimension \p D; must be positive unless
  /// \p AllowZero.
  double quantity(const YAML::Node &N, const std::string &Path, Quantity::Dim D,
                  bool AllowZero = false, bool IsFigure = true) {
    std::string S = scalar(N, Path);
    llvm::Expected<Quantity> Q = Quantity::parse(S);
    if (!Q)
      fail(N, fmt::format("'{}': {}", Path, llvm::toString(Q.takeError())));
    if (Q->dim() != D) {
      if (Q->dim() == Quantity::Dim::Count)
        fail(N, fmt::format("'{}' needs a unit: write {} such as '{}', got "
                            "'{}'",
                            Path, dimDescription(D), dimExample(D), S));
      if (D == Quantity::Dim::Count)
        fail(N, fmt::format("'{}' must be a plain number such as '{}', got "
                            "'{}' ({})",
                            Path, dimExample(D), S, dimDescription(Q->dim())));
      fail(N, fmt::format("'{}' must be {} such as '{}', got '{}' ({})", Path,
                          dimDescription(D), dimExample(D), S,
                          dimDescription(Q->dim())));
    }
    if (Q->value() < 0 || (!AllowZero && Q->value() == 0))
      fail(N, fmt::format("'{}' must be {}, got '{}'", Path,
                          AllowZero ? "zero or positive" : "positive", S));
    // A figure no device has (1e-320 B/s, 1e300 Hz) makes times of inf or
    // 0 that no report can print as a number: refused here, at its place.
    if (Q->value() != 0 && (Q->value() < 1e-15 || Q->value() > 1e18)) {
      const char *Unit = D == Quantity::Dim::Frequency   ? " Hz"
                         : D == Quantity::Dim::Bytes     ? " B"
                         : D == Quantity::Dim::Bandwidth ? " B/s"
                         : D == Quantity::Dim::Time      ? " s"
                                                         : "";
      fail(N, fmt::format("'{}' is {}, outside what any device has (1e-15{} "
                          "to 1e18{})",
                          Path, S, Unit, Unit));
    }
    if (IsFigure)
      addFigure(Path, N);
    return Q->value();
  }

  /// A whole number (count or size) that fits in \p Max.
  uint64_t whole(const YAML::Node &N, const std::string &Path,
                 Quantity::Dim D = Quantity::Dim::Count, bool AllowZero = false,
                 bool IsFigure = true, uint64_t Max = 0xffffffffu) {
    double V = quantity(N, Path, D, AllowZero, IsFigure);
    if (V != std::floor(V))
      fail(N,
           fmt::format("'{}' must be a whole {}, got '{}'", Path,
                       D == Quantity::Dim::Bytes ? "number of bytes" : "number",
                       N.Scalar()));
    if (V > double(Max))
      fail(N, fmt::format("'{}' is too large: '{}'", Path, N.Scalar()));
    return uint64_t(V);
  }

  bool boolean(const YAML::Node &N, const std::string &Path) {
    std::string S = scalar(N, Path);
    addFigure(Path, N);
    if (S == "true")
      return true;
    if (S == "false")
      return false;
    fail(N, fmt::format("'{}' must be true or false, got '{}'", Path, S));
  }

  AluClass aluClass(const YAML::Node &N, std::string_view Path) {
    std::string S = scalar(N, Path);
    if (std::optional<AluClass> C = aluClassFromName(S))
      return *C;
    std::string Msg = fmt::format("unknown ALU class '{}' in '{}'", S, Path);
    std::string Hint = closest(S, aluClassNames());
    if (!Hint.empty())
      Msg += fmt::format("; did you mean '{}'?", Hint);
    else
      Msg += fmt::format(" (classes: {})", fmt::join(aluClassNames(), ", "));
    fail(N, Msg);
  }

  void parseAlu(const YAML::Node &Alu);
  void parseMeasured(const YAML::Node &M);
  void parseSources(const YAML::Node &S);
  void parseValidation(const YAML::Node &V);
  void readReport(const YAML::Node &N, ValidationRecord &R);
  void checkSources(const YAML::Node &S);
};

DeviceProfile Parser::parse(const YAML::Node &Root) {
  if (!Root.IsDefined() || Root.IsNull())
    fail(YAML::Mark(), "the profile is empty; it must be a mapping that "
                       "starts with 'schema: 1'");
  expectMap(Root, "profile");

  // The schema version first: a file written for another version may use
  // keys this one does not know, and the version is the useful message.
  YAML::Node Schema = Root["schema"];
  if (!Schema.IsDefined())
    fail(Root, fmt::format("missing required key 'schema' in the profile "
                           "(this clspread reads 'schema: {}')",
                           ProfileSchemaVersion));
  std::string SchemaText = scalar(Schema, "schema");
  if (SchemaText != std::to_string(ProfileSchemaVersion))
    fail(Schema, fmt::format("unsupported schema version '{}'; this clspread "
                             "reads 'schema: {}'",
                             SchemaText, ProfileSchemaVersion));

  checkKeys(Root, "",
            {"schema",
             "id",
             "name",
             "kind",
             "notes",
             "compute_units",
             "lanes_per_cu",
             "wavefront",
             "alu",
             "tex",
             "memory",
             "registers",
             "lds",
             "occupancy",
             "launch",
             "measured",
             "sources",
             "barrier",
             "max_work_group_size",
             "work_group",
             "cache",
             "validation"});

  YAML::Node Id = required(Root, "", "id");
  P.Id = text(Id, "id");
  for (char C : P.Id)
    if (!(std::islower(static_cast<unsigned char>(C)) ||
          std::isdigit(static_cast<unsigned char>(C)) || C == '-' || C == '_' ||
          C == '.'))
      fail(Id, fmt::format("id '{}' may only hold lowercase letters, digits, "
                           "'-', '_' and '.' (it is typed on command lines)",
                           P.Id));
  P.Name = text(required(Root, "", "name"), "name");
  YAML::Node Kind = required(Root, "", "kind");
  std::string KindText = scalar(Kind, "kind");
  if (KindText == "gpu")
    P.Kind = DeviceKind::GPU;
  else if (KindText == "cpu")
    P.Kind = DeviceKind::CPU;
  else
    fail(Kind,
         fmt::format("'kind' must be 'gpu' or 'cpu', got '{}'", KindText));
  if (YAML::Node Notes = optional(Root, "", "notes"))
    text(Notes, "notes");

  P.ComputeUnits = whole(required(Root, "", "compute_units"), "compute_units");
  P.LanesPerCU = whole(required(Root, "", "lanes_per_cu"), "lanes_per_cu");
  P.Wavefront = whole(required(Root, "", "wavefront"), "wavefront");

  parseAlu(required(Root, "", "alu"));

  YAML::Node Tex = required(Root, "", "tex");
  expectMap(Tex, "tex");
  checkKeys(Tex, "tex", {"global_loads_use_tex", "images"});
  P.GlobalLoadsUseTex = boolean(required(Tex, "tex", "global_loads_use_tex"),
                                "tex.global_loads_use_tex");
  if (Tex["images"])
    P.ImageSupport = boolean(Tex["images"], "tex.images");

  YAML::Node Mem = required(Root, "", "memory");
  expectMap(Mem, "memory");
  checkKeys(Mem, "memory", {"transaction", "write_allocate"});
  P.TransactionBytes = whole(required(Mem, "memory", "transaction"),
                             "memory.transaction", Quantity::Dim::Bytes);
  if (YAML::Node W = optional(Mem, "memory", "write_allocate")) {
    addFigure("memory.write_allocate", W);
    P.WriteAllocate = boolean(W, "memory.write_allocate");
  }

  if (YAML::Node Regs = optional(Root, "", "registers")) {
    expectMap(Regs, "registers");
    checkKeys(Regs, "registers", {"per_cu", "unit"});
    P.RegistersPerCU =
        whole(required(Regs, "registers", "per_cu"), "registers.per_cu");
    YAML::Node Unit = required(Regs, "registers", "unit");
    uint64_t UnitBytes = whole(Unit, "registers.unit", Quantity::Dim::Bytes);
    // Analysis counts 32-bit registers; the conversion needs a whole
    // number of them per unit.
    if (UnitBytes % 4 != 0)
      fail(Unit, fmt::format("'registers.unit' must be a multiple of 32 bit, "
                             "got '{}'",
                             Unit.Scalar()));
    P.RegisterUnitBytes = UnitBytes;
  }

  if (YAML::Node Lds = optional(Root, "", "lds")) {
    expectMap(Lds, "lds");
    checkKeys(Lds, "lds", {"per_cu", "shared_by"});
    P.LdsBytes = whole(required(Lds, "lds", "per_cu"), "lds.per_cu",
                       Quantity::Dim::Bytes, false, true, ~uint64_t(0) >> 11);
    if (YAML::Node Shared = optional(Lds, "lds", "shared_by"))
      P.LdsSharedBy = whole(Shared, "lds.shared_by");
  }

  if (YAML::Node Bar = optional(Root, "", "barrier")) {
    expectMap(Bar, "barrier");
    checkKeys(Bar, "barrier", {});
  }

  if (YAML::Node C = optional(Root, "", "cache")) {
    expectMap(C, "cache");
    checkKeys(C, "cache",
              {"line", "l1", "l1_stores", "l1_shared_with_lds", "l2",
               "dram_granule", "l1_ways", "l2_ways", "page", "tlb_pages"});
    if (YAML::Node N = optional(C, "cache", "l1_ways"))
      P.Cache.L1Ways = unsigned(
          whole(N, "cache.l1_ways", Quantity::Dim::Count, false, true, 1024));
    if (YAML::Node N = optional(C, "cache", "l2_ways"))
      P.Cache.L2Ways = unsigned(
          whole(N, "cache.l2_ways", Quantity::Dim::Count, false, true, 1024));
    if (YAML::Node N = optional(C, "cache", "page"))
      P.Cache.PageBytes = whole(N, "cache.page", Quantity::Dim::Bytes, false,
                                true, uint64_t(1) << 40);
    if (YAML::Node N = optional(C, "cache", "tlb_pages"))
      P.Cache.TlbPages =
          unsigned(whole(N, "cache.tlb_pages", Quantity::Dim::Count, false,
                         true, uint64_t(1) << 20));
    if (YAML::Node N = optional(C, "cache", "dram_granule"))
      P.Cache.DramGranuleBytes =
          whole(N, "cache.dram_granule", Quantity::Dim::Bytes);
    if (YAML::Node N = optional(C, "cache", "line"))
      P.Cache.LineBytes = whole(N, "cache.line", Quantity::Dim::Bytes);
    if (YAML::Node N = optional(C, "cache", "l1_shared_with_lds"))
      P.Cache.L1SharedWithLds = boolean(N, "cache.l1_shared_with_lds");
    auto &S = P.Cache;
    if (YAML::Node N = optional(C, "cache", "l1"))
      S.L1Bytes = whole(N, "cache.l1", Quantity::Dim::Bytes, false, true,
                        ~uint64_t(0) >> 11);
    if (YAML::Node N = optional(C, "cache", "l1_stores")) {
      std::string V = scalar(N, "cache.l1_stores");
      addFigure("cache.l1_stores", N);
      if (V != "write-through" && V != "write-back")
        fail(N, fmt::format("'cache.l1_stores' must be 'write-through' or "
                            "'write-back', got '{}'",
                            V));
      S.L1WriteThrough = V == "write-through";
    }
    if (YAML::Node N = optional(C, "cache", "l2"))
      S.L2Bytes = whole(N, "cache.l2", Quantity::Dim::Bytes, false, true,
                        ~uint64_t(0) >> 11);
  }

  YAML::Node Occ = required(Root, "", "occupancy");
  expectMap(Occ, "occupancy");
  checkKeys(Occ, "occupancy", {"max_waves_per_cu", "max_groups_per_cu"});
  P.MaxWavesPerCU = whole(required(Occ, "occupancy", "max_waves_per_cu"),
                          "occupancy.max_waves_per_cu");
  if (YAML::Node G = optional(Occ, "occupancy", "max_groups_per_cu"))
    P.MaxGroupsPerCU = whole(G, "occupancy.max_groups_per_cu");

  if (YAML::Node M = optional(Root, "", "max_work_group_size"))
    P.MaxWorkGroupSize = whole(M, "max_work_group_size");
  if (YAML::Node W = optional(Root, "", "work_group")) {
    expectMap(W, "work_group");
    checkKeys(W, "work_group",
              {"multiple", "recommended", "preferred", "reqd_size_advised",
               "barrier_group_max", "global_multiple"});
    auto &A = P.WorkGroup;
    if (YAML::Node N = optional(W, "work_group", "multiple"))
      A.Multiple = whole(N, "work_group.multiple");
    if (YAML::Node N = optional(W, "work_group", "recommended")) {
      if (!N.IsSequence() || N.size() != 2)
        fail(N, "'work_group.recommended' must be a list [min, max]");
      A.RecommendedMin = whole(N[0], "work_group.recommended");
      A.RecommendedMax = whole(N[1], "work_group.recommended");
      if (A.RecommendedMin > A.RecommendedMax)
        fail(N, "'work_group.recommended' must be [min, max] with min <= max");
    }
    if (YAML::Node N = optional(W, "work_group", "preferred")) {
      if (!N.IsSequence())
        fail(N, "'work_group.preferred' must be a list of sizes");
      for (const YAML::Node &S : N)
        A.Preferred.push_back(whole(S, "work_group.preferred"));
    }
    if (YAML::Node N = optional(W, "work_group", "reqd_size_advised"))
      A.ReqdSizeAdvised = boolean(N, "work_group.reqd_size_advised");
    if (YAML::Node N = optional(W, "work_group", "barrier_group_max"))
      A.BarrierGroupMax = whole(N, "work_group.barrier_group_max");
    if (YAML::Node N = optional(W, "work_group", "global_multiple"))
      A.GlobalMultiple = whole(N, "work_group.global_multiple");
  }

  if (YAML::Node L = optional(Root, "", "launch")) {
    expectMap(L, "launch");
    checkKeys(L, "launch",
              {"waves_per_cu_min", "waves_per_cu_latency", "driver_local"});
    if (YAML::Node N = optional(L, "launch", "driver_local")) {
      addFigure("launch.driver_local", N);
      P.DriverLocal = text(N, "launch.driver_local");
      if (P.DriverLocal != "pocl")
        fail(N, fmt::format("'launch.driver_local' must be 'pocl' (PoCL's "
                            "choice of a local size), got '{}'",
                            P.DriverLocal));
    }
    if (YAML::Node N = optional(L, "launch", "waves_per_cu_min"))
      P.WavesPerCUMin = whole(N, "launch.waves_per_cu_min");
    YAML::Node Lat = optional(L, "launch", "waves_per_cu_latency");
    if (Lat)
      P.WavesPerCULatency = whole(Lat, "launch.waves_per_cu_latency");
    // Either may be defaulted; the pair must still make sense.
    if (P.WavesPerCULatency < P.WavesPerCUMin)
      fail(Lat ? Lat : L,
           fmt::format("'launch.waves_per_cu_latency' ({}) must be at least "
                       "'launch.waves_per_cu_min' ({})",
                       P.WavesPerCULatency, P.WavesPerCUMin));
  }

  // Every numeric figure, from its row in the figure table (Figures.h).
  // (Nodes are looked up, never assigned: yaml-cpp's assignment would
  // write into the profile's tree.)
  for (const NumericFigure &F : numericFigures()) {
    size_t Dot = F.Path.rfind('.');
    std::string Section(Dot == std::string_view::npos ? ""
                                                      : F.Path.substr(0, Dot));
    std::string Key(F.Path.substr(Dot == std::string_view::npos ? 0 : Dot + 1));
    const YAML::Node &CRoot = Root;
    const YAML::Node Sec = Section.empty() ? CRoot : CRoot[Section];
    if (!Sec.IsDefined() || !Sec.IsMap())
      continue; // a missing required section was reported above
    YAML::Node N = F.Required ? required(Sec, Section, Key.c_str())
                              : optional(Sec, Section, Key.c_str());
    if (!N)
      continue;
    if (!F.Needs.empty() && !Sec[std::string(F.Needs)])
      fail(N, fmt::format("'{}' needs '{}'", F.Path, join(Section, F.Needs)));
    F.set(P, quantity(N, std::string(F.Path), F.Dim, F.AllowZero));
  }

  if (YAML::Node M = optional(Root, "", "measured"))
    parseMeasured(M);

  YAML::Node Sources = required(Root, "", "sources");
  parseSources(Sources);
  checkSources(Sources);
  if (YAML::Node V = optional(Root, "", "validation"))
    parseValidation(V);
  P.Bands = errorBands(P.Validation);
  return P;
}

void Parser::parseValidation(const YAML::Node &V) {
  if (!V.IsSequence())
    fail(V, "'validation' must be a list of validations (`- suite: ...` as "
            "validate --update-profile writes them, or `- report: "
            "validate.json`)");
  for (const YAML::Node &E : V) {
    expectMap(E, "validation[]");
    ValidationRecord R;
    if (YAML::Node Rep = optional(E, "validation[]", "report")) {
      checkKeys(E, "validation[]", {"report"});
      R.Report = text(Rep, "validation[].report");
      readReport(Rep, R);
      P.Validation.push_back(std::move(R));
      continue;
    }
    checkKeys(E, "validation[]", {"suite", "date", "device", "abs_errors"});
    R.Suite = text(required(E, "validation[]", "suite"), "validation[].suite");
    R.Date = text(required(E, "validation[]", "date"), "validation[].date");
    R.Device =
        text(required(E, "validation[]", "device"), "validation[].device");
    YAML::Node Errors = required(E, "validation[]", "abs_errors");
    expectMap(Errors, "validation[].abs_errors");
    checkKeys(Errors, "validation[].abs_errors", {"ALU", "TEX", "MEM"});
    for (const auto &KV : Errors) {
      Bound B = boundFromName(KV.first.Scalar());
      std::string Path = "validation[].abs_errors." + KV.first.Scalar();
      if (!KV.second.IsSequence())
        fail(KV.second, fmt::format("'{}' must be a list of numbers", Path));
      for (const YAML::Node &N : KV.second) {
        double X = 0;
        std::string S = scalar(N, Path);
        if (llvm::StringRef(S).getAsDouble(X) || !std::isfinite(X) || X < 0)
          fail(N, fmt::format("'{}' must hold numbers of 0 or more (an "
                              "|error| as a fraction), got '{}'",
                              Path, S));
        R.AbsErrors[unsigned(B)].push_back(X);
      }
    }
    if (!R.kernels())
      fail(Errors, "'validation[].abs_errors' lists no kernel");
    P.Validation.push_back(std::move(R));
  }
}

void Parser::readReport(const YAML::Node &N, ValidationRecord &R) {
  // Relative to the profile's own directory.
  llvm::SmallString<256> Path(R.Report);
  if (!llvm::sys::path::is_absolute(Path)) {
    Path = llvm::sys::path::parent_path(P.File);
    llvm::sys::path::append(Path, R.Report);
  }
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    fail(N, fmt::format("cannot read the validation report '{}': {}",
                        std::string(Path), Buf.getError().message()));
  llvm::Expected<llvm::json::Value> J = llvm::json::parse((*Buf)->getBuffer());
  if (!J)
    fail(N, fmt::format("the validation report '{}' is not JSON: {}",
                        std::string(Path), llvm::toString(J.takeError())));
  const llvm::json::Object *O = J->getAsObject();
  const llvm::json::Array *Kernels = O ? O->getArray("kernels") : nullptr;
  if (!Kernels)
    fail(N, fmt::format("the validation report '{}' has no \"kernels\" (it "
                        "must be a validate.json)",
                        std::string(Path)));
  R.Suite = O->getString("command").value_or(R.Report).str();
  R.Date = O->getString("date").value_or("").str().substr(0, 10);
  R.Device = O->getString("device").value_or("").str();
  for (const llvm::json::Value &K : *Kernels) {
    const llvm::json::Object *KO = K.getAsObject();
    if (!KO || KO->getString("status").value_or("") != "ok")
      continue;
    std::optional<double> E = KO->getNumber("error");
    llvm::StringRef BoundText = KO->getString("bound").value_or("");
    if (!E || !std::isfinite(*E))
      continue;
    Bound B = boundFromName(BoundText);
    R.AbsErrors[unsigned(B)].push_back(std::fabs(*E));
  }
  if (!R.kernels())
    fail(N, fmt::format("the validation report '{}' has no measured kernel",
                        std::string(Path)));
}

void Parser::parseAlu(const YAML::Node &Alu) {
  expectMap(Alu, "alu");
  checkKeys(Alu, "alu",
            {"vliw_width", "transcendental_slots", "t_slot_only", "expand",
             "rates", "pipes", "issue_per_clock", "fp16", "llvm_cpu"});
  if (YAML::Node C = optional(Alu, "alu", "llvm_cpu")) {
    if (P.Kind != DeviceKind::CPU)
      fail(C, "'alu.llvm_cpu' applies to CPU profiles (kind: cpu)");
    addFigure("alu.llvm_cpu", C);
    P.Alu.LlvmCpu = text(C, "alu.llvm_cpu");
  }
  if (YAML::Node W = optional(Alu, "alu", "vliw_width"))
    P.Alu.VliwWidth = whole(W, "alu.vliw_width");
  // The device's OpenCL offers cl_khr_fp16 (arithmetic on half); absent:
  // unknown.
  if (YAML::Node F = optional(Alu, "alu", "fp16"))
    P.Fp16 = boolean(F, "alu.fp16");

  if (!P.isVliw()) {
    // SIMT / CPU: one issue rate per class, nothing about slots.
    for (const char *Key : {"transcendental_slots", "t_slot_only", "expand"})
      if (YAML::Node N = Alu[Key])
        fail(N, fmt::format("'alu.{}' applies to VLIW profiles "
                            "(vliw_width > 1); this profile issues per-class "
                            "rates from 'alu.rates'",
                            Key));
    YAML::Node Rates = required(Alu, "alu", "rates");
    expectMap(Rates, "alu.rates");
    checkKeys(Rates, "alu.rates", aluClassNames());
    for (unsigned I = 0; I < NumAluClasses; ++I) {
      const char *Name = aluClassName(AluClass(I));
      std::string Path = join("alu.rates", Name);
      YAML::Node R = required(Rates, "alu.rates", Name);
      if (R.IsScalar() && R.Scalar() == "none") {
        addFigure(Path, R);
        P.Alu.Rate[I] = std::nullopt;
        continue;
      }
      P.Alu.Rate[I] = quantity(R, Path, Quantity::Dim::Count);
    }
    if (!P.Alu.Rate[unsigned(AluClass::Fp32)])
      fail(Rates["fp32"], "'alu.rates.fp32' cannot be 'none': every device "
                          "runs fp32");
    if (YAML::Node Pipes = optional(Alu, "alu", "pipes")) {
      expectMap(Pipes, "alu.pipes");
      addFigure("alu.pipes", Pipes);
      for (const auto &KV : Pipes) {
        std::string Pipe = scalar(KV.first, "alu.pipes");
        if (!KV.second.IsSequence())
          fail(KV.second, fmt::format("'alu.pipes.{}' must be a list of ALU "
                                      "classes",
                                      Pipe));
        P.Alu.PipeNames.push_back(Pipe);
        for (const YAML::Node &C : KV.second) {
          AluClass Cls = aluClass(C, "alu.pipes." + Pipe);
          if (P.Alu.Pipe[unsigned(Cls)] >= 0)
            fail(C,
                 fmt::format("class '{}' is on two pipes ('{}' and '{}')",
                             aluClassName(Cls),
                             P.Alu.PipeNames[P.Alu.Pipe[unsigned(Cls)]], Pipe));
          P.Alu.Pipe[unsigned(Cls)] = int(P.Alu.PipeNames.size() - 1);
        }
      }
      for (unsigned I = 0; I < NumAluClasses; ++I)
        if (P.Alu.Pipe[I] < 0)
          fail(Pipes, fmt::format("'alu.pipes' must place every ALU class; "
                                  "'{}' is on none",
                                  aluClassName(AluClass(I))));
      P.Alu.IssuePerClock =
          quantity(required(Alu, "alu", "issue_per_clock"),
                   "alu.issue_per_clock", Quantity::Dim::Count);
    } else if (YAML::Node N = Alu["issue_per_clock"]) {
      fail(N, "'alu.issue_per_clock' goes with 'alu.pipes'");
    }
    return;
  }

  // VLIW: bundles of vliw_width slots, some classes only in the t slot.
  if (YAML::Node R = Alu["rates"])
    fail(R, fmt::format("'alu.rates' applies to profiles with vliw_width 1; "
                        "this profile has vliw_width {} and is modelled by "
                        "packing bundles",
                        P.Alu.VliwWidth));
  YAML::Node TS = required(Alu, "alu", "transcendental_slots");
  P.Alu.TranscendentalSlots =
      whole(TS, "alu.transcendental_slots", Quantity::Dim::Count, true);
  if (P.Alu.TranscendentalSlots > P.Alu.VliwWidth)
    fail(TS, fmt::format("'alu.transcendental_slots' ({}) cannot exceed "
                         "'alu.vliw_width' ({})",
                         P.Alu.TranscendentalSlots, P.Alu.VliwWidth));

  if (YAML::Node Only = optional(Alu, "alu", "t_slot_only")) {
    if (!Only.IsSequence())
      fail(Only, "'alu.t_slot_only' must be a list of ALU classes, e.g. "
                 "[transcendental, int_mul]");
    addFigure("alu.t_slot_only", Only);
    for (const YAML::Node &C : Only) {
      AluClass Class = aluClass(C, "alu.t_slot_only");
      if (P.Alu.TSlotOnly[unsigned(Class)])
        fail(C, fmt::format("'{}' is listed twice in 'alu.t_slot_only'",
                            aluClassName(Class)));
      P.Alu.TSlotOnly[unsigned(Class)] = true;
      if (P.Alu.TranscendentalSlots == 0)
        fail(C, "'alu.t_slot_only' lists a class but "
                "'alu.transcendental_slots' is 0: nothing could issue it");
    }
  }

  if (YAML::Node Ex = optional(Alu, "alu", "expand")) {
    expectMap(Ex, "alu.expand");
    checkKeys(Ex, "alu.expand", aluClassNames());
    for (const auto &KV : Ex) {
      AluClass Class = aluClass(KV.first, "alu.expand");
      std::string Path = join("alu.expand", KV.first.Scalar());
      const YAML::Node &E = KV.second;
      expectMap(E, Path);
      checkKeys(E, Path, {"ops", "depth", "t_slot_ops"});
      if (P.Alu.TSlotOnly[unsigned(Class)])
        fail(KV.first,
             fmt::format("'{}' is both in 'alu.t_slot_only' and in "
                         "'alu.expand'; say in 'alu.expand.{}.t_slot_ops' "
                         "how many of its ops need the t slot",
                         KV.first.Scalar(), KV.first.Scalar()));
      SlotExpansion X;
      // One source covers the three numbers of an expansion.
      X.Ops = whole(required(E, Path, "ops"), Path + ".ops",
                    Quantity::Dim::Count, false, false);
      YAML::Node Depth = optional(E, Path, "depth");
      X.Depth = Depth ? whole(Depth, Path + ".depth", Quantity::Dim::Count,
                              false, false)
                      : X.Ops;
      if (X.Depth > X.Ops)
        fail(Depth, fmt::format("'{}.depth' ({}) cannot exceed '{}.ops' ({})",
                                Path, X.Depth, Path, X.Ops));
      if (YAML::Node T = optional(E, Path, "t_slot_ops")) {
        X.TSlotOps =
            whole(T, Path + ".t_slot_ops", Quantity::Dim::Count, true, false);
        if (X.TSlotOps > X.Depth)
          fail(T, fmt::format("'{}.t_slot_ops' ({}) cannot exceed '{}.depth' "
                              "({}): t-slot ops sit on the chain",
                              Path, X.TSlotOps, Path, X.Depth));
        if (X.TSlotOps > 0 && P.Alu.TranscendentalSlots == 0)
          fail(T, fmt::format("'{}.t_slot_ops' needs a transcendental slot "
                              "but 'alu.transcendental_slots' is 0",
                              Path));
      }
      addFigure(Path, E);
      P.Alu.Expand[unsigned(Class)] = X;
    }
  }
}

void Parser::parseMeasured(const YAML::Node &M) {
  expectMap(M, "measured");
  std::vector<std::string> Known;
  for (const MeasurableFigure &F : measurableFigures())
    Known.emplace_back(F.Path);
  if (!P.isVliw())
    for (const std::string &C : aluClassNames())
      Known.push_back("alu.rates." + C);
  if (P.Alu.IssuePerClock)
    Known.push_back("alu.issue_per_clock");
  checkKeys(M, "measured", Known);
  for (const auto &KV : M) {
    std::string Fig = KV.first.Scalar();
    std::string Path = "measured." + Fig;
    const YAML::Node &E = KV.second;
    expectMap(E, Path);
    checkKeys(E, Path,
              {"value", "command", "device", "driver", "date", "note"});
    Quantity::Dim D = measuredFigureDim(Fig);
    bool AllowZero = false;
    for (const MeasurableFigure &F : measurableFigures())
      AllowZero |= F.Path == Fig && F.AllowZero;
    Measurement Meas;
    // A measurement carries its own provenance (command, device, date), so
    // it needs no entry in 'sources'.
    Meas.Value = quantity(required(E, Path, "value"), Path + ".value", D,
                          AllowZero, false);
    Meas.Command = text(required(E, Path, "command"), Path + ".command");
    Meas.Device = text(required(E, Path, "device"), Path + ".device");
    Meas.Date = text(required(E, Path, "date"), Path + ".date");
    if (YAML::Node Dr = optional(E, Path, "driver"))
      Meas.Driver = text(Dr, Path + ".driver");
    if (YAML::Node N = optional(E, Path, "note"))
      Meas.Note = text(N, Path + ".note");
    P.Measured.emplace(Fig, std::move(Meas));
  }
}

void Parser::parseSources(const YAML::Node &S) {
  expectMap(S, "sources");
  std::map<std::string, YAML::Mark> Seen;
  for (const auto &KV : S) {
    std::string Key = scalar(KV.first, "sources");
    auto [Prev, Inserted] = Seen.emplace(Key, KV.first.Mark());
    if (!Inserted)
      fail(KV.first,
           fmt::format("duplicate key '{}' in 'sources' (first given at line "
                       "{})",
                       Key, Prev->second.line + 1));
    P.Sources[Key] = text(KV.second, "sources." + Key);
  }
}

void Parser::checkSources(const YAML::Node &S) {
  // Every source names a figure of this profile or a parent of some.
  std::vector<std::string> Paths;
  for (const auto &F : Figures)
    Paths.push_back(F.first);
  for (const auto &KV : S) {
    const std::string &Key = KV.first.Scalar();
    bool Names =
        std::any_of(Paths.begin(), Paths.end(), [&](const std::string &F) {
          return F == Key || llvm::StringRef(F).starts_with(Key + ".");
        });
    if (Names)
      continue;
    std::string Msg =
        fmt::format("source '{}' names no figure of this profile", Key);
    std::string Hint = closest(Key, Paths);
    if (!Hint.empty())
      Msg += fmt::format("; did you mean '{}'?", Hint);
    fail(KV.first, Msg);
  }
  // Every figure has a source.
  for (const auto &[Path, Mark] : Figures)
    if (P.sourceOf(Path).empty())
      fail(Mark, fmt::format("figure '{}' has no source; add "
                             "'{}: \"<where the figure comes from>\"' under "
                             "'sources' (mark hearsay with (U))",
                             Path, Path));
}

std::string formatAt(std::string_view File, const YAML::Mark &M,
                     const std::string &Msg) {
  // A null mark (no node) points at the top of the file.
  return yamlErrorText(File, M, Msg, NullMark::TopOfFile);
}

} // namespace

llvm::Expected<DeviceProfile> parseProfile(std::string_view Text,
                                           std::string_view FileName) {
  llvm::Expected<YAML::Node> Loaded =
      loadYaml(Text, FileName, NullMark::TopOfFile);
  if (!Loaded)
    return Loaded.takeError();
  YAML::Node Root = *Loaded;
  try {
    return Parser(FileName).parse(Root);
  } catch (const ProfileError &E) {
    return makeError(formatAt(FileName, E.Mark, E.Message));
  } catch (const YAML::Exception &E) {
    // yaml-cpp conversions that failed where a check above should have
    // caught them; still report them at their place.
    return makeError(formatAt(FileName, E.mark, E.msg));
  }
}

namespace {

constexpr std::string_view BundledDir = "device-profiles/";

std::string stem(std::string_view Path) {
  std::string_view S = Path;
  if (size_t Dot = S.rfind('.'); Dot != std::string_view::npos)
    S = S.substr(0, Dot);
  return std::string(S);
}

bool endsWith(std::string_view S, std::string_view Suffix) {
  return S.size() >= Suffix.size() &&
         S.substr(S.size() - Suffix.size()) == Suffix;
}

} // namespace

std::vector<std::string> bundledProfileIds() {
  std::vector<std::string> Ids;
  for (const EmbeddedFile &F : embeddedProfiles())
    Ids.push_back(stem(F.Path));
  std::sort(Ids.begin(), Ids.end());
  return Ids;
}

llvm::Expected<ProfileSource> findProfileSource(std::string_view IdOrPath) {
  if (isProfilePath(IdOrPath)) {
    auto Buf = llvm::MemoryBuffer::getFile(
        llvm::StringRef(IdOrPath.data(), IdOrPath.size()), /*IsText=*/true);
    if (!Buf)
      return makeError(fmt::format("clspread: error: cannot read profile "
                                   "'{}': {}",
                                   IdOrPath, Buf.getError().message()));
    return ProfileSource{(*Buf)->getBuffer().str(), std::string(IdOrPath)};
  }
  for (const EmbeddedFile &F : embeddedProfiles())
    if (stem(F.Path) == IdOrPath)
      return ProfileSource{std::string(F.Content),
                           std::string(BundledDir) + std::string(F.Path)};
  std::vector<std::string> Ids = bundledProfileIds();
  std::string Msg =
      fmt::format("clspread: error: unknown profile '{}'", IdOrPath);
  std::string Hint = closest(IdOrPath, Ids);
  if (!Hint.empty())
    Msg += fmt::format("; did you mean '{}'?", Hint);
  Msg += fmt::format(" (bundled profiles: {}; or give a path to a .yaml "
                     "file)",
                     fmt::join(Ids, ", "));
  return makeError(Msg);
}

llvm::Expected<DeviceProfile> findProfile(std::string_view IdOrPath) {
  auto Source = findProfileSource(IdOrPath);
  if (!Source)
    return Source.takeError();
  return parseProfile(Source->Text, Source->Name);
}

bool isProfilePath(std::string_view IdOrPath) {
  return IdOrPath.find('/') != std::string_view::npos ||
         endsWith(IdOrPath, ".yaml") || endsWith(IdOrPath, ".yml");
}

std::vector<DeviceProfile> bundledProfiles() {
  std::vector<DeviceProfile> All;
  for (const EmbeddedFile &F : embeddedProfiles()) {
    llvm::Expected<DeviceProfile> P =
        parseProfile(F.Content, std::string(BundledDir) + std::string(F.Path));
    if (!P)
      llvm::report_fatal_error(llvm::Twine("bundled profile is invalid: ") +
                               llvm::toString(P.takeError()));
    All.push_back(std::move(*P));
  }
  std::sort(All.begin(), All.end(),
            [](const DeviceProfile &A, const DeviceProfile &B) {
              return A.Id < B.Id;
            });
  return All;
}

} // namespace clspread

//===- ProfileErrorsTest.cpp - Exact messages for broken profiles ---------===//
//
// Each case edits one line of a small valid profile and expects the exact
// "file:line:col: error: message" text. Lines and columns are counted by
// hand from the YAML below (1-based; the column of the offending key or
// value, or of the mapping that lacks a key).
//
//===----------------------------------------------------------------------===//
#include "Model/DeviceProfile.h"
#include "Model/Figures.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <fstream>

using namespace clspread;

namespace {

// Line numbers are in the comments on the right.
const std::vector<std::string> BaseLines = {
    "schema: 1",        // 1
    "id: test",         // 2
    "name: Test GPU",   // 3
    "kind: gpu",        // 4
    "compute_units: 2", // 5
    "lanes_per_cu: 16", // 6
    "wavefront: 32",    // 7
    "clock: 1 GHz",     // 8
    "alu:",             // 9
    "  rates: { int_simple: 16, int_mul: 16, int_div: 1, fp32: 16, "
    "fp32_div_sqrt: 4, transcendental: 4, fp64: none, conversion: 16 }", // 10
    "tex: { units_per_cu: 1, global_loads_use_tex: false }",             // 11
    "memory: { bandwidth: 100 GB/s, transaction: 64 B }",                // 12
    "occupancy: { max_waves_per_cu: 16 }",                               // 13
    "sources:",                                                          // 14
    "  compute_units: \"test\"",                                         // 15
    "  lanes_per_cu: \"test\"",                                          // 16
    "  wavefront: \"test\"",                                             // 17
    "  clock: \"test\"",                                                 // 18
    "  alu: \"test\"",                                                   // 19
    "  tex: \"test\"",                                                   // 20
    "  memory: \"test\"",                                                // 21
    "  occupancy: \"test\"",                                             // 22
};

std::string text(const std::vector<std::string> &Lines) {
  std::string S;
  for (const std::string &L : Lines)
    S += L + "\n";
  return S;
}

/// The base profile with line \p Line (1-based) replaced by \p New; an
/// empty \p New deletes the line.
std::string with(unsigned Line, const std::string &New) {
  std::vector<std::string> L = BaseLines;
  if (New.empty())
    L.erase(L.begin() + (Line - 1));
  else
    L[Line - 1] = New;
  return text(L);
}

std::string appended(const std::string &Extra) {
  return text(BaseLines) + Extra + "\n";
}

std::string errorOf(const std::string &Yaml) {
  llvm::Expected<DeviceProfile> P = parseProfile(Yaml, "test.yaml");
  if (P)
    return "(parsed without error)";
  return llvm::toString(P.takeError());
}

TEST(ProfileErrors, BaseProfileIsValid) {
  llvm::Expected<DeviceProfile> P = parseProfile(text(BaseLines), "test.yaml");
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->ClockHz, 1e9);
  EXPECT_FALSE(P->Alu.Rate[unsigned(AluClass::Fp64)].has_value()); // none
  EXPECT_EQ(*P->Alu.Rate[unsigned(AluClass::IntDiv)], 1.0);
  EXPECT_FALSE(P->RegistersPerCU.has_value());
  EXPECT_FALSE(P->LdsBytes.has_value());
  EXPECT_FALSE(P->Fp16.has_value()); // alu.fp16 absent: unknown
  // launch: defaults from AMD's talk "AMD and OpenCL" (2009).
  EXPECT_EQ(P->WavesPerCUMin, 2u);
  EXPECT_EQ(P->WavesPerCULatency, 4u);
}

/// The base profile with \p Path (a figure table row's path) set to \p V,
/// through yaml-cpp so that a row of any section lands in its place; a
/// section the base lacks gets a source line, and the barrier and lds
/// sections their required keys.
std::string withFigure(std::string_view Path, const std::string &V) {
  YAML::Node Root = YAML::Load(text(BaseLines));
  size_t Dot = Path.rfind('.');
  if (Dot == std::string_view::npos) {
    Root[std::string(Path)] = V;
    Root["sources"][std::string(Path)] = "test";
  } else {
    std::string Section(Path.substr(0, Dot)), Key(Path.substr(Dot + 1));
    if (Section == "barrier" && Key != "item_cycles")
      Root["barrier"]["item_cycles"] = "1";
    if (Section == "lds")
      Root["lds"]["per_cu"] = "64 KiB";
    Root[Section][Key] = V;
    Root["sources"][Section] = "test";
  }
  YAML::Emitter Out;
  Out << Root;
  return Out.c_str();
}

// The parser reads every numeric figure from its row of the figure table
// (Figures.h): each row, written at its path in its unit, comes back as
// the value Quantity gives that text, and a negative one is refused with
// the row's path. A row the parser skipped would fail the first check; one
// it read under another path, both.
TEST(ProfileErrors, EveryFigureTableRowIsReadFromItsPath) {
  for (const NumericFigure &F : numericFigures()) {
    SCOPED_TRACE(std::string(F.Path));
    if (!F.Needs.empty()) {
      // The base has no 'alu.pipes': the row must say what it goes with.
      EXPECT_NE(errorOf(withFigure(F.Path, "0.5"))
                    .find(fmt::format("'{}' needs", F.Path)),
                std::string::npos);
      continue;
    }
    std::string Written = dimExample(F.Dim);
    llvm::Expected<DeviceProfile> P =
        parseProfile(withFigure(F.Path, Written), "test.yaml");
    ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
    llvm::Expected<Quantity> Q = Quantity::parse(Written);
    ASSERT_TRUE(bool(Q));
    EXPECT_EQ(F.value(*P), Q->value());
    EXPECT_NE(errorOf(withFigure(F.Path, "-" + Written))
                  .find(fmt::format("'{}' must be", F.Path)),
              std::string::npos);
  }
}

TEST(ProfileErrors, YamlSyntax) {
  // "Test: GPU" is a second mapping value on one line; yaml-cpp stops at
  // the second ':' (column 11: "name: Test" is 10 characters).
  EXPECT_EQ(errorOf(with(3, "name: Test: GPU")),
            "test.yaml:3:11: error: illegal map value");
}

TEST(ProfileErrors, UnknownKeyWithSuggestion) {
  EXPECT_EQ(errorOf(with(8, "clok: 1 GHz")),
            "test.yaml:8:1: error: unknown key 'clok' in the profile; did you "
            "mean 'clock'?");
  // "memory: { " is 10 characters: the key starts in column 11.
  EXPECT_EQ(errorOf(with(12, "memory: { bandwith: 100 GB/s, transaction: 64 B "
                             "}")),
            "test.yaml:12:11: error: unknown key 'bandwith' in 'memory'; did "
            "you mean 'bandwidth'?");
  // "  rates: { int_simple: 16, int_mul: 16, int_div: 1, " is 52
  // characters: 'fp23' starts in column 53.
  EXPECT_EQ(errorOf(with(10, "  rates: { int_simple: 16, int_mul: 16, "
                             "int_div: 1, fp23: 16, fp32_div_sqrt: 4, "
                             "transcendental: 4, fp64: none, conversion: 16 "
                             "}")),
            "test.yaml:10:53: error: unknown key 'fp23' in 'alu.rates'; did "
            "you mean 'fp32'?");
}

TEST(ProfileErrors, UnknownKeyWithoutSuggestion) {
  // "occupancy: { max_waves_per_cu: 16, " is 35 characters.
  EXPECT_EQ(errorOf(with(13, "occupancy: { max_waves_per_cu: 16, colour: "
                             "blue }")),
            "test.yaml:13:36: error: unknown key 'colour' in 'occupancy'");
}

TEST(ProfileErrors, DuplicateKey) {
  std::vector<std::string> L = BaseLines;
  L.insert(L.begin() + 8, "clock: 2 GHz"); // becomes line 9
  EXPECT_EQ(errorOf(text(L)),
            "test.yaml:9:1: error: duplicate key 'clock' in the profile "
            "(first given at line 8)");
}

TEST(ProfileErrors, MissingRequiredKey) {
  // A missing top-level key is reported at the start of the mapping.
  EXPECT_EQ(errorOf(with(8, "")),
            "test.yaml:1:1: error: missing required key 'clock' in the "
            "profile");
  // A missing nested key at the '{' of its mapping: "memory: " is 8
  // characters.
  EXPECT_EQ(errorOf(with(12, "memory: { bandwidth: 100 GB/s }")),
            "test.yaml:12:9: error: missing required key 'transaction' in "
            "'memory'");
  // Every class needs a rate ("none" when the device has no unit for it).
  EXPECT_EQ(errorOf(with(10, "  rates: { int_simple: 16, int_mul: 16, "
                             "int_div: 1, fp32: 16, fp32_div_sqrt: 4, "
                             "transcendental: 4, conversion: 16 }")),
            "test.yaml:10:10: error: missing required key 'fp64' in "
            "'alu.rates'");
}

TEST(ProfileErrors, BadUnit) {
  // "clock: " is 7 characters: values start in column 8.
  EXPECT_EQ(errorOf(with(8, "clock: 1 GHZ")),
            "test.yaml:8:8: error: 'clock': unknown unit 'GHZ' in '1 GHZ'; did "
            "you mean 'GHz'?");
  EXPECT_EQ(errorOf(with(8, "clock: 1000")),
            "test.yaml:8:8: error: 'clock' needs a unit: write a frequency "
            "such as '750 MHz', got '1000'");
}

TEST(ProfileErrors, WrongDimension) {
  EXPECT_EQ(errorOf(with(8, "clock: 64 B")),
            "test.yaml:8:8: error: 'clock' must be a frequency such as "
            "'750 MHz', got '64 B' (a size in bytes)");
  // "memory: { bandwidth: " is 21 characters.
  EXPECT_EQ(errorOf(with(12, "memory: { bandwidth: 100 GHz, transaction: 64 B "
                             "}")),
            "test.yaml:12:22: error: 'memory.bandwidth' must be a bandwidth "
            "such as '115.2 GB/s', got '100 GHz' (a frequency)");
  // A count written with a unit. "compute_units: " is 15 characters.
  EXPECT_EQ(errorOf(with(5, "compute_units: 2 GHz")),
            "test.yaml:5:16: error: 'compute_units' must be a plain number "
            "such as '16', got '2 GHz' (a frequency)");
}

TEST(ProfileErrors, NonPositiveFigure) {
  EXPECT_EQ(errorOf(with(5, "compute_units: 0")),
            "test.yaml:5:16: error: 'compute_units' must be positive, got "
            "'0'");
  EXPECT_EQ(errorOf(with(8, "clock: -1 GHz")),
            "test.yaml:8:8: error: 'clock' must be positive, got '-1 GHz'");
  EXPECT_EQ(errorOf(with(5, "compute_units: 2.5")),
            "test.yaml:5:16: error: 'compute_units' must be a whole number, "
            "got '2.5'");
}

TEST(ProfileErrors, SchemaVersion) {
  // "schema: " is 8 characters.
  EXPECT_EQ(errorOf(with(1, "schema: 2")),
            "test.yaml:1:9: error: unsupported schema version '2'; this "
            "clspread reads 'schema: 1'");
  // Without the line, the mapping starts at the 'id' line, now line 1.
  EXPECT_EQ(errorOf(with(1, "")),
            "test.yaml:1:1: error: missing required key 'schema' in the "
            "profile (this clspread reads 'schema: 1')");
}

TEST(ProfileErrors, FigureWithoutSource) {
  // Deleting line 18 (the clock's source) leaves 'clock' on line 8
  // unsourced.
  EXPECT_EQ(errorOf(with(18, "")),
            "test.yaml:8:8: error: figure 'clock' has no source; add 'clock: "
            "\"<where the figure comes from>\"' under 'sources' (mark hearsay "
            "with (U))");
}

TEST(ProfileErrors, SourceWithoutFigure) {
  // Appended as line 23, key in column 3.
  EXPECT_EQ(errorOf(appended("  memory.bandwith: \"typo\"")),
            "test.yaml:23:3: error: source 'memory.bandwith' names no figure "
            "of this profile; did you mean 'memory.bandwidth'?");
  // A source for an optional figure the profile does not give.
  EXPECT_EQ(errorOf(appended("  launch_overhead: \"none given\"")),
            "test.yaml:23:3: error: source 'launch_overhead' names no figure "
            "of this profile");
}

TEST(ProfileErrors, OtherValues) {
  // "tex: { units_per_cu: 1, global_loads_use_tex: " is 46 characters.
  EXPECT_EQ(errorOf(with(11, "tex: { units_per_cu: 1, global_loads_use_tex: "
                             "yes }")),
            "test.yaml:11:47: error: 'tex.global_loads_use_tex' must be true "
            "or false, got 'yes'");
  // "kind: " is 6 characters.
  EXPECT_EQ(errorOf(with(4, "kind: fpga")),
            "test.yaml:4:7: error: 'kind' must be 'gpu' or 'cpu', got 'fpga'");
  // A VLIW-only key on a vliw_width 1 profile, reported at its value:
  // "  transcendental_slots: " is 24 characters.
  EXPECT_EQ(errorOf(with(10, "  transcendental_slots: 1")),
            "test.yaml:10:25: error: 'alu.transcendental_slots' applies to "
            "VLIW profiles (vliw_width > 1); this profile issues per-class "
            "rates from 'alu.rates'");
}

TEST(ProfileErrors, Fp16IsABoolean) {
  // "  fp16: " is 8 characters; alu.fp16 is read before alu.rates.
  EXPECT_EQ(errorOf(with(10, "  fp16: maybe")),
            "test.yaml:10:9: error: 'alu.fp16' must be true or false, got "
            "'maybe'");
  // After the rates (line 10), with the source 'alu' covers.
  std::vector<std::string> L = BaseLines;
  L.insert(L.begin() + 10, "  fp16: false");
  llvm::Expected<DeviceProfile> P = parseProfile(text(L), "test.yaml");
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->Fp16, std::optional<bool>(false));
}

TEST(ProfileErrors, LaunchThresholdsMustBeOrdered) {
  // min 6 with the default latency 4: reported at the 'launch' mapping,
  // line 23 column 9 ("launch: " is 8 characters).
  EXPECT_EQ(errorOf(appended("launch: { waves_per_cu_min: 6 }")),
            "test.yaml:23:9: error: 'launch.waves_per_cu_latency' (4) must be "
            "at least 'launch.waves_per_cu_min' (6)");
}

TEST(ProfileErrors, VliwProfileTakesNoRates) {
  // Line 9 becomes "alu: { vliw_width: 5, ... rates: ... }"; the value of
  // 'rates' starts after "alu: { vliw_width: 5, transcendental_slots: 1, "
  // "rates: " = 7 + 15 + 25 + 7 = 54 characters, so column 55. Line 10
  // (the old rates) is removed, so 'alu' is one line.
  std::vector<std::string> L = BaseLines;
  L[8] = "alu: { vliw_width: 5, transcendental_slots: 1, rates: { fp32: 1 } }";
  L.erase(L.begin() + 9);
  EXPECT_EQ(errorOf(text(L)),
            "test.yaml:9:55: error: 'alu.rates' applies to profiles with "
            "vliw_width 1; this profile has vliw_width 5 and is modelled by "
            "packing bundles");
}

TEST(ProfileErrors, MeasuredNeedsProvenance) {
  // Appended from line 23: "measured:" (23), "  memory.bandwidth:" (24);
  // the mapping under it starts with "value" at line 25, column 5.
  std::string Y = appended("measured:\n"
                           "  memory.bandwidth:\n"
                           "    value: 90 GB/s\n"
                           "    device: Test GPU\n"
                           "    date: 2025-01-01");
  EXPECT_EQ(errorOf(Y), "test.yaml:25:5: error: missing required key "
                        "'command' in 'measured.memory.bandwidth'");
  std::string Good = appended("measured:\n"
                              "  memory.bandwidth:\n"
                              "    value: 90 GB/s\n"
                              "    command: copy-bench --size 1GiB\n"
                              "    device: Test GPU\n"
                              "    date: 2025-01-01");
  llvm::Expected<DeviceProfile> P = parseProfile(Good, "test.yaml");
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  ASSERT_NE(P->measured("memory.bandwidth"), nullptr);
  EXPECT_EQ(P->measured("memory.bandwidth")->Value, 90e9);
}

TEST(ProfileErrors, EmptyFile) {
  EXPECT_EQ(errorOf(""), "test.yaml:1:1: error: the profile is empty; it must "
                         "be a mapping that starts with 'schema: 1'");
}

TEST(FindProfile, UnreadableFile) {
  llvm::Expected<DeviceProfile> P = findProfile("/nonexistent/x.yaml");
  ASSERT_FALSE(bool(P));
  EXPECT_EQ(llvm::toString(P.takeError()),
            "clspread: error: cannot read profile '/nonexistent/x.yaml': No "
            "such file or directory");
}

TEST(FindProfile, UnknownIdListsBundled) {
  llvm::Expected<DeviceProfile> P = findProfile("hd4780");
  ASSERT_FALSE(bool(P));
  EXPECT_EQ(llvm::toString(P.takeError()),
            "clspread: error: unknown profile 'hd4780'; did you mean "
            "'hd4870'? (bundled profiles: hd4870, intel-gen9, mali-g76, "
            "nvidia-h100-sxm, nvidia-h200, pocl-cpu; or give a path to a "
            ".yaml file)");
}

TEST(FindProfile, PathLoadsAFileAndNamesItInErrors) {
  std::string Path = ::testing::TempDir() + "clspread-profile-test.yaml";
  {
    std::ofstream(Path) << with(8, "clock: 1 GHZ");
  }
  llvm::Expected<DeviceProfile> Bad = findProfile(Path);
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()),
            Path + ":8:8: error: 'clock': unknown unit 'GHZ' in '1 GHZ'; did "
                   "you mean 'GHz'?");
  {
    std::ofstream(Path) << text(BaseLines);
  }
  llvm::Expected<DeviceProfile> Good = findProfile(Path);
  ASSERT_TRUE(bool(Good)) << llvm::toString(Good.takeError());
  EXPECT_EQ(Good->Id, "test");
  EXPECT_EQ(Good->File, Path);
  std::remove(Path.c_str());
}

} // namespace

namespace {

TEST(ProfileErrors, AluPipes) {
  // "alu:" is line 9, the rates line 10; pipes go on new lines 11+.
  std::vector<std::string> L = BaseLines;
  L.insert(L.begin() + 10, "  issue_per_clock: 32");
  L.insert(L.begin() + 10, "  pipes: { fma: [fp32, int_simple], int: "
                           "[int_simple] }");
  // "  pipes: { fma: [fp32, int_simple], int: [" is 42 characters.
  EXPECT_EQ(errorOf(text(L)),
            "test.yaml:11:43: error: class 'int_simple' is on two pipes "
            "('fma' and 'int')");
  L[10] = "  pipes: { fma: [fp32], int: [int_simple] }";
  EXPECT_EQ(errorOf(text(L)),
            "test.yaml:11:10: error: 'alu.pipes' must place every ALU class; "
            "'int_mul' is on none");
}

} // namespace

//===- SuiteTest.cpp - The suite manifest loader and the bundled suite ----===//
#include "Suite/Suite.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace clspread;

namespace {

/// A reader that knows one kernel file, k.cl, defining kernels `k` and `k2`.
llvm::Expected<std::string> fakeReader(const std::string &File) {
  if (File == "k.cl")
    return std::string("__kernel void k(__global float *x) {}\n"
                       "__kernel void k2(__global float *x) {}\n");
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "No such file or directory");
}

/// Parses \p Yaml as "t.yaml" and returns the error text ("" if it parsed).
std::string errorOf(const std::string &Yaml) {
  llvm::Expected<Suite> S = parseSuite(Yaml, "t.yaml", fakeReader);
  if (S)
    return "";
  return llvm::toString(S.takeError());
}

const char *const Minimal = R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: k
    global: [1024]
)";

} // namespace

TEST(SuiteParse, Minimal) {
  llvm::Expected<Suite> S = parseSuite(Minimal, "t.yaml", fakeReader);
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  ASSERT_EQ(S->Entries.size(), 1u);
  const SuiteEntry &E = S->Entries[0];
  EXPECT_EQ(S->Path, "t.yaml");
  EXPECT_EQ(E.Id, "a");
  EXPECT_EQ(E.Kernel, "k");
  EXPECT_EQ(E.Launch.Dims, 1u);
  EXPECT_EQ(E.Launch.Global[0], 1024u);
  EXPECT_FALSE(E.Launch.Local.has_value());
  EXPECT_EQ(E.Quick.Global[0], 1024u); // no quick: same as full
  EXPECT_NE(E.Source.find("__kernel void k("), std::string::npos);
  EXPECT_EQ(S->find("a"), &S->Entries[0]);
  EXPECT_EQ(S->find("b"), nullptr);
}

TEST(SuiteParse, PerComputeUnit) {
  // The flag is kept; the sizes stay as written (analyze multiplies the
  // first global dimension by the profile's compute units).
  llvm::Expected<Suite> S =
      parseSuite(std::string(Minimal) + "    per_compute_unit: true\n",
                 "t.yaml", fakeReader);
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  EXPECT_TRUE(S->Entries[0].PerComputeUnit);
  EXPECT_EQ(S->Entries[0].Launch.Global[0], 1024u);
  llvm::Expected<Suite> Plain = parseSuite(Minimal, "t.yaml", fakeReader);
  ASSERT_TRUE(bool(Plain)) << llvm::toString(Plain.takeError());
  EXPECT_FALSE(Plain->Entries[0].PerComputeUnit);
}

TEST(SuiteParse, AllFields) {
  const char *Yaml = R"(schema: 1
kernels:
  - id: one
    file: k.cl
    kernel: k
    variant_of: job
    description: first
    global: [256, 64]
    local: [16, 4]
    args: { n: 7, alpha: 2.5, mask: 0xff }
    build_options: -DITEMS=4
    buffers: { x: 16 MiB, y: 4096 }
    quick: { global: [32, 8], args: { n: 3 } }
  - id: two
    file: k.cl
    kernel: k2
    variant_of: job
    global: 64
    quick: { global: [16], local: [8] }
)";
  llvm::Expected<Suite> S = parseSuite(Yaml, "t.yaml", fakeReader);
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  const SuiteEntry *One = S->find("one");
  ASSERT_NE(One, nullptr);
  EXPECT_EQ(One->VariantOf, "job");
  EXPECT_EQ(One->Description, "first");
  EXPECT_EQ(One->BuildOptions, "-DITEMS=4");
  EXPECT_EQ(One->Launch.Dims, 2u);
  EXPECT_EQ(One->Launch.Global[1], 64u);
  EXPECT_EQ(One->Launch.Global[2], 1u);
  ASSERT_TRUE(One->Launch.Local.has_value());
  EXPECT_EQ((*One->Launch.Local)[0], 16u);
  EXPECT_FALSE(One->Launch.Args.at("n").IsFloat);
  EXPECT_EQ(One->Launch.Args.at("n").Int, 7);
  EXPECT_EQ(One->Launch.Args.at("mask").Int, 255);
  EXPECT_TRUE(One->Launch.Args.at("alpha").IsFloat);
  EXPECT_DOUBLE_EQ(One->Launch.Args.at("alpha").Float, 2.5);
  EXPECT_EQ(One->BufferBytes.at("x"), 16u << 20);
  EXPECT_EQ(One->BufferBytes.at("y"), 4096u);
  // Quick: local inherited from the full launch, args merged over it.
  EXPECT_EQ(One->Quick.Global[0], 32u);
  ASSERT_TRUE(One->Quick.Local.has_value());
  EXPECT_EQ((*One->Quick.Local)[1], 4u);
  EXPECT_EQ(One->Quick.Args.at("n").Int, 3);
  EXPECT_DOUBLE_EQ(One->Quick.Args.at("alpha").Float, 2.5);

  const SuiteEntry *Two = S->find("two");
  ASSERT_NE(Two, nullptr);
  EXPECT_EQ(Two->Launch.Global[0], 64u);
  EXPECT_FALSE(Two->Launch.Local.has_value());
  EXPECT_EQ((*Two->Quick.Local)[0], 8u);
  EXPECT_EQ(S->variants("job").size(), 2u);
  EXPECT_EQ(S->jobs(), std::vector<std::string>{"job"});
}

// --- Error messages: the whole text, FILE:LINE:COL: error: MESSAGE --------

TEST(SuiteErrors, YamlSyntax) {
  EXPECT_EQ(errorOf("schema: 1\nkernels: [\n  - id: a\n"),
            "t.yaml:3:3: error: illegal block entry");
  EXPECT_EQ(errorOf("schema: 1\n  bad: [\n"),
            "t.yaml:2:6: error: illegal map value");
}

TEST(SuiteErrors, TopLevel) {
  EXPECT_EQ(errorOf(""), "t.yaml:1:1: error: a suite manifest must be a map "
                         "with keys 'schema' and 'kernels'");
  EXPECT_EQ(errorOf("schema: 1\nkernels: []\nextra: 2\n"),
            "t.yaml:3:1: error: unknown key 'extra' in suite manifest");
  EXPECT_EQ(
      errorOf("kernels: []\n"),
      "t.yaml:1:1: error: missing required key 'schema' in suite manifest");
  EXPECT_EQ(errorOf("schema: 2\nkernels: []\n"),
            "t.yaml:1:9: error: unsupported schema '2'; this clspread reads "
            "schema 1");
  EXPECT_EQ(errorOf("schema: 1\nkernels: []\n"),
            "t.yaml:2:10: error: kernels must be a non-empty list of entries");
}

TEST(SuiteErrors, UnknownKey) {
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: k
    global: [64]
    globl: [64]
)"),
            "t.yaml:7:5: error: unknown key 'globl' in kernel entry");
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: k
    global: [64]
    quick: { global: [8], locl: [8] }
)"),
            "t.yaml:7:27: error: unknown key 'locl' in quick");
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: k
    global: [64]
    global: [32]
)"),
            "t.yaml:7:5: error: duplicate key 'global' in kernel entry");
}

TEST(SuiteErrors, MissingKeys) {
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - file: k.cl
    kernel: k
    global: [64]
)"),
            "t.yaml:3:5: error: missing required key 'id' in kernel entry");
  EXPECT_EQ(
      errorOf(R"(schema: 1
kernels:
  - id: a
    kernel: k
    global: [64]
)"),
      "t.yaml:3:5: error: missing required key 'file' in kernel entry 'a'");
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: k.cl
    global: [64]
)"),
            "t.yaml:3:5: error: missing required key 'kernel' in kernel entry "
            "'a'");
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: k
)"),
            "t.yaml:3:5: error: missing required key 'global' in kernel entry "
            "'a'");
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: k
    global: [64]
    quick: { local: [8] }
)"),
            "t.yaml:7:12: error: missing required key 'global' in quick");
}

/// An entry with the given global/local/quick lines.
static std::string withSizes(const std::string &Lines) {
  return "schema: 1\nkernels:\n  - id: a\n    file: k.cl\n    kernel: k\n" +
         Lines;
}

TEST(SuiteErrors, BadSizes) {
  EXPECT_EQ(errorOf(withSizes("    global: [64, 0]\n")),
            "t.yaml:6:18: error: global size must be positive, got 0 in "
            "dimension 1");
  EXPECT_EQ(errorOf(withSizes("    global: [2, 2, 2, 2]\n")),
            "t.yaml:6:13: error: global has 4 sizes; at most 3 are allowed");
  EXPECT_EQ(errorOf(withSizes("    global: []\n")),
            "t.yaml:6:13: error: global must be a list of 1 to 3 sizes");
  EXPECT_EQ(errorOf(withSizes("    global: [-4]\n")),
            "t.yaml:6:14: error: global size '-4' is not a positive integer");
  EXPECT_EQ(errorOf(withSizes("    global: [100]\n    local: [64]\n")),
            "t.yaml:7:12: error: local size 64 does not divide global size "
            "100 in dimension 0");
  EXPECT_EQ(errorOf(withSizes("    global: [64, 64]\n    local: [8]\n")),
            "t.yaml:7:12: error: local has 1 sizes but global has 2");
  EXPECT_EQ(errorOf(withSizes("    global: [64]\n    local: [0]\n")),
            "t.yaml:7:13: error: local size must be positive, got 0 in "
            "dimension 0");
  EXPECT_EQ(errorOf(withSizes("    global: [256]\n    local: [64]\n"
                              "    quick: { global: [96] }\n")),
            "t.yaml:8:22: error: local (from the full launch) size 64 does not "
            "divide global size 96 in dimension 0");
  EXPECT_EQ(errorOf(withSizes("    global: [256]\n"
                              "    quick: { global: [96], local: [64] }\n")),
            "t.yaml:7:35: error: quick local size 64 does not divide global "
            "size 96 in dimension 0");
  EXPECT_EQ(errorOf(withSizes("    global: [256]\n    local: [64]\n"
                              "    quick: { global: [16, 16] }\n")),
            "t.yaml:8:22: error: quick global has 2 sizes but the full "
            "launch's local has 1; give quick a local size");
}

TEST(SuiteErrors, BadValues) {
  EXPECT_EQ(errorOf(withSizes("    global: [64]\n    args: { n: ten }\n")),
            "t.yaml:7:16: error: argument 'n' must be a number, got 'ten'");
  EXPECT_EQ(errorOf(withSizes("    global: [64]\n    buffers: { x: 16 Mb }\n")),
            "t.yaml:7:19: error: bad size for buffer 'x': expected a positive "
            "byte count such as '16 MiB', or a map with bytes, range, sorted, "
            "permutation, monotone");
  EXPECT_EQ(errorOf(withSizes("    global: [64]\n    build_options: [-DX]\n")),
            "t.yaml:7:20: error: build_options must be a single value");
  EXPECT_EQ(errorOf(withSizes("    global: [64]\n    per_compute_unit: 2\n")),
            "t.yaml:7:23: error: per_compute_unit must be true or false");
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a b
    file: k.cl
    kernel: k
    global: [64]
)"),
            "t.yaml:3:9: error: id 'a b' may only contain letters, digits, "
            "'-', '_' and '.'");
}

TEST(SuiteErrors, DuplicateId) {
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: k
    global: [64]
  - id: a
    file: k.cl
    kernel: k2
    global: [64]
)"),
            "t.yaml:7:9: error: duplicate id 'a' (first defined at line 3)");
}

TEST(SuiteErrors, VariantStructure) {
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: k
    variant_of: job
    global: [64]
  - id: b
    file: k.cl
    kernel: k2
    global: [64]
)"),
            "t.yaml:6:17: error: job 'job' has only one variant ('a'); a job "
            "needs at least two entries (omit variant_of for a single kernel)");
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: k
    variant_of: b
    global: [64]
  - id: b
    file: k.cl
    kernel: k2
    global: [64]
  - id: c
    file: k.cl
    kernel: k2
    variant_of: b
    global: [64]
)"),
            "t.yaml:6:17: error: job name 'b' is also the id of entry 'b', "
            "which is not one of its variants");
}

TEST(SuiteErrors, Files) {
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: missing.cl
    kernel: k
    global: [64]
)"),
            "t.yaml:4:11: error: cannot read kernel file 'missing.cl': No such "
            "file or directory");
  EXPECT_EQ(errorOf(R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: nothere
    global: [64]
)"),
            "t.yaml:5:13: error: kernel 'nothere' not found in 'k.cl'");
}

TEST(SuiteLoad, FileOnDisk) {
  llvm::Expected<Suite> S =
      loadSuiteFile(std::string(CLSPREAD_SOURCE_DIR) + "/kernels/suite.yaml");
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  llvm::Expected<Suite> B = bundledSuite();
  ASSERT_TRUE(bool(B)) << llvm::toString(B.takeError());
  ASSERT_EQ(S->Entries.size(), B->Entries.size());
  for (size_t I = 0; I < S->Entries.size(); ++I) {
    EXPECT_EQ(S->Entries[I].Id, B->Entries[I].Id);
    EXPECT_EQ(S->Entries[I].Source, B->Entries[I].Source);
  }
  llvm::Expected<Suite> Missing = loadSuiteFile("/nonexistent/suite.yaml");
  ASSERT_FALSE(bool(Missing));
  EXPECT_EQ(llvm::toString(Missing.takeError()),
            "clspread: error: cannot read suite manifest "
            "'/nonexistent/suite.yaml': No such file or directory");
}

// --- The bundled suite ---------------------------------------------------

TEST(BundledSuite, HasEveryKernel) {
  llvm::Expected<Suite> S = bundledSuite();
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  struct Expect {
    const char *File, *Kernel, *Job;
  };
  const Expect Expected[] = {
      {"amp.cl", "amp_uchar4", "amp"},
      {"amp.cl", "amp_uint4", "amp"},
      {"median.cl", "median_1", "median"},
      {"median.cl", "median_x4", "median"},
      {"vecadd.cl", "vecadd_scalar", "vecadd"},
      {"vecadd.cl", "vecadd_float4", "vecadd"},
      {"saxpy.cl", "saxpy", ""},
      {"transpose.cl", "transpose_naive", "transpose"},
      {"transpose.cl", "transpose_tiled", "transpose"},
      {"matmul.cl", "matmul_naive", "matmul"},
      {"matmul.cl", "matmul_tiled", "matmul"},
      {"reduce.cl", "reduce_sum", ""},
      {"image.cl", "box_blur", ""},
      {"load_pattern.cl", "load_contiguous", "load-pattern"},
      {"load_pattern.cl", "load_direct", "load-pattern"},
      {"load_pattern.cl", "load_striped", "load-pattern"},
      {"transcendental.cl", "transcendental", ""},
  };
  for (const Expect &X : Expected) {
    auto It = std::find_if(S->Entries.begin(), S->Entries.end(),
                           [&](const SuiteEntry &E) {
                             return E.File == X.File && E.Kernel == X.Kernel;
                           });
    ASSERT_NE(It, S->Entries.end()) << X.File << " " << X.Kernel;
    EXPECT_EQ(It->VariantOf, X.Job) << It->Id;
    EXPECT_FALSE(It->Description.empty()) << It->Id;
    EXPECT_FALSE(It->Source.empty()) << It->Id;
  }
  EXPECT_EQ(S->Entries.size(), std::size(Expected));
  // Variants are grouped: each job has at least two entries.
  for (const std::string &Job : S->jobs())
    EXPECT_GE(S->variants(Job).size(), 2u) << Job;
  EXPECT_EQ(S->jobs().size(), 6u);
}

TEST(BundledSuite, LaunchesAreConsistent) {
  llvm::Expected<Suite> S = bundledSuite();
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  for (const SuiteEntry &E : S->Entries) {
    for (const LaunchSpec *L : {&E.Launch, &E.Quick}) {
      ASSERT_TRUE(L->Local.has_value()) << E.Id;
      for (unsigned D = 0; D < 3; ++D) {
        EXPECT_GT((*L->Local)[D], 0u) << E.Id;
        EXPECT_EQ(L->Global[D] % (*L->Local)[D], 0u) << E.Id << " dim " << D;
      }
      EXPECT_EQ(L->Args.size(), E.Launch.Args.size()) << E.Id;
    }
    EXPECT_EQ(E.Quick.Dims, E.Launch.Dims) << E.Id;
    // Quick launches stay small enough for oclgrind.
    EXPECT_LE(E.Quick.workItems(), 16384u) << E.Id;
    EXPECT_LT(E.Quick.workItems(), E.Launch.workItems()) << E.Id;
  }
}

TEST(BundledSuite, VariantsDoTheSameWork) {
  // Work-items times elements per work-item is the same for every variant
  // of a job (the elements per work-item are known per kernel here).
  llvm::Expected<Suite> S = bundledSuite();
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  auto PerItem = [](const SuiteEntry &E) -> uint64_t {
    if (E.Kernel == "amp_uint4" || E.Kernel == "median_x4" ||
        E.Kernel == "vecadd_float4" || E.Kernel == "load_direct" ||
        E.Kernel == "load_striped")
      return 4;
    return 1;
  };
  for (const std::string &Job : S->jobs()) {
    std::vector<const SuiteEntry *> V = S->variants(Job);
    for (bool Quick : {false, true}) {
      auto Work = [&](const SuiteEntry *E) {
        return (Quick ? E->Quick : E->Launch).workItems() * PerItem(*E);
      };
      for (const SuiteEntry *E : V) {
        EXPECT_EQ(Work(E), Work(V[0])) << Job << ": " << E->Id;
        const auto &Args = (Quick ? E->Quick : E->Launch).Args;
        const auto &Args0 = (Quick ? V[0]->Quick : V[0]->Launch).Args;
        EXPECT_EQ(Args.size(), Args0.size()) << E->Id;
        for (const auto &[Name, Value] : Args0) {
          ASSERT_TRUE(Args.count(Name)) << E->Id << " " << Name;
          EXPECT_EQ(Args.at(Name).Int, Value.Int) << E->Id << " " << Name;
        }
      }
    }
  }
}

TEST(BundledSuite, ImageAndBufferSizesMatchArgs) {
  // 2-D kernels with width/height args launch one work-item per pixel
  // (median_x4: one per four pixels along x).
  llvm::Expected<Suite> S = bundledSuite();
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  for (const SuiteEntry &E : S->Entries)
    for (const LaunchSpec *L : {&E.Launch, &E.Quick}) {
      if (L->Args.count("width")) {
        uint64_t PerItem = E.Kernel == "median_x4" ? 4 : 1;
        EXPECT_EQ(uint64_t(L->Args.at("width").Int), L->Global[0] * PerItem)
            << E.Id;
      }
      if (L->Args.count("height")) {
        EXPECT_EQ(uint64_t(L->Args.at("height").Int), L->Global[1]) << E.Id;
      }
      if (L->Args.count("N")) {
        EXPECT_EQ(uint64_t(L->Args.at("N").Int), L->Global[0]) << E.Id;
        EXPECT_EQ(uint64_t(L->Args.at("N").Int), L->Global[1]) << E.Id;
      }
      if (L->Args.count("n")) {
        EXPECT_LE(uint64_t(L->Args.at("n").Int), L->Global[0]) << E.Id;
      }
    }
}

namespace {
const char *const TwoStages = R"(schema: 1
kernels:
  - id: a
    file: k.cl
    kernel: k
    global: [1024]
  - id: b
    file: k.cl
    kernel: k2
    global: [1024]
)";
} // namespace

TEST(SuiteParse, Pipelines) {
  std::string Yaml = std::string(TwoStages) + R"(pipelines:
  - id: p
    stages: [a, b]
    connect: { a.x: b.x }
)";
  llvm::Expected<Suite> S = parseSuite(Yaml, "t.yaml", fakeReader);
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  ASSERT_EQ(S->Pipelines.size(), 1u);
  EXPECT_EQ(S->Pipelines[0].Id, "p");
  EXPECT_EQ(S->Pipelines[0].Stages, (std::vector<std::string>{"a", "b"}));
  ASSERT_EQ(S->Pipelines[0].Connect.size(), 1u);
  EXPECT_EQ(S->Pipelines[0].Connect[0].first, "a.x");
  EXPECT_EQ(S->Pipelines[0].Connect[0].second, "b.x");
}

TEST(SuiteErrors, Pipelines) {
  std::string Base = std::string(TwoStages) + "pipelines:\n";
  EXPECT_EQ(errorOf(Base + "  - id: p\n    stages: [a, c]\n"),
            "t.yaml:13:17: error: no entry 'c' in this manifest");
  EXPECT_EQ(errorOf(Base + "  - id: p\n    stages: [a]\n"),
            "t.yaml:13:13: error: stages must list two or more entry ids");
  EXPECT_EQ(errorOf(Base + "  - id: p\n    stages: [a, b]\n"
                           "    connect: { b.x: a.x }\n"),
            "t.yaml:14:21: error: 'a.x' must be a later stage than 'b.x'");
  EXPECT_EQ(errorOf(Base + "  - id: p\n    stages: [a, b]\n"
                           "    connect: { x: b.x }\n"),
            "t.yaml:14:16: error: 'x' must be STAGE.ARGUMENT with STAGE one "
            "of the pipeline's stages");
  EXPECT_EQ(errorOf(Base + "  - id: p\n    stages: [a, b]\n    stagez: 1\n"),
            "t.yaml:14:5: error: unknown key 'stagez' in pipeline");
}

// fuzz_Suite found this: an argument too large for int64 was converted with
// int64_t(double), which is undefined (UBSan: "outside the range of
// representable values"). It loads as a float with no integer value, and
// the analysis refuses it for an integer parameter (tests/bad-input).
TEST(SuiteParse, ArgumentPastInt64IsAFloatWithoutIntValue) {
  const char *Yaml = R"(schema: 1
kernels:
  - id: s
    file: k.cl
    kernel: k
    global: [64]
    args: { n: 62222222222222222222222222222222222222222222222222222222222, m: -1e300 }
)";
  llvm::Expected<Suite> S = parseSuite(Yaml, "t.yaml", fakeReader);
  ASSERT_TRUE(bool(S)) << llvm::toString(S.takeError());
  const ArgValue &N = S->find("s")->Launch.Args.at("n");
  EXPECT_TRUE(N.IsFloat);
  EXPECT_DOUBLE_EQ(N.Float, 6.2222222222222222e58);
  EXPECT_EQ(N.Int, 0);
  EXPECT_EQ(S->find("s")->Launch.Args.at("m").Int, 0);
}

//===- runtime_selftest.cpp - Unit checks of lib/Runtime's pure parts -----===//
//
// The device-free logic of the runner (type names, half conversion, seeded
// fills, statistics, sweep candidates, plan validation, output samples,
// comparison verdicts), checked without GoogleTest so the same binary
// builds in a standalone runner build on a board. Prints one line per
// failed check and closes with "N passed, N failed".
//
//===----------------------------------------------------------------------===//
#include "AtomicFile.h"
#include "Checksum.h"
#include "ClError.h"
#include "Compare.h"
#include "ElemType.h"
#include "ImageFormat.h"
#include "LocalSweep.h"
#include "OutputSample.h"
#include "Plan.h"
#include "RandomFill.h"
#include "Stats.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace clspread::runtime;

static int Passed = 0, Failed = 0;

#define CHECK(Cond)                                                            \
  do {                                                                         \
    if (Cond)                                                                  \
      ++Passed;                                                                \
    else {                                                                     \
      ++Failed;                                                                \
      std::cout << __FILE__ << ":" << __LINE__                                 \
                << ": check failed: " #Cond "\n";                              \
    }                                                                          \
  } while (0)

static bool contains(const std::string &S, const std::string &Part) {
  return S.find(Part) != std::string::npos;
}

static void testElemTypes() {
  auto F4 = parseElemType("float4");
  CHECK(F4 && F4->Kind == Scalar::Float && F4->Lanes == 4 && F4->bytes() == 16);
  auto U3 = parseElemType("uchar3");
  CHECK(U3 && U3->Kind == Scalar::UChar && U3->bytes() == 4 &&
        U3->storedLanes() == 4);
  CHECK(parseElemType("uint") && parseElemType("uint")->Kind == Scalar::UInt);
  CHECK(parseElemType("int2") && parseElemType("int2")->Kind == Scalar::Int);
  CHECK(parseElemType("unsigned int") &&
        parseElemType("unsigned int")->Kind == Scalar::UInt);
  CHECK(parseElemType("cl_ulong") && parseElemType("cl_ulong")->bytes() == 8);
  CHECK(parseElemType("double16") && parseElemType("double16")->bytes() == 128);
  CHECK(!parseElemType("float5"));
  CHECK(!parseElemType("quux"));
  CHECK(!parseElemType(""));
}

static void testHalf() {
  CHECK(floatToHalf(1.0f) == 0x3c00);
  CHECK(floatToHalf(-2.0f) == 0xc000);
  CHECK(floatToHalf(65504.0f) == 0x7bff);
  CHECK(floatToHalf(1e6f) == 0x7c00);          // overflow to inf
  CHECK(floatToHalf(5.9604645e-8f) == 0x0001); // smallest subnormal
  CHECK(halfToFloat(0x3555) > 0.333f && halfToFloat(0x3555) < 0.334f);
  bool RoundTrip = true;
  for (uint32_t H = 0; H < 0x7c00; ++H) // every finite non-negative half
    RoundTrip &= floatToHalf(halfToFloat(uint16_t(H))) == H;
  CHECK(RoundTrip);
  CHECK(std::isnan(halfToFloat(0x7e00)));
}

/// Index buffers: permutation, monotone and sorted fills.
static void testOrderedFill() {
  const ElemType Int = *parseElemType("int");
  std::vector<unsigned char> B(256 * 4);
  auto at = [&](size_t I) {
    int32_t V;
    std::memcpy(&V, B.data() + I * 4, 4);
    return V;
  };
  fillOrdered(B, Int, 7, std::make_pair(0.0, 255.0), "permutation");
  std::vector<int> Seen(256, 0);
  for (size_t I = 0; I < 256; ++I) {
    CHECK(at(I) >= 0 && at(I) < 256);
    if (at(I) >= 0 && at(I) < 256)
      ++Seen[size_t(at(I))];
  }
  CHECK(std::all_of(Seen.begin(), Seen.end(), [](int C) { return C == 1; }));
  CHECK(at(0) != 0 || at(1) != 1 || at(2) != 2); // shuffled
  fillOrdered(B, Int, 7, std::make_pair(0.0, 2048.0), "monotone");
  CHECK(at(0) == 0 && at(255) == 2048);
  for (size_t I = 1; I < 256; ++I)
    CHECK(at(I - 1) <= at(I));
  fillOrdered(B, Int, 7, std::make_pair(-5.0, 5.0), "sorted");
  for (size_t I = 1; I < 256; ++I)
    CHECK(at(I - 1) <= at(I) && at(I) >= -5 && at(I) <= 5);
  // A permutation of 100 in 256 elements: the values cycle.
  fillOrdered(B, Int, 7, std::make_pair(0.0, 99.0), "permutation");
  std::vector<int> Cycle(100, 0);
  for (size_t I = 0; I < 100; ++I)
    ++Cycle[size_t(at(I))];
  CHECK(std::all_of(Cycle.begin(), Cycle.end(), [](int C) { return C == 1; }));
}

static void testFill() {
  auto F = *parseElemType("float");
  std::vector<unsigned char> A(4096), B(4096), C(4096);
  fillRandom(A, F, streamSeed(1, "k", 0));
  fillRandom(B, F, streamSeed(1, "k", 0));
  fillRandom(C, F, streamSeed(1, "k", 1));
  CHECK(A == B);
  CHECK(A != C);
  bool InRange = true;
  for (size_t I = 0; I < A.size(); I += 4) {
    float V;
    std::memcpy(&V, &A[I], 4);
    InRange &= V >= 0.5f && V < 1.5f;
  }
  CHECK(InRange);
  std::vector<unsigned char> R(4000);
  fillRandom(R, *parseElemType("int"), 7, std::make_pair(-3.0, 3.0));
  bool IntRange = true, SawNeg = false;
  for (size_t I = 0; I < R.size(); I += 4) {
    int32_t V;
    std::memcpy(&V, &R[I], 4);
    IntRange &= V >= -3 && V <= 3;
    SawNeg |= V < 0;
  }
  CHECK(IntRange && SawNeg);
  // Known-answer: the stream must not change between versions, or
  // checksums from older measurements stop matching.
  CHECK(hex64(fnv1a64(A.data(), A.size())) ==
        hex64(fnv1a64(B.data(), B.size())));
  CHECK(hex64(fnv1a64("a", 1)) == "af63dc4c8601ec8c");
  CHECK(hex64(0x1234) == "0000000000001234");
}

static void testStats() {
  TimingStats S = summarize({3, 1, 2, 10});
  CHECK(S.Count == 4 && S.Median == 2.5 && S.Min == 1 && S.Max == 10 &&
        S.Mean == 4);
  CHECK(S.Cv > 0.9 && S.Cv < 1.1);
  CHECK(summarize({5}).Cv == 0 && summarize({5}).Median == 5);
  CHECK(summarize({}).Count == 0);
}

static bool has(const std::vector<Sizes3> &V, Sizes3 S) {
  for (const Sizes3 &X : V)
    if (X == S)
      return true;
  return false;
}

static void testSweep() {
  auto C1 = sweepCandidates(1, {4096, 1, 1}, 1024, {1024, 1024, 64}, 32);
  CHECK(has(C1, {8, 1, 1}) && has(C1, {64, 1, 1}) && has(C1, {1024, 1, 1}));
  CHECK(!has(C1, {2048, 1, 1}) &&
        !has(C1, {96, 1, 1})); // over the max; 4096 % 96 != 0
  CHECK(!has(C1, {4, 1, 1}));
  auto C2 = sweepCandidates(2, {1920, 1080, 1}, 256, {1024, 1024, 64}, 32);
  CHECK(has(C2, {8, 8, 1}) && !has(C2, {16, 16, 1})); // 1080 % 16 != 0
  CHECK(has(C2, {32, 4, 1}) && has(C2, {64, 2, 1}));
  bool Divides = true, Sorted = true;
  for (size_t I = 0; I < C2.size(); ++I) {
    Divides &= 1920 % C2[I][0] == 0 && 1080 % C2[I][1] == 0 && C2[I][2] == 1;
    if (I)
      Sorted &= C2[I - 1][0] * C2[I - 1][1] <= C2[I][0] * C2[I][1];
  }
  CHECK(Divides && Sorted);
  auto C3 = sweepCandidates(3, {64, 64, 64}, 1024, {1024, 1024, 64}, 0);
  CHECK(has(C3, {4, 4, 4}) && has(C3, {8, 8, 4}));
}

static void testPlan() {
  const char *Text = R"({
    // comments are allowed
    "schema": 1,
    "kernels": [
      {"id": "a", "source": "k", "kernel": "k", "dims": 2, "global": [64, 32, 1],
       "local": [8, 8, 1], "variant_of": "job",
       "args": [
         {"index": 0, "name": "x", "kind": "buffer", "bytes": 1024, "elem": "float4", "access": "read"},
         {"index": 1, "name": "n", "kind": "scalar", "type": "ushort", "value": 65535},
         {"index": 2, "name": "v", "kind": "scalar", "type": "int2", "value": [1, -2]},
         {"index": 3, "name": "t", "kind": "local", "bytes": 256},
         {"index": 4, "name": "img", "kind": "image2d", "width": 4, "height": 4, "access": "write"}]},
      {"id": "b", "source": "k", "kernel": "k", "global": [64],
       "args": [{"index": 0, "name": "y", "kind": "buffer", "elem": "float", "access": "write"},
                {"index": 1, "name": "s", "kind": "scalar", "type": "uchar", "value": 300},
                {"index": 1, "kind": "local", "bytes": 4}]},
      {"id": "a", "source": "k", "kernel": "k", "global": [64], "args": []},
      {"id": "c", "kernel": "k", "global": [64], "local": null}
    ]})";
  Plan P = parsePlan(Text, "t.json", ".");
  CHECK(P.Kernels.size() == 4);
  const KernelSpec &A = P.Kernels[0];
  CHECK(A.Problems.empty());
  CHECK(A.Dims == 2 && A.Global == (std::array<uint64_t, 3>{64, 32, 1}) &&
        A.Local);
  CHECK(A.VariantOf == "job" && A.Args.size() == 5);
  CHECK(A.Args[0].Bytes == 1024 && A.Args[0].Acc == Access::Read &&
        A.Args[0].Elem.Lanes == 4);
  CHECK(A.Args[1].Value.size() == 2 && A.Args[1].Value[0] == 0xff &&
        A.Args[1].Value[1] == 0xff);
  int32_t V[2];
  std::memcpy(V, A.Args[2].Value.data(), 8);
  CHECK(A.Args[2].Value.size() == 8 && V[0] == 1 && V[1] == -2);
  CHECK(A.Args[4].isWritten() && A.Args[4].ChannelOrder == "RGBA");
  std::string B;
  for (const std::string &S : P.Kernels[1].Problems)
    B += S + "\n";
  CHECK(contains(B, "arg 0 'y': buffer size unknown"));
  CHECK(contains(B, "does not fit"));
  CHECK(contains(B, "given twice"));
  CHECK(!P.Kernels[1].Local);
  CHECK(P.Kernels[2].Problems.size() == 1 &&
        contains(P.Kernels[2].Problems[0], "earlier kernel"));
  CHECK(!P.Kernels[3].Problems.empty() &&
        contains(P.Kernels[3].Problems[0], "source"));

  bool Threw = false;
  try {
    parsePlan("{\"schema\": 2, \"kernels\": []}", "x.json", ".");
  } catch (const PlanError &E) {
    Threw = contains(E.what(), "schema");
  }
  CHECK(Threw);
  Threw = false;
  try {
    parsePlan("[1,2", "x.json", ".");
  } catch (const PlanError &E) {
    Threw = contains(E.what(), "not valid JSON");
  }
  CHECK(Threw);

  // Found by fuzz_Plan: a number past double's range is nlohmann's
  // out_of_range, not a parse_error; it is a PlanError like bad JSON.
  Threw = false;
  try {
    parsePlan("{\"schema\": 1, \"kernels\": [], \"x\": 1e25899906842624}",
              "x.json", ".");
  } catch (const PlanError &E) {
    Threw = contains(E.what(), "not valid JSON");
  }
  CHECK(Threw);

  // Found by fuzz_Plan: fields of the wrong type threw nlohmann's
  // type_error, and numbers past 64 bits were converted with undefined
  // behaviour. Each is a problem of its kernel now.
  Plan Odd = parsePlan(R"({"schema": 1, "kernels": [
      {"id": "a", "source": "k", "kernel": "k", "dims": 1, "global": 1e300,
       "args": [{"index": 0, "name": 5, "kind": "image2d",
                 "width": 4, "height": 4, "access": "read"},
                {"index": 2, "name": "s", "kind": "sampler", "normalized": 3},
                {"index": 1, "name": "n", "kind": "scalar", "type": "long",
                 "value": 1e30}]}]})",
                       "odd.json", ".");
  const std::vector<std::string> &Pr = Odd.Kernels[0].Problems;
  auto has = [&](const char *Part) {
    return std::any_of(Pr.begin(), Pr.end(),
                       [&](const std::string &S) { return contains(S, Part); });
  };
  CHECK(has("\"global\" must be a positive integer, got 1e+300"));
  CHECK(has("\"name\" must be a string"));
  CHECK(has("\"normalized\" must be true or false"));
  CHECK(has("does not fit in 64 bits"));

  // An argument index of 2^32 wrapped to 0 (and "dims" 2^32+1
  // to 1); "value": true threw nlohmann's type_error, which aborted the
  // whole plan with a message naming no kernel and no field. Each is now
  // a problem of its own kernel, naming the field; the others are intact.
  Plan Wrap = parsePlan(R"({"schema": 1, "kernels": [
      {"id": "big-index", "source": "k", "kernel": "k", "global": [64],
       "args": [{"index": 4294967296, "name": "x", "kind": "buffer", "bytes": 4,
                 "access": "read", "elem": "float"}]},
      {"id": "bool-value", "source": "k", "kernel": "k", "global": [64],
       "args": [{"index": 0, "name": "n", "kind": "scalar", "type": "int", "value": true}]},
      {"id": "bool-lane", "source": "k", "kernel": "k", "global": [64],
       "args": [{"index": 0, "name": "v", "kind": "scalar", "type": "float2",
                 "value": [1, false]}]},
      {"id": "big-dims", "source": "k", "kernel": "k", "dims": 4294967297, "global": [64]},
      {"id": "fine", "source": "k", "kernel": "k", "global": [64],
       "args": [{"index": 4294967295, "name": "x", "kind": "scalar", "type": "int", "value": 1}]}
    ]})",
                        "wrap.json", ".");
  CHECK(Wrap.Kernels.size() == 5);
  auto problems = [&](size_t K) {
    std::string All;
    for (const std::string &S : Wrap.Kernels[K].Problems)
      All += S + "\n";
    return All;
  };
  CHECK(Wrap.Kernels[0].Id == "big-index" &&
        contains(problems(0), "\"index\" 4294967296 is out of range"));
  CHECK(
      Wrap.Kernels[1].Id == "bool-value" &&
      contains(problems(1), "arg 0 'n': \"value\" must be a number, got true"));
  CHECK(contains(problems(2),
                 "arg 0 'v': \"value\" must be a number, got false"));
  CHECK(contains(problems(3), "\"dims\" must be 1, 2 or 3"));
  CHECK(Wrap.Kernels[4].Problems.empty() && Wrap.Kernels[4].Args.size() == 1 &&
        Wrap.Kernels[4].Args[0].Index == 4294967295u);
}

static void testSamples() {
  auto F3 = *parseElemType("float3");
  std::vector<unsigned char> Bytes(16 * 10);
  for (int E = 0; E < 10; ++E)
    for (int L = 0; L < 4; ++L) {
      float V = L == 3 ? 1000.0f : 1.0f; // padding lane must be skipped
      std::memcpy(&Bytes[size_t(E * 16 + L * 4)], &V, 4);
    }
  OutputSample S = sampleOutput(Bytes, F3, 4);
  CHECK(S.Values == 30 && S.K == 4 && S.FirstSum == 4 && S.LastSum == 4 &&
        S.StridedSum == 4);
  CHECK(S.NonFinite == 0);
}

static nlohmann::json measurement(const std::string &Sum, double First,
                                  const char *Elem) {
  nlohmann::json R = {{"id", "k"},
                      {"status", "ok"},
                      {"median_s", 1e-3},
                      {"checksums", {{"out", Sum}}},
                      {"deterministic", true},
                      {"samples",
                       {{"out",
                         {{"elem", Elem},
                          {"values", 100},
                          {"k", 4},
                          {"first_sum", First},
                          {"last_sum", 2.0},
                          {"strided_sum", 3.0},
                          {"nonfinite", 0}}}}}};
  return {{"tool", "clspread-run"}, {"seed", 1},   {"plan_fnv1a64", "x"},
          {"device", "d"},          {"date", "t"}, {"results", {R}}};
}

static void testCompare() {
  CompareOptions O;
  auto Verdict = [&](const nlohmann::json &A, const nlohmann::json &B) {
    return compareMeasurements(A, B, "a", "b", O)["kernels"][0]["verdict"]
        .get<std::string>();
  };
  CHECK(Verdict(measurement("aa", 1.0, "float"),
                measurement("aa", 1.0, "float")) == "identical");
  CHECK(Verdict(measurement("aa", 1.0, "float"),
                measurement("bb", 1.00001, "float")) == "close");
  CHECK(Verdict(measurement("aa", 1.0, "float"),
                measurement("bb", 1.01, "float")) == "differ");
  CHECK(Verdict(measurement("aa", 1.0, "int"), measurement("bb", 1.0, "int")) ==
        "close");
  CHECK(Verdict(measurement("aa", 5.0, "int"), measurement("bb", 6.0, "int")) ==
        "differ");
  auto Bad = measurement("aa", 1.0, "float");
  Bad["results"][0]["status"] = "error";
  auto C =
      compareMeasurements(measurement("aa", 1.0, "float"), Bad, "a", "b", O);
  CHECK(C["kernels"][0]["verdict"] == "not_compared" && C["ok"] == false);
  auto Seed = measurement("aa", 1.0, "float");
  Seed["seed"] = 2;
  C = compareMeasurements(measurement("aa", 1.0, "float"), Seed, "a", "b", O);
  CHECK(C["warnings"].size() == 1 && C["ok"] == true);
}

static void testMisc() {
  CHECK(std::string(clErrorName(CL_INVALID_WORK_GROUP_SIZE)) ==
        "CL_INVALID_WORK_GROUP_SIZE");
  CHECK(std::string(clErrorName(-11)) == "CL_BUILD_PROGRAM_FAILURE");
  CHECK(std::string(clErrorName(12345)) == "CL_UNKNOWN_ERROR");
  ClError E("clFoo", -5, "arg 1");
  CHECK(std::string(E.what()) == "clFoo: CL_OUT_OF_RESOURCES (-5); arg 1");
  std::string Err;
  auto F = parseImageFormat("RGBA", "UNORM_INT8", Err);
  CHECK(F && F->PixelBytes == 4 && F->Channel.Kind == Scalar::UChar);
  F = parseImageFormat("CL_R", "CL_FLOAT", Err);
  CHECK(F && F->PixelBytes == 4);
  CHECK(parseImageFormat("RGB", "UNORM_SHORT_565", Err)->PixelBytes == 2);
  CHECK(!parseImageFormat("RGBA", "FLOAT64", Err) &&
        contains(Err, "channel_type"));
  CHECK(sizesText({16, 8, 1}, 2) == "[16,8]");
}

/// SIGINT while writeFileAtomically's temporary file exists removes it and
/// leaves the target as it was. To stop the writer at that point for sure,
/// the temporary path is made a FIFO first: open() blocks there (no reader)
/// with the handler installed, and the signal arrives while it waits.
static void testAtomicFileInterrupted() {
  char Dir[] = "/tmp/clspread-atomic-XXXXXX";
  CHECK(::mkdtemp(Dir) != nullptr);
  std::string Target = std::string(Dir) + "/out.json";
  std::ofstream(Target) << "previous\n";
  int Go[2];
  CHECK(::pipe(Go) == 0);
  pid_t Child = ::fork();
  if (Child == 0) {
    char C;
    (void)!::read(Go[0], &C, 1); // wait until the FIFO is there
    std::string Error;
    clspread::runtime::writeFileAtomically(Target, "new\n", Error);
    ::_exit(0); // not reached: the signal ends the child in open()
  }
  std::string Tmp = Target + ".tmp." + std::to_string(Child);
  CHECK(::mkfifo(Tmp.c_str(), 0600) == 0);
  (void)!::write(Go[1], "g", 1);
  // Wait until the child blocks in open() on the FIFO.
  for (int I = 0; I < 200; ++I) {
    std::ifstream Stat("/proc/" + std::to_string(Child) + "/wchan");
    std::string W;
    Stat >> W;
    if (W.find("fifo") != std::string::npos ||
        W.find("pipe") != std::string::npos)
      break;
    ::usleep(10000);
  }
  ::usleep(50000);
  ::kill(Child, SIGINT);
  int Status = 0;
  ::waitpid(Child, &Status, 0);
  CHECK(WIFSIGNALED(Status) && WTERMSIG(Status) == SIGINT);
  struct stat St;
  CHECK(::stat(Tmp.c_str(), &St) != 0); // the temporary file is gone
  std::ifstream In(Target);
  std::string Text((std::istreambuf_iterator<char>(In)), {});
  CHECK(Text == "previous\n");
  ::unlink(Target.c_str());
  ::rmdir(Dir);
}

int main() {
  testElemTypes();
  testOrderedFill();
  testHalf();
  testFill();
  testStats();
  testSweep();
  testPlan();
  testSamples();
  testCompare();
  testMisc();
  testAtomicFileInterrupted();
  std::cout << Passed << " passed, " << Failed << " failed\n";
  return Failed ? 1 : 0;
}

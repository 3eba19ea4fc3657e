//===- MemoryTest.cpp - Memory traffic by address space and width --------===//
//
// Memory operations are counted as the source performs them (the analyzer
// marks them volatile before optimizing), so every a[i] in the source is one
// access of sizeof(element) bytes. __constant, __local and image traffic are
// reported apart from global traffic.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestUtil.h"

using namespace clspread;
using namespace clspread::test;

namespace {

const Launch L4k({4096});

TEST(Memory, LoadWidthHistogram) {
  // Loads: c[i] (char, 1 byte), u4[i] (uchar4, 4), f[i] (float, 4),
  // f4[i] (float4, 16): 4 loads, 25 bytes, widths {1: 1, 4: 2, 16: 1}.
  // Store: out[i] (uint4): 1 store, 16 bytes, widths {16: 1}.
  auto K = analyze(R"(
__kernel void k(__global const char *c, __global const uchar4 *u4,
                __global const float *f, __global const float4 *f4,
                __global uint4 *out) {
  size_t i = get_global_id(0);
  float4 v = f4[i] + f[i] + convert_float4(u4[i]) + (float)c[i];
  out[i] = as_uint4(v);
})",
                   "k", L4k);
  EXPECT_EQ(K.GlobalLoads, 4);
  EXPECT_EQ(K.GlobalLoadBytes, 25);
  EXPECT_EQ(K.LoadWidths,
            (std::map<unsigned, double>{{1, 1}, {4, 2}, {16, 1}}));
  EXPECT_EQ(K.GlobalStores, 1);
  EXPECT_EQ(K.GlobalStoreBytes, 16);
  EXPECT_EQ(K.StoreWidths, (std::map<unsigned, double>{{16, 1}}));
  ASSERT_EQ(accessesOf(K, "u4").size(), 1u);
  EXPECT_EQ(accessesOf(K, "u4")[0].Bytes, 4u);
  EXPECT_EQ(accessesOf(K, "c")[0].Bytes, 1u);
  EXPECT_EQ(accessesOf(K, "f4")[0].Bytes, 16u);
  EXPECT_EQ(K.ConstantLoads, 0);
  EXPECT_EQ(K.LocalBytes, 0);
}

TEST(Memory, StoreWidthHistogram) {
  // Three stores: char (1), float (4), uint4 (16) = 21 bytes; no loads.
  auto K = analyze(R"(
__kernel void k(__global char *c, __global float *f, __global uint4 *u) {
  size_t i = get_global_id(0);
  c[i] = 1;
  f[i] = 2.0f;
  u[i] = (uint4)(3);
})",
                   "k", L4k);
  EXPECT_EQ(K.GlobalStores, 3);
  EXPECT_EQ(K.GlobalStoreBytes, 21);
  EXPECT_EQ(K.StoreWidths,
            (std::map<unsigned, double>{{1, 1}, {4, 1}, {16, 1}}));
  EXPECT_EQ(K.GlobalLoads, 0);
  EXPECT_TRUE(K.LoadWidths.empty());
  for (const auto &A : K.Accesses)
    EXPECT_TRUE(A.IsStore);
}

TEST(Memory, RepeatedSourceLoadsMergeUntilAStore) {
  // a[i] written three times in one expression is read once: nothing can
  // change it in between, and every OpenCL compiler (oclgrind too) loads it
  // once. 1 load, 4 bytes, one access site.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] * a[i] + a[i];
})",
                   "k", L4k);
  EXPECT_EQ(K.GlobalLoads, 1);
  EXPECT_EQ(K.GlobalLoadBytes, 4);
  EXPECT_EQ(accessesOf(K, "a").size(), 1u);
  // A store to c between two reads of a[i] may change it (c and a may
  // alias): read twice. 2 loads, 8 bytes.
  auto S = analyze(R"(
__kernel void k(__global float *a, __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i];
  c[i + 1] = a[i] * 2.0f;
})",
                   "k", L4k);
  EXPECT_EQ(S.GlobalLoads, 2);
  EXPECT_EQ(S.GlobalLoadBytes, 8);
}

TEST(Memory, ConstantLoadsAreSeparateFromGlobal) {
  // coef[0], coef[1] from __constant: 2 constant loads, 8 bytes. in[i]:
  // 1 global load of 4 bytes; out[i]: 1 store of 4 bytes. The constant
  // loads are in neither the global counts nor the width histogram.
  auto K = analyze(R"(
__kernel void k(__constant float *coef, __global const float *in,
                __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] * coef[0] + coef[1];
})",
                   "k", L4k);
  EXPECT_EQ(K.ConstantLoads, 2);
  EXPECT_EQ(K.ConstantBytes, 8);
  EXPECT_EQ(K.GlobalLoads, 1);
  EXPECT_EQ(K.GlobalLoadBytes, 4);
  EXPECT_EQ(K.LoadWidths, (std::map<unsigned, double>{{4, 1}}));
  EXPECT_EQ(K.GlobalStores, 1);
  auto Coef = accessesOf(K, "coef");
  ASSERT_EQ(Coef.size(), 2u);
  for (const auto &A : Coef) {
    EXPECT_EQ(A.Space, AddrSpace::Constant);
    EXPECT_FALSE(A.IsStore);
    ASSERT_TRUE(A.StrideBytes);
    EXPECT_EQ(*A.StrideBytes, 0); // every work-item reads the same element
  }
  ASSERT_GE(K.Args.size(), 1u);
  EXPECT_EQ(K.Args[0].Space, AddrSpace::Constant);
  EXPECT_TRUE(K.Args[0].IsPointer);
}

TEST(Memory, ProgramScopeConstantTableIsConstantTraffic) {
  // tab[i & 3] reads a program-scope __constant array: 1 constant load of 4
  // bytes; in[i] 1 global load, out[i] 1 global store.
  auto K = analyze(R"(
__constant float tab[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__kernel void k(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] * tab[i & 3];
})",
                   "k", L4k);
  EXPECT_EQ(K.ConstantLoads, 1);
  EXPECT_EQ(K.ConstantBytes, 4);
  EXPECT_EQ(K.GlobalLoads, 1);
  EXPECT_EQ(K.GlobalStores, 1);
}

TEST(Memory, LocalTrafficAndBarrier) {
  // tile[l] = in[i]: 1 local store (4 bytes) and 1 global load; then
  // tile[l] + tile[63 - l]: 2 local loads (8 bytes); out[i]: 1 global
  // store. Local: 1 store, 2 loads, 12 bytes. One barrier. __local traffic
  // is not a global access site: only in and out appear in Accesses.
  // The __local argument's size comes from --arg tile=256.
  auto K = analyze(R"(
__kernel void k(__global const float *in, __global float *out,
                __local float *tile) {
  size_t l = get_local_id(0);
  size_t i = get_global_id(0);
  tile[l] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = tile[l] + tile[63 - l];
})",
                   "k", Launch({4096}).local({64}).arg("tile", 256));
  EXPECT_EQ(K.LocalStores, 1);
  EXPECT_EQ(K.LocalLoads, 2);
  EXPECT_EQ(K.LocalBytes, 12);
  EXPECT_EQ(K.Barriers, 1);
  EXPECT_EQ(K.GlobalLoads, 1);
  EXPECT_EQ(K.GlobalStores, 1);
  EXPECT_EQ(K.Accesses.size(), 2u);
  EXPECT_EQ(K.LocalMemBytes, 256u);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(Memory, LocalArgumentWithoutSizeIsAnAssumption) {
  // Same kernel shape, no --arg tile=...: the occupancy input is missing and
  // the analysis says so, naming the argument.
  auto K = analyze(R"(
__kernel void k(__global float *out, __local float *tile) {
  size_t l = get_local_id(0);
  tile[l] = 1.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[l];
})",
                   "k", Launch({4096}).local({64}));
  EXPECT_EQ(K.LocalMemBytes, 0u);
  bool Found = false;
  for (auto &A : K.Assumptions)
    Found |= A.text().find("'tile'") != std::string::npos;
  EXPECT_TRUE(Found) << joined(K.Assumptions);
}

TEST(Memory, StaticLocalArrayAndBarriersInALoop) {
  // __local float4 tile[32]: 512 bytes per work-group. The loop runs
  // n = 3 times; per iteration: 1 local store (16 bytes), barrier, 1 local
  // load (16 bytes), barrier. Per item: 3 local stores, 3 local loads,
  // 96 local bytes, 6 barriers. Global: in[i] 3 loads (48 bytes), out[i]
  // 1 store.
  auto K = analyze(R"(
__kernel void k(__global const float4 *in, __global float4 *out, int n) {
  __local float4 tile[32];
  size_t l = get_local_id(0);
  size_t i = get_global_id(0);
  float4 s = 0.0f;
  for (int k = 0; k < n; ++k) {
    tile[l] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    s += tile[31 - l];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[i] = s;
})",
                   "k", Launch({4096}).local({32}).arg("n", 3));
  EXPECT_EQ(K.LocalMemBytes, 512u);
  EXPECT_DOUBLE_EQ(K.LocalStores, 3);
  EXPECT_DOUBLE_EQ(K.LocalLoads, 3);
  EXPECT_DOUBLE_EQ(K.LocalBytes, 96);
  EXPECT_DOUBLE_EQ(K.Barriers, 6);
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 3);
  EXPECT_DOUBLE_EQ(K.GlobalLoadBytes, 48);
  EXPECT_DOUBLE_EQ(K.GlobalStores, 1);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(Memory, ImageReadsAndWrites) {
  // Two read_imagef with a program-scope __constant sampler: 2 image reads;
  // one write_imagef: 1 image write. Images are not global loads; out[...]
  // is the one global store.
  auto K = analyze(R"(
__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE |
                           CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__kernel void k(__read_only image2d_t img, __write_only image2d_t dst,
                __global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  float4 s = read_imagef(img, smp, (int2)(x, y)) +
             read_imagef(img, smp, (int2)(x + 1, y));
  write_imagef(dst, (int2)(x, y), s);
  out[y * get_global_size(0) + x] = s;
})",
                   "k", Launch({64, 32}));
  EXPECT_EQ(K.ImageReads, 2);
  EXPECT_EQ(K.ImageWrites, 1);
  EXPECT_EQ(K.GlobalLoads, 0);
  EXPECT_EQ(K.GlobalStores, 1);
  EXPECT_EQ(K.GlobalStoreBytes, 16);
  EXPECT_EQ(K.Alu[unsigned(AluClass::Fp32)], 4); // the float4 add
  ASSERT_EQ(K.Args.size(), 3u);
  EXPECT_TRUE(K.Args[0].IsImage);
  EXPECT_EQ(K.Args[0].Space, AddrSpace::Image);
  EXPECT_EQ(K.Args[0].Access, "read_only");
  EXPECT_FALSE(K.Args[0].IsPointer);
  EXPECT_EQ(K.Args[1].Access, "write_only");
  EXPECT_TRUE(K.Args[2].IsPointer);
  EXPECT_EQ(K.Args[2].Name, "out");
  EXPECT_EQ(K.Args[2].Type, "float4*");
}

TEST(Memory, SamplerArgument) {
  // A sampler passed as an argument: 1 image read; the argument is a
  // sampler, not a pointer.
  auto K = analyze(R"(
__kernel void k(__read_only image2d_t img, sampler_t s,
                __global float4 *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * get_global_size(0) + x] = read_imagef(img, s, (int2)(x, y));
})",
                   "k", Launch({16, 16}));
  EXPECT_EQ(K.ImageReads, 1);
  ASSERT_EQ(K.Args.size(), 3u);
  EXPECT_TRUE(K.Args[1].IsSampler);
  EXPECT_FALSE(K.Args[1].IsPointer);
  EXPECT_FALSE(K.Args[1].IsImage);
}

TEST(Memory, AtomicIsOneReadAndOneWrite) {
  // atomic_add on counter[0]: 1 atomic, counted as a 4-byte load and a
  // 4-byte store; in[i]: 1 load. Loads 2 ({4: 2}), stores 1 ({4: 1}).
  auto K = analyze(R"(
__kernel void k(__global int *counter, __global const int *in) {
  size_t i = get_global_id(0);
  atomic_add(counter, in[i]);
})",
                   "k", L4k);
  EXPECT_EQ(K.Atomics, 1);
  EXPECT_EQ(K.GlobalLoads, 2);
  EXPECT_EQ(K.GlobalStores, 1);
  EXPECT_EQ(K.LoadWidths, (std::map<unsigned, double>{{4, 2}}));
  EXPECT_EQ(K.StoreWidths, (std::map<unsigned, double>{{4, 1}}));
  auto C = accessesOf(K, "counter");
  ASSERT_EQ(C.size(), 1u);
  EXPECT_TRUE(C[0].IsAtomic);
  ASSERT_TRUE(C[0].StrideBytes);
  EXPECT_EQ(*C[0].StrideBytes, 0);
}

TEST(Memory, Vload4IsOneSixteenByteLoad) {
  // vload4(i, in) reads in[4i .. 4i+3]: one 16-byte load, stride 16 bytes
  // between neighbouring items; vstore4 likewise one 16-byte store.
  auto K = analyze(R"(
__kernel void k(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  vstore4(vload4(i, in) * 2.0f, i, out);
})",
                   "k", L4k);
  EXPECT_EQ(K.GlobalLoads, 1);
  EXPECT_EQ(K.GlobalLoadBytes, 16);
  EXPECT_EQ(K.GlobalStores, 1);
  EXPECT_EQ(K.GlobalStoreBytes, 16);
  auto In = accessesOf(K, "in");
  ASSERT_EQ(In.size(), 1u);
  ASSERT_TRUE(In[0].StrideBytes);
  EXPECT_EQ(*In[0].StrideBytes, 16);
  auto Out = accessesOf(K, "out");
  ASSERT_EQ(Out.size(), 1u);
  ASSERT_TRUE(Out[0].StrideBytes);
  EXPECT_EQ(*Out[0].StrideBytes, 16);
}

TEST(Memory, CountsAreAttributedToSourceLines) {
  // Line 5 holds everything: 12 global bytes (a, b loaded, c stored) and
  // 7 lane-ops (1 fadd + 3 GEPs x (add + shift)); line 4 (the id) has
  // no work, so only line 5 is listed.
  auto K = analyze(R"(
__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
})",
                   "vadd", L4k);
  ASSERT_EQ(K.Lines.size(), 1u);
  EXPECT_EQ(K.Lines[0].Line, 5u);
  EXPECT_DOUBLE_EQ(K.Lines[0].GlobalBytes, 12);
  EXPECT_DOUBLE_EQ(K.Lines[0].AluOps, 7);
  EXPECT_DOUBLE_EQ(K.Lines[0].LocalBytes, 0);
}

} // namespace

namespace {
double chainRounds(const KernelCounts &K, bool Longest) {
  double Sum = 0;
  for (const LoadRound &R : K.ChainRounds)
    Sum += Longest ? R.PerLongestItem : R.PerItem;
  return Sum;
}
} // namespace

TEST(Memory, ChainRoundsSplitAtStores) {
  // A loop that stores to global memory: its two stores split the body's
  // loads into two rounds per iteration (tmp and a, then y and b), each
  // waiting for the round before. 256 iterations: 512 rounds per item;
  // none left in GlobalLoadRounds.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global const float *b,
                __global float *tmp, __global float *y) {
  size_t i = get_global_id(0);
  for (int j = 0; j < 256; ++j) {
    tmp[i] += a[i * 256 + j];
    y[i] += b[i * 256 + j];
  }
})",
                   "k", L4k);
  EXPECT_DOUBLE_EQ(chainRounds(K, false), 512);
  EXPECT_DOUBLE_EQ(chainRounds(K, true), 512);
  for (const LoadRound &R : K.ChainRounds)
    EXPECT_EQ(R.Loads.size(), 2u);
  EXPECT_DOUBLE_EQ(K.GlobalLoadRounds, 0);
}

TEST(Memory, ChainRoundsOfTheLongestItem) {
  // Only work-item 0 runs the loop (a serial prefix sum): 1000 rounds for
  // it, 1000 / 4096 on average.
  auto K = analyze(R"(
__kernel void k(__global const float *w, __global float *cdf) {
  if (get_global_id(0) == 0)
    for (int x = 1; x < 1000; ++x)
      cdf[x] = cdf[x - 1] + w[x];
})",
                   "k", L4k);
  EXPECT_NEAR(chainRounds(K, false), 999.0 / 4096, 1e-9);
  // (Frequencies are rounded to 1e-9: 999 / 4096 x 4096 to within 1e-5.)
  EXPECT_NEAR(chainRounds(K, true), 999, 1e-5);
  // cdf[x - 1] is what the iteration before stored: the compiler keeps it
  // in a register, so each round waits for w[x] alone.
  for (const LoadRound &R : K.ChainRounds) {
    ASSERT_EQ(R.Loads.size(), 1u);
    EXPECT_EQ(R.Loads[0].Buffer, "w");
  }
  // Two iterations back it is loaded again: both loads in each round.
  auto Two = analyze(R"(
__kernel void k(__global const float *w, __global float *cdf) {
  if (get_global_id(0) == 0)
    for (int x = 2; x < 1000; ++x)
      cdf[x] = cdf[x - 2] + w[x];
})",
                     "k", L4k);
  EXPECT_NEAR(chainRounds(Two, true), 998, 1e-5);
  for (const LoadRound &R : Two.ChainRounds)
    EXPECT_EQ(R.Loads.size(), 2u);
}

TEST(Memory, ChainRoundsOfATriangle) {
  // Item i runs 4096 - i iterations (4096 down to 1): the mean is
  // (4096 + 1) / 2 = 2048.5, item 0's 4096.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *s) {
  int i = get_global_id(0);
  for (int j = i; j < 4096; ++j)
    s[i] += a[j];
})",
                   "k", L4k);
  EXPECT_NEAR(chainRounds(K, false), 2048.5, 1e-6);
  EXPECT_NEAR(chainRounds(K, true), 4096, 1e-6);
}

TEST(Memory, LoopRoundsOfALoopWithNoStore) {
  // Work-item 0 sums a column: 2048 rounds for it, in a loop with no
  // global store, so they stay in GlobalLoadRounds (2048 / 4096 on
  // average) and none is chained. The load steps 2048 x 4 bytes per
  // iteration.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *r) {
  if (get_global_id(0) == 0) {
    float s = 0;
    for (int i = 0; i < 2048; ++i)
      s += a[i * 2048];
    r[0] = s;
  }
})",
                   "k", L4k);
  EXPECT_TRUE(K.ChainRounds.empty());
  ASSERT_EQ(K.LoopRounds.size(), 1u);
  const LoadRound &R = K.LoopRounds[0];
  EXPECT_NEAR(R.PerItem, 2048.0 / 4096, 1e-9);
  EXPECT_NEAR(R.PerLongestItem, 2048, 1e-5);
  ASSERT_EQ(R.Loads.size(), 1u);
  EXPECT_EQ(R.Loads[0].Buffer, "a");
  ASSERT_TRUE(R.Loads[0].Step);
  EXPECT_EQ(*R.Loads[0].Step, 2048 * 4);
  EXPECT_NEAR(K.GlobalLoadRounds, 2048.0 / 4096, 1e-9);
}

TEST(Memory, AStoreInPlaceDoesNotChain) {
  // Each iteration stores where it has just loaded, and the address moves
  // 4096 x 4 bytes per iteration: no later iteration loads what an earlier
  // one stored, so the 64 iterations' loads are loop rounds, in flight
  // together, not a chain.
  auto K = analyze(R"(
__kernel void k(__global float *a) {
  float s = 0;
  for (int j = get_global_id(0); j < 262144; j += 4096) {
    float x = a[j];
    a[j] = s;
    s += x;
  }
})",
                   "k", L4k);
  EXPECT_TRUE(K.ChainRounds.empty());
  ASSERT_EQ(K.LoopRounds.size(), 1u);
  EXPECT_NEAR(K.LoopRounds[0].PerItem, 64, 1e-6);
}

TEST(Memory, AStoreAheadOfTheLoadsChains) {
  // Each iteration adds into the element the next one loads (4096 x 4
  // bytes ahead, one step): 63 chained rounds per item.
  auto K = analyze(R"(
__kernel void k(__global float *a) {
  for (int j = get_global_id(0); j + 4096 < 262144; j += 4096)
    a[j + 4096] += a[j];
})",
                   "k", L4k);
  EXPECT_TRUE(K.LoopRounds.empty());
  EXPECT_NEAR(chainRounds(K, false), 63, 1e-6);
  for (const LoadRound &R : K.ChainRounds)
    EXPECT_TRUE(R.BehindStores);
}

TEST(Memory, ALoopSteppedByTheLaunchIsNotUnrolled) {
  // The same 64 loads per item as a grid-stride loop: the device compiler
  // cannot see the step, so each iteration's load waits for the last
  // iteration's, as a chain's does, though nothing is stored.
  auto K = analyze(R"(
__kernel void k(__global const uint *a, __global uint *out) {
  uint h = 0;
  for (int j = get_global_id(0); j < 262144; j += get_global_size(0))
    h = h * 31u + a[j];
  out[get_global_id(0)] = h;
})",
                   "k", L4k);
  EXPECT_TRUE(K.LoopRounds.empty());
  EXPECT_NEAR(chainRounds(K, false), 64, 1e-6);
  // No store to queue behind.
  for (const LoadRound &R : K.ChainRounds)
    EXPECT_FALSE(R.BehindStores);
}

TEST(Memory, ALoopAroundAnInnerLoopIsNotUnrolled) {
  // A literal step, but an inner loop (its trips are data) between one
  // iteration's load and the next: 64 rounds one after another.
  auto K = analyze(R"(
__kernel void k(__global const uint *a, __global uint *out) {
  uint h = 0;
  for (int j = get_global_id(0); j < 262144; j += 4096) {
    uint v = a[j];
    do {
      h = h * 31u + (v & 255u);
      v >>= 8;
    } while (v != 0);
  }
  out[get_global_id(0)] = h;
})",
                   "k", L4k);
  EXPECT_TRUE(K.LoopRounds.empty());
  EXPECT_NEAR(chainRounds(K, false), 64, 1e-6);
}

TEST(Memory, LoopsWithABarrierHaveNoLoopRounds) {
  // No load moves above a barrier: the loop's rounds wait one by one and
  // stay plain GlobalLoadRounds (16 per item).
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *out,
                __local float *t) {
  size_t l = get_local_id(0);
  float s = 0;
  for (int i = 0; i < 16; ++i) {
    t[l] = a[i * 256 + l];
    barrier(CLK_LOCAL_MEM_FENCE);
    s += t[255 - l];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = s;
})",
                   "k", L4k);
  EXPECT_TRUE(K.LoopRounds.empty());
  EXPECT_TRUE(K.ChainRounds.empty());
  EXPECT_NEAR(K.GlobalLoadRounds, 16, 1e-9);
}

TEST(Memory, LongestItemsLocalChainAndAluOps) {
  // Work-item 0 alone follows 100 indexes through a __local table: each
  // load's address is the load before's value, one __local operation on
  // the def-use path per iteration, 100 for it. The same loop run by every
  // work-item has as many ALU lane-ops per item, on average, as the
  // guarded one's longest item (less the guard's compare).
  const char *Src = R"(
__kernel void guarded(__global int *out, __local int *t) {
  int p = 0;
  if (get_global_id(0) == 0)
    for (int j = 0; j < 100; ++j)
      p = t[p];
  out[get_global_id(0)] = p;
}
__kernel void everyone(__global int *out, __local int *t) {
  int p = 0;
  for (int j = 0; j < 100; ++j)
    p = t[p];
  out[get_global_id(0)] = p;
})";
  auto G = analyze(Src, "guarded", L4k);
  auto All = analyze(Src, "everyone", L4k);
  EXPECT_NEAR(G.LongestLocalOps, 100, 1e-5);
  EXPECT_NEAR(All.LongestLocalOps, 100, 1e-5);
  double Mean = 0;
  for (double Ops : All.Alu)
    Mean += Ops;
  EXPECT_NEAR(G.LongestAluOps, Mean, 3);
  EXPECT_NEAR(All.LongestAluOps, Mean, 1e-9);
}

TEST(Memory, ABarrierOrdersTheLocalPath) {
  // Each iteration stores to __local, waits at the barrier, then loads a
  // neighbour's word: the load does not use the store's value, but the
  // barrier makes it wait for it. Two __local operations on the path per
  // iteration, 64 iterations: 128 (the second barrier ends the path).
  auto K = analyze(R"(
__kernel void k(__global const float *in, __global float *out,
                __local float *t) {
  size_t l = get_local_id(0);
  float v = in[get_global_id(0)];
  for (int k = 0; k < 64; ++k) {
    t[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    v += t[(l + 1) & 31];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = v;
})",
                   "k", L4k);
  EXPECT_NEAR(K.LongestLocalOps, 128, 1e-9);
}

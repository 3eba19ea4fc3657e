//===- FootprintTest.cpp - Unique bytes each buffer touches --------------===//
#include "AnalysisTestUtil.h"

using namespace clspread;
using namespace clspread::test;

namespace {

const char *VecAdd = R"(
__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
})";

TEST(Footprint, VecAddIsFourBytesPerItemExact) {
  // N = 4096 items each touch one float of a, b and c: 4N = 16384 bytes per
  // buffer, offsets [0, 16384) covered once each: exact.
  auto K = analyze(VecAdd, "vadd", Launch({4096}));
  ASSERT_EQ(K.Footprints.size(), 3u);
  for (const char *Name : {"a", "b", "c"}) {
    const BufferFootprint *F = footprintOf(K, Name);
    ASSERT_TRUE(F) << Name;
    EXPECT_EQ(F->Bytes, 16384u) << Name;
    EXPECT_EQ(F->MaxOffset, 16384u) << Name;
    EXPECT_TRUE(F->Exact) << Name;
  }
  EXPECT_EQ(footprintOf(K, "a")->ArgIndex, 0u);
  EXPECT_EQ(footprintOf(K, "c")->ArgIndex, 2u);
  EXPECT_TRUE(footprintOf(K, "a")->Read);
  EXPECT_FALSE(footprintOf(K, "a")->Written);
  EXPECT_TRUE(footprintOf(K, "c")->Written);
  EXPECT_FALSE(footprintOf(K, "c")->Read);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(Footprint, StoreOfAnIfAndItsElseAtOneIndex) {
  // Both branches store b[y*64 + x]; -O2 sinks them into one store whose
  // index is a phi of the two branches' (differently built) copies. Every
  // one of the 64 x 64 items writes its own float: 16384 bytes, exact, and
  // nothing assumed. a is read at (y-1)*64 + x-1 by the interior items only.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *b) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x > 0 && y > 0 && x < 63 && y < 63)
    b[y * 64 + x] = a[(y - 1) * 64 + x - 1];
  else
    b[y * 64 + x] = 0.0f;
})",
                   "k", Launch({64, 64}));
  const BufferFootprint *B = footprintOf(K, "b");
  ASSERT_TRUE(B);
  EXPECT_EQ(B->Bytes, 16384u);
  EXPECT_EQ(B->MaxOffset, 16384u);
  EXPECT_TRUE(B->Exact);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(Footprint, ReadModifyWriteBufferIsReadAndWritten) {
  // y[i] += 1: y read and written, 4N = 4096 bytes. (Exact is not checked:
  // the load and the store of each element are two tuples on one byte
  // range, so the analysis calls the tight 4096 an upper bound.)
  auto K = analyze(R"(
__kernel void k(__global float *y) {
  size_t i = get_global_id(0);
  y[i] += 1.0f;
})",
                   "k", Launch({1024}));
  const BufferFootprint *F = footprintOf(K, "y");
  ASSERT_TRUE(F);
  EXPECT_TRUE(F->Read);
  EXPECT_TRUE(F->Written);
  EXPECT_EQ(F->Bytes, 4096u);
  EXPECT_EQ(F->MaxOffset, 4096u);
}

TEST(Footprint, StencilReadsAboutTheImageNotNineTimesIt) {
  // 62 x 30 items read in[(y + dy) * 64 + x + dx], dy, dx in [0, 3): rows
  // 0..31 and columns 0..63 of a 64-float-wide image, every element of it:
  // 64 * 32 * 4 = 8192 bytes, not 9 reads * 1860 items * 4 = 66960 bytes.
  // The analysis bounds it by the bounding box [0, 8192), an upper bound
  // (not exact: 66960 reads land on 8192 bytes).
  // out[y * 64 + x]: 1860 floats = 7440 bytes, spread over a box of
  // (29 * 64 + 61 + 1) * 4 = 7672 bytes: 7440 (the smaller), not exact.
  auto K = analyze(R"(
__kernel void st(__global const float *in, __global float *out, int w) {
  int x = get_global_id(0), y = get_global_id(1);
  float s = 0.0f;
  for (int dy = 0; dy < 3; ++dy)
    for (int dx = 0; dx < 3; ++dx)
      s += in[(y + dy) * w + x + dx];
  out[y * w + x] = s;
})",
                   "st", Launch({62, 30}).arg("w", 64));
  EXPECT_DOUBLE_EQ(K.GlobalLoads, 9);
  const BufferFootprint *In = footprintOf(K, "in");
  ASSERT_TRUE(In);
  EXPECT_EQ(In->Bytes, 8192u);
  EXPECT_EQ(In->MaxOffset, 8192u);
  EXPECT_FALSE(In->Exact);
  const BufferFootprint *Out = footprintOf(K, "out");
  ASSERT_TRUE(Out);
  EXPECT_EQ(Out->Bytes, 7440u);
  EXPECT_EQ(Out->MaxOffset, 7672u);
  EXPECT_FALSE(Out->Exact);
  EXPECT_TRUE(K.Assumptions.empty()) << joined(K.Assumptions);
}

TEST(Footprint, CentredStencilWithBorderGuard) {
  // 3-point stencil in[i - 1] + in[i] + in[i + 1] for 0 < i < n - 1,
  // N = n = 1024: the reads touch elements 0..1023, 4096 bytes (the image,
  // not 3 x 4096). The guard does not narrow the affine ranges: i - 1 for
  // i = 0 is clipped at the buffer start, i + 1 for i = 1023 reaches one
  // element past it, so the bound is [0, 4100): an upper bound within one
  // element of the truth, and not exact.
  auto K = analyze(R"(
__kernel void k(__global const float *in, __global float *out, int n) {
  int i = get_global_id(0);
  if (i > 0 && i < n - 1)
    out[i] = in[i - 1] + in[i] + in[i + 1];
})",
                   "k", Launch({1024}).arg("n", 1024));
  const BufferFootprint *In = footprintOf(K, "in");
  ASSERT_TRUE(In);
  EXPECT_GE(In->Bytes, 4096u);
  EXPECT_LE(In->Bytes, 4100u);
  EXPECT_FALSE(In->Exact);
}

TEST(Footprint, StrideTwoTouchesFourNBytesNotEight) {
  // a[2 * i] for N = 4096: 4096 floats at even positions = 4N = 16384
  // unique bytes, spread over [0, 8 * 4095 + 4) = 32764 bytes: the bound is
  // the 16384 bytes actually read; not exact (box != bytes).
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  int i = get_global_id(0);
  o[i] = a[2 * i];
})",
                   "k", Launch({4096}));
  const BufferFootprint *A = footprintOf(K, "a");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Bytes, 16384u);
  EXPECT_EQ(A->MaxOffset, 32764u);
  EXPECT_FALSE(A->Exact);
  const BufferFootprint *O = footprintOf(K, "o");
  ASSERT_TRUE(O);
  EXPECT_EQ(O->Bytes, 16384u);
  EXPECT_TRUE(O->Exact);
}

TEST(Footprint, LoopOverSharedRow) {
  // Every item reads x[0 .. 99] (n = 100): 400 bytes, exact.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global float *y, int n) {
  size_t i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += x[k];
  y[i] = s;
})",
                   "k", Launch({4096}).arg("n", 100));
  const BufferFootprint *X = footprintOf(K, "x");
  ASSERT_TRUE(X);
  EXPECT_EQ(X->Bytes, 400u);
  EXPECT_EQ(X->MaxOffset, 400u);
  EXPECT_TRUE(X->Exact);
}

TEST(Footprint, MatrixVectorRows) {
  // m[i * n + k], n = 100, 64 items: rows 0..63 of 100 floats: 25600
  // bytes, exact; x[k]: 400 bytes.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global const float *m,
                __global float *y, int n) {
  int i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += m[i * n + k] * x[k];
  y[i] = s;
})",
                   "k", Launch({64}).arg("n", 100));
  const BufferFootprint *M = footprintOf(K, "m");
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Bytes, 25600u);
  EXPECT_TRUE(M->Exact);
  ASSERT_TRUE(footprintOf(K, "x"));
  EXPECT_EQ(footprintOf(K, "x")->Bytes, 400u);
  ASSERT_TRUE(footprintOf(K, "y"));
  EXPECT_EQ(footprintOf(K, "y")->Bytes, 256u);
}

TEST(Footprint, Float4BuffersCountSixteenBytesPerElement) {
  // float4 a[i], N = 1000: 16000 bytes, exact.
  auto K = analyze(R"(
__kernel void k(__global const float4 *a, __global float4 *o) {
  size_t i = get_global_id(0);
  o[i] = a[i];
})",
                   "k", Launch({1000}));
  ASSERT_TRUE(footprintOf(K, "a"));
  EXPECT_EQ(footprintOf(K, "a")->Bytes, 16000u);
  EXPECT_TRUE(footprintOf(K, "a")->Exact);
}

// The footprint ignores the guard (ranges are taken over the whole NDRange)
// yet calls the result exact: 4000 bytes, Exact = true, where the kernel
// writes 2400. Disabled; see the report.
TEST(Footprint, GuardedAccessIsAnUpperBound) {
  // o[i] for i < n, n = 600 of 1000 items: 2400 bytes are written. The
  // guard does not narrow the range, so the footprint may be the upper
  // bound 4000 -- but then it must not claim to be exact.
  auto K = analyze(R"(
__kernel void k(__global float *o, int n) {
  int i = get_global_id(0);
  if (i < n)
    o[i] = 1.0f;
})",
                   "k", Launch({1000}).arg("n", 600));
  const BufferFootprint *O = footprintOf(K, "o");
  ASSERT_TRUE(O);
  EXPECT_GE(O->Bytes, 2400u);
  EXPECT_LE(O->Bytes, 4000u);
  EXPECT_TRUE(O->Bytes == 2400u || !O->Exact)
      << "Bytes " << O->Bytes << " claimed exact";
}

TEST(Footprint, DataDependentIndexIsUnknownAndSaysSo) {
  // a[idx[i]]: no footprint for a, and an assumption naming it; idx: 4N.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global const int *idx,
                __global float *o) {
  size_t i = get_global_id(0);
  o[i] = a[idx[i]];
})",
                   "k", Launch({256}));
  EXPECT_EQ(footprintOf(K, "a"), nullptr);
  ASSERT_TRUE(footprintOf(K, "idx"));
  EXPECT_EQ(footprintOf(K, "idx")->Bytes, 1024u);
  bool Found = false;
  for (auto &X : K.Assumptions)
    Found |= X.text().find("buffer 'a'") != std::string::npos;
  EXPECT_TRUE(Found) << joined(K.Assumptions);
}

TEST(Footprint, AtomicCounterIsOneElement) {
  // atomic_inc(&count[0]) from every item: 4 bytes, read and written.
  auto K = analyze(R"(
__kernel void k(__global int *count) {
  atomic_inc(count);
})",
                   "k", Launch({1024}));
  const BufferFootprint *C = footprintOf(K, "count");
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Bytes, 4u);
  EXPECT_TRUE(C->Read);
  EXPECT_TRUE(C->Written);
}

} // namespace

//===- AccessPatternTest.cpp - Stride between neighbouring work-items ----===//
//
// GlobalAccess::StrideBytes is the byte distance between the addresses two
// work-items whose get_global_id(0) differ by one access: element size times
// the coefficient of the id in the index; nullopt when the address is not
// affine in the id.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestUtil.h"

using namespace clspread;
using namespace clspread::test;

namespace {

/// The stride of the only access to \p Buffer (fails if there is not one).
std::optional<int64_t> strideOf(const KernelCounts &K,
                                const std::string &Buffer) {
  auto A = accessesOf(K, Buffer);
  EXPECT_EQ(A.size(), 1u) << "accesses of " << Buffer;
  if (A.empty())
    return std::optional<int64_t>(-12345); // distinct from any expectation
  return A[0].StrideBytes;
}

TEST(AccessPattern, UnitStrideFloat) {
  // a[i], 4-byte floats: 4 bytes.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  o[i] = a[i];
})",
                   "k", Launch({1024}));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(4));
  EXPECT_EQ(strideOf(K, "o"), std::optional<int64_t>(4));
}

TEST(AccessPattern, UnitStrideThroughIntIndex) {
  // int i = get_global_id(0): the truncation and sign extension do not
  // change the stride: 4.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  int i = get_global_id(0);
  o[i] = a[i];
})",
                   "k", Launch({1024}));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(4));
}

TEST(AccessPattern, StrideTwo) {
  // a[2 * i]: 2 elements of 4 bytes = 8; o[i]: 4.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  int i = get_global_id(0);
  o[i] = a[2 * i];
})",
                   "k", Launch({1024}));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(8));
  EXPECT_EQ(strideOf(K, "o"), std::optional<int64_t>(4));
}

TEST(AccessPattern, StrideFromArgument) {
  // a[i * W] with W = 64 given: 64 * 4 = 256 bytes.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o, int W) {
  int i = get_global_id(0);
  o[i] = a[i * W];
})",
                   "k", Launch({1024}).arg("W", 64));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(256));
}

TEST(AccessPattern, BroadcastIsZero) {
  // a[0]: every item reads the same address: 0.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  o[i] = a[0];
})",
                   "k", Launch({1024}));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(0));
}

TEST(AccessPattern, Float4UnitStride) {
  // float4 a[i]: 16 bytes.
  auto K = analyze(R"(
__kernel void k(__global const float4 *a, __global float4 *o) {
  size_t i = get_global_id(0);
  o[i] = a[i] * 2.0f;
})",
                   "k", Launch({1024}));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(16));
  EXPECT_EQ(strideOf(K, "o"), std::optional<int64_t>(16));
}

TEST(AccessPattern, CharUnitStride) {
  // uchar a[i]: 1 byte.
  auto K = analyze(R"(
__kernel void k(__global const uchar *a, __global uchar *o) {
  size_t i = get_global_id(0);
  o[i] = a[i];
})",
                   "k", Launch({1024}));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(1));
}

TEST(AccessPattern, RowMajorTwoDimensional) {
  // a[y * W + x], W = 128: neighbours in dimension 0 differ in x: 4 bytes.
  // The transposed store o[x * H + y], H = 64: 64 * 4 = 256 bytes.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o, int W, int H) {
  int x = get_global_id(0), y = get_global_id(1);
  o[x * H + y] = a[y * W + x];
})",
                   "k", Launch({128, 64}).arg("W", 128).arg("H", 64));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(4));
  EXPECT_EQ(strideOf(K, "o"), std::optional<int64_t>(256));
}

TEST(AccessPattern, RowMajorWithGlobalSize) {
  // a[y * get_global_size(0) + x]: the size is specialized; stride 4.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t x = get_global_id(0), y = get_global_id(1);
  size_t i = y * get_global_size(0) + x;
  o[i] = a[i];
})",
                   "k", Launch({256, 16}));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(4));
}

TEST(AccessPattern, GroupAndLocalIdIndex) {
  // a[get_group_id(0) * 64 + get_local_id(0)] with local size 64: the same
  // address as a[get_global_id(0)]; neighbours in dimension 0 (within a
  // group) are 4 bytes apart.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_group_id(0) * 64 + get_local_id(0);
  o[get_global_id(0)] = a[i];
})",
                   "k", Launch({1024}).local({64}));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(4));
}

TEST(AccessPattern, LoopIndexOnlyIsZeroAndRowIsScaled) {
  // In the loop: x[k] does not depend on the id: stride 0 on every site;
  // m[i * n + k] with n = 100: 400 bytes.
  auto K = analyze(R"(
__kernel void k(__global const float *x, __global const float *m,
                __global float *y, int n) {
  int i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += m[i * n + k] * x[k];
  y[i] = s;
})",
                   "k", Launch({1024}).arg("n", 100));
  auto X = accessesOf(K, "x");
  ASSERT_FALSE(X.empty());
  for (const auto &A : X)
    EXPECT_EQ(A.StrideBytes, std::optional<int64_t>(0));
  auto M = accessesOf(K, "m");
  ASSERT_FALSE(M.empty());
  for (const auto &A : M)
    EXPECT_EQ(A.StrideBytes, std::optional<int64_t>(400));
}

TEST(AccessPattern, IndexFromLoadedValueIsUnknown) {
  // a[idx[i]]: the address depends on data: nullopt. idx[i] and o[i]: 4.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global const int *idx,
                __global float *o) {
  size_t i = get_global_id(0);
  o[i] = a[idx[i]];
})",
                   "k", Launch({1024}));
  EXPECT_EQ(strideOf(K, "a"), std::nullopt);
  EXPECT_EQ(strideOf(K, "idx"), std::optional<int64_t>(4));
  EXPECT_EQ(strideOf(K, "o"), std::optional<int64_t>(4));
}

TEST(AccessPattern, NegativeStride) {
  // a[1023 - i]: -4 bytes.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  int i = get_global_id(0);
  o[i] = a[1023 - i];
})",
                   "k", Launch({1024}));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(-4));
}

// a[i + off] is affine in get_global_id(0) (stride 4) whatever off is, but
// an argument not given with --arg stays an unknown SCEV, which affine()
// rejects, so the stride is reported unknown. Disabled; see the report.
TEST(AccessPattern, OffsetByUnknownArgumentKeepsStride) {
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o, int off) {
  int i = get_global_id(0);
  o[i] = a[i + off];
})",
                   "k", Launch({1024}));
  EXPECT_EQ(strideOf(K, "a"), std::optional<int64_t>(4));
}

TEST(AccessPattern, AccessRecordsBufferLineAndExec) {
  // The access of a on line 4 runs once per item.
  auto K = analyze(R"(
__kernel void k(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  float v = a[i];
  o[i] = v;
})",
                   "k", Launch({1024}));
  auto A = accessesOf(K, "a");
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0].Loc.Line, 4u);
  EXPECT_EQ(A[0].Loc.File, "t.cl");
  EXPECT_DOUBLE_EQ(A[0].ExecPerItem, 1);
  EXPECT_FALSE(A[0].IsStore);
  EXPECT_EQ(A[0].Space, AddrSpace::Global);
  auto O = accessesOf(K, "o");
  ASSERT_EQ(O.size(), 1u);
  EXPECT_EQ(O[0].Loc.Line, 5u);
  EXPECT_TRUE(O[0].IsStore);
}

} // namespace

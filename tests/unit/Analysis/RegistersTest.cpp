//===- RegistersTest.cpp - Live 32-bit registers per work-item -----------===//
#include "AnalysisTestUtil.h"

using namespace clspread;
using namespace clspread::test;

namespace {

TEST(Registers, Float4AndFloatAliveTogetherNeedFive) {
  // v (float4: 4 registers) and s (float: 1) are both live where v * s is
  // computed: at least 5.
  auto K = analyze(R"(
__kernel void k(__global const float4 *a, __global const float *b,
                __global float4 *out) {
  size_t i = get_global_id(0);
  float4 v = a[i];
  float s = b[i];
  out[i] = v * s;
})",
                   "k", Launch({1024}));
  EXPECT_GE(K.Registers, 5u);
}

TEST(Registers, EightFloat4LiveAtOnceNeedThirtyTwo) {
  // All eight float4 loads happen (in source order: they are volatile)
  // before the first multiply, so after the eighth load 8 x 4 = 32
  // registers hold them. With two float4s live (few) the peak is smaller.
  const char *Src = R"(
__kernel void few(__global const float4 *a, __global float4 *o) {
  size_t i = get_global_id(0);
  float4 v0 = a[i], v1 = a[i + 1];
  o[i] = v0 * v1;
}
__kernel void many(__global const float4 *a, __global float4 *o) {
  size_t i = get_global_id(0);
  float4 v0 = a[i], v1 = a[i + 1], v2 = a[i + 2], v3 = a[i + 3];
  float4 v4 = a[i + 4], v5 = a[i + 5], v6 = a[i + 6], v7 = a[i + 7];
  o[i] = (v0 * v1 + v2 * v3) * (v4 * v5 + v6 * v7);
})";
  auto Few = analyze(Src, "few", Launch({1024}));
  auto Many = analyze(Src, "many", Launch({1024}));
  EXPECT_GE(Few.Registers, 8u);
  EXPECT_GE(Many.Registers, 32u);
  EXPECT_LT(Few.Registers, Many.Registers);
}

TEST(Registers, MoreScalarsLiveGiveMoreRegisters) {
  // Four floats live together versus twelve: monotonic.
  const char *Src = R"(
__kernel void four(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  float x0 = a[i], x1 = a[i + 1], x2 = a[i + 2], x3 = a[i + 3];
  o[i] = (x0 * x1) + (x2 * x3);
}
__kernel void twelve(__global const float *a, __global float *o) {
  size_t i = get_global_id(0);
  float x0 = a[i], x1 = a[i + 1], x2 = a[i + 2], x3 = a[i + 3];
  float x4 = a[i + 4], x5 = a[i + 5], x6 = a[i + 6], x7 = a[i + 7];
  float x8 = a[i + 8], x9 = a[i + 9], x10 = a[i + 10], x11 = a[i + 11];
  o[i] = (x0 * x1) + (x2 * x3) + (x4 * x5) + (x6 * x7) + (x8 * x9) +
         (x10 * x11);
})";
  auto Four = analyze(Src, "four", Launch({1024}));
  auto Twelve = analyze(Src, "twelve", Launch({1024}));
  EXPECT_GE(Four.Registers, 4u);
  EXPECT_GE(Twelve.Registers, 12u);
  EXPECT_LT(Four.Registers, Twelve.Registers);
}

TEST(Registers, DoublesTakeTwoRegisters) {
  // Four doubles live together: 8 registers at least; four floats: 4.
  const char *Src = R"(
__kernel void d(__global const double *a, __global double *o) {
  size_t i = get_global_id(0);
  double x0 = a[i], x1 = a[i + 1], x2 = a[i + 2], x3 = a[i + 3];
  o[i] = (x0 * x1) + (x2 * x3);
})";
  auto K = analyze(Src, "d", Launch({1024}));
  EXPECT_GE(K.Registers, 8u);
}

TEST(Registers, AtLeastOne) {
  // An empty kernel still reports one register.
  auto K = analyze(R"(
__kernel void k() {}
)",
                   "k", Launch({64}));
  EXPECT_EQ(K.Registers, 1u);
  EXPECT_EQ(K.aluOps(), 0);
}

} // namespace

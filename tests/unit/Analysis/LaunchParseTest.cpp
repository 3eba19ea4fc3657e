//===- LaunchParseTest.cpp - parseSizes and parseArg ---------------------===//
#include "Analysis/KernelCounts.h"
#include "Analysis/Launch.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

TEST(ParseSizes, OneDimension) {
  unsigned Dims = 0;
  auto S = parseSizes("1024", Dims);
  ASSERT_TRUE(S);
  EXPECT_EQ(Dims, 1u);
  EXPECT_EQ((*S)[0], 1024u);
  // Unused dimensions are 1, so workItems() is the product.
  EXPECT_EQ((*S)[1], 1u);
  EXPECT_EQ((*S)[2], 1u);
}

TEST(ParseSizes, TwoAndThreeDimensionsWithEitherSeparator) {
  unsigned Dims = 0;
  auto S = parseSizes("2048x1024", Dims);
  ASSERT_TRUE(S);
  EXPECT_EQ(Dims, 2u);
  EXPECT_EQ((*S)[0], 2048u);
  EXPECT_EQ((*S)[1], 1024u);
  EXPECT_EQ((*S)[2], 1u);

  S = parseSizes("16,8,4", Dims);
  ASSERT_TRUE(S);
  EXPECT_EQ(Dims, 3u);
  EXPECT_EQ((*S)[0], 16u);
  EXPECT_EQ((*S)[1], 8u);
  EXPECT_EQ((*S)[2], 4u);

  S = parseSizes("4X2", Dims); // upper-case X is accepted too
  ASSERT_TRUE(S);
  EXPECT_EQ(Dims, 2u);
  EXPECT_EQ((*S)[1], 2u);
}

TEST(ParseSizes, LargeValueFitsIn64Bits) {
  unsigned Dims = 0;
  auto S = parseSizes("4294967296", Dims); // 2^32
  ASSERT_TRUE(S);
  EXPECT_EQ((*S)[0], uint64_t(1) << 32);
}

TEST(ParseSizes, RejectsMalformedText) {
  unsigned Dims = 7;
  for (const char *Bad :
       {"", "x", "0", "16x0", "1x2x3x4", "16x", "x16", "16xx8", "-16", "+16",
        "16 ", " 16", "16y8", "abc", "1.5", "99999999999999999999999"}) {
    EXPECT_FALSE(parseSizes(Bad, Dims)) << "'" << Bad << "'";
  }
  // Dims is left alone on failure.
  EXPECT_EQ(Dims, 7u);
}

TEST(LaunchSpec, WorkItemsAndGroupSize) {
  LaunchSpec L;
  L.Dims = 2;
  L.Global = {100, 60, 1};
  EXPECT_EQ(L.workItems(), 6000u);
  EXPECT_EQ(L.workGroupSize(), 0u); // no local size: driver's choice
  L.Local = std::array<uint64_t, 3>{4, 4, 1};
  EXPECT_EQ(L.workGroupSize(), 16u);
}

TEST(ParseArg, Integers) {
  auto A = parseArg("n=1024");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->first, "n");
  EXPECT_FALSE(A->second.IsFloat);
  EXPECT_EQ(A->second.Int, 1024);
  EXPECT_EQ(A->second.Float, 1024.0);

  A = parseArg("off=-3");
  ASSERT_TRUE(A);
  EXPECT_FALSE(A->second.IsFloat);
  EXPECT_EQ(A->second.Int, -3);

  // strtoll with base 0: hexadecimal literals are integers.
  A = parseArg("mask=0x10");
  ASSERT_TRUE(A);
  EXPECT_FALSE(A->second.IsFloat);
  EXPECT_EQ(A->second.Int, 16);
}

TEST(ParseArg, Floats) {
  auto A = parseArg("alpha=2.5");
  ASSERT_TRUE(A);
  EXPECT_EQ(A->first, "alpha");
  EXPECT_TRUE(A->second.IsFloat);
  EXPECT_DOUBLE_EQ(A->second.Float, 2.5);
  EXPECT_EQ(A->second.Int, 2); // truncated

  A = parseArg("eps=1e-3");
  ASSERT_TRUE(A);
  EXPECT_TRUE(A->second.IsFloat);
  EXPECT_DOUBLE_EQ(A->second.Float, 1e-3);
}

TEST(ParseArg, ValueMayContainEquals) {
  // Only the first '=' separates: the value "=1" is not a number, kept as
  // text for the analysis to reject with the parameter's type.
  auto P = parseArg("a==1");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->first, "a");
  EXPECT_FALSE(P->second.Numeric);
  EXPECT_EQ(P->second.Text, "=1");
}

TEST(ParseArg, RejectsMalformedText) {
  // Without a name, '=' and a value there is no argument at all.
  for (const char *Bad : {"", "n", "=5", "n="})
    EXPECT_FALSE(parseArg(Bad)) << "'" << Bad << "'";
  // A value that is not a number is kept as text, marked so.
  for (const char *Text : {"n=abc", "n=12abc", "n=1.5.2", "n= "}) {
    auto P = parseArg(Text);
    ASSERT_TRUE(P) << Text;
    EXPECT_FALSE(P->second.Numeric) << Text;
    EXPECT_EQ("n=" + P->second.Text, Text);
  }
  auto N = parseArg("n=0x10");
  ASSERT_TRUE(N);
  EXPECT_TRUE(N->second.Numeric);
  EXPECT_EQ(N->second.Int, 16);
}

TEST(AluClassNames, RoundTrip) {
  for (unsigned C = 0; C < NumAluClasses; ++C) {
    auto Back = aluClassFromName(aluClassName(AluClass(C)));
    ASSERT_TRUE(Back);
    EXPECT_EQ(unsigned(*Back), C);
  }
  EXPECT_STREQ(aluClassName(AluClass::Fp32DivSqrt), "fp32_div_sqrt");
  EXPECT_FALSE(aluClassFromName("fp16"));
}

} // namespace

//===- QuantityTest.cpp - Parsing figures with units ----------------------===//
#include "Support/Quantity.h"

#include <gtest/gtest.h>

using namespace clspread;
using Dim = Quantity::Dim;

namespace {

Quantity ok(const char *Text) {
  llvm::Expected<Quantity> Q = Quantity::parse(Text);
  if (!Q) {
    ADD_FAILURE() << Text << ": " << llvm::toString(Q.takeError());
    return {};
  }
  return *Q;
}

std::string bad(const char *Text) {
  llvm::Expected<Quantity> Q = Quantity::parse(Text);
  if (Q) {
    ADD_FAILURE() << Text << " parsed as " << Q->value();
    return {};
  }
  return llvm::toString(Q.takeError());
}

TEST(Quantity, Frequencies) {
  EXPECT_EQ(ok("750 MHz").value(), 750e6);
  EXPECT_EQ(ok("750 MHz").dim(), Dim::Frequency);
  // The literal 1.98e9, not 1.98 * 1e9 (which rounds differently).
  EXPECT_EQ(ok("1.98 GHz").value(), 1.98e9);
  EXPECT_EQ(ok("1980 MHz").value(), 1980000000.0);
  EXPECT_EQ(ok("1.98 GHz").value(), ok("1980 MHz").value());
  EXPECT_EQ(ok("3 kHz").value(), 3000.0);
}

TEST(Quantity, Bandwidths) {
  EXPECT_EQ(ok("115.2 GB/s").value(), 115.2e9);
  EXPECT_EQ(ok("115.2 GB/s").dim(), Dim::Bandwidth);
  EXPECT_EQ(ok("3.35 TB/s").value(), 3.35e12);
  EXPECT_EQ(ok("3.35 TB/s").value(), 3350000000000.0);
  EXPECT_EQ(ok("4.8 TB/s").value(), 4800000000000.0);
}

TEST(Quantity, SizesDecimalAndBinary) {
  EXPECT_EQ(ok("16 KiB").value(), 16384.0);
  EXPECT_EQ(ok("16 KiB").dim(), Dim::Bytes);
  EXPECT_EQ(ok("64 B").value(), 64.0);
  EXPECT_EQ(ok("256 KB").value(), 256000.0); // decimal kilo
  EXPECT_EQ(ok("256 kB").value(), 256000.0);
  EXPECT_EQ(ok("50 MB").value(), 50e6);
  EXPECT_EQ(ok("228 KiB").value(), 228.0 * 1024);
  EXPECT_EQ(ok("1 GiB").value(), 1073741824.0);
  EXPECT_EQ(ok("1.5 KiB").value(), 1536.0);
  // 128 bit = 16 bytes exactly.
  EXPECT_EQ(ok("128 bit").value(), 16.0);
  EXPECT_EQ(ok("128 bit").dim(), Dim::Bytes);
  EXPECT_EQ(ok("32 bits").value(), 4.0);
  EXPECT_EQ(ok("64B").value(), 64.0); // no space is fine
}

TEST(Quantity, TimesAndCounts) {
  EXPECT_EQ(ok("5 us").value(), 5e-6);
  EXPECT_EQ(ok("5 us").dim(), Dim::Time);
  EXPECT_EQ(ok("2 ms").value(), 2e-3);
  EXPECT_EQ(ok("10").value(), 10.0);
  EXPECT_EQ(ok("10").dim(), Dim::Count);
  EXPECT_EQ(ok("0.5").value(), 0.5);
  EXPECT_EQ(ok("1e3").value(), 1000.0);
  EXPECT_EQ(ok(" 16 ").value(), 16.0);
}

TEST(Quantity, Errors) {
  EXPECT_EQ(bad("fast"), "'fast' does not start with a number; expected a "
                         "figure such as '750 MHz' or '16 KiB'");
  EXPECT_EQ(bad("750 MHZ"), "unknown unit 'MHZ' in '750 MHZ'; did you mean "
                            "'MHz'?");
  EXPECT_EQ(bad("16 kib"), "unknown unit 'kib' in '16 kib'; did you mean "
                           "'KiB'?");
  // Binary prefixes only for bytes; seconds take only small prefixes.
  EXPECT_NE(bad("3 KiHz").find("unknown unit 'KiHz'"), std::string::npos);
  EXPECT_NE(bad("3 Ms").find("unknown unit 'Ms'"), std::string::npos);
  EXPECT_NE(bad("12 furlongs").find("unknown unit 'furlongs'"),
            std::string::npos);
  EXPECT_NE(bad("").find("empty figure"), std::string::npos);
  EXPECT_NE(bad("1..2 GHz").find("not a valid number"), std::string::npos);
}

TEST(Quantity, NegativeParsesForTheCallerToReject) {
  EXPECT_EQ(ok("-5 MHz").value(), -5e6);
}

TEST(Quantity, Printing) {
  EXPECT_EQ(Quantity(750e6, Dim::Frequency).str(), "750 MHz");
  EXPECT_EQ(Quantity(1.98e9, Dim::Frequency).str(), "1.98 GHz");
  EXPECT_EQ(Quantity(115.2e9, Dim::Bandwidth).str(), "115.2 GB/s");
  EXPECT_EQ(Quantity(3.35e12, Dim::Bandwidth).str(), "3.35 TB/s");
  EXPECT_EQ(Quantity(16384, Dim::Bytes).str(), "16 KiB");
  EXPECT_EQ(Quantity(64, Dim::Bytes).str(), "64 B");
  EXPECT_EQ(Quantity(50e6, Dim::Bytes).str(), "50 MB");
  // Binary only when it is a whole number below 1024 of a binary unit:
  // 4 MiB; 262240 KiB (= 268533760 B, not whole MiB) reads as decimal.
  EXPECT_EQ(Quantity(4194304, Dim::Bytes).str(), "4 MiB");
  EXPECT_EQ(Quantity(268533760, Dim::Bytes).str(), "268.534 MB");
  EXPECT_EQ(Quantity(1536, Dim::Bytes).str(), "1.536 kB");
  EXPECT_EQ(Quantity(5e-6, Dim::Time).str(), "5 us");
  EXPECT_EQ(Quantity(10, Dim::Count).str(), "10");
}

} // namespace

TEST(ByteCount, SizesAsTheSuiteAndBufferFlagWriteThem) {
  EXPECT_EQ(parseByteCount("4096"), 4096u);
  EXPECT_EQ(parseByteCount("512 B"), 512u);
  EXPECT_EQ(parseByteCount("16 MiB"), 16u << 20);
  EXPECT_EQ(parseByteCount("16MiB"), 16u << 20);
  EXPECT_EQ(parseByteCount("1.5 KiB"), 1536u);
  EXPECT_EQ(parseByteCount("2 GiB"), 2ull << 30);
  EXPECT_EQ(parseByteCount("64 MB"), 64000000u);
  EXPECT_EQ(parseByteCount("3 kB"), 3000u);
  EXPECT_FALSE(parseByteCount("0"));
  EXPECT_FALSE(parseByteCount("0.5 B"));
  EXPECT_FALSE(parseByteCount("-1 MiB"));
  EXPECT_FALSE(parseByteCount("16 Mb"));
  EXPECT_FALSE(parseByteCount("MiB"));
  EXPECT_FALSE(parseByteCount(""));
  EXPECT_EQ(parseByteCount("1e3"), 1000u); // any number parse() reads
  EXPECT_EQ(parseByteCount("128 bit"), 16u);
  EXPECT_FALSE(parseByteCount("1 bit"));   // a fraction of a byte
  EXPECT_FALSE(parseByteCount("750 MHz")); // not a size
  EXPECT_FALSE(parseByteCount("1 GB/s"));
}

//===- SeverityTest.cpp - The names findings print ------------------------===//
#include "Lint/Severity.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

TEST(Names, Severity) {
  EXPECT_STREQ(severityName(Severity::Note), "note");
  EXPECT_STREQ(severityName(Severity::Warning), "warning");
  EXPECT_STREQ(severityName(Severity::Error), "error");
}

} // namespace

//===- SuppressionTest.cpp - NOLINT forms and rule globs ------------------===//
#include "Lint/Suppression.h"
#include "Lint/GlobList.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

Finding at(unsigned Line, const std::string &Rule,
           Severity S = Severity::Warning) {
  Finding F;
  F.RuleId = Rule;
  F.Sev = S;
  F.Loc = {"k.cl", Line, 3};
  return F;
}

/// The rule ids of the findings left after suppression, with problems.
std::vector<std::string> kept(const std::string &Text,
                              std::vector<Finding> Findings) {
  SourceFile Src("k.cl", Text);
  applySuppressions(Src, Findings);
  std::vector<std::string> Out;
  for (const Finding &F : Findings)
    Out.push_back(F.RuleId + "@" + std::to_string(F.Loc.Line));
  return Out;
}

TEST(GlobList, LaterEntriesWin) {
  auto G = GlobList::parse("perf-*, -perf-scalar-*, perf-scalar-global-access");
  ASSERT_TRUE(bool(G));
  EXPECT_TRUE(G->contains("perf-uncoalesced-access"));
  EXPECT_TRUE(G->contains("perf-scalar-global-access"));
  EXPECT_FALSE(G->contains("perf-scalar-other"));
  EXPECT_FALSE(G->contains("portability-fp64"));
  EXPECT_EQ(G->text(), "perf-*,-perf-scalar-*,perf-scalar-global-access");
  auto Empty = GlobList::parse("");
  ASSERT_TRUE(bool(Empty));
  EXPECT_FALSE(Empty->contains("perf-x"));
  // Only '*' is special: brackets are literal characters of an id.
  auto Lit = GlobList::parse("a[b]");
  ASSERT_TRUE(bool(Lit));
  EXPECT_TRUE(Lit->contains("a[b]"));
  EXPECT_FALSE(Lit->contains("ab"));
}

TEST(Suppression, NolintOnTheLine) {
  std::string Text = "int a;\n"
                     "int b; // NOLINT\n"
                     "int c; // NOLINT(perf-*)\n"
                     "int d; // NOLINT(portability-*)\n";
  EXPECT_EQ(kept(Text, {at(1, "perf-x"), at(2, "perf-x"), at(3, "perf-x"),
                        at(4, "perf-x")}),
            (std::vector<std::string>{"perf-x@1", "perf-x@4"}));
}

TEST(Suppression, NextLineAndRanges) {
  std::string Text = "// NOLINTNEXTLINE(perf-x)\n" // 1
                     "int a;\n"                    // 2
                     "int b;\n"                    // 3
                     "// NOLINTBEGIN(perf-y)\n"    // 4
                     "int c;\n"                    // 5
                     "// NOLINTEND(perf-y)\n"      // 6
                     "int d;\n";                   // 7
  EXPECT_EQ(kept(Text, {at(2, "perf-x"), at(2, "perf-y"), at(3, "perf-x"),
                        at(5, "perf-y"), at(5, "perf-x"), at(7, "perf-y")}),
            (std::vector<std::string>{"perf-y@2", "perf-x@3", "perf-x@5",
                                      "perf-y@7"}));
}

TEST(Suppression, ErrorsAreNeverSuppressed) {
  EXPECT_EQ(kept("int a; // NOLINT\n", {at(1, "perf-x", Severity::Error)}),
            (std::vector<std::string>{"perf-x@1"}));
}

TEST(Suppression, UnmatchedBeginAndEndAreReported) {
  std::string Text = "// NOLINTBEGIN(perf-x)\n"
                     "int a;\n"
                     "// NOLINTEND(perf-y)\n";
  SourceFile Src("k.cl", Text);
  std::vector<Finding> Problems;
  Suppressions S(Src, Problems);
  ASSERT_EQ(Problems.size(), 2u);
  EXPECT_EQ(Problems[0].RuleId, NolintRuleId);
  EXPECT_EQ(Problems[0].Sev, Severity::Error);
  EXPECT_EQ(Problems[0].Loc.Line, 3u); // the END, found first
  EXPECT_EQ(Problems[0].Loc.Col, 4u);
  EXPECT_NE(Problems[0].Message.find("NOLINTEND"), std::string::npos);
  EXPECT_EQ(Problems[1].Loc.Line, 1u);
  EXPECT_NE(Problems[1].Message.find("NOLINTBEGIN"), std::string::npos);
  // The unmatched BEGIN suppresses nothing.
  EXPECT_FALSE(S.suppresses(at(2, "perf-x")));
}

TEST(Suppression, OnlyInComments) {
  // A NOLINT in code (a macro name, a string) is not a marker.
  EXPECT_EQ(kept("#define NOLINT 1\n", {at(1, "perf-x")}),
            (std::vector<std::string>{"perf-x@1"}));
}

} // namespace

//===- ConfigTest.cpp - .clspread.yaml and launch text --------------------===//
#include "Lint/LaunchText.h"
#include "Lint/LintConfig.h"

#include <gtest/gtest.h>

using namespace clspread;

namespace {

std::string errorOf(llvm::StringRef Text) {
  auto C = parseLintConfig(Text, "c.yaml");
  if (C)
    return "";
  return llvm::toString(C.takeError());
}

TEST(LaunchText, AllKeys) {
  auto L = parseLaunchText("global=4096x2048 local=16x8 args=width=4096,a=2.5");
  ASSERT_TRUE(bool(L)) << llvm::toString(L.takeError());
  EXPECT_EQ(L->Dims, 2u);
  EXPECT_EQ(L->Global[0], 4096u);
  EXPECT_EQ(L->Global[1], 2048u);
  ASSERT_TRUE(L->Local.has_value());
  EXPECT_EQ((*L->Local)[1], 8u);
  EXPECT_EQ(L->Args.at("width").Int, 4096);
  EXPECT_TRUE(L->Args.at("a").IsFloat);
  EXPECT_DOUBLE_EQ(L->Args.at("a").Float, 2.5);
}

TEST(LaunchText, Errors) {
  auto msg = [](llvm::StringRef T) {
    auto L = parseLaunchText(T);
    return L ? std::string() : llvm::toString(L.takeError());
  };
  EXPECT_EQ(msg("local=64"), "a launch needs global=SIZE");
  EXPECT_EQ(msg("global=64 locl=8"),
            "unknown launch key 'locl' (expected global=, local= or args=)");
  EXPECT_EQ(msg("global=64x64 local=8"),
            "local has 1 dimensions, global has 2");
  EXPECT_EQ(msg("global=0"),
            "bad global size '0' (expected sizes like 1024 or 2048x2048)");
}

TEST(LaunchText, CommentAboveTheKernel) {
  SourceFile Src("k.cl", "// clspread: launch global=1024 local=64\n"
                         "__attribute__((reqd_work_group_size(64, 1, 1)))\n"
                         "__kernel void k(__global float *p) {}\n"
                         "\n"
                         "__kernel void other(__global float *p) {}\n");
  auto C = findLaunchComment(Src, 3);
  ASSERT_TRUE(bool(C));
  ASSERT_TRUE(C->has_value());
  EXPECT_EQ((*C)->Line, 1u);
  EXPECT_EQ((*C)->Col, 4u);
  EXPECT_EQ((*C)->Launch.Global[0], 1024u);
  // A blank line ends the search: the comment is not the second kernel's.
  auto D = findLaunchComment(Src, 5);
  ASSERT_TRUE(bool(D));
  EXPECT_FALSE(D->has_value());
  SourceFile Bad("k.cl",
                 "// clspread: launch global=x\n__kernel void k() {}\n");
  auto E = findLaunchComment(Bad, 2);
  ASSERT_FALSE(bool(E));
  EXPECT_EQ(llvm::toString(E.takeError()),
            "k.cl:1:4: error: bad global size 'x' (expected sizes like 1024 "
            "or 2048x2048)");
}

TEST(LintConfig, AllKeys) {
  auto C = parseLintConfig("Profile: mali-g76\n"
                           "Rules: '*,-perf-scalar-global-access'\n"
                           "WarningsAsErrors: perf-uncoalesced-access\n"
                           "Launches:\n"
                           "  k: global=1024\n"
                           "  dir/a.cl:k: global=2048 local=64\n",
                           "c.yaml");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  EXPECT_EQ(*C->Profile, "mali-g76");
  EXPECT_EQ(*C->Rules, "*,-perf-scalar-global-access");
  ASSERT_EQ(C->Launches.size(), 2u);
  // A file-qualified key wins over the bare name, for that file only.
  EXPECT_EQ(C->launchFor("x/dir/a.cl", "k")->Launch.Global[0], 2048u);
  EXPECT_EQ(C->launchFor("b.cl", "k")->Launch.Global[0], 1024u);
  EXPECT_EQ(C->launchFor("xdir/a.cl", "k")->Launch.Global[0], 1024u);
  EXPECT_EQ(C->launchFor("b.cl", "other"), nullptr);
}

TEST(LintConfig, ProfilePathIsRelativeToTheConfig) {
  auto C =
      parseLintConfig("Profile: profiles/mine.yaml\n", "proj/.clspread.yaml");
  ASSERT_TRUE(bool(C));
  EXPECT_EQ(*C->Profile, "proj/profiles/mine.yaml");
}

TEST(LintConfig, ErrorsNameThePlace) {
  EXPECT_EQ(errorOf("Profile: hd4870\nRulez: '*'\n"),
            "c.yaml:2:1: error: unknown key 'Rulez' (expected Profile, Rules, "
            "WarningsAsErrors, RuleOptions, Launches, BuildOptions or "
            "Baseline)");
  EXPECT_EQ(errorOf("Rules: '*'\nRules: 'perf-*'\n"),
            "c.yaml:2:1: error: duplicate key 'Rules'");
  EXPECT_EQ(errorOf("RuleOptions:\n  perf-no-such-rule: {A: 1}\n"),
            "c.yaml:2:3: error: unknown rule 'perf-no-such-rule' in "
            "RuleOptions (clspread lint --list-rules lists them)");
  EXPECT_EQ(errorOf("Launches:\n  k: local=64\n"),
            "c.yaml:2:6: error: a launch needs global=SIZE");
  EXPECT_EQ(errorOf("- a\n- b\n"),
            "c.yaml:1:1: error: a configuration must be a map of keys "
            "(Profile, Rules, WarningsAsErrors, RuleOptions, Launches, "
            "BuildOptions, Baseline)");
  EXPECT_EQ(errorOf(""), "");
}

} // namespace

//===- BaselineTest.cpp - Baseline keys: by meaning, not by line ----------===//
#include "Lint/Baseline.h"

#include <gtest/gtest.h>

using namespace clspread;

TEST(Baseline, FiguresLeaveTheKey) {
  EXPECT_EQ(withoutFigures("every work-item loads the same element of 'A' on "
                           "each iteration of the loop at line 23 (2048 loads "
                           "per work-item)"),
            "every work-item loads the same element of 'A' on each iteration "
            "of the loop at line # (# loads per work-item)");
  EXPECT_EQ(withoutFigures("requested by 2.05e+03 work-items, 100% of 16x4"),
            "requested by # work-items, #% of #x#");
  // Digits inside a name stay: they are the name.
  EXPECT_EQ(withoutFigures("load of 'float4' in x2"), "load of 'float4' in x2");
}

// The first findings of a key up to its count are in the baseline, the
// later ones new; a line moved is the same finding.
TEST(Baseline, CountsMatchInSourceOrder) {
  Baseline B("/proj/base.json");
  Finding F;
  F.RuleId = "perf-uncoalesced-access";
  F.Kernel = "k";
  F.Loc = {"/proj/k.cl", 4, 12};
  F.Message = "load of 'a' is uncoalesced: 64 transactions";
  B.add(F);
  EXPECT_EQ(B.keyOf(F).File, "k.cl");
  std::vector<FileFindings> Now(1);
  Now[0].File = "/proj/k.cl";
  for (unsigned Line : {40u, 41u}) {
    Finding G = F;
    G.Loc.Line = Line;
    G.Message = "load of 'a' is uncoalesced: 128 transactions";
    Now[0].Findings.push_back(G);
  }
  auto Absent = B.apply(Now);
  EXPECT_TRUE(Absent.empty());
  EXPECT_EQ(Now[0].Findings[0].Baseline, Finding::BaselineState::Unchanged);
  EXPECT_EQ(Now[0].Findings[1].Baseline, Finding::BaselineState::New);

  // None left: the entry is absent, for files this run linted only.
  Now[0].Findings.clear();
  EXPECT_EQ(B.apply(Now).size(), 1u);
  Now[0].File = "/proj/other.cl";
  EXPECT_TRUE(B.apply(Now).empty());
}

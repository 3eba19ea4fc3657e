//===- JoinAndPrintTest.cpp - joinMeasurements and the three printers -----===//
//
// joinMeasurements() on a hand-made AnalysisReport and runner JSON, and the
// JSON / Markdown / HTML / terminal printers on the joined record.
//
//===----------------------------------------------------------------------===//
#include "Validate/Validation.h"

#include <gtest/gtest.h>

using namespace clspread;
using namespace llvm;

namespace {

KernelResult result(std::string SuiteId, std::string VariantOf, double TKernel,
                    double Overhead, Bound B = Bound::MEM) {
  KernelResult K;
  K.SuiteId = std::move(SuiteId);
  K.VariantOf = std::move(VariantOf);
  K.Counts.Name = "fn_" + K.SuiteId;
  K.Counts.Launch.Dims = 1;
  K.Counts.Launch.Global = {4096, 1, 1};
  K.Counts.Launch.Local = std::array<uint64_t, 3>{256, 1, 1};
  K.Est.TKernelS = TKernel;
  K.Est.TMemS = TKernel;
  K.Est.LaunchOverheadS = Overhead;
  K.Est.Limit = B;
  return K;
}

AnalysisReport report() {
  AnalysisReport R;
  R.ProfileId = "test";
  R.ProfileName = "Test profile";
  // Estimates (Tkernel + 1 us overhead): fast 3 us, slow 5 us, lone 2 us,
  // broken 4 us, absent 6 us, zero 7 us.
  R.Kernels.push_back(result("fast", "job", 2e-6, 1e-6));
  R.Kernels.push_back(result("slow", "job", 4e-6, 1e-6));
  R.Kernels.push_back(result("lone", "", 1e-6, 1e-6));
  R.Kernels.push_back(result("broken", "", 3e-6, 1e-6));
  R.Kernels.push_back(result("absent", "", 5e-6, 1e-6));
  R.Kernels.push_back(result("zero", "", 6e-6, 1e-6));
  return R;
}

json::Value measurements() {
  auto Parsed = json::parse(R"({
    "command": "clspread-run plan.json", "date": "2025-02-03T04:05:06Z",
    "platform": "P", "device": "D<1>", "driver": "9.1",
    "results": [
      {"id": "fast", "status": "ok", "message": "", "median_s": 6e-6,
       "min_s": 5e-6, "max_s": 7e-6, "cv": 0.1},
      {"id": "slow", "status": "ok", "message": "", "median_s": 4e-6,
       "min_s": 4e-6, "max_s": 4e-6, "cv": 0.0},
      {"id": "lone", "status": "ok", "message": "", "median_s": 2e-6},
      {"id": "broken", "status": "build_error", "message": "no such builtin",
       "median_s": null},
      {"id": "zero", "status": "ok", "message": "", "median_s": 0},
      {"id": "stranger", "status": "ok", "median_s": 1.0}
    ]})");
  if (!Parsed) {
    ADD_FAILURE() << toString(Parsed.takeError());
    return nullptr;
  }
  return std::move(*Parsed);
}

const ValidatedKernel &byId(const Validation &V, const std::string &Id) {
  for (const ValidatedKernel &K : V.Kernels)
    if (K.Id == Id)
      return K;
  ADD_FAILURE() << "no kernel " << Id;
  return V.Kernels.front();
}

TEST(ValidateJoin, StatusesAndEstimates) {
  auto V = joinMeasurements(report(), measurements(), "clspread validate x");
  ASSERT_TRUE(bool(V)) << toString(V.takeError());
  EXPECT_EQ(V->Device, "D<1>");
  EXPECT_EQ(V->Driver, "9.1");
  EXPECT_EQ(V->Platform, "P");
  EXPECT_EQ(V->Date, "2025-02-03T04:05:06Z");
  EXPECT_EQ(V->MeasuredWith, "clspread-run plan.json");
  EXPECT_EQ(V->Command, "clspread validate x");
  // Report order, not measurement order; the stranger is not joined.
  ASSERT_EQ(V->Kernels.size(), 6u);
  EXPECT_EQ(V->Kernels[0].Id, "fast");
  EXPECT_EQ(V->Kernels[5].Id, "zero");

  const ValidatedKernel &Fast = byId(*V, "fast");
  EXPECT_DOUBLE_EQ(Fast.EstimateS, 3e-6); // Tkernel + overhead
  ASSERT_TRUE(Fast.MeasuredS.has_value());
  EXPECT_DOUBLE_EQ(*Fast.MeasuredS, 6e-6);
  EXPECT_DOUBLE_EQ(Fast.error(), -0.5); // (3 - 6) / 6
  EXPECT_EQ(Fast.Status, "ok");
  EXPECT_EQ(Fast.Bound, "MEM");
  EXPECT_EQ(Fast.WorkItems, 4096u);
  EXPECT_TRUE(Fast.HasLocal);

  const ValidatedKernel &Broken = byId(*V, "broken");
  EXPECT_EQ(Broken.Status, "build_error");
  EXPECT_EQ(Broken.Message, "no such builtin");
  EXPECT_FALSE(Broken.MeasuredS.has_value());

  const ValidatedKernel &Absent = byId(*V, "absent");
  EXPECT_EQ(Absent.Status, "missing");
  EXPECT_FALSE(Absent.MeasuredS.has_value());

  // A zero median is no measurement (the error would divide by zero).
  EXPECT_FALSE(byId(*V, "zero").MeasuredS.has_value());

  // Measured: fast (3 vs 6 us, |e| 0.5), slow (5 vs 4, 0.25), lone (2 vs
  // 2, 0): median 0.25, p90 0.25 + 0.8 * 0.25 = 0.45. Estimate order
  // lone < fast < slow, measured lone < slow < fast: ranks (2, 3, 1) vs
  // (3, 2, 1), d = -1, 1, 0, rho = 1 - 6 * 2 / 24 = 0.5. The job pair
  // (fast, slow): estimate says fast, measurement slow: incorrect.
  EXPECT_EQ(V->Summary.Kernels, 6u);
  EXPECT_EQ(V->Summary.Measured, 3u);
  EXPECT_NEAR(V->Summary.MedianAbsError, 0.25, 1e-12);
  EXPECT_NEAR(V->Summary.P90AbsError, 0.45, 1e-12);
  EXPECT_NEAR(V->Summary.Spearman, 0.5, 1e-12);
  EXPECT_EQ(V->Summary.VariantPairs, 1u);
  EXPECT_EQ(V->Summary.VariantOrderCorrect, 0u);
}

TEST(ValidateJoin, NotAMeasurementFile) {
  auto V = joinMeasurements(report(), json::Object{{"device", "x"}}, "c");
  ASSERT_FALSE(bool(V));
  EXPECT_NE(toString(V.takeError()).find("no \"results\""), std::string::npos);
}

size_t count(const std::string &Text, const std::string &What) {
  size_t N = 0;
  for (size_t P = Text.find(What); P != std::string::npos;
       P = Text.find(What, P + 1))
    ++N;
  return N;
}

TEST(ValidatePrint, JSONRecord) {
  auto V = joinMeasurements(report(), measurements(), "clspread validate x");
  ASSERT_TRUE(bool(V)) << toString(V.takeError());
  json::Value J = toJSON(*V);
  const json::Object *O = J.getAsObject();
  ASSERT_TRUE(O);
  for (const char *Key : {"device", "driver", "command", "date", "kernels",
                          "summary", "variant_pairs"})
    EXPECT_TRUE(O->get(Key)) << Key;
  const json::Array *Ks = O->getArray("kernels");
  ASSERT_TRUE(Ks);
  ASSERT_EQ(Ks->size(), 6u);
  const json::Object *Fast = (*Ks)[0].getAsObject();
  EXPECT_NEAR(Fast->getNumber("error").value_or(0), -0.5, 1e-12);
  EXPECT_DOUBLE_EQ(Fast->getNumber("measured_s").value_or(0), 6e-6);
  EXPECT_EQ(Fast->getString("variant_of").value_or(""), "job");
  const json::Object *Lone = (*Ks)[2].getAsObject();
  ASSERT_TRUE(Lone->get("variant_of"));
  EXPECT_TRUE(Lone->get("variant_of")->getAsNull().has_value());
  const json::Object *Broken = (*Ks)[3].getAsObject();
  ASSERT_TRUE(Broken->get("measured_s") && Broken->get("error"));
  EXPECT_TRUE(Broken->get("measured_s")->getAsNull().has_value());
  EXPECT_TRUE(Broken->get("error")->getAsNull().has_value());
  EXPECT_EQ(Broken->getString("status").value_or(""), "build_error");
  EXPECT_EQ(Broken->getString("message").value_or(""), "no such builtin");
  const json::Object *S = O->getObject("summary");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->getInteger("kernels").value_or(-1), 6);
  EXPECT_EQ(S->getInteger("measured").value_or(-1), 3);
  EXPECT_EQ(S->getInteger("variant_pairs").value_or(-1), 1);
  EXPECT_EQ(S->getInteger("variant_order_correct").value_or(-1), 0);
}

TEST(ValidatePrint, HTMLHasOneCirclePerMeasuredKernel) {
  auto V = joinMeasurements(report(), measurements(), "clspread validate x");
  ASSERT_TRUE(bool(V)) << toString(V.takeError());
  std::string H = toHTML(*V);
  EXPECT_EQ(count(H, "<circle"), 3u);
  EXPECT_EQ(count(H, "<svg class=\"scatter\""), 1u);
  // The device name is escaped.
  EXPECT_NE(H.find("D&lt;1&gt;"), std::string::npos);
  EXPECT_EQ(H.find("D<1>"), std::string::npos);
  // No scripts, nothing external.
  EXPECT_EQ(H.find("<script"), std::string::npos);
}

TEST(ValidatePrint, HTMLWithNothingMeasured) {
  AnalysisReport R = report();
  auto V = joinMeasurements(R, json::Object{{"results", json::Array{}}}, "c");
  ASSERT_TRUE(bool(V)) << toString(V.takeError());
  std::string H = toHTML(*V);
  EXPECT_EQ(count(H, "<circle"), 0u);
  EXPECT_NE(H.find("No kernel was measured."), std::string::npos);
}

TEST(ValidatePrint, MarkdownAndSummaryText) {
  auto V = joinMeasurements(report(), measurements(), "clspread validate x");
  ASSERT_TRUE(bool(V)) << toString(V.takeError());
  std::string M = toMarkdown(*V);
  // fast measured 6 us, slow 4 us: 50% apart, so the pair counts among
  // those the estimate must order (more than 10% apart).
  // |error| 50%, 25%, 0% (fast 3 us for 6, slow 5 for 4, lone 2 for 2):
  // mean 25.0%; none off by 2x (fast's 0.5 is exactly half); ln ratios
  // -0.6931, 0.2231, 0: mean -0.1567, sample standard deviation
  // sqrt((0.5365^2 + 0.3798^2 + 0.1567^2) / 2) = 0.48.
  EXPECT_NE(M.find("| 3 of 6 | 25.0% | 25.0% | 45.0% | 0 | 0.48 | 0.500 | "
                   "0 of 1 | 0 of 1 |"),
            std::string::npos)
      << M;
  EXPECT_NE(M.find("| job | fast | slow | 50.0% | no |"), std::string::npos)
      << M;
  EXPECT_NE(M.find("build_error: no such builtin"), std::string::npos);
  EXPECT_NE(M.find("missing: no measurement with this id"), std::string::npos);
  EXPECT_EQ(summaryText(*V),
            "validate: test on D<1> (9.1): 3 of 6 kernels measured\n"
            "  median |error| 25.0%, mean 25.0%, 90th percentile 45.0%, off by "
            "more than 2x 0, log-ratio spread 0.48, Spearman 0.500\n"
            "  variant order correct in 0 of 1 pairs (0 of 1 measured more "
            "than 10% apart)\n");
}

} // namespace

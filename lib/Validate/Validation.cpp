//===- Validation.cpp - Estimates joined with measured times --------------===//
#include "Validate/Validation.h"
#include "Support/Statistics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace llvm;

namespace clspread {

static std::vector<double> ranks(const std::vector<double> &V) {
  std::vector<size_t> Order(V.size());
  for (size_t I = 0; I < V.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(),
            [&](size_t A, size_t B) { return V[A] < V[B]; });
  std::vector<double> R(V.size());
  for (size_t I = 0; I < Order.size();) {
    size_t J = I;
    while (J + 1 < Order.size() && V[Order[J + 1]] == V[Order[I]])
      ++J;
    double Avg = (I + J) / 2.0 + 1; // ties share their average rank
    for (size_t K = I; K <= J; ++K)
      R[Order[K]] = Avg;
    I = J + 1;
  }
  return R;
}

static double spearman(const std::vector<double> &X,
                       const std::vector<double> &Y) {
  if (X.size() < 2)
    return 0;
  std::vector<double> RX = ranks(X), RY = ranks(Y);
  double MX = 0, MY = 0;
  for (size_t I = 0; I < RX.size(); ++I) {
    MX += RX[I];
    MY += RY[I];
  }
  MX /= RX.size();
  MY /= RY.size();
  double SXY = 0, SXX = 0, SYY = 0;
  for (size_t I = 0; I < RX.size(); ++I) {
    SXY += (RX[I] - MX) * (RY[I] - MY);
    SXX += (RX[I] - MX) * (RX[I] - MX);
    SYY += (RY[I] - MY) * (RY[I] - MY);
  }
  return SXX > 0 && SYY > 0 ? SXY / std::sqrt(SXX * SYY) : 0;
}

void summarize(Validation &V) {
  ValidationSummary &S = V.Summary;
  S = ValidationSummary();
  V.Pairs.clear();
  std::vector<double> Abs, Est, Meas, LogRatio;
  std::map<std::string, std::vector<const ValidatedKernel *>> Jobs;
  for (const ValidatedKernel &K : V.Kernels) {
    ++S.Kernels;
    S.Invalid += K.Status == "invalid";
    if (!K.MeasuredS)
      continue;
    ++S.Measured;
    Abs.push_back(std::fabs(K.error()));
    Est.push_back(K.EstimateS);
    Meas.push_back(*K.MeasuredS);
    double Ratio = K.EstimateS / *K.MeasuredS;
    if (std::isfinite(Ratio) && Ratio > 0)
      LogRatio.push_back(std::log(Ratio));
    S.OffBy2x += !(Ratio >= 0.5 && Ratio <= 2.0);
    if (!K.VariantOf.empty())
      Jobs[K.VariantOf].push_back(&K);
  }
  S.MedianAbsError = percentile(Abs, 0.5);
  S.P90AbsError = percentile(Abs, 0.9);
  S.Spearman = spearman(Est, Meas);
  if (!Abs.empty()) {
    double Sum = 0;
    for (double A : Abs)
      Sum += A;
    S.MeanAbsError = Sum / double(Abs.size());
  }
  if (LogRatio.size() > 1) {
    double Mean = 0, Sq = 0;
    for (double L : LogRatio)
      Mean += L / double(LogRatio.size());
    for (double L : LogRatio)
      Sq += (L - Mean) * (L - Mean);
    S.LogRatioSpread = std::sqrt(Sq / double(LogRatio.size() - 1));
  }
  for (auto &[Job, Ks] : Jobs)
    for (size_t I = 0; I < Ks.size(); ++I)
      for (size_t J = I + 1; J < Ks.size(); ++J) {
        VariantPair P{Job, Ks[I]->Id, Ks[J]->Id, false};
        // Picking the faster variant needs both orders strict: a tie in
        // the estimate picks neither (whatever the listing order), and a
        // tie in the measurement has no faster variant to pick.
        double EA = Ks[I]->EstimateS, EB = Ks[J]->EstimateS;
        double MA = *Ks[I]->MeasuredS, MB = *Ks[J]->MeasuredS;
        P.Correct = EA != EB && MA != MB && (EA < EB) == (MA < MB);
        P.Distinct =
            std::max(MA, MB) > (1 + DistinctPairRatio) * std::min(MA, MB);
        V.Pairs.push_back(P);
        ++S.VariantPairs;
        S.VariantOrderCorrect += P.Correct;
        S.DistinctPairs += P.Distinct;
        S.DistinctCorrect += P.Distinct && P.Correct;
      }
}

std::map<std::string, const json::Object *>
resultsById(const json::Value &Measurements) {
  std::map<std::string, const json::Object *> ById;
  if (const json::Object *M = Measurements.getAsObject())
    if (const json::Array *Rs = M->getArray("results"))
      for (const json::Value &R : *Rs)
        if (const json::Object *O = R.getAsObject())
          if (auto Id = O->getString("id"))
            ById[Id->str()] = O;
  return ById;
}

std::string launchMismatch(const json::Object &Result, const LaunchSpec &L) {
  const json::Array *G = Result.getArray("global");
  if (!G)
    return "";
  std::array<uint64_t, 3> Measured = {1, 1, 1};
  for (size_t I = 0; I < G->size() && I < 3; ++I)
    if (auto V = (*G)[I].getAsInteger())
      Measured[I] = uint64_t(*V);
  if (Measured == L.Global)
    return "";
  return fmt::format("measured at global {} but analyzed at {}: the "
                     "measurement comes from another plan",
                     formatSizes(Measured, 3), formatSizes(L.Global, 3));
}

std::string invalidTimes(const json::Object &Result) {
  const json::Value *Med = Result.get("median_s");
  if (!Med || Med->getAsNull())
    return "status \"ok\" but no \"median_s\"";
  auto T = Med->getAsNumber();
  if (!T)
    return "\"median_s\" is not a number";
  if (!std::isfinite(*T))
    return "\"median_s\" is not finite";
  if (*T <= 0)
    return fmt::format("\"median_s\" is {} s: a kernel time must be "
                       "positive",
                       *T);
  if (*T < MinValidTimeS)
    return fmt::format("\"median_s\" is {} s, below {} s: too short to be "
                       "a kernel's time",
                       *T, MinValidTimeS);
  for (const char *Key : {"min_s", "max_s", "cv"}) {
    const json::Value *F = Result.get(Key);
    if (!F || F->getAsNull())
      continue; // optional
    auto X = F->getAsNumber();
    if (!X)
      return fmt::format("\"{}\" is not a number", Key);
    if (!std::isfinite(*X) || *X < 0)
      return fmt::format("\"{}\" is {}: not a valid {}", Key, *X,
                         Key[0] == 'c' ? "coefficient of variation" : "time");
  }
  return "";
}

std::optional<double> okMedian(const json::Object &Result) {
  auto Status = Result.getString("status");
  if (Status && *Status == "ok" && invalidTimes(Result).empty())
    return Result.getNumber("median_s");
  return std::nullopt;
}

std::string duplicateResultId(const json::Value &Measurements) {
  std::set<std::string> Seen;
  if (const json::Object *M = Measurements.getAsObject())
    if (const json::Array *Rs = M->getArray("results"))
      for (const json::Value &R : *Rs)
        if (const json::Object *O = R.getAsObject())
          if (auto Id = O->getString("id"))
            if (!Seen.insert(Id->str()).second)
              return Id->str();
  return "";
}

std::string stringField(const json::Object *O, StringRef Key) {
  auto S = O ? O->getString(Key) : std::nullopt;
  return S ? S->str() : std::string();
}

Expected<Validation> joinMeasurements(const AnalysisReport &Report,
                                      const json::Value &Measurements,
                                      const std::string &Command) {
  const json::Object *M = Measurements.getAsObject();
  if (!M || !M->getArray("results"))
    return createStringError(inconvertibleErrorCode(),
                             "not a clspread-run measurement file (no "
                             "\"results\")");
  Validation V;
  V.ProfileId = Report.ProfileId;
  V.ProfileName = Report.ProfileName;
  V.Command = Command;
  V.Device = stringField(M, "device");
  V.Driver = stringField(M, "driver");
  V.Platform = stringField(M, "platform");
  V.Date = stringField(M, "date");
  V.MeasuredWith = stringField(M, "command");

  if (std::string Dup = duplicateResultId(Measurements); !Dup.empty())
    return createStringError(
        inconvertibleErrorCode(),
        "two results have the id '" + Dup +
            "': which one was measured for this kernel cannot be known "
            "(measure it once, or remove one of them)");
  auto ById = resultsById(Measurements);
  std::set<std::string> Known;

  for (const KernelResult &K : Report.Kernels) {
    ValidatedKernel VK;
    VK.Id = K.SuiteId.empty() ? K.Counts.Name : K.SuiteId;
    VK.Name = K.Counts.Name;
    VK.VariantOf = K.VariantOf;
    VK.Bound = boundName(K.Est.Limit);
    VK.Global = K.Counts.Launch.Global;
    if (K.Counts.Launch.Local) {
      VK.HasLocal = true;
      VK.Local = *K.Counts.Launch.Local;
      VK.LocalByDriver = K.Counts.Launch.LocalByDriver;
    }
    VK.WorkItems = K.Counts.Launch.workItems();
    VK.TAluS = K.Est.TAluS;
    VK.TTexS = K.Est.TTexS;
    VK.TMemS = K.Est.TMemS;
    VK.OverheadS = K.Est.LaunchOverheadS;
    VK.BytesMoved = K.Est.BytesMoved * double(VK.WorkItems);
    VK.AluOps = K.Counts.aluOps() * double(VK.WorkItems);
    VK.EstimateS = K.Est.TKernelS + K.Est.LaunchOverheadS;
    Known.insert(VK.Id);
    auto It = ById.find(VK.Id);
    if (It == ById.end()) {
      VK.Status = "missing";
      VK.Message = "no measurement with this id";
    } else {
      const json::Object &R = *It->second;
      auto S = R.getString("status");
      VK.Status = S ? S->str() : "unknown";
      if (auto Msg = R.getString("message"))
        VK.Message = Msg->str();
      if (std::string Why = launchMismatch(R, K.Counts.Launch); !Why.empty()) {
        VK.Status = "mismatch";
        VK.Message = Why;
      } else if (VK.Status == "ok") {
        if (std::string Why = invalidTimes(R); !Why.empty()) {
          VK.Status = "invalid";
          VK.Message = Why;
        } else {
          double T = *R.getNumber("median_s");
          // Everything printed from this time must be a finite number.
          double Err = (VK.EstimateS - T) / T;
          if (!std::isfinite(VK.EstimateS) || !std::isfinite(Err) ||
              !std::isfinite(VK.BytesMoved / T) ||
              !std::isfinite(VK.AluOps / T)) {
            VK.Status = "invalid";
            VK.Message = fmt::format(
                "the estimate ({} s) cannot be compared with the measured "
                "{} s: the error or an achieved rate is not finite",
                VK.EstimateS, T);
          } else {
            VK.MeasuredS = T;
            VK.MinS = R.getNumber("min_s").value_or(0);
            VK.MaxS = R.getNumber("max_s").value_or(0);
            VK.Cv = R.getNumber("cv").value_or(0);
          }
        }
      }
    }
    V.Kernels.push_back(std::move(VK));
  }
  for (const json::Value &R : *M->getArray("results")) {
    const json::Object *O = R.getAsObject();
    auto Id = O ? O->getString("id") : std::nullopt;
    if (!Id)
      ++V.ResultsWithoutId;
    else if (!Known.count(Id->str()))
      V.UnknownIds.push_back(Id->str());
  }
  summarize(V);
  return V;
}

} // namespace clspread

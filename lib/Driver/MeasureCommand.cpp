//===- MeasureCommand.cpp - clspread measure: estimate beside a real run --===//
#include "Driver/MeasureCommand.h"
#include "Validate/Validation.h"

#include <fmt/format.h>

using namespace llvm;

namespace clspread {

int runMeasure(const AnalyzeRequest &Req, const DeviceProfile &Profile,
               const MeasureOptions &MO, const std::string &CommandLine,
               bool Json, raw_ostream &Out, raw_ostream &Diags) {
  AnalysisReport Report;
  int Code = runAnalyze(Req, Profile, Report, Diags);
  if (Report.Kernels.empty())
    return Code == ExitOk ? ExitUsage : Code;
  auto Meas = obtainMeasurements(Report, MO, Diags);
  if (!Meas) {
    Diags << toString(Meas.takeError()) << "\n";
    return ExitUsage;
  }
  warnDeviceMismatches(*Meas, Profile, Diags);
  auto V = joinMeasurements(Report, *Meas, CommandLine);
  if (!V) {
    Diags << toString(V.takeError()) << "\n";
    return ExitUsage;
  }
  if (Json) {
    Out << formatv("{0:2}", toJSON(*V)) << "\n";
  } else {
    Out << fmt::format("estimates on {} against {} ({})\n", V->ProfileId,
                       V->Device, V->Driver);
    Out << fmt::format("  {:<24} {:>12} {:>5} {:>12} {:>6} {:>8}\n", "kernel",
                       "estimate", "bound", "measured", "cv", "error");
    for (const ValidatedKernel &K : V->Kernels) {
      if (!K.MeasuredS) {
        Out << fmt::format("  {:<24} {:>12} {:>5} {:>12}   {}: {}\n", K.Id,
                           formatSeconds(K.EstimateS), K.Bound, "-", K.Status,
                           K.Message);
        Code = std::max(Code, int(ExitCompileError));
        continue;
      }
      Out << fmt::format("  {:<24} {:>12} {:>5} {:>12} {:>5.1f}% {:>+7.1f}%\n",
                         K.Id, formatSeconds(K.EstimateS), K.Bound,
                         formatSeconds(*K.MeasuredS), 100 * K.Cv,
                         100 * K.error());
    }
    Out << "  (estimate: Tkernel plus the profile's launch overhead; error: "
           "(estimate - measured) / measured)\n";
  }
  return Code;
}

} // namespace clspread

//===- CalibrateDriver.cpp - Measured figures for a profile ---------------===//
//
// runCalibrate() (CalibrateDriver.h): plan, measure or read the
// measurements, derive the figures (CalibrateFigures.cpp), check them
// against their spread and their datasheet values, and write them into
// the profile.
//
//===----------------------------------------------------------------------===//
#include "Driver/CalibrateDriver.h"
#include "Driver/PlanWriter.h"
#include "Model/Figures.h"
#include "Validate/Validation.h"

#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>

using namespace llvm;

namespace clspread {

/// The profile's datasheet value of a figure calibrate derives (SI units),
/// when it has one: its row in the figure table.
static std::optional<double> datasheetValue(const DeviceProfile &P,
                                            const std::string &Path) {
  for (const ProfileFigure &F : profileFigures(P))
    if (F.Path == Path && F.Measurable)
      return F.Value;
  return std::nullopt;
}

std::vector<DerivedFigure> checkFigures(std::vector<DerivedFigure> Figures,
                                        const json::Value &Measurements,
                                        const DeviceProfile &P, bool Force,
                                        raw_ostream &Diags) {
  auto ById = resultsById(Measurements);
  std::vector<DerivedFigure> Kept;
  for (DerivedFigure &F : Figures) {
    auto It = ById.find(F.Path);
    double Cv = It == ById.end() ? 0 : It->second->getNumber("cv").value_or(0);
    if (Cv > CalibrateMaxCv) {
      Diags << fmt::format(
          "clspread: warning: {}: its runs spread by {:.0f}% (coefficient of "
          "variation; limit {:.0f}%): {}\n",
          F.Path, 100 * Cv, 100 * CalibrateMaxCv,
          Force ? "kept because of --force"
                : "not written; measure again on a quiet device, with more "
                  "--repeats or --min-time, or keep it with --force");
      if (!Force)
        continue;
    }
    auto Sheet = datasheetValue(P, F.Path);
    auto Got = Quantity::parse(F.Value);
    if (Sheet && *Sheet > 0 && Got) {
      double Ratio = Got->value() / *Sheet;
      if (Ratio > CalibrateDatasheetFactor ||
          Ratio < 1 / CalibrateDatasheetFactor)
        Diags << fmt::format(
            "clspread: warning: {}: measured {} is {:.3g} times the "
            "datasheet's {}; check the profile's figures and the device\n",
            F.Path, F.Value, Ratio,
            formatQuantity(*Sheet, measuredFigureDim(F.Path)));
    } else if (!Got) {
      consumeError(Got.takeError());
    }
    Kept.push_back(std::move(F));
  }
  return Kept;
}

int runCalibrate(const CalibrateRequest &Req, const DeviceProfile &Profile,
                 raw_ostream &Out, raw_ostream &Diags) {
  AnalysisReport Report;
  Report.ToolVersion = "0.1.0";
  int Code = runAnalyze(Req.Analyze, Profile, Report, Diags);
  if (Code != ExitOk)
    return Code;
  if (Req.PlanOnly) {
    std::string Plan = planText(Report, Diags);
    if (Req.OutPath.empty() || Req.OutPath == "-") {
      Out << Plan << "\n";
      return ExitOk;
    }
    if (Error E = writeFileAtomically(Req.OutPath, Plan + "\n")) {
      printError(Diags, toString(std::move(E)));
      return ExitOutput; // the previous file, if any, is unchanged
    }
    Out << "wrote " << Req.OutPath << "\n";
    return ExitOk;
  }

  auto Meas = obtainMeasurements(Report, Req.Measure, Diags);
  if (!Meas) {
    printError(Diags, toString(Meas.takeError()));
    return ExitUsage;
  }
  warnDeviceMismatches(*Meas, Profile, Diags);
  std::vector<std::string> Skipped;
  auto Figures = deriveFigures(Report, *Meas, Profile, Skipped);
  for (const auto &S : Skipped)
    Diags << "clspread: note: " << S << "\n";
  Figures = checkFigures(std::move(Figures), *Meas, Profile, Req.Force, Diags);
  if (Figures.empty()) {
    printError(Diags, "no figure could be measured");
    return ExitUsage;
  }
  const json::Object *M = Meas->getAsObject();
  auto field = [&](StringRef K) { return stringField(M, K); };
  std::string Date = field("date").substr(0, 10);
  std::string Command = Req.CommandLine;
  if (!field("command").empty())
    Command += "  (measured with: " + field("command") + ")";

  auto Source = findProfileSource(Req.ProfileArg);
  if (!Source) {
    Diags << toString(Source.takeError()) << "\n"; // complete as printed
    return ExitUsage;
  }
  std::string NewText = withMeasured(Source->Text, Figures, Command,
                                     field("device"), field("driver"), Date);
  std::string OutPath = Req.OutPath;
  if (OutPath.empty()) {
    if (isProfilePath(Req.ProfileArg))
      OutPath = Req.ProfileArg;
    else if (sys::fs::exists("device-profiles/" + Profile.Id + ".yaml"))
      OutPath = "device-profiles/" + Profile.Id + ".yaml";
    else {
      printError(Diags, "where should the profile go? pass -o FILE.yaml");
      return ExitUsage;
    }
  }
  // Never write a profile that does not load.
  if (auto Check = parseProfile(NewText, OutPath); !Check) {
    printError(Diags, "the calibrated profile does not validate: " +
                          toString(Check.takeError()));
    return ExitUsage;
  }
  if (Error E = writeFileAtomically(OutPath, NewText)) {
    printError(Diags, toString(std::move(E)));
    return ExitOutput; // the profile keeps its previous figures
  }
  for (const DerivedFigure &F : Figures)
    Out << fmt::format("{:<28} {:>14}   {}\n", F.Path, F.Value, F.Note);
  Out << "wrote " << OutPath << "\n";
  return ExitOk;
}

} // namespace clspread

//===- ValidateDriver.cpp - The validate pipeline -------------------------===//
#include "Driver/ValidateDriver.h"
#include "Driver/Measure.h"
#include "Suite/Suite.h"
#include "Validate/Validation.h"

#include <fmt/format.h>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>

using namespace llvm;

namespace clspread {

std::string toolBeside(const char *Argv0, const std::string &Name) {
  std::string Self = sys::fs::getMainExecutable(Argv0, (void *)&toolBeside);
  SmallString<256> P(sys::path::parent_path(Self));
  sys::path::append(P, Name);
  return std::string(P);
}

/// What was validated, as the profile's record names it: the manifest,
/// and --quick and --entry when they narrowed it.
static std::string suiteName(const AnalyzeRequest &A) {
  std::string S =
      A.SuitePath.empty() ? "kernels/" + A.BundledManifest : A.SuitePath;
  if (A.Quick)
    S += " --quick";
  if (!A.SuiteIds.empty())
    S += " --entry " + join(A.SuiteIds, ",");
  return S;
}

/// Records \p V in the `validation:` list of the profile file: replaces
/// the record of the same suite, keeps the others, and checks that the
/// new file still loads before it replaces the old one.
static int updateProfile(const ValidateRequest &Req,
                         const DeviceProfile &Profile, const Validation &V,
                         raw_ostream &Out, raw_ostream &Diags) {
  ValidationRecord R;
  R.Suite = suiteName(Req.Analyze);
  R.Date = V.Date.substr(0, 10);
  R.Device = V.Device.empty() ? Profile.Name : V.Device;
  for (const ValidatedKernel &K : V.Kernels)
    if (K.Status == "ok" && K.MeasuredS)
      R.AbsErrors[unsigned(boundFromName(K.Bound))].push_back(
          std::fabs(K.error()));
  std::vector<ValidationRecord> Records;
  for (const ValidationRecord &Old : Profile.Validation)
    if (!Old.Report.empty() || Old.Suite != R.Suite)
      Records.push_back(Old);
  Records.push_back(std::move(R));
  auto Buf = MemoryBuffer::getFile(Req.UpdateProfile, /*IsText=*/true);
  if (!Buf) {
    printError(Diags, "--update-profile: cannot read '" + Req.UpdateProfile +
                          "': " + Buf.getError().message());
    return ExitUsage;
  }
  std::string Text = replaceValidationBlock((*Buf)->getBuffer().str(),
                                            validationYaml(Records));
  auto Check = parseProfile(Text, Req.UpdateProfile);
  if (!Check) {
    printError(Diags, "--update-profile: the updated profile would not load "
                      "(left unchanged): " +
                          toString(Check.takeError()));
    return ExitUsage;
  }
  if (Error E = writeFileAtomically(Req.UpdateProfile, Text)) {
    printError(Diags, toString(std::move(E)));
    return ExitOutput;
  }
  Out << "updated " << Req.UpdateProfile << "; its estimates now carry:\n";
  for (unsigned B = 0; B < 3; ++B)
    Out << "  " << boundName(Bound(B))
        << "-bound: " << bandText(Check->Bands[B]) << "\n";
  return ExitOk;
}

int runValidate(const ValidateRequest &Req, const DeviceProfile &Profile,
                raw_ostream &Out, raw_ostream &Diags) {
  AnalysisReport Report;
  Report.ToolVersion = "0.1.0";
  int Code = runAnalyze(Req.Analyze, Profile, Report, Diags);
  if (Code != ExitOk && Report.Kernels.empty())
    return Code;

  MeasureOptions MO{Req.MeasurementsPath, Req.RunnerPath, Req.RunnerArgs};
  auto Meas = obtainMeasurements(Report, MO, Diags);
  if (!Meas) {
    printError(Diags, toString(Meas.takeError()));
    return ExitUsage;
  }
  warnDeviceMismatches(*Meas, Profile, Diags);
  // Messages about the file's content name the file, when one was given.
  std::string From =
      Req.MeasurementsPath.empty() ? "" : Req.MeasurementsPath + ": ";
  auto V = joinMeasurements(Report, *Meas, Req.CommandLine);
  if (!V) {
    printError(Diags, From + toString(V.takeError()));
    return ExitUsage;
  }
  // Results whose id no analyzed kernel has: an entry of the suite left
  // out by --entry is not unknown, anything else is listed, each once.
  if (Req.Analyze.Files.empty() && !V->UnknownIds.empty()) {
    auto S = Req.Analyze.SuitePath.empty()
                 ? bundledSuite(Req.Analyze.BundledManifest)
                 : loadSuiteFile(Req.Analyze.SuitePath);
    if (S)
      llvm::erase_if(V->UnknownIds,
                     [&](const std::string &Id) { return S->find(Id); });
    else
      consumeError(S.takeError());
  }
  for (const std::string &Id : V->UnknownIds)
    Diags << "clspread: warning: " << From << "result '" << Id
          << "' is for no kernel of the suite: ignored\n";
  if (V->ResultsWithoutId)
    Diags << "clspread: warning: " << From << V->ResultsWithoutId
          << (V->ResultsWithoutId == 1 ? " result has" : " results have")
          << " no \"id\": ignored\n";
  for (const ValidatedKernel &K : V->Kernels)
    if (K.Status == "invalid")
      Diags << "clspread: warning: " << From << K.Id
            << ": invalid measurement, not compared: " << K.Message << "\n";
  // What the model used from the profile (measured vs datasheet figures).
  if (!Report.Kernels.empty())
    V->ProfileNotes = Report.Kernels.front().Est.ProfileNotes;

  if (auto EC = sys::fs::create_directories(Req.OutDir)) {
    printError(Diags, "cannot create '" + Req.OutDir + "': " + EC.message());
    return ExitUsage;
  }
  // Measured just now: the runner's JSON went to a temporary file, so keep
  // it beside the report, and cite that copy.
  if (Req.MeasurementsPath.empty()) {
    SmallString<256> Raw(Req.OutDir);
    sys::path::append(Raw, "measured.json");
    if (Error E = writeFileAtomically(std::string(Raw),
                                      formatv("{0:2}", *Meas).str() + "\n")) {
      printError(Diags, toString(std::move(E)));
      return ExitOutput;
    }
    Out << "wrote " << Raw << "\n";
    // The runner's command named temporary files: cite the kept copy.
    std::string Cmd = V->MeasuredWith;
    if (size_t O = Cmd.find(" -o "); O != std::string::npos)
      Cmd = Cmd.substr(0, O);
    V->MeasuredWith = Cmd + " -o measured.json PLAN (run by this validate "
                            "command on the plan of these kernels; raw "
                            "results: measured.json beside this report)";
  }
  SmallString<256> Base(Req.OutDir);
  sys::path::append(Base, "validate");
  for (auto [Ext, Text] :
       {std::pair<const char *, std::string>{
            ".json", formatv("{0:2}", toJSON(*V)).str() + "\n"},
        {".md", toMarkdown(*V)},
        {".html", toHTML(*V)},
        {".svg", toSVG(*V)}}) {
    std::string Path = std::string(Base) + Ext;
    if (Error E = writeFileAtomically(Path, Text)) {
      printError(Diags, toString(std::move(E)));
      return ExitOutput;
    }
    Out << "wrote " << Path << "\n";
  }
  Out << summaryText(*V);
  if (!Req.UpdateProfile.empty() && V->Summary.Measured > 0)
    if (int C = updateProfile(Req, Profile, *V, Out, Diags); C != ExitOk)
      return C;
  if (V->Summary.Measured == 0) {
    // The reports are written (they list every kernel's status), but a run
    // that compared nothing is no success.
    std::map<std::string, unsigned> ByStatus;
    for (const ValidatedKernel &K : V->Kernels)
      ++ByStatus[K.Status];
    std::string Why;
    for (const auto &[Status, N] : ByStatus)
      Why += fmt::format("{}{} {}", Why.empty() ? "" : ", ", N, Status);
    printError(Diags,
               fmt::format("nothing was compared: none of the {} kernels has "
                           "a valid measurement ({}){}",
                           V->Kernels.size(), Why,
                           V->UnknownIds.empty()
                               ? std::string()
                               : fmt::format("; {} result(s) for unknown ids",
                                             V->UnknownIds.size())));
    return ExitUsage;
  }
  return ExitOk;
}

} // namespace clspread

//===- Measure.cpp - Measurements from clspread-run -----------------------===//
#include "Driver/Measure.h"
#include "Driver/PlanWriter.h"
#include "Support/InputFile.h"
#include "Support/OutputFile.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <fmt/format.h>

using namespace llvm;

namespace clspread {

Error writeFileAtomically(const std::string &Path, const std::string &Text) {
  return writeOutput(Path, Text);
}

std::vector<std::string> deviceMismatches(const json::Value &Meas,
                                          const DeviceProfile &Profile) {
  std::vector<std::string> Out;
  const json::Object *M = Meas.getAsObject();
  const json::Object *Info = M ? M->getObject("device_info") : nullptr;
  if (!Info)
    return Out;
  StringRef Name = Info->getString("name").value_or("the device");
  if (auto CUs = Info->getInteger("compute_units");
      CUs && *CUs > 0 && Profile.ComputeUnits > 0 &&
      uint64_t(*CUs) != Profile.ComputeUnits)
    Out.push_back(fmt::format(
        "{} reports {} compute units and profile '{}' has {}: the figures "
        "calibrate solves per compute unit take up the difference, and "
        "estimates scale with the profile's count; give your copy of the "
        "profile 'compute_units: {}'",
        Name.str(), *CUs, Profile.Id, Profile.ComputeUnits, *CUs));
  // PoCL names what it builds for at the end of its build string:
  // "OpenCL 3.0 PoCL HSTR: pthread-x86_64-pc-linux-gnu-skylake-avx512".
  StringRef Version = Info->getString("opencl_version").value_or("");
  if (size_t At = Version.find("HSTR: ");
      !Profile.Alu.LlvmCpu.empty() && At != StringRef::npos) {
    StringRef Build = Version.substr(At + 6).trim();
    if (!Build.ends_with("-" + Profile.Alu.LlvmCpu))
      Out.push_back(fmt::format(
          "{} builds kernels for '{}', and profile '{}' counts the code of "
          "alu.llvm_cpu '{}': give your copy of the profile the LLVM CPU "
          "that string ends in",
          Name.str(), Build.str(), Profile.Id, Profile.Alu.LlvmCpu));
  }
  return Out;
}

void warnDeviceMismatches(const json::Value &Meas, const DeviceProfile &Profile,
                          raw_ostream &Diags) {
  for (const std::string &W : deviceMismatches(Meas, Profile))
    Diags << "clspread: warning: " << W << "\n";
}

static Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<json::Value> obtainMeasurements(const AnalysisReport &Report,
                                         const MeasureOptions &O,
                                         raw_ostream &Diags) {
  std::string MeasPath = O.MeasurementsPath;
  SmallString<128> TmpPlan, TmpMeas;
  auto Cleanup = make_scope_exit([&] {
    if (!TmpPlan.empty())
      sys::fs::remove(TmpPlan);
    if (!TmpMeas.empty())
      sys::fs::remove(TmpMeas);
  });
  if (MeasPath.empty()) {
    std::string Plan = planText(Report, Diags);
    if (auto EC =
            sys::fs::createTemporaryFile("clspread-plan", "json", TmpPlan))
      return fail("cannot create a temporary file: " + EC.message());
    if (auto EC =
            sys::fs::createTemporaryFile("clspread-measured", "json", TmpMeas))
      return fail("cannot create a temporary file: " + EC.message());
    if (Error E = writeFileAtomically(std::string(TmpPlan), Plan))
      return E;
    if (!sys::fs::can_execute(O.RunnerPath))
      return fail("cannot run the runner '" + O.RunnerPath +
                  "' (build clspread-run, or pass --runner)");
    std::vector<StringRef> Argv = {O.RunnerPath};
    for (const auto &A : O.RunnerArgs)
      Argv.push_back(A);
    Argv.push_back("-o");
    Argv.push_back(TmpMeas);
    Argv.push_back(TmpPlan);
    std::string ErrMsg;
    // The runner's progress lines go straight to the terminal. Exit 1 means
    // some kernels failed: they are reported, the others still count.
    int RC = sys::ExecuteAndWait(O.RunnerPath, Argv, std::nullopt, {}, 0, 0,
                                 &ErrMsg);
    if (RC < 0 || RC >= 2)
      return fail("clspread-run failed (exit " + Twine(RC) + ")" +
                  (ErrMsg.empty() ? "" : ": " + ErrMsg));
    MeasPath = std::string(TmpMeas);
  }
  auto Buf = readInputFile(MeasPath, "measurements", MaxJsonFileBytes);
  if (!Buf)
    return Buf.takeError();
  auto Meas = json::parse((*Buf)->getBuffer());
  if (!Meas)
    return fail(MeasPath + ": " + toString(Meas.takeError()));
  return std::move(*Meas);
}

} // namespace clspread

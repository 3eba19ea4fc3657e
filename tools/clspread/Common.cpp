//===- Common.cpp - Helpers that several clspread commands share ----------===//
//
// One wording per error and one way to write an output, whichever command
// hits it (tests/bad-input and tests/e2e check the messages).
//
//===----------------------------------------------------------------------===//
#include "Common.h"

#include "Model/DeviceProfile.h"
#include "Support/InputFile.h"
#include "Support/OutputFile.h"

#include "llvm/ADT/StringRef.h"

using namespace clspread;

std::optional<Severity> clspread::failOnSeverity(const std::string &S) {
  if (S == "note")
    return Severity::Note;
  if (S == "warning")
    return Severity::Warning;
  if (S == "error")
    return Severity::Error;
  return std::nullopt;
}

int clspread::findingsExit(const std::vector<const Finding *> &Findings,
                           std::optional<Severity> FailOn) {
  if (!FailOn)
    return ExitOk;
  for (const Finding *F : Findings)
    if (F->Sev >= *FailOn)
      return ExitFindings;
  return ExitOk;
}

bool clspread::parseTrips(const std::vector<std::string> &Texts,
                          std::vector<TripOption> &Out) {
  for (const std::string &T : Texts) {
    auto O = parseTripOption(T);
    if (!O) {
      printError(llvm::errs(), "bad --trip '" + T +
                                   "' (expected FILE:LINE=N, N a positive "
                                   "integer)");
      return false;
    }
    Out.push_back(*O);
  }
  return true;
}

bool clspread::parseLaunchFlags(const std::string &Global,
                                const std::string &Local,
                                const std::vector<std::string> &ArgList,
                                bool RequireDivides, LaunchSpec &L,
                                bool &Given) {
  if (!Global.empty()) {
    auto G = parseSizes(Global, L.Dims);
    if (!G) {
      printError(llvm::errs(), "bad --global '" + Global +
                                   "' (expected sizes like 1024 or 2048x2048)");
      return false;
    }
    if (!workItemsFit(*G, L.Dims)) {
      printError(llvm::errs(), "--global " + Global +
                                   " is 2^40 or more work-items; clspread "
                                   "takes fewer");
      return false;
    }
    L.Global = *G;
    Given = true;
  }
  if (!Local.empty()) {
    unsigned LDims = 0;
    auto Lo = parseSizes(Local, LDims);
    if (!Lo) {
      printError(llvm::errs(), "bad --local '" + Local + "'");
      return false;
    }
    if (Given && LDims != L.Dims) {
      printError(llvm::errs(), "--local has " + std::to_string(LDims) +
                                   " dimensions, --global has " +
                                   std::to_string(L.Dims));
      return false;
    }
    for (unsigned D = 0; D < 3 && Given && RequireDivides; ++D)
      if (L.Global[D] % (*Lo)[D]) {
        printError(llvm::errs(), "--local " + Local +
                                     " does not divide --global " + Global +
                                     " (OpenCL 1.2 needs it to)");
        return false;
      }
    L.Local = *Lo;
  }
  for (const std::string &A : ArgList) {
    auto P = parseArg(A);
    if (!P) {
      printError(llvm::errs(), "bad --arg '" + A + "' (expected name=value)");
      return false;
    }
    // An integer too large for 64 bits would be read as a float and then
    // converted back, wrapped (tests/bad-input).
    llvm::StringRef V(P->second.Text);
    V.consume_front("-") || V.consume_front("+");
    bool Hex = V.consume_front_insensitive("0x");
    if (P->second.IsFloat && !V.empty() &&
        V.find_first_not_of(Hex ? "0123456789abcdefABCDEF" : "0123456789") ==
            llvm::StringRef::npos) {
      printError(llvm::errs(),
                 "--arg " + A + ": the integer does not fit in 64 bits");
      return false;
    }
    L.Args[P->first] = P->second;
  }
  return true;
}

int clspread::outputFailed(llvm::Error E) {
  int Code = E.isA<OutputError>() ? ExitOutput : ExitUsage;
  printError(llvm::errs(), llvm::toString(std::move(E)));
  return Code;
}

int clspread::emit(const std::string &Path,
                   llvm::function_ref<void(llvm::raw_ostream &)> Print) {
  if (Path.empty() || Path == "-") {
    Print(llvm::outs());
    llvm::outs().flush();
    if (llvm::outs().has_error()) { // a full disk behind a redirection
      std::error_code EC = llvm::outs().error();
      llvm::outs().clear_error();
      return outputFailed(
          llvm::make_error<OutputError>("standard output", EC.message()));
    }
    return ExitOk;
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  Print(OS);
  OS.flush();
  if (llvm::Error E = writeOutput(Path, Text))
    return outputFailed(std::move(E));
  return ExitOk;
}

bool clspread::outputAllowed(const std::string &Path,
                             std::vector<std::string> Inputs) {
  if (auto Problem = outputProblem(Path, Inputs)) {
    printError(llvm::errs(), *Problem);
    return false;
  }
  return true;
}

std::optional<DeviceProfile>
clspread::loadProfile(const std::string &IdOrPath) {
  if (auto Problem = yamlFileProblem(IdOrPath, "profile")) {
    printError(llvm::errs(), *Problem);
    return std::nullopt;
  }
  auto P = findProfile(IdOrPath);
  if (!P) {
    llvm::errs() << llvm::toString(P.takeError()) << "\n";
    return std::nullopt;
  }
  return std::move(*P);
}

void RunnerFlags::declare(CLI::App &Sub) {
  Sub.add_option("--platform", Platform, "Runner: platform index or name");
  Sub.add_option("--device", Device, "Runner: device index or name");
  Sub.add_option("--repeats", Repeats, "Runner: exact launches per kernel");
  Sub.add_option("--min-time", MinTime, "Runner: seconds of kernel time");
}

std::vector<std::string> RunnerFlags::args() const {
  std::vector<std::string> A;
  for (auto [Flag, Value] : {std::pair{"--platform", &Platform},
                             {"--device", &Device},
                             {"--repeats", &Repeats},
                             {"--min-time", &MinTime}})
    if (!Value->empty()) {
      A.push_back(Flag);
      A.push_back(*Value);
    }
  return A;
}

//===- LintFile.h - clspread lint of one file -----------------*- C++ -*-===//
//
// What lint does for one file (LintDriver.h says it in order): its
// settings (the command line over its .clspread.yaml over the defaults),
// its builds (one per distinct set of build options its manifest entries
// name), each kernel's launch, analysis, estimate and rules, then NOLINT
// comments and WarningsAsErrors. LintDriver.cpp runs it over the files,
// side by side, and prints the results in order.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_DRIVER_LINTFILE_H
#define CLSPREAD_DRIVER_LINTFILE_H

#include "Driver/AnalyzeDriver.h"
#include "Driver/LintDriver.h"
#include "Lint/RuleRegistry.h"
#include "Lint/RuleSet.h"
#include "Lint/Suppression.h"
#include "Model/DeviceProfile.h"
#include "Suite/Suite.h"
#include "Support/InputFile.h"

#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace clspread {

/// Bad input (a file, a configuration, a profile): the usage exit code.
constexpr int ExitInput = ExitUsage;

/// Loads each profile, configuration and manifest once per run, for every
/// thread. Failures are cached too, so their message prints once.
class SharedInputs {
public:
  llvm::Expected<const DeviceProfile *> profile(const std::string &IdOrPath) {
    return cached(Profiles, IdOrPath,
                  [](const std::string &K) -> llvm::Expected<DeviceProfile> {
                    if (auto Problem = yamlFileProblem(K, "profile"))
                      return llvm::createStringError(
                          llvm::inconvertibleErrorCode(),
                          "clspread: error: " + *Problem);
                    return findProfile(K);
                  });
  }
  llvm::Expected<const LintConfig *> config(const std::string &Path) {
    return cached(Configs, Path, loadLintConfig);
  }
  llvm::Expected<const Suite *> suite(const std::string &Path) {
    return cached(Suites, Path, loadSuiteFile);
  }

private:
  /// A loaded value, or the message of its error.
  template <typename T>
  using Slot = std::variant<std::unique_ptr<T>, std::string>;

  /// The value \p Load gives for \p Key, loaded by the first thread that
  /// asks and kept (failures too) for the rest of the run.
  template <typename T, typename LoadFn>
  llvm::Expected<const T *> cached(std::map<std::string, Slot<T>> &Map,
                                   const std::string &Key, LoadFn Load) {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Map.find(Key);
    if (It == Map.end()) {
      llvm::Expected<T> V = Load(Key);
      if (V)
        It = Map.emplace(Key, std::make_unique<T>(std::move(*V))).first;
      else
        It = Map.emplace(Key, llvm::toString(V.takeError())).first;
    }
    if (auto *P = std::get_if<std::unique_ptr<T>>(&It->second))
      return P->get();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   std::get<std::string>(It->second));
  }

public:
  /// Files the kernels #include, for findings and NOLINT comments there.
  SourceFiles Included;

private:
  std::mutex M;
  std::map<std::string, Slot<DeviceProfile>> Profiles;
  std::map<std::string, Slot<LintConfig>> Configs;
  std::map<std::string, Slot<Suite>> Suites;
};

/// What linting one file produced.
struct FileResult {
  FileFindings Findings;
  std::string Errors; ///< input errors, printed to stderr in order
  std::vector<std::string> Verbose;
  std::set<std::string> ParamNames; ///< scalar and __local parameters seen
  int Code = ExitOk;
  std::string ProfileId;
  std::string BaselinePath;          ///< "" : none applies
  std::vector<LintedKernel> Kernels; ///< with Req.KeepKernels
};

/// The settings that apply to one file: the command line over its
/// configuration over the defaults.
struct Effective {
  const LintConfig *Config = nullptr; ///< nullptr: none found
  std::string ProfileArg = DefaultProfileId;
  std::string RulesText = defaultRuleSelection();
  std::string WarningsAsErrorsText;
};

/// The settings of \p File: the command line over its configuration.
llvm::Expected<Effective>
effectiveFor(const LintRequest &Req, const std::string &File, SharedInputs &In);

/// The rules \p E selects, with its configuration's rule options.
llvm::Expected<RuleSet> rulesFor(const Effective &E);

/// Lints \p File into \p R; \p KernelThreads analyze its kernels side by
/// side.
void lintFile(const LintRequest &Req, const std::string &File,
              unsigned KernelThreads, SharedInputs &In, FileResult &R);

} // namespace clspread

#endif

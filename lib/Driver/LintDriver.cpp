//===- LintDriver.cpp - clspread lint, end to end -------------------------===//
#include "Driver/LintDriver.h"
#include "Analysis/KernelAnalyzer.h"
#include "Analysis/ParallelAnalysis.h"
#include "Driver/AnalyzeDriver.h"
#include "Lint/Baseline.h"
#include "Lint/LaunchText.h"
#include "Lint/RuleRegistry.h"
#include "Lint/RuleSet.h"
#include "Lint/Suppression.h"
#include "Model/DeviceProfile.h"
#include "Model/Spreadsheet.h"
#include "Suite/Suite.h"
#include "Support/InputFile.h"
#include "Support/OutputFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <system_error>
#include <thread>
#include <variant>

#include <sys/resource.h>
#include <unistd.h>

using namespace llvm;

namespace clspread {

namespace {

constexpr int ExitInput = ExitUsage;

/// Loads each profile, configuration and manifest once per run, for every
/// thread. Failures are cached too, so their message prints once.
class SharedInputs {
public:
  Expected<const DeviceProfile *> profile(const std::string &IdOrPath) {
    return cached(Profiles, IdOrPath,
                  [](const std::string &K) -> Expected<DeviceProfile> {
                    if (auto Problem = yamlFileProblem(K, "profile"))
                      return createStringError(inconvertibleErrorCode(),
                                               "clspread: error: " + *Problem);
                    return findProfile(K);
                  });
  }
  Expected<const LintConfig *> config(const std::string &Path) {
    return cached(Configs, Path, loadLintConfig);
  }
  Expected<const Suite *> suite(const std::string &Path) {
    return cached(Suites, Path, loadSuiteFile);
  }

private:
  /// A loaded value, or the message of its error.
  template <typename T>
  using Slot = std::variant<std::unique_ptr<T>, std::string>;

  /// The value \p Load gives for \p Key, loaded by the first thread that
  /// asks and kept (failures too) for the rest of the run.
  template <typename T, typename LoadFn>
  Expected<const T *> cached(std::map<std::string, Slot<T>> &Map,
                             const std::string &Key, LoadFn Load) {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Map.find(Key);
    if (It == Map.end()) {
      Expected<T> V = Load(Key);
      if (V)
        It = Map.emplace(Key, std::make_unique<T>(std::move(*V))).first;
      else
        It = Map.emplace(Key, toString(V.takeError())).first;
    }
    if (auto *P = std::get_if<std::unique_ptr<T>>(&It->second))
      return P->get();
    return createStringError(inconvertibleErrorCode(),
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

Expected<Effective> effectiveFor(const LintRequest &Req,
                                 const std::string &File, SharedInputs &In) {
  Effective E;
  std::string Path =
      Req.ConfigPath.empty() ? findLintConfigPath(File) : Req.ConfigPath;
  if (!Path.empty()) {
    auto C = In.config(Path);
    if (!C)
      return C.takeError();
    E.Config = *C;
    if (E.Config->Profile)
      E.ProfileArg = *E.Config->Profile;
    if (E.Config->Rules)
      E.RulesText = *E.Config->Rules;
    if (E.Config->WarningsAsErrors)
      E.WarningsAsErrorsText = *E.Config->WarningsAsErrors;
  }
  if (Req.Profile)
    E.ProfileArg = *Req.Profile;
  if (Req.Rules)
    E.RulesText = *Req.Rules;
  if (Req.WarningsAsErrors)
    E.WarningsAsErrorsText = *Req.WarningsAsErrors;
  return E;
}

Expected<RuleSet> rulesFor(const Effective &E) {
  auto G = GlobList::parse(E.RulesText);
  if (!G)
    return createStringError(
        inconvertibleErrorCode(), "clspread: error: bad rule list '%s': %s",
        E.RulesText.c_str(), toString(G.takeError()).c_str());
  auto S =
      RuleSet::create(*G, E.Config ? E.Config->RuleOptions : RuleOptionMap{});
  if (!S)
    return createStringError(inconvertibleErrorCode(), "clspread: error: %s%s",
                             E.Config ? (E.Config->Path + ": ").c_str() : "",
                             toString(S.takeError()).c_str());
  return S;
}

/// The manifest that may hold launches for \p File: --suite, or a
/// suite.yaml in the file's directory.
std::string manifestFor(const LintRequest &Req, const std::string &File) {
  if (!Req.SuitePath.empty())
    return Req.SuitePath;
  SmallString<256> P = sys::path::parent_path(File);
  sys::path::append(P, "suite.yaml");
  return sys::fs::is_regular_file(P) ? std::string(P) : std::string();
}

/// The suite entries of \p S whose file is \p File.
std::vector<const SuiteEntry *> entriesOf(const Suite &S,
                                          const std::string &File) {
  std::vector<const SuiteEntry *> Out;
  StringRef Dir = sys::path::parent_path(S.Path);
  for (const SuiteEntry &E : S.Entries) {
    SmallString<256> P = Dir;
    sys::path::append(P, E.File);
    if (sys::fs::equivalent(P, File))
      Out.push_back(&E);
  }
  return Out;
}

std::string ruleForDiagnostic(const FrontendDiagnostic &D) {
  if (D.Level == FrontendDiagnostic::Error)
    return "clang-diagnostic-error";
  return D.Option.empty() ? "clang-diagnostic-warning"
                          : "clang-diagnostic-" + D.Option;
}

/// Clang's diagnostics as findings: errors and warnings, each with the
/// notes that follow it. A diagnostic Clang gave no place ("too many errors
/// emitted, stopping now") takes the place of the one before it, where
/// Clang stopped: findings are sorted by place, and at 1:1 it would come
/// first, before the errors it sums up. With none before it, 1:1.
void diagnosticFindings(const std::vector<FrontendDiagnostic> &Diags,
                        const std::string &File, const GlobList &Enabled,
                        std::vector<Finding> &Out) {
  Finding *Last = nullptr;
  SourceLoc Previous{File, 1, 1};
  for (const FrontendDiagnostic &D : Diags) {
    SourceLoc Loc = D.File.empty() && D.Line == 0
                        ? Previous
                        : SourceLoc{D.File.empty() ? File : D.File,
                                    std::max(1u, D.Line), std::max(1u, D.Col)};
    Previous = Loc;
    if (D.Level == FrontendDiagnostic::Note) {
      if (Last)
        Last->Notes.push_back({Loc, D.Message});
      continue;
    }
    Finding F;
    F.RuleId = ruleForDiagnostic(D);
    // Errors always count: a kernel that does not compile is a finding
    // whatever the rule selection.
    if (D.Level != FrontendDiagnostic::Error && !Enabled.contains(F.RuleId)) {
      Last = nullptr;
      continue;
    }
    F.Sev = D.Level == FrontendDiagnostic::Error ? Severity::Error
                                                 : Severity::Warning;
    F.Loc = Loc;
    F.Message = D.Message;
    Out.push_back(std::move(F));
    Last = &Out.back();
  }
}

void lintFile(const LintRequest &Req, const std::string &File,
              unsigned KernelThreads, SharedInputs &In, FileResult &R) {
  R.Findings.File = File;
  auto fail = [&](const std::string &Message) {
    R.Errors += Message + "\n";
    R.Code = ExitInput;
  };
  if (sys::fs::is_directory(File))
    return fail("clspread: error: '" + File +
                "' is a directory, not a kernel source");
  bool Placed = false;
  auto Text = readKernelSource(File, Placed);
  if (!Text)
    return fail((Placed ? "" : "clspread: error: ") +
                toString(Text.takeError()));
  SourceFile Src(File, std::move(*Text));

  auto E = effectiveFor(Req, File, In);
  if (!E)
    return fail(toString(E.takeError()));
  auto ProfileOr = In.profile(E->ProfileArg);
  if (!ProfileOr)
    return fail(toString(ProfileOr.takeError()));
  const DeviceProfile &Profile = **ProfileOr;
  R.ProfileId = Profile.Id;
  if (Req.WriteBaselinePath.empty())
    R.BaselinePath = !Req.BaselinePath.empty()          ? Req.BaselinePath
                     : E->Config && E->Config->Baseline ? *E->Config->Baseline
                                                        : "";
  auto Rules = rulesFor(*E);
  if (!Rules)
    return fail(toString(Rules.takeError()));
  auto Enabled = GlobList::parse(E->RulesText); // parsed fine in rulesFor
  std::optional<GlobList> WAE;
  if (!E->WarningsAsErrorsText.empty()) {
    auto W = GlobList::parse(E->WarningsAsErrorsText);
    if (!W)
      return fail("clspread: error: bad WarningsAsErrors '" +
                  E->WarningsAsErrorsText + "': " + toString(W.takeError()));
    WAE = std::move(*W);
  }

  std::vector<Finding> &Findings = R.Findings.Findings;
  // --timeout: the analysis of this file stops at this time.
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  if (Req.TimeoutSeconds > 0)
    Deadline =
        std::chrono::steady_clock::now() +
        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(std::min(Req.TimeoutSeconds, 1e7)));

  // The manifest, for launches, build options and pipelines.
  const Suite *Manifest = nullptr;
  std::vector<const SuiteEntry *> Entries;
  if (std::string M = manifestFor(Req, File); !M.empty()) {
    auto S = In.suite(M);
    if (!S)
      return fail(toString(S.takeError()));
    Manifest = *S;
    Entries = entriesOf(*Manifest, File);
  }

  // What the host builds: the configuration's BuildOptions, then the
  // manifest entry's build_options, then the command line (-D, -I, --).
  FrontendOptions Base;
  Base.File = File;
  Base.Source = Src.text();
  Base.ShowSnippets = false;
  Base.ImageSupport = Profile.ImageSupport;
  Base.Fp64Support = Profile.hasFp64();
  Base.Fp16Support = Profile.Fp16.value_or(true);
  Base.MaxInstructions = Req.Frontend.MaxInstructions;
  if (E->Config)
    for (const LintConfig::BuildOptionsEntry *B :
         E->Config->buildOptionsFor(File))
      if (Error Err = applyBuildOptions(
              B->Options, Base, sys::path::parent_path(E->Config->Path)))
        return fail(fmt::format("{}:{}:{}: error: {}", E->Config->Path, B->Line,
                                B->Col, toString(std::move(Err))));
  auto optionsWith = [&](const SuiteEntry *SE) -> Expected<FrontendOptions> {
    FrontendOptions FO = Base;
    if (SE)
      if (Error Err = applyBuildOptions(SE->BuildOptions, FO,
                                        sys::path::parent_path(Manifest->Path)))
        return createStringError(inconvertibleErrorCode(),
                                 "clspread: error: %s: entry '%s': %s",
                                 Manifest->Path.c_str(), SE->Id.c_str(),
                                 toString(std::move(Err)).c_str());
    if (Req.ClStdGiven)
      FO.ClStd = Req.Frontend.ClStd;
    llvm::append_range(FO.Defines, Req.Frontend.Defines);
    llvm::append_range(FO.IncludeDirs, Req.Frontend.IncludeDirs);
    llvm::append_range(FO.ExtraArgs, Req.Frontend.ExtraArgs);
    if (auto Std = normalizeClStd(FO.ClStd))
      FO.ClStd = *Std;
    return FO;
  };
  // One unit per distinct set of options: the file's (its first manifest
  // entry's) and any other an entry of the file names. Diagnostics of the
  // first become findings; later builds add only errors.
  std::map<std::string, std::unique_ptr<CompiledUnit>> Units;
  std::map<const CompiledUnit *, std::string> ClStdOf;
  bool FirstBuild = true;
  std::string BuildProblem;
  auto unitFor = [&](const SuiteEntry *SE) -> CompiledUnit * {
    auto FO = optionsWith(SE);
    if (!FO) {
      BuildProblem = toString(FO.takeError());
      return nullptr;
    }
    std::string Key = buildOptionsOf(*FO);
    auto It = Units.find(Key);
    if (It != Units.end())
      return It->second.get();
    std::vector<FrontendDiagnostic> Diags;
    FO->Collect = &Diags;
    auto Unit = compileOpenCL(*FO, nulls());
    if (FirstBuild || !Unit) {
      std::vector<FrontendDiagnostic> Kept;
      for (const FrontendDiagnostic &D : Diags)
        if (FirstBuild || D.Level != FrontendDiagnostic::Warning)
          Kept.push_back(D);
      size_t Before = Findings.size();
      diagnosticFindings(Kept, File, *Enabled, Findings);
      // The same error from a second build is one finding.
      for (size_t I = Before; I < Findings.size(); ++I)
        for (size_t J = 0; J < Before; ++J)
          if (Findings[J].RuleId == Findings[I].RuleId &&
              Findings[J].Loc.File == Findings[I].Loc.File &&
              Findings[J].Loc.Line == Findings[I].Loc.Line &&
              Findings[J].Loc.Col == Findings[I].Loc.Col &&
              Findings[J].Message == Findings[I].Message) {
            Findings.erase(Findings.begin() + I--);
            break;
          }
    }
    FirstBuild = false;
    std::unique_ptr<CompiledUnit> Ptr;
    if (!Unit)
      handleAllErrors(
          Unit.takeError(), [&](const CompileFailed &) {},
          [&](const ErrorInfoBase &EI) {
            BuildProblem = "clspread: error: " + EI.message();
          });
    else
      Ptr = std::make_unique<CompiledUnit>(std::move(*Unit));
    ClStdOf[Ptr.get()] = FO->ClStd;
    return (Units[Key] = std::move(Ptr)).get();
  };
  const SuiteEntry *FirstEntry = Entries.empty() ? nullptr : Entries.front();
  CompiledUnit *Unit = unitFor(FirstEntry);
  if (!Unit) {
    if (!BuildProblem.empty())
      fail(BuildProblem);
    orderFindings(Findings, WAE ? &*WAE : nullptr);
    return;
  }

  auto Trips = tripCountsFor(File, Src.text(), Req.Trips);
  if (!Trips)
    return fail(toString(Trips.takeError()));

  std::vector<std::string> Names = kernelNames(*Unit->Module);
  if (Names.empty())
    R.Verbose.push_back(File + ": no kernel functions");
  for (const std::string &K : Req.Kernels)
    if (!llvm::is_contained(Names, K))
      return fail(
          "clspread: error: " + File + ": no kernel named '" + K +
          "' (kernels: " + (Names.empty() ? "none" : join(Names, ", ")) + ")");

  // Counts and estimates live until the pipelines are checked.
  struct Analyzed {
    std::string EntryId;
    KernelCounts Counts;
    Estimate Est;
    LaunchOrigin Origin;
  };
  std::vector<std::unique_ptr<Analyzed>> Done;
  std::vector<std::unique_ptr<KernelContext>> Contexts;
  std::vector<std::unique_ptr<SourceFile>> Unreadable; // see KSrc below
  auto Reestimate = [&Profile](const KernelCounts &K) {
    return estimate(K, Profile);
  };
  // First what each kernel is analyzed with (building the units its
  // manifest entry needs), then the analyses, side by side where there are
  // threads to spare (ParallelAnalysis.h), then the rules, in order.
  struct Pending {
    std::string Name, EntryId, From;
    unsigned DeclLine;
    LaunchOrigin Origin;
    CompiledUnit *Unit;
  };
  std::vector<Pending> Todo;
  std::vector<KernelJob> Jobs;
  for (const std::string &Name : Names) {
    if (!Req.Kernels.empty() && !llvm::is_contained(Req.Kernels, Name))
      continue;
    // Where the kernel is declared, for the launch comment above it.
    unsigned DeclLine = 0;
    if (const Function *F = Unit->Module->getFunction(Name))
      if (const DISubprogram *SP = F->getSubprogram())
        DeclLine = SP->getLine();

    LaunchSpec Launch;
    LaunchOrigin Origin = LaunchOrigin::None;
    std::string EntryId, From;
    if (Req.LaunchGiven) {
      Launch = Req.Launch;
      Origin = LaunchOrigin::CommandLine;
    } else if (const LintConfig::LaunchEntry *C =
                   E->Config ? E->Config->launchFor(File, Name) : nullptr) {
      Launch = C->Launch;
      Origin = LaunchOrigin::Config;
      From = E->Config->Path;
    } else {
      auto Comment = findLaunchComment(Src, DeclLine);
      if (!Comment)
        return fail(toString(Comment.takeError()));
      if (*Comment) {
        Launch = (*Comment)->Launch;
        Origin = LaunchOrigin::Comment;
        From = fmt::format("{}:{}", File, (*Comment)->Line);
      } else {
        for (const SuiteEntry *SE : Entries)
          if (SE->Kernel == Name) {
            Launch = SE->Launch;
            Origin = LaunchOrigin::Manifest;
            EntryId = SE->Id;
            From = Manifest->Path + " entry " + SE->Id;
            break;
          }
      }
    }
    // Scalar arguments from the command line apply to every launch.
    if (Origin != LaunchOrigin::CommandLine)
      for (const auto &[A, V] : Req.Launch.Args)
        Launch.Args[A] = V;
    if (EntryId.empty())
      for (const SuiteEntry *SE : Entries)
        if (SE->Kernel == Name) {
          EntryId = SE->Id;
          break;
        }

    AnalyzeOptions AO;
    AO.Launch = Launch;
    AO.LaunchGiven = Origin != LaunchOrigin::None;
    AO.TripCounts = *Trips;
    // A kernel of a manifest entry is built with that entry's options.
    const SuiteEntry *Own = nullptr;
    for (const SuiteEntry *SE : Entries)
      if (SE->Kernel == Name && (!Own || SE->Id == EntryId))
        Own = SE;
    // And with its `trips:`, as analyze takes them: over the source's
    // comments, under the command line's --trip.
    if (Own && Origin == LaunchOrigin::Manifest) {
      AO.BufferBytes = Own->BufferBytes;
      AO.BufferFills = Own->BufferFills;
    }
    if (Own && Origin == LaunchOrigin::Manifest)
      for (const auto &[Line, Count] : Own->Trips)
        if (llvm::none_of(Req.Trips, [&, L = Line](const TripOption &T) {
              return T.Line == L;
            }))
          AO.TripCounts[Line] = Count;
    CompiledUnit *KUnit = Own ? unitFor(Own) : Unit;
    if (!KUnit) {
      if (!BuildProblem.empty())
        return fail(BuildProblem);
      continue; // its build's errors are findings
    }
    AO.Deadline = Deadline;
    Todo.push_back({Name, EntryId, From, DeclLine, Origin, KUnit});
    Jobs.push_back({KUnit->Module.get(), Name, std::move(AO)});
  }
  std::vector<Expected<KernelCounts>> Analyses =
      analyzeKernels(Jobs, KernelThreads);
  for (size_t KI = 0; KI < Todo.size(); ++KI) {
    const auto &[Name, EntryId, From, DeclLine, Origin, KUnit] = Todo[KI];
    Expected<KernelCounts> &Counts = Analyses[KI];
    if (!Counts && Counts.errorIsA<AnalysisTimedOut>()) {
      consumeError(Counts.takeError());
      // The kernels after it are not reported, whether or not their
      // analysis ran out of time too.
      for (size_t Rest = KI + 1; Rest < Todo.size(); ++Rest)
        if (!Analyses[Rest])
          consumeError(Analyses[Rest].takeError());
      std::vector<std::string> Left;
      for (size_t Rest = KI + 1; Rest < Todo.size(); ++Rest)
        Left.push_back(Todo[Rest].Name);
      Finding F;
      F.RuleId = "clspread-timeout";
      F.Sev = Severity::Error;
      F.Loc = {File, std::max(1u, DeclLine), 1};
      F.Kernel = Name;
      F.Message = fmt::format(
          "analysis of kernel '{}' stopped after the {} s limit for this file "
          "(--timeout){}",
          Name, Req.TimeoutSeconds,
          Left.empty() ? std::string() : "; not analyzed: " + join(Left, ", "));
      Findings.push_back(std::move(F));
      break;
    }
    if (Counts)
      for (const KernelArgInfo &A : Counts->Args)
        if (!A.IsPointer || A.Space == AddrSpace::Local)
          R.ParamNames.insert(A.Name);
    if (!Counts)
      return fail("clspread: error: " + File + ": kernel '" + Name +
                  "': " + toString(Counts.takeError()));
    auto A = std::make_unique<Analyzed>();
    A->EntryId = EntryId;
    A->Counts = std::move(*Counts);
    A->Est = estimate(A->Counts, Profile);
    if (std::string Bad = A->Est.nonFinite(); !Bad.empty())
      return fail("clspread: error: " + File + ": kernel '" + Name +
                  "': the estimate on " + Profile.Id + " is not a number (" +
                  Bad +
                  "): a figure of the profile is zero or absurdly "
                  "small or large");
    A->Origin = Origin;
    // A kernel defined in an #included file is judged in that file.
    // So is one placed by `#line N "name"` (Clang's presumed location,
    // which its diagnostics and the debug locations name): where no such
    // file can be read, its findings still name it, at the #line numbers,
    // with no text to look columns or NOLINT comments up in.
    const SourceFile *KSrc = &Src;
    if (!A->Counts.Loc.File.empty() && A->Counts.Loc.File != File) {
      if (const SourceFile *Other = In.Included.get(A->Counts.Loc.File))
        KSrc = Other;
      else
        KSrc = Unreadable
                   .emplace_back(
                       std::make_unique<SourceFile>(A->Counts.Loc.File, ""))
                   .get();
    }
    auto Ctx = std::make_unique<KernelContext>(KernelContext{
        *KSrc, A->Counts, A->Est, Profile, Origin, ClStdOf[KUnit], Reestimate});
    std::vector<std::string> Skipped;
    Rules->check(*Ctx, Findings, &Skipped);
    if (Req.Verbose) {
      const LaunchSpec &L = A->Counts.Launch;
      if (Origin == LaunchOrigin::None)
        R.Verbose.push_back(fmt::format(
            "{}:{}: kernel {}: no launch (command line, {}, `// clspread: "
            "launch` comment or suite manifest); skipped {}",
            File, DeclLine, Name, ConfigFileName,
            Skipped.empty() ? std::string("no rule") : join(Skipped, ", ")));
      else
        R.Verbose.push_back(fmt::format(
            "{}:{}: kernel {}: launch global {}, local {} from the {}{}", File,
            DeclLine, Name, formatSizes(L.Global, L.Dims),
            L.Local ? formatSizes(*L.Local, L.Dims) : "driver's choice",
            launchOriginName(Origin), From.empty() ? "" : " (" + From + ")"));
    }
    if (Req.KeepKernels)
      R.Kernels.push_back({File, E->ProfileArg, A->Counts, Origin, From});
    Done.push_back(std::move(A));
    Contexts.push_back(std::move(Ctx));
  }

  // Pipelines of the manifest whose stages are all kernels of this file.
  if (Manifest)
    for (const SuitePipeline &P : Manifest->Pipelines) {
      PipelineContext PC;
      PC.Id = P.Id;
      PC.StageIds = P.Stages;
      PC.Connect = P.Connect;
      for (const std::string &Stage : P.Stages)
        for (size_t I = 0; I < Done.size(); ++I)
          if (Done[I]->EntryId == Stage &&
              Done[I]->Origin == LaunchOrigin::Manifest)
            PC.Stages.push_back(Contexts[I].get());
      if (PC.Stages.size() == P.Stages.size())
        Rules->checkPipeline(PC, Findings);
    }

  applySuppressions(Src, Findings, &In.Included);
  orderFindings(Findings, WAE ? &*WAE : nullptr);
}

/// How many files to lint at once: -j (default: every core), at
/// most twice the hardware threads and one per file, and, under an address
/// space limit (ulimit -v), no more than the limit leaves room for: each
/// thread takes its stack and a malloc arena plus the memory one file's
/// analysis needs. Why it is fewer than asked goes to \p Note. The threads
/// -j allows beyond one per file analyze a file's kernels side by side:
/// \p KernelThreads per file (1 under an address space limit).
unsigned lintJobs(unsigned Requested, size_t Files, std::string &Note,
                  unsigned &KernelThreads) {
  unsigned Hardware = std::max(1u, std::thread::hardware_concurrency());
  unsigned Jobs =
      Requested ? Requested : hardware_concurrency().compute_thread_count();
  if (Jobs > 2 * Hardware) {
    Note = fmt::format("-j{} capped at {} (twice the {} hardware threads)",
                       Jobs, 2 * Hardware, Hardware);
    Jobs = 2 * Hardware;
  }
  unsigned Allowed = Jobs;
  Jobs = unsigned(std::max<size_t>(1, std::min<size_t>(Jobs, Files)));
  KernelThreads = std::max(1u, Allowed / Jobs);
  struct rlimit AS, Stack;
  if (getrlimit(RLIMIT_AS, &AS) == 0 && AS.rlim_cur != RLIM_INFINITY)
    KernelThreads = 1;
  if (Jobs > 1 && getrlimit(RLIMIT_AS, &AS) == 0 &&
      AS.rlim_cur != RLIM_INFINITY) {
    const uint64_t MiB = 1 << 20;
    // A thread's stack is RLIMIT_STACK (glibc's default; 32 MiB where
    // that is unlimited); a thread's malloc arena reserves 64 MiB; one
    // file's analysis, 64 MiB more for a large kernel.
    uint64_t StackBytes = 32 * MiB;
    if (getrlimit(RLIMIT_STACK, &Stack) == 0 && Stack.rlim_cur != RLIM_INFINITY)
      StackBytes = std::max<uint64_t>(Stack.rlim_cur, MiB);
    uint64_t PerThread = StackBytes + 128 * MiB;
    uint64_t Used = 0; // bytes mapped now (/proc/self/statm: pages)
    if (FILE *F = fopen("/proc/self/statm", "r")) {
      unsigned long long Pages = 0;
      if (fscanf(F, "%llu", &Pages) == 1)
        Used = Pages * uint64_t(sysconf(_SC_PAGESIZE));
      fclose(F);
    }
    uint64_t Limit = AS.rlim_cur;
    // The calling thread's file first, then whole threads.
    uint64_t Room = Limit > Used + 128 * MiB ? Limit - Used - 128 * MiB : 0;
    uint64_t Fit = 1 + Room / PerThread;
    if (Fit < Jobs) {
      Note = fmt::format("{} file(s) at once, not {}: the address space limit "
                         "(ulimit -v) of {} MiB leaves room for no more",
                         Fit, Jobs, Limit / MiB);
      Jobs = unsigned(Fit);
    }
  }
  return Jobs;
}

} // namespace

int runLint(const LintRequest &Req, LintOutput &Out, raw_ostream &Errs,
            std::vector<std::string> &VerboseLog,
            std::vector<LintedKernel> *Kernels) {
  SharedInputs In;
  std::vector<FileResult> Results(Req.Files.size());
  std::string ThreadNote;
  unsigned KernelThreads = 1;
  unsigned Jobs =
      lintJobs(Req.Jobs, Req.Files.size(), ThreadNote, KernelThreads);
  // The calling thread lints too; Jobs - 1 more threads, as many as start.
  // std::thread reports a failed pthread_create (EAGAIN under ulimit -v or
  // a thread limit) as an exception, where LLVM's pool aborts the process:
  // the files are then shared by the threads that did start.
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t I; (I = Next++) < Req.Files.size();)
      lintFile(Req, Req.Files[I], KernelThreads, In, Results[I]);
  };
  std::vector<std::thread> Threads;
  for (unsigned T = 1; T < Jobs; ++T) {
    try {
      Threads.emplace_back(Work);
    } catch (const std::system_error &E) {
      ThreadNote = fmt::format("{} of {} threads started ({}); the files "
                               "are linted by those",
                               Threads.size() + 1, Jobs, E.what());
      break;
    }
  }
  Work();
  for (std::thread &T : Threads)
    T.join();
  if (Req.Verbose && !ThreadNote.empty())
    VerboseLog.push_back(ThreadNote);
  int Code = ExitOk;
  // An --arg no linted kernel has is a mistake: no findings, exit 2.
  std::set<std::string> Params;
  bool Analyzed = false;
  for (const FileResult &R : Results) {
    Params.insert(R.ParamNames.begin(), R.ParamNames.end());
    Analyzed |= R.Code == ExitOk;
  }
  for (const auto &[Name, V] : Req.Launch.Args)
    if (Analyzed && !Params.count(Name)) {
      Errs << "clspread: error: --arg " << Name
           << ": no linted kernel has a scalar or __local parameter named '"
           << Name << "'\n";
      for (FileResult &R : Results)
        R.Findings.Findings.clear();
      Code = ExitInput;
      break;
    }
  // Files by the baseline that applies to them, in input order.
  std::map<std::string, std::vector<size_t>> ByBaseline;
  for (FileResult &R : Results) {
    Errs << R.Errors;
    Code = std::max(Code, R.Code);
    if (Out.ProfileId.empty())
      Out.ProfileId = R.ProfileId;
    VerboseLog.insert(VerboseLog.end(), R.Verbose.begin(), R.Verbose.end());
    if (!R.BaselinePath.empty())
      ByBaseline[R.BaselinePath].push_back(Out.Files.size());
    if (Kernels)
      std::move(R.Kernels.begin(), R.Kernels.end(),
                std::back_inserter(*Kernels));
    Out.Files.push_back(std::move(R.Findings));
  }
  for (const auto &[Path, Indexes] : ByBaseline) {
    auto B = Baseline::load(Path);
    if (!B) {
      Errs << toString(B.takeError()) << "\n";
      Code = ExitInput;
      continue;
    }
    std::vector<FileFindings> Mine;
    for (size_t I : Indexes)
      Mine.push_back(std::move(Out.Files[I]));
    LintOutput::BaselineUse Use;
    Use.Path = Path;
    Use.Absent = B->apply(Mine);
    for (size_t J = 0; J < Indexes.size(); ++J) {
      for (const Finding &F : Mine[J].Findings)
        ++(reported(F) ? Use.New : Use.Unchanged);
      Out.Files[Indexes[J]] = std::move(Mine[J]);
    }
    Out.Baselines.push_back(std::move(Use));
  }
  Out.Rules = listRules();
  return Code;
}

int writeLintBaseline(const LintRequest &Req, const LintOutput &Out,
                      raw_ostream &Errs) {
  const std::string &Path = Req.WriteBaselinePath;
  Baseline New(Path);
  std::set<std::string> Linted;
  for (const FileFindings &FF : Out.Files) {
    Linted.insert(New.relative(FF.File));
    for (const Finding &F : FF.Findings) {
      New.add(F);
      Linted.insert(New.relative(F.Loc.File));
    }
  }
  if (sys::fs::exists(Path)) {
    auto Old = Baseline::load(Path);
    if (!Old) {
      Errs << toString(Old.takeError()) << " (left unchanged)\n";
      return ExitInput;
    }
    New.mergeUnlinted(*Old, Linted);
  }
  if (Error E = writeOutput(Path, New.toJSONText())) {
    Errs << "clspread: error: " << toString(std::move(E)) << "\n";
    return ExitOutput;
  }
  Errs << fmt::format("clspread: wrote {}: {} entr{} for {} finding{}\n", Path,
                      New.entries().size(),
                      New.entries().size() == 1 ? "y" : "ies", New.findings(),
                      New.findings() == 1 ? "" : "s");
  return ExitOk;
}

int dumpLintConfig(const LintRequest &Req, const std::string &File,
                   raw_ostream &OS, raw_ostream &Errs) {
  SharedInputs In;
  auto E = effectiveFor(Req, File, In);
  if (!E) {
    Errs << toString(E.takeError()) << "\n";
    return ExitInput;
  }
  auto Rules = rulesFor(*E);
  if (!Rules) {
    Errs << toString(Rules.takeError()) << "\n";
    return ExitInput;
  }
  YAML::Emitter Y;
  Y << YAML::BeginMap;
  Y << YAML::Key << "Profile" << YAML::Value << E->ProfileArg;
  Y << YAML::Key << "Rules" << YAML::Value << YAML::DoubleQuoted
    << E->RulesText;
  Y << YAML::Key << "WarningsAsErrors" << YAML::Value << YAML::DoubleQuoted
    << E->WarningsAsErrorsText;
  Y << YAML::Key << "RuleOptions" << YAML::Value << YAML::BeginMap;
  for (const RuleSet::Entry &R : Rules->entries()) {
    if (R.Options.entries().empty())
      continue;
    Y << YAML::Key << R.Id << YAML::Value << YAML::BeginMap;
    for (const RuleOptions::Entry &O : R.Options.entries())
      Y << YAML::Key << O.Name << YAML::Value << O.Value;
    Y << YAML::EndMap;
  }
  Y << YAML::EndMap;
  if (E->Config && !E->Config->Launches.empty()) {
    Y << YAML::Key << "Launches" << YAML::Value << YAML::BeginMap;
    for (const auto &L : E->Config->Launches)
      Y << YAML::Key << L.Key << YAML::Value << YAML::DoubleQuoted << L.Text;
    Y << YAML::EndMap;
  }
  if (E->Config && !E->Config->BuildOptions.empty()) {
    Y << YAML::Key << "BuildOptions" << YAML::Value << YAML::BeginMap;
    for (const LintConfig::BuildOptionsEntry &B : E->Config->BuildOptions)
      Y << YAML::Key << YAML::DoubleQuoted << B.Glob << YAML::Value
        << YAML::DoubleQuoted << B.Options;
    Y << YAML::EndMap;
  }
  Y << YAML::EndMap;
  OS << "# effective configuration for " << File
     << (E->Config ? " (from " + E->Config->Path + " and the command line)"
                   : " (defaults and the command line)")
     << "\n"
     << Y.c_str() << "\n";
  return ExitOk;
}

} // namespace clspread

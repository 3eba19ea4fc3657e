//===- LintFile.cpp - clspread lint of one file ---------------------------===//
//
// See LintFile.h.
//
//===----------------------------------------------------------------------===//
#include "Driver/LintFile.h"
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

namespace {

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

/// The builds of one file: one per distinct set of options, the file's
/// (its first manifest entry's) and any other an entry of the file names.
/// Diagnostics of the first become findings; later builds add only
/// errors. What the host builds: the configuration's BuildOptions, then
/// the manifest entry's build_options, then the command line (-D, -I,
/// --).
class FileBuilds {
public:
  FileBuilds(const LintRequest &Req, const std::string &File,
             const FrontendOptions &Base, const Suite *Manifest,
             const GlobList &Enabled, std::vector<Finding> &Findings)
      : Req(Req), File(File), Base(Base), Manifest(Manifest), Enabled(Enabled),
        Findings(Findings) {}

  /// The unit \p SE's options build (null: the file's own); null where
  /// it does not build (its errors are findings, or Problem says why).
  CompiledUnit *unitFor(const SuiteEntry *SE) {
    auto FO = optionsWith(SE);
    if (!FO) {
      Problem = toString(FO.takeError());
      return nullptr;
    }
    std::string Key = buildOptionsOf(*FO);
    auto It = Units.find(Key);
    if (It != Units.end())
      return It->second.get();
    std::vector<FrontendDiagnostic> Diags;
    FO->Collect = &Diags;
    auto Unit = compileOpenCL(*FO, nulls());
    if (FirstBuild || !Unit)
      addDiagnostics(Diags);
    FirstBuild = false;
    std::unique_ptr<CompiledUnit> Ptr;
    if (!Unit)
      handleAllErrors(
          Unit.takeError(), [&](const CompileFailed &) {},
          [&](const ErrorInfoBase &EI) {
            Problem = "clspread: error: " + EI.message();
          });
    else
      Ptr = std::make_unique<CompiledUnit>(std::move(*Unit));
    ClStdOf[Ptr.get()] = FO->ClStd;
    return (Units[Key] = std::move(Ptr)).get();
  }

  /// Why a unit could not be built, where that is not its own errors.
  std::string Problem;
  /// The OpenCL C version each unit was built for.
  std::map<const CompiledUnit *, std::string> ClStdOf;

private:
  Expected<FrontendOptions> optionsWith(const SuiteEntry *SE) const {
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
  }

  /// A build's diagnostics as findings: all of the first build's, the
  /// errors of later ones, and the same error from two builds once.
  void addDiagnostics(const std::vector<FrontendDiagnostic> &Diags) {
    std::vector<FrontendDiagnostic> Kept;
    for (const FrontendDiagnostic &D : Diags)
      if (FirstBuild || D.Level != FrontendDiagnostic::Warning)
        Kept.push_back(D);
    size_t Before = Findings.size();
    diagnosticFindings(Kept, File, Enabled, Findings);
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

  const LintRequest &Req;
  const std::string &File;
  const FrontendOptions &Base;
  const Suite *Manifest;
  const GlobList &Enabled;
  std::vector<Finding> &Findings;
  std::map<std::string, std::unique_ptr<CompiledUnit>> Units;
  bool FirstBuild = true;
};

/// Where a kernel's launch comes from, and the launch.
struct FoundLaunch {
  LaunchSpec Launch;
  LaunchOrigin Origin = LaunchOrigin::None;
  std::string EntryId; ///< the manifest entry it came from, if any
  std::string From;    ///< the place, for --verbose
};

/// \p Name's launch, from the first place that has one: the command
/// line, the configuration's Launches, a `// clspread: launch` comment
/// above its declaration (\p DeclLine), its manifest entry. The command
/// line's scalar arguments apply to every launch.
Expected<FoundLaunch>
kernelLaunch(const LintRequest &Req, const std::string &File,
             const std::string &Name, unsigned DeclLine, const SourceFile &Src,
             const LintConfig *Config, const Suite *Manifest,
             const std::vector<const SuiteEntry *> &Entries) {
  FoundLaunch L;
  if (Req.LaunchGiven) {
    L.Launch = Req.Launch;
    L.Origin = LaunchOrigin::CommandLine;
  } else if (const LintConfig::LaunchEntry *C =
                 Config ? Config->launchFor(File, Name) : nullptr) {
    L.Launch = C->Launch;
    L.Origin = LaunchOrigin::Config;
    L.From = Config->Path;
  } else {
    auto Comment = findLaunchComment(Src, DeclLine);
    if (!Comment)
      return Comment.takeError();
    if (*Comment) {
      L.Launch = (*Comment)->Launch;
      L.Origin = LaunchOrigin::Comment;
      L.From = fmt::format("{}:{}", File, (*Comment)->Line);
    } else {
      for (const SuiteEntry *SE : Entries)
        if (SE->Kernel == Name) {
          L.Launch = SE->Launch;
          L.Origin = LaunchOrigin::Manifest;
          L.EntryId = SE->Id;
          L.From = Manifest->Path + " entry " + SE->Id;
          break;
        }
    }
  }
  if (L.Origin != LaunchOrigin::CommandLine)
    for (const auto &[A, V] : Req.Launch.Args)
      L.Launch.Args[A] = V;
  return L;
}

} // namespace

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
  FileBuilds Builds(Req, File, Base, Manifest, *Enabled, Findings);
  const SuiteEntry *FirstEntry = Entries.empty() ? nullptr : Entries.front();
  CompiledUnit *Unit = Builds.unitFor(FirstEntry);
  if (!Unit) {
    if (!Builds.Problem.empty())
      fail(Builds.Problem);
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

    auto Found = kernelLaunch(Req, File, Name, DeclLine, Src, E->Config,
                              Manifest, Entries);
    if (!Found)
      return fail(toString(Found.takeError()));
    auto &[Launch, Origin, EntryId, From] = *Found;
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
    CompiledUnit *KUnit = Own ? Builds.unitFor(Own) : Unit;
    if (!KUnit) {
      if (!Builds.Problem.empty())
        return fail(Builds.Problem);
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
    auto Ctx = std::make_unique<KernelContext>(
        KernelContext{*KSrc, A->Counts, A->Est, Profile, Origin,
                      Builds.ClStdOf[KUnit], Reestimate});
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

} // namespace clspread

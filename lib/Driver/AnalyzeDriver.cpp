//===- AnalyzeDriver.cpp - The analyze pipeline, end to end ---------------===//
#include "Driver/AnalyzeDriver.h"
#include "Analysis/KernelAnalyzer.h"
#include "Analysis/ParallelAnalysis.h"
#include "Lint/RuleSet.h"
#include "Lint/Suppression.h"
#include "Model/DriverLocal.h"
#include "Model/Occupancy.h"
#include "Model/Spreadsheet.h"
#include "Support/InputFile.h"
#include <fmt/format.h>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Threading.h"

#include "Analysis/LoopLines.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

using namespace llvm;

namespace clspread {

Expected<std::map<unsigned, uint64_t>>
tripCountsFor(const std::string &File, const std::string &Source,
              const std::vector<TripOption> &Given) {
  std::vector<std::pair<unsigned, std::string>> Bad;
  std::map<unsigned, uint64_t> Trips = parseTripComments(Source, Bad);
  if (!Bad.empty()) {
    SourceFile Src(File, Source);
    unsigned Col = Src.column(Bad.front().first, "clspread:");
    return createStringError(
        inconvertibleErrorCode(),
        "%s:%u:%u: error: malformed trip directive '%s' (expected "
        "'// clspread: trip N' with N a positive integer)",
        File.c_str(), Bad.front().first, Col ? Col : 1,
        Bad.front().second.c_str());
  }
  std::optional<std::vector<unsigned>> Loops;
  for (const TripOption &T : Given) {
    StringRef F(File);
    if (F == T.File ||
        (F.ends_with(T.File) && F.drop_back(T.File.size()).ends_with("/")) ||
        sys::fs::equivalent(File, T.File)) {
      // A count for a line without a loop would be ignored without a word.
      if (!Loops)
        Loops = loopLines(Source);
      if (std::string Why = notALoopLine(T.Line, *Loops); !Why.empty())
        return createStringError(inconvertibleErrorCode(),
                                 "%s:%u:1: error: --trip %s:%u=%llu: %s",
                                 File.c_str(), T.Line, T.File.c_str(), T.Line,
                                 (unsigned long long)T.Count, Why.c_str());
      Trips[T.Line] = T.Count;
    }
  }
  return Trips;
}

std::string unknownArgs(const LaunchSpec &Launch,
                        const AnalysisReport &Report) {
  if (Report.Kernels.empty())
    return "";
  std::set<std::string> Known;
  for (const KernelResult &K : Report.Kernels)
    for (const KernelArgInfo &A : K.Counts.Args)
      if (!A.IsPointer || A.Space == AddrSpace::Local)
        Known.insert(A.Name);
  for (const auto &[Name, V] : Launch.Args)
    if (!Known.count(Name))
      return "--arg " + Name +
             ": no analyzed kernel has a scalar or __local "
             "parameter named '" +
             Name + "' (parameters: " +
             (Known.empty() ? std::string("none")
                            : join(Known.begin(), Known.end(), ", ")) +
             ")";
  return "";
}

void printError(raw_ostream &OS, const Twine &Message) {
  OS << "clspread: error: " << Message << "\n";
}

std::string buildOptionsOf(const FrontendOptions &FO) {
  std::string S = "-cl-std=" + FO.ClStd;
  for (const auto &D : FO.Defines)
    S += " -D" + D;
  for (const auto &I : FO.IncludeDirs)
    S += " -I" + I;
  for (const auto &E : FO.ExtraArgs)
    S += " " + E;
  for (const auto &E : FO.DeviceOptions)
    S += " " + E;
  return S;
}

namespace {

/// Runs every lint rule on one analyzed kernel (the same registry and
/// record as `clspread lint`), with the source's NOLINT comments applied.
/// The source of the kernels of one file as lint rules read it: its text,
/// the files it includes and its NOLINT comments, made once per file.
struct FileLintState {
  FileLintState(const std::string &File, const std::string &Text)
      : Src(File, Text), Suppressed(Src, &Included) {}
  SourceFile Src;
  SourceFiles Included;
  SuppressionCache Suppressed;
};

void lintKernel(KernelResult &KR, const DeviceProfile &Profile,
                LaunchOrigin Origin, const std::string &ClStd,
                FileLintState &State) {
  static const RuleSet Rules = RuleSet::defaultSet();
  const SourceFile &Src = State.Src;
  // A kernel defined in an #included file is judged, and its NOLINT
  // comments read, in that file.
  const SourceFile *KSrc = &Src;
  if (!KR.Counts.Loc.File.empty() && KR.Counts.Loc.File != KR.File)
    if (const SourceFile *Other = State.Included.get(KR.Counts.Loc.File))
      KSrc = Other;
  KernelContext C{
      *KSrc,
      KR.Counts,
      KR.Est,
      Profile,
      Origin,
      normalizeClStd(ClStd).value_or(ClStd),
      [&Profile](const KernelCounts &K) { return estimate(K, Profile); }};
  Rules.check(C, KR.Findings);
  // Problems with the NOLINT comments themselves are lint's to report.
  State.Suppressed.apply(KR.Findings);
  orderFindings(KR.Findings, nullptr);
}

/// Compiles one source and analyzes the selected kernels at \p Launch.
/// Compiled units by file and build options: suite entries that share a
/// file (variants) compile it once. A failed compile is remembered too, so
/// its diagnostics print once.
struct UnitCache {
  std::map<std::string, std::pair<std::shared_ptr<CompiledUnit>, int>> Units;
};

int analyzeSource(FrontendOptions FO, const std::vector<std::string> &Names,
                  const LaunchSpec &Launch, bool LaunchGiven,
                  const std::vector<TripOption> &GivenTrips,
                  const std::map<std::string, uint64_t> &GivenBuffers,
                  const DeviceProfile &Profile, const SuiteEntry *Entry,
                  AnalysisReport &Report, raw_ostream &Diags, UnitCache &Cache,
                  unsigned Threads) {
  if (!FO.Source) {
    bool Placed = false;
    auto Text = readKernelSource(FO.File, Placed);
    if (!Text) {
      std::string Message = toString(Text.takeError());
      if (Placed)
        Diags << Message << "\n";
      else
        printError(Diags, Message);
      return ExitUsage;
    }
    FO.Source = std::move(*Text);
  }
  // A suite entry's `trips:` (checked against the source when the
  // manifest was read), under the command line's --trip.
  std::map<unsigned, uint64_t> EntryTrips;
  if (Entry)
    EntryTrips = Entry->Trips;
  auto Trips = tripCountsFor(FO.File, *FO.Source, GivenTrips);
  if (Trips)
    for (const auto &[Line, Count] : EntryTrips)
      if (!std::any_of(GivenTrips.begin(), GivenTrips.end(),
                       [&, L = Line](const TripOption &T) {
                         return T.Line == L && Trips->count(L) &&
                                Trips->at(L) == T.Count;
                       }))
        (*Trips)[Line] = Count;
  if (!Trips) {
    Diags << toString(Trips.takeError()) << "\n";
    return ExitUsage;
  }
  FO.ImageSupport = Profile.ImageSupport;
  FO.Fp64Support = Profile.hasFp64();
  FO.Fp16Support = Profile.Fp16.value_or(true);
  const std::string BuildOptions = buildOptionsOf(FO);
  std::string Key = FO.File + '\0' + BuildOptions + '\0' +
                    (FO.ImageSupport ? "images" : "") +
                    (FO.Fp64Support ? "fp64" : "") +
                    (FO.Fp16Support ? "fp16" : "") + '\0' + *FO.Source;
  auto Cached = Cache.Units.find(Key);
  if (Cached == Cache.Units.end()) {
    auto Compiled = compileOpenCL(FO, Diags);
    int Code = ExitOk;
    std::shared_ptr<CompiledUnit> Ptr;
    if (!Compiled) {
      Code = ExitUsage;
      handleAllErrors(
          Compiled.takeError(),
          [&](const CompileFailed &E) {
            Diags << FO.File << ": " << E.message() << ".\n";
            Code = ExitCompileError;
          },
          [&](const ErrorInfoBase &E) { printError(Diags, E.message()); });
    } else {
      Ptr = std::make_shared<CompiledUnit>(std::move(*Compiled));
    }
    Cached = Cache.Units.emplace(Key, std::make_pair(Ptr, Code)).first;
  }
  if (!Cached->second.first)
    return Cached->second.second;
  CompiledUnit *Unit = Cached->second.first.get();
  std::vector<std::string> All = kernelNames(*Unit->Module);
  std::vector<std::string> Selected;
  for (const std::string &N : All)
    if (Names.empty() || std::count(Names.begin(), Names.end(), N))
      Selected.push_back(N);
  if (Selected.empty()) {
    std::string List = join(All, ", ");
    if (Names.empty())
      printError(Diags, FO.File + ": no kernel functions");
    else
      printError(Diags, FO.File + ": no kernel named '" + Names.front() +
                            "' (kernels: " + (List.empty() ? "none" : List) +
                            ")");
    return ExitUsage;
  }
  std::shared_ptr<const std::string> SharedSource;
  std::unique_ptr<FileLintState> LintState;
  // The kernels side by side on spare cores (ParallelAnalysis.h); then,
  // for each figure that rests on an assumed trip count with a proven
  // bound, the same kernel with those loops at 1 and at their bound.
  std::vector<KernelJob> Jobs;
  for (const std::string &N : Selected) {
    AnalyzeOptions AO;
    AO.Launch = Launch;
    AO.LaunchGiven = LaunchGiven;
    AO.CpuTarget = Profile.Alu.LlvmCpu;
    AO.DriverLocal = [&Profile](const LaunchSpec &L) {
      return driverLocal(Profile, L);
    };
    AO.TripCounts = *Trips;
    AO.BufferBytes = Entry ? Entry->BufferBytes : GivenBuffers;
    if (Entry)
      AO.BufferFills = Entry->BufferFills;
    Jobs.push_back({Unit->Module.get(), N, std::move(AO)});
  }
  std::vector<Expected<KernelCounts>> Analyses = analyzeKernels(Jobs, Threads);
  std::vector<KernelJob> EndJobs;
  std::vector<size_t> EndsOf(Selected.size(), SIZE_MAX);
  for (size_t I = 0; I < Selected.size(); ++I)
    if (Analyses[I] && !Analyses[I]->TripRanges.empty()) {
      EndsOf[I] = EndJobs.size();
      for (int End = 0; End < 2; ++End) {
        KernelJob J = Jobs[I];
        for (const auto &T : Analyses[I]->TripRanges)
          J.Opts.TripCounts[T.Line] = End ? T.Max : 1;
        EndJobs.push_back(std::move(J));
      }
    }
  std::vector<Expected<KernelCounts>> EndAnalyses =
      analyzeKernels(EndJobs, Threads);
  auto dropAll = [](std::vector<Expected<KernelCounts>> &V) {
    for (auto &E : V)
      if (!E)
        consumeError(E.takeError());
  };
  for (size_t I = 0; I < Selected.size(); ++I) {
    const std::string &N = Selected[I];
    Expected<KernelCounts> &Counts = Analyses[I];
    if (!Counts) {
      printError(Diags, FO.File + ": kernel '" + N +
                            "': " + toString(Counts.takeError()));
      dropAll(Analyses);
      dropAll(EndAnalyses);
      return ExitUsage;
    }
    KernelResult KR;
    KR.File = FO.File;
    if (Entry) {
      KR.SuiteId = Entry->Id;
      KR.VariantOf = Entry->VariantOf;
      KR.BufferBytes = Entry->BufferBytes;
      KR.BufferFills = Entry->BufferFills;
    } else {
      KR.BufferBytes = GivenBuffers;
    }
    if (!SharedSource)
      SharedSource = std::make_shared<const std::string>(*FO.Source);
    KR.Source = SharedSource;
    KR.BuildOptions = BuildOptions;
    KR.Counts = std::move(*Counts);
    // A kernel defined in an #included header keeps the header's path.
    if (KR.Counts.Loc.File == Unit->Module->getSourceFileName())
      KR.Counts.Loc.File = FO.File;
    KR.Est = estimate(KR.Counts, Profile);
    if (std::string Bad = KR.Est.nonFinite(); !Bad.empty()) {
      printError(Diags, FO.File + ": kernel '" + N + "': the estimate on " +
                            Profile.Id + " is not a number (" + Bad +
                            "): a figure of the profile is zero or absurdly "
                            "small or large");
      dropAll(Analyses);
      dropAll(EndAnalyses);
      return ExitUsage;
    }
    // A figure that rests on an assumed trip count with a proven bound is
    // a range: the estimates with those loops at 1 and at their bound.
    if (EndsOf[I] != SIZE_MAX) {
      std::array<Estimate, 2> Ends;
      bool Ok = true;
      for (int End = 0; End < 2; ++End) {
        Expected<KernelCounts> &C = EndAnalyses[EndsOf[I] + End];
        if (!C) {
          consumeError(C.takeError());
          Ok = false;
        } else {
          Ends[End] = estimate(*C, Profile);
        }
      }
      if (Ok)
        KR.TripRange = Ends;
    }
    KR.PreferredLocal = preferredLocalSize(KR.Counts, Profile);
    if (!LintState)
      LintState = std::make_unique<FileLintState>(FO.File, *FO.Source);
    lintKernel(KR, Profile,
               Entry         ? LaunchOrigin::Manifest
               : LaunchGiven ? LaunchOrigin::CommandLine
                             : LaunchOrigin::None,
               FO.ClStd, *LintState);
    Report.Kernels.push_back(std::move(KR));
  }
  return ExitOk;
}

} // namespace

/// The fraction of work-items that reach any of \p C's global memory
/// accesses, when every access is outside loops and every branch of the
/// kernel was evaluated from the ids (no "branch" or "loop-exit"
/// assumption): what a bound on the ids leaves of the launch. nullopt when
/// it cannot be told. A kernel with accesses in loops is not judged: its
/// accesses outside them may be a per-group epilogue (`if (lid == 0)
/// out[group] = sum` after a grid-stride loop) that says nothing of how
/// many work-items work.
static std::optional<double> reachedFraction(const KernelCounts &C) {
  for (const Assumption &A : C.Assumptions)
    if (A.Kind == "branch" || A.Kind == "id-sampling" || A.Kind == "loop-exit")
      return std::nullopt;
  std::optional<double> Most;
  for (const GlobalAccess &A : C.Accesses) {
    if (A.LoopLine != 0)
      return std::nullopt;
    Most = std::max(Most.value_or(0.0), A.ExecPerItem);
  }
  return Most;
}

/// One --global for several kernels of a file is one launch for all of
/// them. A kernel that declares a reqd_work_group_size the launch does not
/// fit, or whose bound on the ids leaves most of the launch idle, was
/// obviously meant to be launched differently: a warning at its definition.
static void warnSharedLaunch(const LaunchSpec &L, const AnalysisReport &Report,
                             raw_ostream &Diags) {
  for (const KernelResult &K : Report.Kernels) {
    unsigned Siblings = 0;
    for (const KernelResult &O : Report.Kernels)
      Siblings += O.File == K.File;
    if (Siblings < 2)
      continue;
    std::string Why;
    if (const auto &R = K.Counts.ReqdWorkGroupSize) {
      for (unsigned D = 0; D < 3 && Why.empty(); ++D) {
        uint64_t G = D < L.Dims ? L.Global[D] : 1;
        if (L.Local && (*L.Local)[D] != (*R)[D])
          Why = fmt::format("--local differs in dimension {}", D);
        else if ((*R)[D] && G % (*R)[D])
          Why = fmt::format("the global size {} in dimension {} is not a "
                            "multiple of {}",
                            G, D, (*R)[D]);
      }
      if (!Why.empty())
        Why = fmt::format("kernel '{}' declares reqd_work_group_size({}, {}, "
                          "{}) and {}",
                          K.Counts.Name, (*R)[0], (*R)[1], (*R)[2], Why);
    }
    // Below half: more than a rounding of the global size up to a
    // multiple of the local size would leave idle.
    if (auto Reached = reachedFraction(K.Counts);
        Why.empty() && Reached && *Reached < 0.5)
      Why = fmt::format("only {:.3g}% of its {} work-items reach the global "
                        "memory accesses of kernel '{}' (a bound on the ids "
                        "leaves the rest idle)",
                        *Reached * 100, L.workItems(), K.Counts.Name);
    if (!Why.empty())
      Diags << fmt::format(
          "{}:{}:{}: warning: --global applies to all {} kernels of this "
          "file, but {}; analyze it alone with its own launch (--kernel {} "
          "--global ... --local ...)\n",
          K.Counts.Loc.File, K.Counts.Loc.Line, std::max(1u, K.Counts.Loc.Col),
          Siblings, Why, K.Counts.Name);
  }
}

int runAnalyze(const AnalyzeRequest &Req, const DeviceProfile &Profile,
               AnalysisReport &Report, raw_ostream &Diags) {
  Report.ProfileId = Profile.Id;
  Report.ProfileName = Profile.Name;
  int Worst = ExitOk;
  UnitCache Cache;
  auto merge = [&](int Code) { Worst = std::max(Worst, Code); };
  // As lint's -j: at most twice the hardware threads.
  const unsigned Hardware = hardware_concurrency().compute_thread_count();
  const unsigned Threads =
      Req.Jobs ? std::min(Req.Jobs, 2 * Hardware) : Hardware;

  if (!Req.Files.empty()) {
    for (const std::string &F : Req.Files) {
      FrontendOptions FO = Req.Frontend;
      FO.File = F;
      FO.Source.reset();
      merge(analyzeSource(FO, Req.Kernels, Req.Launch, Req.LaunchGiven,
                          Req.Trips, Req.BufferBytes, Profile, nullptr, Report,
                          Diags, Cache, Threads));
    }
    // An --arg no analyzed kernel has is a mistake (a typo, a renamed
    // parameter), not something to assume past: no report. One that some
    // kernels of a file have and others do not stays a note on the others.
    if (std::string Err = unknownArgs(Req.Launch, Report); !Err.empty()) {
      printError(Diags, Err);
      Report.Kernels.clear();
      return ExitUsage;
    }
    if (Req.LaunchGiven)
      warnSharedLaunch(Req.Launch, Report, Diags);
    // A --buffer that names no buffer argument of any analyzed kernel is a
    // mistake the plan would otherwise carry silently.
    for (const auto &[Name, Bytes] : Req.BufferBytes) {
      bool Known = false;
      for (const KernelResult &K : Report.Kernels)
        for (const KernelArgInfo &A : K.Counts.Args)
          Known |= A.IsPointer && A.Name == Name;
      if (!Known && !Report.Kernels.empty())
        Diags << "clspread: warning: --buffer " << Name
              << ": no analyzed kernel has a buffer argument of that name\n";
    }
    return Worst;
  }

  auto S = Req.SuitePath.empty() ? bundledSuite(Req.BundledManifest)
                                 : loadSuiteFile(Req.SuitePath);
  if (!S) {
    Diags << toString(S.takeError()) << "\n";
    return ExitUsage;
  }
  for (const std::string &Id : Req.SuiteIds)
    if (!S->find(Id)) {
      std::string List =
          join(map_range(S->Entries, [](const SuiteEntry &E) { return E.Id; }),
               ", ");
      printError(Diags, "no suite entry '" + Id + "' (entries: " + List + ")");
      return ExitUsage;
    }
  // The manifest's directory, for messages that name the kernel file.
  std::string Dir =
      Req.SuitePath.empty() ? "kernels/" + Req.BundledManifest : Req.SuitePath;
  size_t Slash = Dir.rfind('/');
  Dir = Slash == std::string::npos ? "." : Dir.substr(0, Slash);
  for (const SuiteEntry &E : S->Entries) {
    if (!Req.SuiteIds.empty() &&
        !std::count(Req.SuiteIds.begin(), Req.SuiteIds.end(), E.Id))
      continue;
    if (!Req.Kernels.empty() &&
        !std::count(Req.Kernels.begin(), Req.Kernels.end(), E.Kernel))
      continue;
    FrontendOptions FO = Req.Frontend;
    FO.File = Dir + "/" + E.File;
    FO.Source = E.Source;
    // A relative -I in a manifest names a directory beside the manifest.
    if (Error Err = applyBuildOptions(E.BuildOptions, FO,
                                      Req.SuitePath.empty() ? "" : Dir)) {
      printError(Diags,
                 "suite entry '" + E.Id + "': " + toString(std::move(Err)));
      Worst = std::max(Worst, int(ExitUsage));
      continue;
    }
    LaunchSpec L = Req.Quick ? E.Quick : E.Launch;
    if (E.PerComputeUnit)
      L.Global[0] *= std::max(1u, Profile.ComputeUnits);
    merge(analyzeSource(FO, {E.Kernel}, L, /*LaunchGiven=*/true, Req.Trips, {},
                        Profile, &E, Report, Diags, Cache, Threads));
  }
  return Worst;
}

} // namespace clspread

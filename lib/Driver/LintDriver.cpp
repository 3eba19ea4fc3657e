//===- LintDriver.cpp - clspread lint, end to end -------------------------===//
//
// The files side by side (LintFile.h lints one), the results in input
// order, the baseline, and --dump-config.
//
//===----------------------------------------------------------------------===//
#include "Driver/LintDriver.h"
#include "Driver/AnalyzeDriver.h"
#include "Driver/LintFile.h"
#include "Lint/Baseline.h"
#include "Lint/RuleRegistry.h"
#include "Lint/RuleSet.h"
#include "Model/DeviceProfile.h"
#include "Suite/Suite.h"
#include "Support/InputFile.h"
#include "Support/OutputFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <atomic>
#include <memory>
#include <set>
#include <system_error>
#include <thread>

#include <sys/resource.h>
#include <unistd.h>

using namespace llvm;

namespace clspread {

namespace {

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

//===- DiffDriver.cpp - clspread diff: what a change costs ----------------===//
#include "Driver/DiffDriver.h"
#include "Driver/AnalyzeDriver.h"
#include "Driver/Git.h"
#include "Lint/Baseline.h"
#include "Model/Spreadsheet.h"
#include "Report/AnalysisReport.h"
#include "Suite/Suite.h"
#include "Support/PathNames.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <set>

using namespace llvm;

namespace clspread {

namespace {

std::string launchText(const LaunchSpec &L) {
  std::string S = "global " + formatSizes(L.Global, L.Dims) + ", local " +
                  (L.Local ? formatSizes(*L.Local, L.Dims) : "driver's");
  for (const auto &[Name, V] : L.Args)
    S += ", " + Name + "=" + V.Text;
  return S;
}

/// A manifest entry's launch and build, for telling whether it changed.
std::string entryKey(const SuiteEntry &E) {
  std::string S = E.File + '\0' + E.Kernel + '\0' + E.BuildOptions + '\0' +
                  launchText(E.Launch);
  // A format string cannot start with '\0': fmt reads it up to the NUL.
  for (const auto &[Line, N] : E.Trips)
    S += '\0' + fmt::format("trip {}={}", Line, N);
  for (const auto &[Name, Bytes] : E.BufferBytes)
    S += '\0' + fmt::format("buffer {}={}", Name, Bytes);
  return S;
}

/// The side's figures of a kernel on a profile.
DiffSide sideOf(const KernelCounts &C, const DeviceProfile &P,
                const std::vector<Finding> &Findings) {
  Estimate E = estimate(C, P);
  DiffSide S;
  S.TKernelS = E.TKernelS;
  S.TAluS = E.TAluS;
  S.TTexS = E.TTexS;
  S.TMemS = E.TMemS;
  S.Limit = E.Limit;
  S.BytesMoved = E.BytesMoved;
  S.IssueSlots = E.VliwBundles;
  S.TexFetches = E.TexFetches;
  S.Launch = launchText(C.Launch);
  S.Band = E.Band;
  for (const Finding &F : Findings)
    if (F.Kernel == C.Name)
      S.Findings.emplace_back(F.RuleId, withoutFigures(F.Message));
  return S;
}

/// The first clause of a finding's message ("store of 'out' is
/// uncoalesced"), for a line that says what appeared or went.
std::string clause(const std::string &What) {
  size_t C = What.find(": ");
  return C == std::string::npos ? What : What.substr(0, C);
}

bool moved(double A, double B) {
  return std::fabs(B - A) > 0.005 * std::max(std::fabs(A), std::fabs(B));
}

/// What moved between \p O and \p N, as sentences.
std::vector<std::string> movedTerms(const DiffSide &O, const DiffSide &N) {
  std::vector<std::string> M;
  if (O.Launch != N.Launch)
    M.push_back("launch changed: " + O.Launch + " -> " + N.Launch);
  auto term = [&](const char *Name, double A, double B, const char *Why,
                  double WA, double WB, const char *Unit) {
    if (!moved(A, B))
      return;
    std::string S =
        fmt::format("{} {} -> {}", Name, formatSeconds(A), formatSeconds(B));
    if (moved(WA, WB))
      S += fmt::format(": {} {:.4g}{} -> {:.4g}{}", Why, WA, Unit, WB, Unit);
    M.push_back(S);
  };
  term("T_ALU", O.TAluS, N.TAluS, "ALU issue slots per item", O.IssueSlots,
       N.IssueSlots, "");
  term("T_TEX", O.TTexS, N.TTexS, "TEX fetches per item", O.TexFetches,
       N.TexFetches, "");
  term("T_MEM", O.TMemS, N.TMemS, "bytes moved per item", O.BytesMoved,
       N.BytesMoved, " B");
  // Findings that appeared or went (as a multiset: a second occurrence
  // of a problem is news).
  std::multiset<std::pair<std::string, std::string>> Before(O.Findings.begin(),
                                                            O.Findings.end());
  std::multiset<std::pair<std::string, std::string>> After(N.Findings.begin(),
                                                           N.Findings.end());
  for (const auto &F : N.Findings)
    if (auto It = Before.find(F); It != Before.end())
      Before.erase(It);
    else
      M.push_back("now: " + clause(F.second) + " [" + F.first + "]");
  for (const auto &F : O.Findings)
    if (auto It = After.find(F); It != After.end())
      After.erase(It);
    else
      M.push_back("fixed: " + clause(F.second) + " [" + F.first + "]");
  return M;
}

/// The profiles loaded once per run.
class Profiles {
public:
  Expected<const DeviceProfile *> get(const std::string &Arg) {
    auto It = Loaded.find(Arg);
    if (It == Loaded.end()) {
      auto P = findProfile(Arg);
      if (!P)
        return P.takeError();
      It = Loaded.emplace(Arg, std::make_unique<DeviceProfile>(std::move(*P)))
               .first;
    }
    return It->second.get();
  }

private:
  std::map<std::string, std::unique_ptr<DeviceProfile>> Loaded;
};

/// One side's kernels: each by (file as the user sees it, name).
struct Side {
  std::vector<LintedKernel> Kernels;
  LintOutput Lint;
};

/// Lints \p Files (as they lie on disk) with the request's flags.
int lintSide(const DiffRequest &Req, const std::vector<std::string> &Files,
             Side &S, raw_ostream &Errs) {
  if (Files.empty())
    return ExitOk;
  LintRequest L = Req.Lint;
  L.Files = Files;
  L.KeepKernels = true;
  L.BaselinePath.clear();
  L.WriteBaselinePath.clear();
  if (!Req.Profiles.empty())
    L.Profile = Req.Profiles.front();
  std::vector<std::string> Verbose;
  return runLint(L, S.Lint, Errs, Verbose, &S.Kernels);
}

/// Files whose kernels did not compile on a side: their errors.
std::string compileErrors(const LintOutput &O) {
  std::string S;
  raw_string_ostream OS(S);
  std::vector<FileFindings> Errors;
  for (const FileFindings &FF : O.Files) {
    FileFindings E{FF.File, {}};
    for (const Finding &F : FF.Findings)
      if (F.RuleId == "clang-diagnostic-error")
        E.Findings.push_back(F);
    if (!E.Findings.empty())
      Errors.push_back(std::move(E));
  }
  printFindingsText(Errors, false, OS);
  return S;
}

/// A saved analyze --format json report, as base sides by (file, kernel,
/// profile).
Error readAgainst(const std::string &Path,
                  std::map<std::tuple<std::string, std::string, std::string>,
                           DiffSide> &Out) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  auto fail = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "--against " + Path + ": " + Why.str());
  };
  if (!Buf)
    return fail(Buf.getError().message());
  auto J = json::parse((*Buf)->getBuffer());
  if (!J)
    return fail("not JSON: " + toString(J.takeError()));
  const json::Object *Root = J->getAsObject();
  std::vector<const json::Object *> Reports;
  if (Root && Root->getArray("reports")) {
    for (const json::Value &R : *Root->getArray("reports"))
      if (const json::Object *O = R.getAsObject())
        Reports.push_back(O);
  } else if (Root && Root->getArray("kernels")) {
    Reports.push_back(Root);
  }
  if (Reports.empty())
    return fail("not a report of clspread analyze --format json");
  for (const json::Object *R : Reports) {
    std::string Profile = R->getString("profile").value_or("").str();
    for (const json::Value &KV : *R->getArray("kernels")) {
      const json::Object *K = KV.getAsObject();
      const json::Object *E = K ? K->getObject("estimate") : nullptr;
      const json::Object *PI = K ? K->getObject("per_item") : nullptr;
      if (!E || !PI)
        return fail("a kernel without \"estimate\" or \"per_item\"");
      DiffSide S;
      S.TKernelS = E->getNumber("t_kernel_s").value_or(0);
      S.TAluS = E->getNumber("t_alu_s").value_or(0);
      S.TTexS = E->getNumber("t_tex_s").value_or(0);
      S.TMemS = E->getNumber("t_mem_s").value_or(0);
      S.Limit = boundFromName(E->getString("bound").value_or("ALU"));
      S.BytesMoved = PI->getNumber("bytes_moved").value_or(0);
      S.IssueSlots = PI->getNumber("vliw_bundles").value_or(0);
      S.TexFetches = PI->getNumber("tex_fetches").value_or(0);
      if (const json::Object *L = K->getObject("launch"))
        S.Launch = L->getString("text").value_or("").str();
      if (const json::Array *Fs = K->getArray("findings"))
        for (const json::Value &FV : *Fs)
          if (const json::Object *F = FV.getAsObject())
            S.Findings.emplace_back(
                F->getString("rule").value_or("").str(),
                withoutFigures(F->getString("message").value_or("")));
      Out[{absolutePath(K->getString("file").value_or("")),
           K->getString("name").value_or("").str(), Profile}] = std::move(S);
    }
  }
  return Error::success();
}

} // namespace

int runDiff(const DiffRequest &Req, DiffReport &Out, raw_ostream &Errs) {
  auto fail = [&](const Twine &Why) {
    printError(Errs, Why);
    return int(ExitUsage);
  };
  SmallString<256> CwdBuf;
  sys::fs::current_path(CwdBuf);
  const std::string Cwd = sys::path::convert_to_slash(CwdBuf);
  // The user's view of a repository path: relative to the working
  // directory where it is below it.
  std::string Top;
  auto shown = [&](const std::string &RepoPath) {
    return pathBelow(Top + "/" + RepoPath, Cwd);
  };

  // Head files (repository paths) and the base path each came from ("" :
  // new since the base).
  std::vector<std::pair<std::string, std::string>> Pairs;
  SmallString<256> Tmp;
  auto RemoveTmp = make_scope_exit([&] {
    if (!Tmp.empty())
      sys::fs::remove_directories(Tmp);
  });
  std::map<std::tuple<std::string, std::string, std::string>, DiffSide> Against;
  std::vector<LintedKernel> BaseKernels; // File: the head's repository path
  LintOutput BaseFindings;

  if (!Req.Against.empty()) {
    Out.Base = Req.Against;
    if (Error E = readAgainst(Req.Against, Against))
      return fail(toString(std::move(E)));
    Top = Cwd;
    std::set<std::string> Files(Req.Files.begin(), Req.Files.end());
    if (Files.empty())
      for (const auto &[Key, S] : Against)
        Files.insert(std::get<0>(Key));
    for (const std::string &F : Files)
      Pairs.push_back({pathBelow(absolutePath(F), Top), ""});
  } else {
    Out.Base = Req.Base;
    auto TopOr = runGit({"rev-parse", "--show-toplevel"});
    if (!TopOr)
      return fail(toString(TopOr.takeError()));
    Top = absolutePath(StringRef(*TopOr).trim());
    if (auto C = runGit(
            {"rev-parse", "--verify", "--quiet", Req.Base + "^{commit}"});
        !C)
      return fail("'" + Req.Base +
                  "' is not a revision of this repository (git rev-parse "
                  "knows no such commit)");
    // What differs: the work tree against the base, renames followed.
    auto Diff =
        runGit({"diff", "--name-status", "-M", "-z", Req.Base, "--"}, Top);
    if (!Diff)
      return fail(toString(Diff.takeError()));
    std::map<std::string, std::string> FromBase; // head path -> base path
    std::vector<std::string> Changed;
    SmallVector<StringRef> Fields;
    StringRef(*Diff).split(Fields, '\0', -1, /*KeepEmpty=*/false);
    for (size_t I = 0; I < Fields.size();) {
      StringRef Status = Fields[I++];
      if (Status.starts_with("R") || Status.starts_with("C")) {
        if (I + 1 >= Fields.size())
          break;
        std::string Old = Fields[I++].str(), New = Fields[I++].str();
        FromBase[New] = Status.starts_with("R") ? Old : "";
        Changed.push_back(New);
      } else if (I < Fields.size()) {
        std::string P = Fields[I++].str();
        FromBase[P] = Status == "A" ? "" : P;
        Changed.push_back(P);
      }
    }
    auto Untracked =
        runGit({"ls-files", "--others", "--exclude-standard", "-z"}, Top);
    if (!Untracked)
      return fail(toString(Untracked.takeError()));
    SmallVector<StringRef> UFields;
    StringRef(*Untracked).split(UFields, '\0', -1, false);
    for (StringRef U : UFields) {
      FromBase[U.str()] = "";
      Changed.push_back(U.str());
    }

    // The base tree, whole: its headers, configurations and manifests.
    if (auto EC = sys::fs::createUniqueDirectory("clspread-diff", Tmp))
      return fail("cannot create a temporary directory: " + EC.message());
    std::string Tar = std::string(Tmp) + "/base.tar";
    std::string Tree = std::string(Tmp) + "/base";
    if (auto A = runGit({"archive", "--format=tar", "-o", Tar, Req.Base}, Top);
        !A)
      return fail(toString(A.takeError()));
    sys::fs::create_directories(Tree);
    auto TarBin = sys::findProgramByName("tar");
    if (!TarBin)
      return fail("tar is not installed (clspread diff unpacks the base "
                  "revision with it)");
    std::string TarErr;
    if (sys::ExecuteAndWait(*TarBin, {*TarBin, "-xf", Tar, "-C", Tree},
                            std::nullopt, {}, 0, 0, &TarErr) != 0)
      return fail("cannot unpack the base revision: " + TarErr);

    std::set<std::string> Wanted;
    if (!Req.Files.empty()) {
      for (const std::string &F : Req.Files) {
        std::string Rel = pathBelow(absolutePath(F), Top);
        Wanted.insert(Rel);
        if (!FromBase.count(Rel))
          FromBase[Rel] = Rel; // unchanged: the same path at the base
      }
    } else {
      for (const std::string &P : Changed)
        if (StringRef(P).ends_with(".cl"))
          Wanted.insert(P);
      // Manifest entries whose file or launch changed.
      for (const std::string &P : Changed) {
        if (!StringRef(P).ends_with(".yaml") && !StringRef(P).ends_with(".yml"))
          continue;
        auto NewS = loadSuiteFile(Top + "/" + P);
        if (!NewS) {
          consumeError(NewS.takeError());
          continue; // not a manifest
        }
        std::map<std::string, std::string> OldKeys;
        if (!FromBase[P].empty()) {
          auto OldS = loadSuiteFile(Tree + "/" + FromBase[P]);
          if (OldS)
            for (const SuiteEntry &E : OldS->Entries)
              OldKeys[E.Id] = entryKey(E);
          else
            consumeError(OldS.takeError());
        }
        std::string Dir = sys::path::parent_path(P).str();
        for (const SuiteEntry &E : NewS->Entries)
          if (OldKeys[E.Id] != entryKey(E)) {
            std::string F =
                pathBelow(absolutePath(Top + "/" + Dir + "/" + E.File), Top);
            Wanted.insert(F);
            if (!FromBase.count(F))
              FromBase[F] = F;
          }
      }
    }
    for (const std::string &W : Wanted) {
      std::string From = FromBase.count(W) ? FromBase[W] : W;
      if (!From.empty() && !sys::fs::exists(Tree + "/" + From))
        From.clear();
      Pairs.push_back({W, From});
    }
    // Lint the base side from its own tree.
    std::vector<std::string> BaseFiles;
    for (const auto &[Head, From] : Pairs)
      if (!From.empty())
        BaseFiles.push_back(Tree + "/" + From);
    Side Base;
    DiffRequest BaseReq = Req;
    // Paths the user gave for inputs of the work tree name their copy at
    // the base, when they lie in the repository.
    for (std::string *P : {&BaseReq.Lint.ConfigPath, &BaseReq.Lint.SuitePath})
      if (!P->empty()) {
        std::string Rel = pathBelow(absolutePath(*P), Top);
        if (Rel != absolutePath(*P) && sys::fs::exists(Tree + "/" + Rel))
          *P = Tree + "/" + Rel;
      }
    if (int C = lintSide(BaseReq, BaseFiles, Base, Errs); C == ExitUsage)
      return fail("the base revision's kernels could not be linted (see "
                  "above)");
    if (std::string E = compileErrors(Base.Lint); !E.empty())
      Errs << "clspread: warning: at " << Req.Base
           << ", these kernels did not compile; they are compared as new:\n"
           << E;
    // By (head path, kernel): the base kernel.
    for (LintedKernel &K : Base.Kernels) {
      std::string Rel = pathBelow(absolutePath(K.File), Tree);
      for (const auto &[Head, From] : Pairs)
        if (From == Rel) {
          K.File = Head;
          break;
        }
      BaseKernels.push_back(std::move(K));
    }
    BaseFindings = std::move(Base.Lint);
  }

  // The head side.
  std::vector<std::string> HeadFiles;
  for (const auto &[Head, From] : Pairs)
    if (sys::fs::exists(Top + "/" + Head))
      HeadFiles.push_back(shown(Head));
  Side HeadSide;
  if (lintSide(Req, HeadFiles, HeadSide, Errs) == ExitUsage)
    return ExitUsage;
  if (std::string E = compileErrors(HeadSide.Lint); !E.empty()) {
    Errs << E;
    return fail("the kernels above do not compile; nothing to compare");
  }
  std::vector<Finding> HeadFindings;
  for (const FileFindings &FF : HeadSide.Lint.Files)
    HeadFindings.insert(HeadFindings.end(), FF.Findings.begin(),
                        FF.Findings.end());
  std::vector<Finding> OldFindings;
  for (const FileFindings &FF : BaseFindings.Files)
    OldFindings.insert(OldFindings.end(), FF.Findings.begin(),
                       FF.Findings.end());

  Profiles Loaded;
  auto profilesFor = [&](const std::string &LintArg)
      -> Expected<std::vector<const DeviceProfile *>> {
    std::vector<const DeviceProfile *> Ps;
    for (const std::string &A : Req.Profiles.empty()
                                    ? std::vector<std::string>{LintArg}
                                    : Req.Profiles) {
      auto P = Loaded.get(A);
      if (!P)
        return P.takeError();
      Ps.push_back(*P);
    }
    return Ps;
  };

  std::set<std::pair<std::string, std::string>> Matched;
  for (const LintedKernel &H : HeadSide.Kernels) {
    std::string Rel = pathBelow(absolutePath(H.File), Top);
    auto Ps = profilesFor(H.ProfileArg);
    if (!Ps) {
      Errs << toString(Ps.takeError()) << "\n";
      return ExitUsage;
    }
    const LintedKernel *B = nullptr;
    for (const LintedKernel &K : BaseKernels)
      if (K.File == Rel && K.Counts.Name == H.Counts.Name)
        B = &K;
    Matched.insert({Rel, H.Counts.Name});
    for (const DeviceProfile *P : *Ps) {
      KernelDiff D;
      D.File = H.File;
      for (const auto &[Head, From] : Pairs)
        if (Head == Rel && !From.empty() && From != Head)
          D.OldFile = shown(From);
      D.Kernel = H.Counts.Name;
      D.Profile = P->Id;
      D.Decl = H.Counts.Loc;
      D.Decl.File = H.File;
      D.New = sideOf(H.Counts, *P, HeadFindings);
      if (B) {
        D.Old = sideOf(B->Counts, *P, OldFindings);
      } else if (!Against.empty()) {
        auto It = Against.find({absolutePath(H.File), H.Counts.Name, P->Id});
        if (It != Against.end())
          D.Old = It->second;
      }
      if (D.Old)
        D.Moved = movedTerms(*D.Old, *D.New);
      if (!D.OldFile.empty())
        D.Moved.insert(D.Moved.begin(), "renamed from " + D.OldFile);
      Out.Kernels.push_back(std::move(D));
    }
  }
  // Kernels of a saved report that are gone from its files.
  for (const auto &[Key, S] : Against) {
    const auto &[File, Kernel, Profile] = Key;
    std::string Rel = pathBelow(File, Top);
    bool Compared = llvm::any_of(
        Pairs, [&, &Rel = Rel](const auto &P) { return P.first == Rel; });
    if (!Compared || Matched.count({Rel, Kernel}) ||
        (!Req.Profiles.empty() && !llvm::is_contained(Req.Profiles, Profile)))
      continue;
    KernelDiff D;
    D.File = D.Decl.File = shown(Rel);
    D.Kernel = Kernel;
    D.Profile = Profile;
    D.Old = S;
    Out.Kernels.push_back(std::move(D));
  }
  // Kernels of the base that are gone.
  for (const LintedKernel &B : BaseKernels) {
    if (Matched.count({B.File, B.Counts.Name}))
      continue;
    auto Ps = profilesFor(B.ProfileArg);
    if (!Ps) {
      Errs << toString(Ps.takeError()) << "\n";
      return ExitUsage;
    }
    for (const DeviceProfile *P : *Ps) {
      KernelDiff D;
      D.File = shown(B.File);
      D.Kernel = B.Counts.Name;
      D.Profile = P->Id;
      D.Decl = B.Counts.Loc;
      D.Decl.File = D.File;
      D.Old = sideOf(B.Counts, *P, OldFindings);
      Out.Kernels.push_back(std::move(D));
    }
  }
  return ExitOk;
}

} // namespace clspread

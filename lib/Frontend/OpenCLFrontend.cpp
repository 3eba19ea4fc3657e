//===- OpenCLFrontend.cpp - OpenCL C to LLVM IR, in process ---------------===//
//
// Builds a clang -cc1 invocation the way the clang driver does for
// `clang -x cl -target spir64 -O2` (default OpenCL header through
// -finclude-default-header and -fdeclare-opencl-builtins, which is fast),
// plus -cl-kernel-arg-info for argument names and types and line tables for
// source attribution.
//
//===----------------------------------------------------------------------===//
#include "Frontend/OpenCLFrontend.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/Options.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/Reassociate.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

#include <mutex>
#include <set>

using namespace llvm;

namespace clspread {

namespace {

/// Makes unsuffixed floating literals double from the point where a
/// `#pragma OPENCL EXTENSION cl_khr_fp64 : enable` is preprocessed (and
/// float again after `: disable`), on a device without fp64 where the build
/// starts with -cl-single-precision-constant. Sema reads the language
/// option at each literal.
class Fp64PragmaWatch : public clang::PPCallbacks {
public:
  explicit Fp64PragmaWatch(clang::LangOptions &LO) : LO(LO) {}
  void PragmaOpenCLExtension(clang::SourceLocation,
                             const clang::IdentifierInfo *Name,
                             clang::SourceLocation, unsigned State) override {
    // State: 0 disable, 1 enable (Clang's ParsePragma.cpp OpenCLExtState).
    if (Name && Name->getName() == "cl_khr_fp64" && State <= 1)
      LO.SinglePrecisionConstants = State == 0;
  }

private:
  clang::LangOptions &LO;
};

/// Clang's IR-emitting action, watching the fp64 pragma where asked.
class BuildAction : public clang::EmitLLVMOnlyAction {
public:
  BuildAction(LLVMContext *Ctx, bool WatchFp64)
      : clang::EmitLLVMOnlyAction(Ctx), WatchFp64(WatchFp64) {}

protected:
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    if (WatchFp64)
      CI.getPreprocessor().addPPCallbacks(
          std::make_unique<Fp64PragmaWatch>(CI.getLangOpts()));
    return clang::EmitLLVMOnlyAction::BeginSourceFileAction(CI);
  }

private:
  bool WatchFp64;
};

/// Records each diagnostic for FrontendOptions::Collect and hands it on to
/// the gcc-style printer.
class CollectingConsumer : public clang::DiagnosticConsumer {
public:
  CollectingConsumer(std::unique_ptr<clang::DiagnosticConsumer> Next,
                     std::vector<FrontendDiagnostic> &Out)
      : Next(std::move(Next)), Out(Out) {}
  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    Next->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next->EndSourceFile(); }
  void finish() override { Next->finish(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level L,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info); // counts
    Next->HandleDiagnostic(L, Info);
    FrontendDiagnostic D;
    D.Level = L >= clang::DiagnosticsEngine::Error ? FrontendDiagnostic::Error
              : L == clang::DiagnosticsEngine::Warning
                  ? FrontendDiagnostic::Warning
                  : FrontendDiagnostic::Note;
    SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    D.Message = std::string(Msg);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      clang::PresumedLoc P =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (P.isValid()) {
        D.File = P.getFilename();
        D.Line = P.getLine();
        D.Col = P.getColumn();
      }
    }
    D.Option =
        clang::DiagnosticIDs::getWarningOptionForDiag(Info.getID()).str();
    Out.push_back(std::move(D));
  }

private:
  std::unique_ptr<clang::DiagnosticConsumer> Next;
  std::vector<FrontendDiagnostic> &Out;
};

/// The real file system, except that only regular files of at most
/// MaxIncludeBytes open: `#include "x.fifo"` would block Clang for ever,
/// `#include "/dev/zero"` fill memory. Clang reports the refusal at the
/// #include, as it reports a missing header.
class RegularFilesOnly : public vfs::ProxyFileSystem {
  /// The messages Clang prints for a refused #include.
  struct Refusals : std::error_category {
    const char *name() const noexcept override { return "clspread-include"; }
    std::string message(int C) const override {
      return C == 1 ? "not a regular file (a FIFO, a device or a socket), "
                      "which clspread does not read"
                    : "larger than the 64 MiB clspread reads";
    }
  };
  static std::error_code refused(int C) {
    static const Refusals Category;
    return {C, Category};
  }

public:
  static constexpr uint64_t MaxIncludeBytes = uint64_t(64) << 20;
  explicit RegularFilesOnly(IntrusiveRefCntPtr<vfs::FileSystem> FS)
      : ProxyFileSystem(std::move(FS)) {}
  ErrorOr<std::unique_ptr<vfs::File>>
  openFileForRead(const Twine &Path) override {
    ErrorOr<vfs::Status> St = status(Path);
    if (!St)
      return St.getError();
    if (St->getType() != sys::fs::file_type::regular_file)
      return refused(1);
    if (St->getSize() > MaxIncludeBytes)
      return refused(2);
    return ProxyFileSystem::openFileForRead(Path);
  }
};

} // namespace

/// What a failed build most often lacks on code written for a host
/// program: the macros its clBuildProgram options define (Rodinia's
/// hotspot uses BLOCK_SIZE, which its host passes as -DBLOCK_SIZE=16) and
/// the directories of the headers it includes. One note each, naming the
/// option, after Clang's own errors.
static std::vector<std::string>
buildHints(const std::vector<FrontendDiagnostic> &Diagnostics) {
  std::vector<std::string> Macros;
  bool MissingInclude = false;
  static const Regex Undeclared("use of undeclared identifier '([^']+)'");
  static const Regex MacroLike("^[A-Z_][A-Z0-9_]*[A-Z][A-Z0-9_]*$");
  for (const FrontendDiagnostic &D : Diagnostics) {
    if (D.Level != FrontendDiagnostic::Error)
      continue;
    SmallVector<StringRef, 2> M;
    if (Undeclared.match(D.Message, &M) && MacroLike.match(M[1]) &&
        std::find(Macros.begin(), Macros.end(), M[1].str()) == Macros.end())
      Macros.push_back(M[1].str());
    if (StringRef(D.Message).ends_with("file not found"))
      MissingInclude = true;
  }
  std::vector<std::string> Hints;
  if (!Macros.empty()) {
    // 'A'; 'A' and 'B'; 'A', 'B' and 'C'; 'A', 'B', 'C' and 2 more.
    const size_t Shown = std::min<size_t>(Macros.size(), 3);
    std::string Names;
    for (size_t I = 0; I < Shown; ++I)
      Names += (I == 0                                     ? ""
                : I + 1 == Shown && Macros.size() == Shown ? " and "
                                                           : ", ") +
               ("'" + Macros[I] + "'");
    if (Macros.size() > Shown)
      Names += " and " + std::to_string(Macros.size() - Shown) + " more";
    Hints.push_back(Names + (Macros.size() == 1 ? " is" : " are") +
                    " used but never defined; a host program often defines "
                    "such names when it builds the kernel: give -D " +
                    Macros[0] + "=VALUE" +
                    (Macros.size() > 1 ? " (one -D each)" : "") +
                    ", as its clBuildProgram options do");
  }
  if (MissingInclude)
    Hints.push_back("a header it includes was not found: give the directory "
                    "that holds it with -I DIR");
  return Hints;
}

/// OpenCL C forbids recursion (6.9 of the 1.2 specification), but Clang
/// accepts it, and -O2 may fold it away before anyone notices. Reports the
/// first call of each cycle among the unit's functions the way Clang reports
/// errors, and to FrontendOptions::Collect; returns how many cycles.
unsigned reportRecursion(llvm::Module &M, const FrontendOptions &Opts,
                         llvm::raw_ostream &Diags) {
  CallGraph CG(M);
  unsigned Found = 0;
  for (scc_iterator<CallGraph *> I = scc_begin(&CG); !I.isAtEnd(); ++I) {
    const std::vector<CallGraphNode *> &SCC = *I;
    if (!I.hasCycle())
      continue;
    std::set<const Function *> InCycle;
    for (CallGraphNode *N : SCC)
      if (N->getFunction())
        InCycle.insert(N->getFunction());
    // The first call, in source order, from a function of the cycle to one.
    const CallBase *First = nullptr;
    for (const Function *F : InCycle)
      for (const Instruction &Inst : instructions(*F))
        if (auto *CB = dyn_cast<CallBase>(&Inst))
          if (InCycle.count(CB->getCalledFunction())) {
            auto line = [](const CallBase *C) {
              return C->getDebugLoc() ? C->getDebugLoc().getLine() : 0u;
            };
            if (!First || line(CB) < line(First))
              First = CB;
          }
    if (!First)
      continue;
    ++Found;
    FrontendDiagnostic D;
    D.File = Opts.File;
    if (const DebugLoc &DL = First->getDebugLoc()) {
      D.Line = DL.getLine();
      D.Col = DL.getCol();
    }
    std::string Callee = First->getCalledFunction()->getName().str();
    std::string Caller = First->getFunction()->getName().str();
    D.Message = Caller == Callee
                    ? "'" + Callee +
                          "' calls itself: OpenCL C does not "
                          "allow recursion"
                    : "'" + Caller + "' calls '" + Callee +
                          "', which calls it "
                          "back: OpenCL C does not allow recursion";
    Diags << D.File << ":" << D.Line << ":" << D.Col << ": error: " << D.Message
          << "\n";
    if (Opts.Collect)
      Opts.Collect->push_back(D);
  }
  return Found;
}

char CompileFailed::ID = 0;

void CompileFailed::log(raw_ostream &OS) const {
  OS << Errors << (Errors == 1 ? " error" : " errors") << " generated";
}

std::error_code CompileFailed::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

std::optional<std::string> normalizeClStd(const std::string &Text) {
  std::string T = Text;
  if (T.rfind("-cl-std=", 0) == 0)
    T = T.substr(8);
  if (T.rfind("CL", 0) == 0 || T.rfind("cl", 0) == 0)
    T = T.substr(2);
  if (T == "1.2" || T == "2.0" || T == "3.0" || T == "1.1" || T == "1.0")
    return "CL" + T;
  return std::nullopt;
}

/// True when \p Opts defines or undefines \p Name itself (-DNAME,
/// -DNAME=V, -UNAME, or the same after --, joined or separate).
static bool definedByUser(const FrontendOptions &Opts, StringRef Name) {
  auto Names = [&](StringRef Def) {
    return Def.split('=').first.trim() == Name;
  };
  for (const std::string &D : Opts.Defines)
    if (Names(D))
      return true;
  for (size_t I = 0; I < Opts.ExtraArgs.size(); ++I) {
    StringRef A = Opts.ExtraArgs[I];
    if (A == "-D" || A == "-U") {
      if (I + 1 < Opts.ExtraArgs.size() && Names(Opts.ExtraArgs[I + 1]))
        return true;
    } else if ((A.consume_front("-D") || A.consume_front("-U")) && Names(A)) {
      return true;
    }
  }
  return false;
}

std::vector<std::string> driverPredefines(const FrontendOptions &Opts,
                                          const std::string &ClStd) {
  // "CL1.2" -> 120, "CL3.0" -> 300.
  StringRef V = StringRef(ClStd).drop_front(2);
  std::string Version = (V.substr(0, 1) + V.substr(2, 1) + "0").str();
  std::vector<std::string> Out;
  if (!definedByUser(Opts, "__OPENCL_VERSION__"))
    Out.push_back("__OPENCL_VERSION__=" + Version);
  return Out;
}

namespace {
/// Whether \p Word is an option of Clang's compiler (-cc1), alone or with
/// its value joined (`-cl-mad-enable`, `-w`, `-Werror=x`).
bool knownCompilerOption(StringRef Word) {
  const opt::OptTable &Table = clang::driver::getDriverOptTable();
  std::string Copy = Word.str();
  const char *Argv[] = {Copy.c_str()};
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList Args =
      Table.ParseArgs(Argv, MissingIndex, MissingCount,
                      opt::Visibility(clang::driver::options::CC1Option));
  for (const opt::Arg *A : Args)
    if (A->getOption().matches(clang::driver::options::OPT_UNKNOWN) ||
        A->getOption().matches(clang::driver::options::OPT_INPUT))
      return false;
  return true;
}
} // namespace

bool clangOptionTakesValue(StringRef Option) {
  static const StringLiteral TakesValue[] = {
      "-D",       "-U",      "-I",         "-include", "-imacros",
      "-isystem", "-iquote", "-idirafter", "-Xclang",  "-x"};
  return is_contained(TakesValue, Option);
}

Error applyBuildOptions(StringRef Options, FrontendOptions &FO,
                        StringRef BaseDir) {
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 16> Words;
  cl::TokenizeGNUCommandLine(Options, Saver, Words);
  // Options that change what the compiler produces, not the kernel: a
  // host's clBuildProgram cannot take them, and passed on to Clang they
  // would write files or stop before the code clspread analyzes.
  static const StringLiteral NotABuildOption[] = {
      "-o",         "-c",        "-E",         "-S",  "-x",
      "-M",         "-MM",       "-MD",        "-MF", "-fsyntax-only",
      "-emit-llvm", "--analyze", "-save-temps"};
  for (size_t I = 0; I < Words.size(); ++I) {
    StringRef W = Words[I];
    for (StringRef Bad : NotABuildOption)
      if (W == Bad || (Bad == "-o" && W.starts_with("-o") && W != "-o") ||
          (Bad == "-x" && W.starts_with("-x") && !W.starts_with("-Xclang")))
        return createStringError(
            inconvertibleErrorCode(),
            "'" + W +
                "' is not a build option (it "
                "changes what the compiler writes, not the "
                "kernel); clBuildProgram does not take it");
    auto value = [&](StringRef Flag) -> Expected<std::string> {
      if (W.size() > Flag.size())
        return W.drop_front(Flag.size()).str();
      if (I + 1 >= Words.size())
        return createStringError(inconvertibleErrorCode(),
                                 "build option " + Flag +
                                     " needs a value (in '" + Options + "')");
      return std::string(Words[++I]);
    };
    if (W.starts_with("-D")) {
      auto V = value("-D");
      if (!V)
        return V.takeError();
      FO.Defines.push_back(*V);
    } else if (W.starts_with("-I")) {
      auto V = value("-I");
      if (!V)
        return V.takeError();
      SmallString<256> Dir(*V);
      if (!BaseDir.empty() && sys::path::is_relative(Dir)) {
        Dir = BaseDir;
        sys::path::append(Dir, *V);
      }
      FO.IncludeDirs.push_back(std::string(Dir));
    } else if (W.consume_front("-cl-std=")) {
      FO.ClStd = W.str();
    } else {
      // What Clang's compiler options do not know, clBuildProgram refuses
      // too (CL_INVALID_BUILD_OPTIONS); said here, at the manifest or
      // configuration that gives it, not later as Clang's unplaced
      // "unknown argument".
      // Options of the OpenCL specification's clBuildProgram that Clang
      // does not take change nothing clspread counts: they go to the
      // device's compiler only (the runner's build).
      static const StringLiteral DeviceOnly[] = {"-cl-denorms-are-zero",
                                                 "-cl-no-subgroup-ifp", "-g"};
      if (is_contained(DeviceOnly, W)) {
        FO.DeviceOptions.push_back(W.str());
        continue;
      }
      if (!knownCompilerOption(W))
        return createStringError(
            inconvertibleErrorCode(),
            W.starts_with("-")
                ? "unknown build option '" + W +
                      "' (neither the OpenCL C specification's nor Clang's)"
                : "'" + W +
                      "' is not a build option (an option starts "
                      "with '-')");
      FO.ExtraArgs.push_back(W.str());
      if (clangOptionTakesValue(W)) {
        if (I + 1 >= Words.size())
          return createStringError(inconvertibleErrorCode(),
                                   "build option " + W +
                                       " needs a value (in '" + Options + "')");
        FO.ExtraArgs.push_back(Words[++I]);
      }
    }
  }
  return Error::success();
}

namespace {
std::optional<Expected<CompiledUnit>>
compileOnce(const FrontendOptions &Opts, const std::vector<std::string> &Args,
            const MemoryBuffer &Source, raw_ostream &Diags,
            raw_ostream &Summary, std::vector<FrontendDiagnostic> *Collect);
} // namespace

Expected<CompiledUnit> compileOpenCL(const FrontendOptions &Opts,
                                     raw_ostream &Diags) {
  auto Std = normalizeClStd(Opts.ClStd);
  if (!Std)
    return createStringError(inconvertibleErrorCode(),
                             "unknown OpenCL C version '" + Opts.ClStd +
                                 "' (expected CL1.2, CL2.0 or CL3.0)");

  std::unique_ptr<MemoryBuffer> Buffer;
  if (Opts.Source) {
    Buffer = MemoryBuffer::getMemBufferCopy(*Opts.Source, Opts.File);
  } else {
    auto BufOrErr = MemoryBuffer::getFile(Opts.File, /*IsText=*/true);
    if (!BufOrErr)
      return createStringError(BufOrErr.getError(),
                               "cannot read '" + Opts.File +
                                   "': " + BufOrErr.getError().message());
    Buffer = std::move(*BufOrErr);
  }

  std::vector<std::string> Args = {"-triple",
                                   "spir64-unknown-unknown",
                                   "-x",
                                   "cl",
                                   "-cl-std=" + *Std,
                                   "-O2",
                                   "-disable-llvm-passes",
                                   "-finclude-default-header",
                                   "-fdeclare-opencl-builtins",
                                   "-cl-kernel-arg-info",
                                   "-debug-info-kind=line-tables-only",
                                   "-dwarf-version=4",
                                   "-resource-dir",
                                   CLSPREAD_CLANG_RESOURCE_DIR,
                                   "-emit-llvm-only",
                                   "-ferror-limit",
                                   "20"};
  if (Opts.ColorDiagnostics)
    Args.push_back("-fcolor-diagnostics");
  for (const std::string &D : driverPredefines(Opts, *Std))
    Args.push_back("-D" + D);
  // Clang defines __IMAGE_SUPPORT__ for spir64; a device without images
  // does not (OpenCL C 1.2, 6.10).
  if (!Opts.ImageSupport && !definedByUser(Opts, "__IMAGE_SUPPORT__"))
    Args.push_back("-U__IMAGE_SUPPORT__");
  // Only the macros: `double` itself still compiles, so that
  // portability-fp64 can say where the kernel uses it unguarded. Without
  // fp64 an unsuffixed literal is float (OpenCL C 1.2, 6.1.1.1), which
  // -cl-single-precision-constant says to Clang: else `sqrt(1e-10 + f)`
  // finds no double overload (the header declares them under
  // cl_khr_fp64) and is ambiguous, where the device's compiler builds it.
  // From a `#pragma OPENCL EXTENSION cl_khr_fp64 : enable` that the
  // preprocessor keeps on, literals are double again (Fp64PragmaWatch), so
  // portability-fp64 reports them as not portable; a pragma inside a false
  // `#ifdef USE_DOUBLE` changes nothing.
  if (!Opts.Fp64Support) {
    for (const char *M : {"cl_khr_fp64", "__opencl_c_fp64"})
      if (!definedByUser(Opts, M))
        Args.push_back(std::string("-U") + M);
    Args.push_back("-cl-single-precision-constant");
  }
  // The same for half (alu.fp16: false): only the macros, so `#ifdef
  // cl_khr_fp16` code is left out; `half` still compiles, for
  // portability-fp16 to point at.
  if (!Opts.Fp16Support)
    for (const char *M : {"cl_khr_fp16", "__opencl_c_fp16"})
      if (!definedByUser(Opts, M))
        Args.push_back(std::string("-U") + M);
  for (const auto &D : Opts.Defines)
    Args.push_back("-D" + D);
  for (const auto &I : Opts.IncludeDirs)
    Args.push_back("-I" + I);
  for (const auto &E : Opts.ExtraArgs)
    Args.push_back(E);
  Args.push_back(Opts.File);

  // Clang 19's Sema crashes on some erroneous OpenCL C: an undeclared
  // identifier that typo correction resolves to a function, passed for a
  // pointer parameter, segfaults in Sema::DiagnoseAssignmentResult (clang-19
  // itself dies there; its driver only says "frontend command failed"). So
  // the front end runs under a CrashRecoveryContext with its diagnostics
  // held back; after a crash they are dropped and it runs once more without
  // typo correction (-fno-spell-checking), which reports the plain errors.
  // A second crash is reported as an error for this file, not a dead run.
  static std::once_flag RecoveryEnabled;
  std::call_once(RecoveryEnabled, [] { CrashRecoveryContext::Enable(); });
  for (bool SpellChecking : {true, false}) {
    std::vector<std::string> RunArgs = Args;
    if (!SpellChecking)
      RunArgs.insert(RunArgs.end() - 1, "-fno-spell-checking");
    std::string Held;
    raw_string_ostream HeldOS(Held);
    HeldOS.enable_colors(Diags.colors_enabled());
    std::string HeldSummary; // "N errors generated.", which Clang
    raw_string_ostream HeldSummaryOS(HeldSummary); // writes to stderr
    std::vector<FrontendDiagnostic> HeldCollect;
    auto Result = compileOnce(Opts, RunArgs, *Buffer, HeldOS, HeldSummaryOS,
                              &HeldCollect);
    if (!Result)
      continue; // crashed: try again, or give up below
    Diags << Held;
    // The hints follow Clang's errors: on the stream, and for lint as
    // notes of the last error (a note without a place takes its place).
    std::vector<std::string> Hints;
    if (!*Result)
      Hints = buildHints(HeldCollect);
    for (const std::string &Hint : Hints) {
      Diags << Opts.File << ": note: " << Hint << "\n";
      FrontendDiagnostic Note;
      Note.Level = FrontendDiagnostic::Note;
      Note.Message = Hint;
      HeldCollect.push_back(std::move(Note));
    }
    Diags.flush();
    errs() << HeldSummary;
    if (Opts.Collect)
      Opts.Collect->insert(Opts.Collect->end(), HeldCollect.begin(),
                           HeldCollect.end());
    if (!*Result)
      return Result->takeError();
    CompiledUnit Unit = std::move(**Result);
    // A size cap before the optimizer, whose time and memory grow with the
    // code (about 4 s and 250 MB per MB of straight-line source): a 10 MB
    // generated kernel would take a minute and 2.4 GB (tests/bad-input).
    // Hand-written kernels, unrolled loops included, stay far below it.
    size_t Instructions = 0;
    for (const Function &F : *Unit.Module)
      Instructions += F.getInstructionCount();
    if (Instructions > Opts.MaxInstructions)
      return createStringError(
          inconvertibleErrorCode(),
          "%s: %zu LLVM instructions before optimization; clspread analyzes "
          "sources of at most %zu (--max-instructions N raises the cap)",
          Opts.File.c_str(), Instructions, Opts.MaxInstructions);
    if (unsigned Cycles = reportRecursion(*Unit.Module, Opts, Diags))
      return make_error<CompileFailed>(Cycles);
    return Unit;
  }
  return createStringError(inconvertibleErrorCode(),
                           "%s: Clang's front end crashed on this file "
                           "(a Clang bug, reached on erroneous code); not "
                           "analyzed",
                           Opts.File.c_str());
}

namespace {

/// One run of Clang's front end on \p Source with the cc1 arguments
/// \p Args. nullopt when it crashed; the CompilerInstance and context of
/// a crashed run are leaked, as their state cannot be trusted.
std::optional<Expected<CompiledUnit>>
compileOnce(const FrontendOptions &Opts, const std::vector<std::string> &Args,
            const MemoryBuffer &Source, raw_ostream &Diags,
            raw_ostream &Summary, std::vector<FrontendDiagnostic> *Collect) {
  std::vector<const char *> CArgs;
  for (const auto &A : Args)
    CArgs.push_back(A.c_str());

  // Diagnostics: gcc style, no fix-it or source snippets beyond clang's
  // default caret, to the caller's stream.
  IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts =
      new clang::DiagnosticOptions();
  DiagOpts->ShowColors = Opts.ColorDiagnostics;
  DiagOpts->ShowCarets = Opts.ShowSnippets;
  DiagOpts->ShowFixits = Opts.ShowSnippets;
  clang::DiagnosticConsumer *Printer =
      new clang::TextDiagnosticPrinter(Diags, &*DiagOpts);
  if (Collect)
    Printer = new CollectingConsumer(
        std::unique_ptr<clang::DiagnosticConsumer>(Printer), *Collect);
  auto Invocation = std::make_shared<clang::CompilerInvocation>();
  {
    clang::DiagnosticsEngine ArgDiags(
        IntrusiveRefCntPtr<clang::DiagnosticIDs>(new clang::DiagnosticIDs()),
        &*DiagOpts, Printer, /*ShouldOwnClient=*/false);
    if (!clang::CompilerInvocation::CreateFromArgs(*Invocation, CArgs,
                                                   ArgDiags)) {
      delete Printer;
      return createStringError(inconvertibleErrorCode(),
                               "invalid compiler options");
    }
  }
  Invocation->getDiagnosticOpts().ShowColors = Opts.ColorDiagnostics;
  Invocation->getDiagnosticOpts().ShowCarets = Opts.ShowSnippets;
  Invocation->getDiagnosticOpts().ShowFixits = Opts.ShowSnippets;
  // Serve the file from memory so `Source` and `File` agree, and so a
  // kernel held in the suite's embedded table needs no file on disk.
  Invocation->getPreprocessorOpts().addRemappedFile(
      Opts.File, MemoryBuffer::getMemBufferCopy(Source.getBuffer(),
                                                Source.getBufferIdentifier())
                     .release());

  auto CI = std::make_unique<clang::CompilerInstance>();
  CI->setInvocation(std::move(Invocation));
  CI->setVerboseOutputStream(Summary);
  CI->createDiagnostics(Printer, /*ShouldOwnClient=*/true);
  if (!CI->hasDiagnostics())
    return Expected<CompiledUnit>(createStringError(
        inconvertibleErrorCode(), "cannot create diagnostics"));
  CI->createFileManager(
      makeIntrusiveRefCnt<RegularFilesOnly>(vfs::getRealFileSystem()));

  CompiledUnit Unit;
  Unit.Context = std::make_unique<LLVMContext>();
  Unit.File = Opts.File;
  auto Action =
      std::make_unique<BuildAction>(Unit.Context.get(), !Opts.Fp64Support);
  bool Ok = false;
  CrashRecoveryContext CRC;
  if (!CRC.RunSafely([&] { Ok = CI->ExecuteAction(*Action); })) {
    (void)Action.release();
    (void)CI.release();
    (void)Unit.Context.release();
    return std::nullopt;
  }
  unsigned Errors = CI->getDiagnostics().getClient()->getNumErrors();
  Unit.Warnings = CI->getDiagnostics().getClient()->getNumWarnings();
  if (!Ok || Errors) {
    CI->getDiagnostics().getClient()->finish();
    return Expected<CompiledUnit>(
        make_error<CompileFailed>(Errors ? Errors : 1));
  }
  Unit.Module = Action->takeModule();
  if (!Unit.Module)
    return Expected<CompiledUnit>(make_error<CompileFailed>(1));
  return Expected<CompiledUnit>(std::move(Unit));
}

} // namespace

namespace {

/// The new pass manager's analysis managers, registered and linked to each
/// other as PassBuilder needs them.
struct Analyses {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  Analyses() {
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
};

} // namespace

void optimizeModule(Module &M) {
  Analyses A;
  // The simplification half of -O2 (inlining, SROA, InstCombine, GVN, loop
  // simplification and full unrolling): counts are the same as with the
  // whole -O2 pipeline on every bundled kernel, and it is ~25% faster; the
  // rest of -O2 (vectorizers, late unrolling) has nothing to do on spir64.
  ModulePassManager MPM = A.PB.buildModuleSimplificationPipeline(
      OptimizationLevel::O2, ThinOrFullLTOPhase::None);
  MPM.run(M, A.MAM);
}

void SourceLines::remember(Instruction &I) {
  if (I.getDebugLoc() && I.getDebugLoc().getLine())
    Saved.push_back({WeakTrackingVH(&I), I.getDebugLoc()});
}

void SourceLines::restore() {
  for (auto &[V, Loc] : Saved)
    if (auto *I = dyn_cast_or_null<Instruction>(V);
        I && (!I->getDebugLoc() || I->getDebugLoc().getLine() == 0))
      I->setDebugLoc(Loc);
}

void mergeRepeatedLoads(Module &M) {
  Analyses A;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    FunctionPassManager FPM;
    FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
    FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
    FPM.run(F, A.FAM);
    // A load no store or call in its loop can change is hoisted out of
    // the loop, as OpenCL compilers do (oclgrind's build executes a loop
    // condition's `n[g]` once, not once per iteration). LICM drops the
    // hoisted load's line (a debugger would step oddly); the analysis
    // reports accesses at their source line, so it is put back.
    SourceLines Lines;
    for (Instruction &I : instructions(F))
      if (isa<LoadInst>(I))
        Lines.remember(I);
    FunctionPassManager Hoist;
    Hoist.addPass(createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()),
                                                  /*UseMemorySSA=*/true));
    Hoist.run(F, A.FAM);
    Lines.restore();
  }
}

void simplifyAfterInlining(Function &F) {
  Analyses A;
  FunctionPassManager FPM;
  FPM.addPass(ReassociatePass());
  FPM.addPass(InstCombinePass());
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(SimplifyCFGPass());
  FPM.run(F, A.FAM);
}

} // namespace clspread

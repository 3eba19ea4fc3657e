//===- OpenCLFrontend.h - OpenCL C to LLVM IR, in process ------*- C++ -*-===//
//
// Runs Clang's frontend in-process on one OpenCL C translation unit for the
// neutral `spir64` target and returns its LLVM module. Code generation runs
// at -O2 (so TBAA and lifetime information are emitted) with the LLVM pass
// pipeline held back: Analysis clones the module per kernel, specializes it
// to the launch (scalar arguments, NDRange sizes) and then runs the O2
// pipeline through optimizeModule(), so trip counts fold to constants.
//
// Clang's diagnostics go to the given stream in gcc style
// (`file:line:col: error: ...`), the form editors' problem matchers read.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_FRONTEND_OPENCLFRONTEND_H
#define CLSPREAD_FRONTEND_OPENCLFRONTEND_H

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// The most LLVM instructions a source may compile to before -O2, unless
/// --max-instructions says otherwise; larger ones are refused with an error
/// rather than analyzed for minutes.
/// 400,000: real sources reach 285,452 (hashcat's largest kernels, which
/// analyze in 2 to 18 s, docs/realworld.md); about 1.6 MB of straight-line
/// code.
constexpr size_t MaxUnoptimizedInstructions = 400000;

/// One diagnostic Clang reported, for callers that print it themselves
/// (lint's JSON and SARIF). Notes follow the error or warning they explain.
struct FrontendDiagnostic {
  enum Kind { Note, Warning, Error } Level = Error;
  std::string File; ///< as given; "" when Clang gave no place
  unsigned Line = 0, Col = 0;
  std::string Message;
  std::string Option; ///< the -W flag of a warning, "" if none
};

struct FrontendOptions {
  std::string File;                  ///< path shown in diagnostics
  std::optional<std::string> Source; ///< in-memory text; else read File
  std::string ClStd = "CL1.2";       ///< CL1.2, CL2.0 or CL3.0
  std::vector<std::string> Defines;  ///< "NAME" or "NAME=VALUE"
  std::vector<std::string> IncludeDirs;
  std::vector<std::string> ExtraArgs; ///< passed to clang -cc1 verbatim
  /// OpenCL build options Clang does not take (-cl-denorms-are-zero, -g):
  /// for the device's compiler only (plans), not for Clang.
  std::vector<std::string> DeviceOptions;
  /// The device has images (__IMAGE_SUPPORT__ is defined); from the
  /// profile.
  bool ImageSupport = true;
  /// The device has double precision: cl_khr_fp64 (and CL3.0's
  /// __opencl_c_fp64) stay defined, as Clang defines them for spir64;
  /// without, `#ifdef cl_khr_fp64` code is left out as the device's
  /// compiler leaves it out. From the profile (alu.rates.fp64: none).
  bool Fp64Support = true;
  /// The device offers cl_khr_fp16: cl_khr_fp16 (and CL3.0's
  /// __opencl_c_fp16) stay defined; without, `#ifdef cl_khr_fp16` code is
  /// left out as the device's compiler leaves it out, and `half` itself
  /// still compiles so that portability-fp16 can point at it. From the
  /// profile (alu.fp16: false).
  bool Fp16Support = true;
  /// The instruction cap before optimization (--max-instructions).
  size_t MaxInstructions = MaxUnoptimizedInstructions;
  bool ColorDiagnostics = false;
  /// When set, every diagnostic is also recorded here.
  std::vector<FrontendDiagnostic> *Collect = nullptr;
  /// Source line and caret under each diagnostic (clang's default); off
  /// for output that editors parse line by line.
  bool ShowSnippets = true;
};

/// One compiled translation unit. The context outlives the module.
struct CompiledUnit {
  std::unique_ptr<llvm::LLVMContext> Context;
  std::unique_ptr<llvm::Module> Module;
  std::string File;
  unsigned Warnings = 0;
};

/// The error returned when Clang reported errors (already printed).
class CompileFailed : public llvm::ErrorInfo<CompileFailed> {
public:
  static char ID;
  explicit CompileFailed(unsigned Errors) : Errors(Errors) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
  unsigned Errors;
};

/// Compiles \p Opts.File (or its in-memory source). Diagnostics are printed
/// to \p Diags as they occur. Returns CompileFailed when Clang reported an
/// error, or a plain StringError for bad options.
llvm::Expected<CompiledUnit> compileOpenCL(const FrontendOptions &Opts,
                                           llvm::raw_ostream &Diags);

/// The source lines of instructions, kept across an optimization that
/// may leave them at line 0 (LICM's hoisted loads, the merged location of
/// two stores sunk into one), so that the analysis reports accesses where
/// the source has them.
class SourceLines {
public:
  /// Keeps \p I's line, if it has one.
  void remember(llvm::Instruction &I);
  /// Gives each remembered instruction that is still there and now has no
  /// line, or line 0, its line back.
  void restore();

private:
  std::vector<std::pair<llvm::WeakTrackingVH, llvm::DebugLoc>> Saved;
};

/// Runs the -O2 module pipeline (no target machine: spir64 is neutral).
void optimizeModule(llvm::Module &M);

/// Merges a load with an earlier one of the same address when no store or
/// call can have changed the memory between them (SROA, then EarlyCSE over
/// MemorySSA): `(a[i]-c)*(a[i]-c)` loads a[i] once, as every OpenCL
/// compiler (and oclgrind) executes it; then hoists out of a loop a load
/// that runs on every iteration and that nothing in the loop can change
/// (LICM over MemorySSA), keeping its source line. Run before the analysis
/// marks memory operations volatile for the rest of the pipeline.
void mergeRepeatedLoads(llvm::Module &M);

/// The cleanup after inlining a helper that optimizeModule() kept out of
/// line (Analysis/HelperInlining.h): Reassociate, InstCombine, EarlyCSE,
/// SimplifyCFG on \p F.
void simplifyAfterInlining(llvm::Function &F);

/// The macros the OpenCL C specification requires an implementation to
/// predefine that Clang leaves to the driver (6.10 of OpenCL C 1.2, 6.13 of
/// 3.0): __OPENCL_VERSION__, the device's version, taken as the language
/// version \p ClStd names (CL1.2: 120). Clang itself defines
/// __OPENCL_C_VERSION__, CL_VERSION_*, __ENDIAN_LITTLE__, __IMAGE_SUPPORT__
/// and __kernel_exec. Each as NAME=VALUE; none that \p Opts already
/// defines or undefines (-D/-U, also after --).
std::vector<std::string> driverPredefines(const FrontendOptions &Opts,
                                          const std::string &ClStd);

/// Adds the build options a host passes to clBuildProgram (\p Options, as
/// one string: "-DITEMS=4 -I inc -cl-std=CL2.0 -cl-mad-enable"; quotes as a
/// shell reads them) to \p FO: -D and -I (joined or separate) to Defines
/// and IncludeDirs, a relative -I resolved against \p BaseDir when it is
/// not empty, -cl-std= to ClStd, everything else to ExtraArgs (with the
/// word after -U, -include, -Xclang...), the specification's options that
/// Clang does not take (-cl-denorms-are-zero, -cl-no-subgroup-ifp, -g) to
/// DeviceOptions. An option that lacks its value, an option neither the
/// specification nor Clang knows (a vendor's -cl-nv-maxrregcount) and a
/// word that is not an option are errors.
llvm::Error applyBuildOptions(llvm::StringRef Options, FrontendOptions &FO,
                              llvm::StringRef BaseDir = "");

/// True for a Clang option whose value is the next word (`-D X`, `-I dir`,
/// `-include f`, `-Xclang x`, `-x cl`): build options and the words after
/// `--` on clspread's command line are split with it.
bool clangOptionTakesValue(llvm::StringRef Option);

/// "CL1.2" / "1.2" / "CL2.0" / "CL3.0" normalized, or nullopt if unknown.
std::optional<std::string> normalizeClStd(const std::string &Text);

} // namespace clspread

#endif

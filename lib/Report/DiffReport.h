//===- DiffReport.h - What a change does to each kernel's estimate -*- C++
//-*-===//
//
// The record `clspread diff` produces, and its printers: per kernel and
// profile, Tkernel before and after, the change, the bound on each side,
// the terms that moved and why (the per-item figures behind them, the
// findings that appeared or went), and the profile's error band, so that
// a reader can tell a change from the model's usual error.
//
//   text      k.cl:12:1: kernel saxpy on nvidia-h100-sxm: 302 us -> 410 us
//             (+35.8%) ... , then the moved terms indented
//   json      every figure of both sides ({"schema": 1, "kernels": [...]})
//   markdown  a table sorted by change, for a pull-request comment
//   sarif     one result per slower kernel at its declaration, ruleId
//             perf-regression, level error above --fail-above, else note
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_REPORT_DIFFREPORT_H
#define CLSPREAD_REPORT_DIFFREPORT_H

#include "Analysis/KernelCounts.h"
#include "Model/ErrorBand.h"

#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// One side of a kernel's change on one profile.
struct DiffSide {
  double TKernelS = 0, TAluS = 0, TTexS = 0, TMemS = 0;
  Bound Limit = Bound::ALU;
  /// Per work-item: DRAM bytes moved, ALU issue slots, TEX fetches.
  double BytesMoved = 0, IssueSlots = 0, TexFetches = 0;
  std::string Launch; ///< "global 4096, local 64"
  std::optional<ErrorBand> Band;
  /// Findings about the kernel ("store of 'out' is uncoalesced"), each as
  /// its rule and its message without figures (Lint/Baseline.h).
  std::vector<std::pair<std::string, std::string>> Findings;
};

struct KernelDiff {
  std::string File;    ///< the file now (as the user sees it)
  std::string OldFile; ///< the file at the base, where it was renamed
  std::string Kernel, Profile;
  SourceLoc Decl; ///< the declaration now; at the base for a removed one
  std::optional<DiffSide> Old, New;
  /// What moved, as sentences ("T_MEM 1.2 ms -> 3.9 ms: bytes moved per
  /// item 8 B -> 26 B"); findings that appeared ("now: ...") or went
  /// ("fixed: ...").
  std::vector<std::string> Moved;
  /// New / Old - 1; 0 for an added or removed kernel.
  double change() const {
    return Old && New && Old->TKernelS > 0 ? New->TKernelS / Old->TKernelS - 1
                                           : 0;
  }
};

struct DiffReport {
  std::string ToolVersion;
  std::string Base;        ///< the revision, or the report compared with
  double FailAbove = 0.05; ///< a slowdown beyond this fails (fraction)
  std::string SarifRoot;   ///< as LintOutput's
  std::vector<KernelDiff> Kernels; ///< in file and declaration order
  /// The kernels slower by more than FailAbove.
  unsigned regressions() const;
};

/// How \p Change compares with the model's usual error on \p Band:
/// "within the model's typical error (±14% for MEM-bound kernels)", or
/// beyond it, or beyond its 90% band; "" without a band.
std::string changeAgainstBand(double Change,
                              const std::optional<ErrorBand> &Band);

void printDiffText(const DiffReport &R, llvm::raw_ostream &OS);
std::string diffMarkdown(const DiffReport &R);
llvm::json::Value diffJSON(const DiffReport &R);
llvm::json::Value diffSARIF(const DiffReport &R);

} // namespace clspread

#endif

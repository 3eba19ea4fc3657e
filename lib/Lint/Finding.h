//===- Finding.h - One lint finding, the record every printer reads -------===//
//
// A finding is what a rule says about a place in a kernel source: the rule
// id, a severity, the location (path exactly as the user gave it, 1-based
// line and column), a message, `note:` lines with the figures behind it,
// and a fix-it where the fix is mechanical. `clspread lint` and
// `clspread analyze` produce the same record; lib/Report prints it as gcc
// diagnostics, JSON or SARIF 2.1.0 and computes nothing.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_FINDING_H
#define CLSPREAD_LINT_FINDING_H

#include "Analysis/KernelCounts.h"
#include "Lint/Severity.h"

#include <optional>
#include <string>
#include <vector>

namespace clspread {

/// A mechanical edit: replace [Begin, End) on one line with Replacement.
/// Begin == End inserts.
struct FixIt {
  SourceLoc Begin, End;
  std::string Replacement;
};

/// A `note:` line under a finding. Loc.Line == 0: the finding's own place.
struct FindingNote {
  SourceLoc Loc;
  std::string Message;
};

struct Finding {
  std::string RuleId; ///< "perf-uncoalesced-access"
  Severity Sev = Severity::Warning;
  SourceLoc Loc;       ///< File as given; Line/Col 1-based, 0 unknown
  std::string Message; ///< one sentence, no trailing period
  std::vector<FindingNote> Notes;
  std::vector<FixIt> Fixes;
  std::string Kernel; ///< kernel it concerns, "" for file level
  /// Time the model estimates the fix saves on this launch, when it can
  /// re-estimate the kernel as if fixed (Nsight Compute's "est. speedup").
  std::optional<double> GainS;
  /// Against a lint baseline (Baseline.h): New, not in it; Unchanged, in
  /// it (printed only by SARIF, as suppressed); None, no baseline given.
  enum class BaselineState {
    None,
    New,
    Unchanged
  } Baseline = BaselineState::None;
};

/// Findings of one input file, in source order.
struct FileFindings {
  std::string File;
  std::vector<Finding> Findings;
};

} // namespace clspread

#endif

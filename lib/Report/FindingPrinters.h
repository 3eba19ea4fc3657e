//===- FindingPrinters.h - Lint findings as gcc lines, JSON, SARIF --------===//
//
// One record (Lint/Finding.h), three printers:
//
//   text   k.cl:12:14: warning: message [perf-uncoalesced-access]
//          k.cl:12:14: note: figures ...
//          gcc's form, which VS Code's $gcc problem matcher, Vim's quickfix
//          and Emacs' compilation mode read; every line has a place.
//   json   {"schema": 1, "files": [{"file", "findings": [...]}]}
//          (docs/output.md)
//   sarif  SARIF 2.1.0: one run, the tool driver with every rule's
//          metadata and helpUri, results with physical locations and fixes.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_REPORT_FINDINGPRINTERS_H
#define CLSPREAD_REPORT_FINDINGPRINTERS_H

#include "Lint/Baseline.h"
#include "Lint/Finding.h"
#include "Lint/LintRule.h"
#include "Lint/Severity.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace clspread {

/// The JSON schema version of lint output and of analyze's report.
constexpr unsigned FindingsSchemaVersion = 1;

/// Where a rule's page lives on the web, for SARIF's helpUri.
constexpr const char *RulePageBaseUri =
    "https://github.com/clspread/clspread/blob/main/docs/rules/";

struct LintOutput {
  std::string ToolVersion;
  std::string ProfileId;           ///< the profile most files used
  std::vector<FileFindings> Files; ///< in input order
  std::vector<RuleInfo> Rules;     ///< every registered rule (SARIF metadata)
  /// SARIF's %SRCROOT%: an absolute directory (--sarif-root, else the git
  /// work tree around the working directory, else the working directory).
  /// Files below it get URIs relative to it; "" writes absolute URIs.
  std::string SarifRoot;
  /// Each baseline the run compared with (--baseline, the configurations'
  /// Baseline:): the findings it left out and its entries no longer found.
  /// Findings it holds are kept in Files marked Unchanged: text and JSON
  /// leave them out, SARIF gives them as suppressed.
  struct BaselineUse {
    std::string Path;
    unsigned New = 0, Unchanged = 0;
    std::vector<std::pair<BaselineKey, unsigned>> Absent;
  };
  std::vector<BaselineUse> Baselines;
};

/// A finding the printers show as a problem: not one its baseline holds.
inline bool reported(const Finding &F) {
  return F.Baseline != Finding::BaselineState::Unchanged;
}

/// The directory SARIF URIs are relative to when --sarif-root is not
/// given: the top of the git work tree that holds the working directory,
/// else the working directory itself (absolute, no trailing slash).
std::string defaultSarifRoot();

/// \p Path percent-encoded for a URI (RFC 3986): every byte but the
/// unreserved ones and '/' as %XX, so "a b:c.cl" is "a%20b%3Ac.cl".
std::string percentEncodePath(llvm::StringRef Path);

/// A SARIF artifactLocation for \p File: a URI relative to %SRCROOT%
/// (\p Root) where the file is below it, else an absolute file: URI.
llvm::json::Object sarifArtifact(const std::string &File,
                                 const std::string &Root);
/// A SARIF 2.1.0 log of the one \p Run, with %SRCROOT% set to \p Root.
llvm::json::Value sarifLog(llvm::json::Object Run, const std::string &Root);

/// One line per baseline of \p O (new, baselined and no longer found
/// findings), and with \p Verbose each entry no longer found, so that the
/// baseline can shrink. For stderr: stdout stays the format's.
void printBaselineSummary(const LintOutput &O, bool Verbose,
                          llvm::raw_ostream &OS);

/// gcc-style lines; \p Color adds clang's colours.
void printFindingsText(const std::vector<FileFindings> &Files, bool Color,
                       llvm::raw_ostream &OS);
/// One finding as JSON (lint's output and analyze's report share it).
llvm::json::Value findingJSON(const Finding &F);
llvm::json::Value findingsJSON(const LintOutput &O);
llvm::json::Value findingsSARIF(const LintOutput &O);

} // namespace clspread

#endif

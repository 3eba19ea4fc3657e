//===- LintConfig.h - .clspread.yaml, found by walking up ----*- C++ -*-===//
//
// Configuration in clang-tidy's manner: the nearest `.clspread.yaml` in the
// file's directory or a parent applies to it, and the command line
// overrides it. Keys (all optional):
//
//   Profile: mali-g76                  # bundled id or a profile file
//   Rules: "*,-perf-scalar-global-access"   # globs over rule ids
//   WarningsAsErrors: "perf-uncoalesced-access"
//   RuleOptions:
//     perf-low-work-per-item: { MinOpsPerByte: 2 }
//   Launches:                          # as `// clspread: launch` comments
//     median_1: "global=4096x4096 local=16x16 args=width=4096,height=4096"
//     other.cl:median_1: "global=1024x1024"
//   Baseline: .clspread-baseline.json  # findings to leave out (Baseline.h)
//   BuildOptions:                      # what the host passes to clBuildProgram
//     "*": "-I include -DTILE=16"      # every file
//     "src/blur/*.cl": "-DRADIUS=3"    # a glob over the path
//     "sort.cl": "-DKEYS=uint"         # no '/': the file name
//
// BuildOptions may also be one string for every file. Each glob (llvm's
// GlobPattern: *, ?, [a-z], {a,b}; '*' also matches '/') with a '/' is
// matched against the file's path relative to the configuration's
// directory, one without against the file name; every entry that matches
// applies, in the order written, before the command line's -D, -I and `--`
// options. A relative -I is relative to the configuration's directory.
//
// An unknown key, an unknown rule id under RuleOptions or a malformed value
// is an error `FILE:LINE:COL: error: ...`. A profile path is relative to
// the configuration file's directory.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_LINTCONFIG_H
#define CLSPREAD_LINT_LINTCONFIG_H

#include "Analysis/Launch.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clspread {

constexpr const char *ConfigFileName = ".clspread.yaml";

struct LintConfig {
  std::string Path; ///< the file it came from; "" for the built-in default
  std::optional<std::string> Profile;
  std::optional<std::string> Rules;
  std::optional<std::string> WarningsAsErrors;
  /// --baseline for the files this configuration applies to, relative to
  /// the configuration's directory when written relative.
  std::optional<std::string> Baseline;
  /// Rule id -> option name -> value as written.
  std::map<std::string, std::map<std::string, std::string>> RuleOptions;
  struct LaunchEntry {
    std::string Key;  ///< "kernel" or "file.cl:kernel"
    std::string Text; ///< as written
    LaunchSpec Launch;
  };
  std::vector<LaunchEntry> Launches;
  struct BuildOptionsEntry {
    std::string Glob;    ///< as written; "*" for a single string
    std::string Options; ///< as written
    unsigned Line = 0, Col = 0;
  };
  std::vector<BuildOptionsEntry> BuildOptions;

  /// The BuildOptions entries that apply to \p File, in the order written.
  std::vector<const BuildOptionsEntry *>
  buildOptionsFor(const std::string &File) const;

  /// The launch for \p Kernel of \p File: a "file:kernel" key whose file
  /// part ends the path wins over a bare kernel name.
  const LaunchEntry *launchFor(const std::string &File,
                               const std::string &Kernel) const;
};

/// Parses a configuration. Errors read `FILE:LINE:COL: error: MESSAGE`.
llvm::Expected<LintConfig> parseLintConfig(llvm::StringRef Text,
                                           llvm::StringRef FileName);
/// Loads \p Path.
llvm::Expected<LintConfig> loadLintConfig(const std::string &Path);
/// The path of the nearest .clspread.yaml for \p SourceFile ("" if none).
std::string findLintConfigPath(const std::string &SourceFile);

} // namespace clspread

#endif

//===- LintRule.h - What a lint rule is, and what it is given -*- C++ -*-===//
//
// One rule = one class derived from LintRule in its own file under
// lib/Lint/rules/, an id (`perf-…`, `portability-…`, the class's
// `static constexpr char Id[]`, which the registry reads), a default severity,
// options read in the constructor with their defaults (so --dump-config can
// print the effective values), a page docs/rules/<id>.md, a test kernel
// tests/e2e/lint/<id>.cl and one line in RuleRegistry.cpp.
//
// A rule looks at one analyzed kernel at a time (KernelContext: the source,
// the device-independent counts, the estimate on the profile) and reports
// findings through the sink, which stamps the rule id, the effective
// severity, the kernel and the file. Rules that need the launch (global
// sizes) say so with needsLaunch(): they are skipped, and --verbose says
// so, when no launch was given for the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_LINT_LINTRULE_H
#define CLSPREAD_LINT_LINTRULE_H

#include "Analysis/KernelCounts.h"
#include "Lint/Finding.h"
#include "Lint/Severity.h"
#include "Model/DeviceProfile.h"
#include "Model/Estimate.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clspread {

/// One input file's text, with its path exactly as given.
class SourceFile {
public:
  SourceFile(std::string Path, std::string Text);
  const std::string &path() const { return Path; }
  const std::string &text() const { return Text; }
  /// Line \p N (1-based) without its newline; "" past the end.
  llvm::StringRef line(unsigned N) const;
  unsigned lineCount() const { return unsigned(Starts.size()); }
  /// 1-based column of the first \p Token on line \p N at or after column
  /// \p From, or 0 when the line has none.
  unsigned column(unsigned N, llvm::StringRef Token, unsigned From = 1) const;
  /// Column of the first non-blank character of line \p N (1 if blank).
  unsigned firstColumn(unsigned N) const;

private:
  std::string Path, Text;
  std::vector<size_t> Starts;
};

/// Where a kernel's launch came from (the first that has one wins).
enum class LaunchOrigin {
  None,        ///< no launch: the analysis assumed one
  CommandLine, ///< --global/--local/--arg
  Config,      ///< .clspread.yaml Launches
  Comment,     ///< `// clspread: launch ...` above the kernel
  Manifest,    ///< the suite manifest entry for this file and kernel
};
const char *launchOriginName(LaunchOrigin O);

struct KernelContext {
  const SourceFile &Source;
  const KernelCounts &Counts;
  const Estimate &Est;
  const DeviceProfile &Profile;
  LaunchOrigin Origin = LaunchOrigin::None;
  std::string ClStd = "CL1.2";
  bool launchKnown() const { return Origin != LaunchOrigin::None; }
  /// Re-estimates the kernel with modified counts (for "estimated gain").
  std::function<Estimate(const KernelCounts &)> Reestimate;

  /// Line and column of the kernel's declaration (the `kernel` keyword, or
  /// the first non-blank character of its line).
  std::pair<unsigned, unsigned> kernelPlace() const;
  /// Line and column of the kernel's reqd_work_group_size attribute, or
  /// kernelPlace() when the source has none in front of the kernel.
  std::pair<unsigned, unsigned> reqdAttributePlace() const;
  /// "estimated gain on PROFILE: 0.52 ms of 1.9 ms (27%)" for a
  /// re-estimate \p Fixed, or "" when it gains nothing.
  std::string gainText(const Estimate &Fixed) const;
};

/// A time as findings print it: "66.8 us", "1.92 ms" (3 digits).
std::string shortTime(double S);

/// A pipeline of a suite manifest whose stages were all analyzed.
struct PipelineContext {
  std::string Id;
  std::vector<std::string> StageIds;         ///< suite entry ids, in order
  std::vector<const KernelContext *> Stages; ///< the same order
  /// "stage-id.arg" -> "stage-id.arg": a buffer one stage writes and a
  /// later one reads, as the manifest's `connect:` lists them.
  std::vector<std::pair<std::string, std::string>> Connect;
};

/// Effective options of one rule: values from the configuration as text,
/// read by the rule's constructor with its defaults; what was read is kept
/// for --dump-config, and a value that does not parse is an error.
class RuleOptions {
public:
  RuleOptions() = default;
  explicit RuleOptions(std::map<std::string, std::string> Given)
      : Given(std::move(Given)) {}
  double number(llvm::StringRef Name, double Default, llvm::StringRef Help);
  bool flag(llvm::StringRef Name, bool Default, llvm::StringRef Help);
  std::string text(llvm::StringRef Name, llvm::StringRef Default,
                   llvm::StringRef Help);

  struct Entry {
    std::string Name, Value, Default, Help;
  };
  /// Every option the rule read, in the order it read them.
  const std::vector<Entry> &entries() const { return Read; }
  /// Given options the rule does not have, and values that did not parse.
  std::vector<std::string> problems() const;

private:
  std::map<std::string, std::string> Given;
  std::vector<Entry> Read;
  std::vector<std::string> Bad;
};

/// Collects one rule's findings for one kernel.
class FindingSink {
public:
  FindingSink(std::vector<Finding> &Out, std::string RuleId, Severity Sev,
              std::string File, std::string Kernel)
      : Out(Out), RuleId(std::move(RuleId)), Sev(Sev), File(std::move(File)),
        Kernel(std::move(Kernel)) {}
  /// Adds a finding at \p Line:\p Col of the file (the sink fills in the
  /// rule id, severity, file and kernel) and returns it for notes, fixes
  /// and gain. \p Sev overrides the rule's severity for this finding
  /// (a rule with two strengths, e.g. error when the launch fails).
  Finding &report(unsigned Line, unsigned Col, std::string Message,
                  std::optional<Severity> Sev = std::nullopt);
  /// The same at a place the analysis found (an access, a branch), which
  /// may lie in an #included file: its own path, not the sink's.
  Finding &report(const SourceLoc &At, std::string Message,
                  std::optional<Severity> Sev = std::nullopt);
  const std::string &file() const { return File; }

private:
  std::vector<Finding> &Out;
  std::string RuleId;
  Severity Sev;
  std::string File, Kernel;
};

class LintRule {
public:
  virtual ~LintRule() = default;
  virtual Severity defaultSeverity() const = 0;
  /// One line for --list-rules.
  virtual llvm::StringRef summary() const = 0;
  /// True when the rule needs the real launch (sizes, arguments).
  virtual bool needsLaunch() const { return false; }
  /// Called once per analyzed kernel.
  virtual void check(const KernelContext &C, FindingSink &Out) const = 0;
  /// Rules about several kernels at once: called once per pipeline that a
  /// suite manifest lists (`pipelines:`). The sink's file is the first
  /// stage's.
  virtual void checkPipeline(const PipelineContext &P, FindingSink &Out) const {
  }
};

/// What the registry knows of a rule without building it.
struct RuleInfo {
  std::string Id;
  Severity DefaultSeverity;
  std::string Summary;
  bool NeedsLaunch;
  bool InDefaultSet = true;
};

} // namespace clspread

#endif

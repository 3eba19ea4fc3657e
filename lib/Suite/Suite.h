//===- Suite.h - The kernel suite manifest (kernels/suite.yaml) -*- C++ -*-===//
//
// A suite lists kernels to analyze and time: which function in which .cl
// file, at which launch (full size for GPUs, quick size for interpreters),
// with which build options, and which entries are variants of one job
// (e.g. median-1 and median-x4 both do the "median" job). The bundled suite
// (kernels/) is compiled into the binary; users can load their own manifest
// of the same schema. docs/kernels.md describes the schema and the bundled
// kernels.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_SUITE_SUITE_H
#define CLSPREAD_SUITE_SUITE_H

#include "Analysis/KernelCounts.h"
#include "Analysis/Launch.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clspread {

struct SuiteEntry {
  std::string Id;           ///< unique within the suite, e.g. "median-x4"
  std::string File;         ///< .cl path relative to the manifest's directory
  std::string Kernel;       ///< kernel function name
  std::string VariantOf;    ///< job name shared by variants; empty: singleton
  std::string Description;  ///< one line
  std::string BuildOptions; ///< e.g. "-DITEMS=4"; may be empty
  LaunchSpec Launch;        ///< full-size launch (GPU timing)
  /// Small launch for oclgrind / PoCL. Its local size defaults to Launch's
  /// and its args are Launch's with the quick ones merged over them; an
  /// entry without `quick` gets Quick == Launch.
  LaunchSpec Quick;
  /// Buffer sizes in bytes by argument name, only where the manifest gives
  /// them (sizes that the access analysis cannot derive). They describe the
  /// full launch.
  std::map<std::string, uint64_t> BufferBytes;
  /// What index buffers hold, by argument name (`range`, `sorted`,
  /// `permutation`, `monotone` in a buffer's map).
  std::map<std::string, BufferContents> BufferFills;
  std::string Source; ///< the text of File
  /// `trips:` -- loop trip counts by the line of the loop's `for`, `while`
  /// or `do` in File, as --trip FILE:LINE=N gives them; every line holds a
  /// loop (checked when the manifest is read).
  std::map<unsigned, uint64_t> Trips;
  /// `per_compute_unit: true` -- the first global dimension (full and
  /// quick) counts work-items per compute unit: analyze multiplies it by
  /// the profile's compute_units, so that a launch holds the same
  /// occupancy on any device (calibrate's chain sweep).
  bool PerComputeUnit = false;
};

/// Kernels that run one after the other on the same data (`pipelines:` in
/// the manifest), for the kernel-fusion lint rule.
struct SuitePipeline {
  std::string Id;
  std::vector<std::string> Stages; ///< entry ids, in order
  /// "stage-id.arg" -> "stage-id.arg": a buffer one stage writes and a
  /// later stage reads.
  std::vector<std::pair<std::string, std::string>> Connect;
};

struct Suite {
  std::string Path; ///< the manifest's path; "<bundled>/suite.yaml" if built in
  std::vector<SuiteEntry> Entries;      ///< in manifest order
  std::vector<SuitePipeline> Pipelines; ///< in manifest order

  const SuiteEntry *find(std::string_view Id) const;
  /// The entries whose VariantOf is \p Job, in manifest order.
  std::vector<const SuiteEntry *> variants(std::string_view Job) const;
  /// The distinct job names (VariantOf values), in order of first use.
  std::vector<std::string> jobs() const;
};

/// Reads the source file named by an entry's `file` (as written there).
using SourceReader =
    std::function<llvm::Expected<std::string>(const std::string &File)>;

/// Parses and validates a manifest. \p FileName is used in messages only.
/// Errors read `FILE:LINE:COL: error: MESSAGE` (1-based), for the first
/// problem found.
llvm::Expected<Suite> parseSuite(std::string_view Text,
                                 std::string_view FileName,
                                 SourceReader ReadSource);

/// Loads a manifest from disk; kernel files are read relative to the
/// manifest's directory.
llvm::Expected<Suite> loadSuiteFile(const std::string &Path);

/// The suite compiled into the binary from kernels/.
/// A manifest compiled into the binary: the suite ("suite.yaml") or the
/// calibration micro-benchmarks ("calibrate/calibrate.yaml").
llvm::Expected<Suite>
bundledSuite(std::string_view ManifestPath = "suite.yaml");

} // namespace clspread

#endif

//===- Measurement.h - The runner's output record ---------------*- C++ -*-===//
//
// One Measurement per run: where it ran (platform, device and the device's
// figures), how (settings, seed, the plan's hash) and one KernelResult per
// plan kernel. toJson() produces the documented format (docs/runner.md);
// --compare and clspread's validate step read it back as JSON.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_MEASUREMENT_H
#define CLSPREAD_RUNTIME_MEASUREMENT_H

#include "DeviceInfo.h"
#include "OutputSample.h"
#include "Stats.h"

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clspread::runtime {

constexpr const char *RunnerVersion = "0.1.0";

struct SweepEntry {
  std::optional<std::array<uint64_t, 3>>
      Local;                 ///< nullopt: the driver's choice
  std::string Status = "ok"; ///< ok | refused | skipped | error | timeout
  std::string Reason;
  TimingStats Stats;
};

struct KernelResult {
  std::string Id, File, KernelName, VariantOf;
  std::string Status = "error"; ///< ok | build_error | error | timeout
  std::string Message;
  unsigned Dims = 1;
  std::array<uint64_t, 3> Global = {1, 1, 1};
  std::optional<std::array<uint64_t, 3>> Local;
  TimingStats Device; ///< profiling-event durations
  double WallMedian = 0;
  bool Profiled = true; ///< false: Device figures are wall-clock fallbacks
  double BuildSeconds = 0;
  std::map<std::string, std::string> Checksums;
  std::optional<bool> Deterministic; ///< nullopt: fewer than 2 launches checked
  unsigned CheckedLaunches = 0;
  std::map<std::string, OutputSample> Samples;
  std::vector<SweepEntry> Sweep;
  std::optional<std::array<uint64_t, 3>> ModelLocal; ///< from the plan
  bool Swept = false;
  std::string BuildLog;
  nlohmann::json KernelInfo; ///< work-group figures of the built kernel
  std::vector<std::string> Warnings;

  bool ok() const { return Status == "ok"; }
  nlohmann::json toJson() const;
};

struct RunSettings {
  unsigned Warmup = 2;
  unsigned MinRepeats = 10;
  double MinTime = 0.2; ///< seconds of summed kernel time
  unsigned MaxRepeats = 1000;
  double Timeout = 60; ///< seconds per launch; <= 0 disables
  uint64_t Seed = 1;
  bool LocalSweep = false;
  /// Output bytes read back for checksums per kernel before the runner
  /// stops checking every launch (the last launch is always checked).
  uint64_t ChecksumBudget = 256ull << 20;
  unsigned SampleK = 256;

  nlohmann::json toJson() const;
};

struct Measurement {
  std::string Command, Date, PlanPath;
  uint64_t PlanHash = 0;
  std::string Platform, PlatformVersion;
  DeviceInfo Device;
  RunSettings Settings;
  std::vector<KernelResult> Results;
  /// True when a timeout left a kernel running: objects were abandoned and
  /// the process should exit without driver teardown.
  bool Abandoned = false;

  nlohmann::json toJson() const;
};

/// Current UTC time as "2025-01-31T12:34:56Z".
std::string isoDateUtc();

} // namespace clspread::runtime

#endif

//===- Measurement.cpp - The runner's output record -----------------------===//
#include "Measurement.h"
#include "Checksum.h"

#include <ctime>

using nlohmann::json;

namespace clspread::runtime {

static json sizesJson(const std::optional<std::array<uint64_t, 3>> &S) {
  return S ? json(*S) : json(nullptr);
}

json KernelResult::toJson() const {
  json J;
  J["id"] = Id;
  J["file"] = File;
  J["kernel"] = KernelName;
  J["variant_of"] = VariantOf.empty() ? json(nullptr) : json(VariantOf);
  J["status"] = Status;
  J["message"] = Message;
  J["global"] = Global;
  J["local"] = sizesJson(Local);
  bool Timed = Device.Count > 0;
  J["repeats"] = Device.Count;
  auto Num = [&](double V) { return Timed ? json(V) : json(nullptr); };
  J["median_s"] = Num(Device.Median);
  J["min_s"] = Num(Device.Min);
  J["max_s"] = Num(Device.Max);
  J["mean_s"] = Num(Device.Mean);
  J["cv"] = Num(Device.Cv);
  J["wall_median_s"] = Num(WallMedian);
  J["profiled"] = Profiled;
  J["build_s"] = BuildSeconds;
  J["checksums"] = json::object();
  for (const auto &[Name, Hex] : Checksums)
    J["checksums"][Name] = Hex;
  J["deterministic"] = Deterministic ? json(*Deterministic) : json(nullptr);
  J["checked_launches"] = CheckedLaunches;
  J["samples"] = json::object();
  for (const auto &[Name, S] : Samples)
    J["samples"][Name] = S.toJson();
  if (Swept) {
    json Sw = json::array();
    const SweepEntry *Best = nullptr;
    for (const SweepEntry &E : Sweep) {
      json X = {{"local", sizesJson(E.Local)}, {"status", E.Status}};
      if (E.Status == "ok") {
        X["median_s"] = E.Stats.Median;
        X["min_s"] = E.Stats.Min;
        X["cv"] = E.Stats.Cv;
        X["repeats"] = E.Stats.Count;
        if (!Best || E.Stats.Median < Best->Stats.Median)
          Best = &E;
      } else {
        X["reason"] = E.Reason;
      }
      Sw.push_back(X);
    }
    J["sweep"] = Sw;
    J["sweep_fastest"] = Best ? json{{"local", sizesJson(Best->Local)},
                                     {"median_s", Best->Stats.Median}}
                              : json(nullptr);
    // The model's preferred size beside the fastest: how much the model's
    // choice leaves on the table on this device.
    if (ModelLocal) {
      json M = {{"local", sizesJson(ModelLocal)}, {"median_s", nullptr}};
      for (const SweepEntry &E : Sweep)
        if (E.Local == ModelLocal && E.Status == "ok") {
          M["median_s"] = E.Stats.Median;
          if (Best)
            M["slowdown_vs_fastest"] = E.Stats.Median / Best->Stats.Median;
        }
      J["sweep_model"] = M;
    }
  }
  J["kernel_info"] = KernelInfo.is_null() ? json::object() : KernelInfo;
  if (!BuildLog.empty())
    J["build_log"] = BuildLog;
  J["warnings"] = Warnings;
  return J;
}

json RunSettings::toJson() const {
  return {
      {"warmup", Warmup},          {"min_repeats", MinRepeats},
      {"min_time_s", MinTime},     {"max_repeats", MaxRepeats},
      {"timeout_s", Timeout},      {"seed", Seed},
      {"local_sweep", LocalSweep}, {"checksum_budget_bytes", ChecksumBudget},
      {"sample_k", SampleK}};
}

json Measurement::toJson() const {
  json J;
  J["schema"] = 1;
  J["tool"] = "clspread-run";
  J["version"] = RunnerVersion;
  J["command"] = Command;
  J["date"] = Date;
  J["plan"] = PlanPath;
  J["plan_fnv1a64"] = hex64(PlanHash);
  J["platform"] = Platform;
  J["platform_version"] = PlatformVersion;
  J["device"] = Device.Name;
  J["driver"] = Device.DriverVersion;
  J["device_info"] = Device.toJson();
  J["seed"] = Settings.Seed;
  J["settings"] = Settings.toJson();
  J["results"] = json::array();
  for (const KernelResult &R : Results)
    J["results"].push_back(R.toJson());
  return J;
}

std::string isoDateUtc() {
  std::time_t Now = std::time(nullptr);
  std::tm Tm{};
  gmtime_r(&Now, &Tm);
  char Buf[32];
  std::strftime(Buf, sizeof Buf, "%Y-%m-%dT%H:%M:%SZ", &Tm);
  return Buf;
}

} // namespace clspread::runtime

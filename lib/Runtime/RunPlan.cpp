//===- RunPlan.cpp - Run a plan's kernels on one device -------------------===//
#include "RunPlan.h"
#include "DeviceSession.h"
#include "KernelRun.h"
#include "Stats.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace clspread::runtime {

Measurement runPlan(const Plan &P, const RunRequest &Req) {
  std::vector<const KernelSpec *> Selected;
  for (const std::string &Id : Req.KernelIds)
    if (std::none_of(P.Kernels.begin(), P.Kernels.end(),
                     [&](const KernelSpec &K) { return K.Id == Id; }))
      throw UsageError("--kernel " + Id + ": no kernel with this id in " + P.Path);
  for (const KernelSpec &K : P.Kernels)
    if (Req.KernelIds.empty() ||
        std::find(Req.KernelIds.begin(), Req.KernelIds.end(), K.Id) != Req.KernelIds.end())
      Selected.push_back(&K);
  if (Req.NoKernels)
    Selected.clear();

  DeviceRef Ref = selectDevice(Req.PlatformSel, Req.DeviceSel);
  Measurement M;
  M.Command = Req.Command;
  M.Date = isoDateUtc();
  M.PlanPath = P.Path;
  M.PlanHash = P.Hash;
  M.Platform = Ref.PlatformName;
  M.PlatformVersion = Ref.PlatformVersion;
  M.Device = queryDeviceInfo(Ref.Device);
  M.Settings = Req.Settings;
  DeviceSession Session(Ref, M.Device);
  if (Req.Progress)
    std::cerr << "clspread-run: " << M.Device.Name << " (" << M.Platform << "), "
              << Selected.size() << " kernel(s)\n";

  for (size_t I = 0; I < Selected.size(); ++I) {
    const KernelSpec &K = *Selected[I];
    KernelResult R = runKernel(Session, K, Req.Settings);
    std::ostringstream Line;
    Line << "clspread-run: [" << I + 1 << "/" << Selected.size() << "] " << K.Id << ": ";
    if (R.ok()) {
      Line << durationText(R.Device.Median) << " median of " << R.Device.Count
           << " (cv " << int(R.Device.Cv * 1000) / 10.0 << "%)";
      if (R.Deterministic && !*R.Deterministic)
        Line << ", output differs between launches";
      if (Req.Progress)
        std::cerr << Line.str() << "\n";
    } else if (Req.Progress || Req.ReportFailures) {
      // The first line, then (build logs) up to 20 more lines indented.
      std::istringstream Msg(R.Message);
      std::string First, More;
      std::getline(Msg, First);
      std::cerr << Line.str() << R.Status << ": " << First << "\n";
      for (int N = 0; N < 20 && std::getline(Msg, More); ++N)
        std::cerr << "    " << More << "\n";
    }
    M.Results.push_back(std::move(R));
  }
  M.Abandoned = Session.abandonedWork();
  return M;
}

int exitStatusOf(const Measurement &M) {
  for (const KernelResult &R : M.Results)
    if (!R.ok())
      return 1;
  return 0;
}

} // namespace clspread::runtime

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

std::vector<const KernelSpec *> selectKernels(const Plan &P,
                                              const RunRequest &Req) {
  std::vector<const KernelSpec *> Selected;
  for (const std::string &Id : Req.KernelIds)
    if (std::none_of(P.Kernels.begin(), P.Kernels.end(),
                     [&](const KernelSpec &K) { return K.Id == Id; }))
      throw UsageError("--kernel " + Id + ": no kernel with this id in " +
                       P.Path);
  for (const KernelSpec &K : P.Kernels)
    if (Req.KernelIds.empty() ||
        std::find(Req.KernelIds.begin(), Req.KernelIds.end(), K.Id) !=
            Req.KernelIds.end())
      Selected.push_back(&K);
  return Selected;
}

Measurement measurementHeader(const Plan &P, const RunRequest &Req,
                              const DeviceRef &Ref, const DeviceInfo &Info) {
  Measurement M;
  M.Command = Req.Command;
  M.Date = isoDateUtc();
  M.PlanPath = P.Path;
  M.PlanHash = P.Hash;
  M.Platform = Ref.PlatformName;
  M.PlatformVersion = Ref.PlatformVersion;
  M.Device = Info;
  M.Settings = Req.Settings;
  return M;
}

void reportKernel(const RunRequest &Req, size_t I, size_t N,
                  const std::string &Id, const std::string &Status,
                  const std::string &Message, const std::string &OkText) {
  std::string Line = "clspread-run: [" + std::to_string(I + 1) + "/" +
                     std::to_string(N) + "] " + Id + ": ";
  if (Status == "ok") {
    if (Req.Progress)
      std::cerr << Line << OkText << "\n";
  } else if (Req.Progress || Req.ReportFailures) {
    // The first line, then (build logs) up to 20 more lines indented.
    std::istringstream Msg(Message);
    std::string First, More;
    std::getline(Msg, First);
    std::cerr << Line << Status << ": " << First << "\n";
    for (int K = 0; K < 20 && std::getline(Msg, More); ++K)
      std::cerr << "    " << More << "\n";
  }
}

void reportKernel(const RunRequest &Req, size_t I, size_t N,
                  const KernelResult &R) {
  std::ostringstream Ok;
  if (R.ok()) {
    Ok << durationText(R.Device.Median) << " median of " << R.Device.Count
       << " (cv " << int(R.Device.Cv * 1000) / 10.0 << "%)";
    if (R.Deterministic && !*R.Deterministic)
      Ok << ", output differs between launches";
  }
  reportKernel(Req, I, N, R.Id, R.Status, R.Message, Ok.str());
}

Measurement runPlan(const Plan &P, const RunRequest &Req) {
  std::vector<const KernelSpec *> Selected = selectKernels(P, Req);
  DeviceRef Ref = selectDevice(Req.PlatformSel, Req.DeviceSel);
  Measurement M = measurementHeader(P, Req, Ref, queryDeviceInfo(Ref.Device));
  DeviceSession Session(Ref, M.Device);
  if (Req.Progress)
    std::cerr << "clspread-run: " << M.Device.Name << " (" << M.Platform
              << "), " << Selected.size() << " kernel(s)\n";
  for (size_t I = 0; I < Selected.size(); ++I) {
    KernelResult R = runKernel(Session, *Selected[I], Req.Settings);
    reportKernel(Req, I, Selected.size(), R);
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

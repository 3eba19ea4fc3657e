//===- main.cpp - clspread-run: flags and wiring --------------------------===//
//
// Parses the command line and hands over to lib/Runtime. The flags are
// parsed by hand on purpose: the runner must build on boards that have
// only a C++17 compiler, CMake, the OpenCL headers and nlohmann/json, and
// a dozen flags do not justify carrying another header library there.
//
// Exit status: 0 every kernel ok (or --list / --compare found nothing
// wrong), 1 some kernel failed (crashed included) or --compare found a
// difference, 2 bad usage, unreadable plan, no device, or output not
// written. Kernels run in worker processes (lib/Runtime/Isolation.h) unless
// --no-isolate.
//
//===----------------------------------------------------------------------===//
#include "AtomicFile.h"
#include "ClError.h"
#include "Compare.h"
#include "DeviceInfo.h"
#include "Isolation.h"
#include "Measurement.h"
#include "Plan.h"
#include "RunPlan.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace clspread::runtime;

// In an ASan build (CLSPREAD_SANITIZE) leak checking is off for the
// runner alone: at exit LeakSanitizer stops every thread, and PoCL's worker
// threads crash its tracer ("Tracer caught signal 11"). Address and UB
// checks stay on; the runner's own code is leak-checked by
// runtime_selftest, which loads no OpenCL platform.
#if defined(__SANITIZE_ADDRESS__)
#define CLSPREAD_RUN_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CLSPREAD_RUN_ASAN 1
#endif
#endif
#ifdef CLSPREAD_RUN_ASAN
extern "C" const char *__asan_default_options() { return "detect_leaks=0"; }
#endif

namespace {

const char *Usage = R"(usage: clspread-run [options] PLAN.json
       clspread-run --list [--json] [--platform P]
       clspread-run --compare A.json B.json [--json] [--rtol X]

Runs the kernels of a clspread plan on an OpenCL device and writes the
measurement JSON (timings, output checksums) to stdout or -o FILE.

options:
  -o, --output FILE     write the JSON to FILE (atomically) instead of stdout
  --platform N|TEXT     platform index, or a substring of its name or vendor
  --device N|TEXT       device index (as --list numbers them), or a substring
                        of its name or vendor; default: the first GPU, else
                        the first device
  --list                list platforms and devices with their figures
  --json                --list and --compare: print JSON instead of text
  --kernel ID           run only this plan kernel (repeatable)
  --repeats N           timed launches: exactly N, or at least N with --min-time
  --min-time S          keep launching until the kernel time adds up to S
                        seconds (default: >= 10 launches and >= 0.2 s)
  --max-repeats N       cap on timed launches (default 1000)
  --warmup N            untimed launches first (default 2)
  --timeout S           watchdog per launch in seconds; 0 = none (default 60)
  --local-sweep         also time a set of local sizes per kernel
  --isolate             run each kernel in a worker process of its own. By
                        default one worker runs the kernels and a fresh one
                        takes over after a kernel crashes (status "crashed",
                        with the signal), hangs or fails on the device, so
                        one bad kernel never costs the others or the JSON
  --no-isolate          run every kernel in this process (debuggers): a
                        crashing kernel ends the run and no JSON is written
  --seed N              seed of the random input data (default 1)
  --rtol X              --compare: relative tolerance of float samples (1e-4)
  -q, --quiet           no progress or failure lines on stderr
  -h, --help            this text
  --version             print the version

exit status: 0 all kernels ok, 1 some kernel failed or crashed (or --compare
found a difference), 2 bad usage, unreadable plan, no device, or output not
written.
)";

struct Args {
  std::string Plan, Output, Platform, Device;
  std::vector<std::string> Kernels, Compare;
  bool List = false, Json = false, Quiet = false, Sweep = false;
  bool Isolate = false, NoIsolate = false;
  std::optional<unsigned> Repeats, MaxRepeats, Warmup;
  std::optional<double> MinTime, Timeout, RTol;
  uint64_t Seed = 1;
};

[[noreturn]] void usageError(const std::string &Msg) {
  std::cerr << "clspread-run: error: " << Msg << "\n"
            << "(run clspread-run --help for the options)\n";
  std::exit(2);
}

unsigned long long parseCount(const std::string &Flag, const std::string &V) {
  try {
    size_t Pos = 0;
    if (!V.empty() && V[0] != '-') {
      unsigned long long N = std::stoull(V, &Pos, 0);
      if (Pos == V.size())
        return N;
    }
  } catch (const std::exception &) {
  }
  usageError(Flag + " expects a non-negative integer, got '" + V + "'");
}

double parseSeconds(const std::string &Flag, const std::string &V) {
  try {
    size_t Pos = 0;
    double D = std::stod(V, &Pos);
    if (Pos == V.size() && D >= 0)
      return D;
  } catch (const std::exception &) {
  }
  usageError(Flag + " expects a non-negative number, got '" + V + "'");
}

Args parseArgs(int Argc, char **Argv) {
  Args A;
  std::vector<std::string> Av(Argv + 1, Argv + Argc);
  for (size_t I = 0; I < Av.size(); ++I) {
    std::string Flag = Av[I], Inline;
    bool HasInline = false;
    if (Flag.rfind("--", 0) == 0 && Flag.find('=') != std::string::npos) {
      Inline = Flag.substr(Flag.find('=') + 1);
      Flag = Flag.substr(0, Flag.find('='));
      HasInline = true;
    }
    auto value = [&]() -> std::string {
      if (HasInline)
        return Inline;
      if (I + 1 >= Av.size())
        usageError(Flag + " needs a value");
      return Av[++I];
    };
    auto noValue = [&]() {
      if (HasInline)
        usageError(Flag + " takes no value");
    };
    if (Flag == "-h" || Flag == "--help") {
      std::cout << Usage;
      std::exit(0);
    } else if (Flag == "--version") {
      std::cout << "clspread-run " << RunnerVersion << "\n";
      std::exit(0);
    } else if (Flag == "-o" || Flag == "--output") {
      A.Output = value();
    } else if (Flag == "--platform") {
      A.Platform = value();
    } else if (Flag == "--device") {
      A.Device = value();
    } else if (Flag == "--list") {
      noValue();
      A.List = true;
    } else if (Flag == "--json") {
      noValue();
      A.Json = true;
    } else if (Flag == "--kernel") {
      A.Kernels.push_back(value());
    } else if (Flag == "--repeats") {
      A.Repeats = unsigned(parseCount(Flag, value()));
      if (*A.Repeats == 0)
        usageError("--repeats must be at least 1");
    } else if (Flag == "--max-repeats") {
      A.MaxRepeats = unsigned(parseCount(Flag, value()));
      if (*A.MaxRepeats == 0)
        usageError("--max-repeats must be at least 1");
    } else if (Flag == "--min-time") {
      A.MinTime = parseSeconds(Flag, value());
    } else if (Flag == "--warmup") {
      A.Warmup = unsigned(parseCount(Flag, value()));
    } else if (Flag == "--timeout") {
      A.Timeout = parseSeconds(Flag, value());
    } else if (Flag == "--local-sweep") {
      noValue();
      A.Sweep = true;
    } else if (Flag == "--isolate") {
      noValue();
      A.Isolate = true;
    } else if (Flag == "--no-isolate") {
      noValue();
      A.NoIsolate = true;
    } else if (Flag == "--seed") {
      A.Seed = parseCount(Flag, value());
    } else if (Flag == "--rtol") {
      A.RTol = parseSeconds(Flag, value());
    } else if (Flag == "-q" || Flag == "--quiet") {
      noValue();
      A.Quiet = true;
    } else if (Flag == "--compare") {
      noValue();
      if (I + 2 >= Av.size())
        usageError("--compare needs two measurement files");
      A.Compare = {Av[I + 1], Av[I + 2]};
      I += 2;
    } else if (Flag.size() > 1 && Flag[0] == '-') {
      usageError("unknown option '" + Flag + "'");
    } else if (A.Plan.empty()) {
      A.Plan = Flag;
    } else {
      usageError("more than one plan given ('" + A.Plan + "' and '" + Flag +
                 "')");
    }
  }
  if (A.Isolate && A.NoIsolate)
    usageError("--isolate and --no-isolate exclude each other");
  return A;
}

/// Prints \p Text to stdout or writes it atomically to \p Path.
bool emit(const std::string &Path, const std::string &Text) {
  if (Path.empty()) {
    std::cout << Text;
    std::cout.flush();
    return bool(std::cout);
  }
  std::string Err;
  if (!writeFileAtomically(Path, Text, Err)) {
    std::cerr << "clspread-run: error: " << Err << "\n";
    return false;
  }
  return true;
}

std::string joinArgv(int Argc, char **Argv) {
  std::string S;
  for (int I = 0; I < Argc; ++I) {
    std::string A = Argv[I];
    bool Quote = A.empty() || A.find_first_of(" \t\"'$\\") != std::string::npos;
    if (I)
      S += ' ';
    S += Quote ? "'" + A + "'" : A;
  }
  return S;
}

int runList(const Args &A) {
  std::vector<DeviceRef> Devs = listDevices(A.Platform);
  if (A.Json)
    return emit(A.Output, deviceListJson(Devs).dump(2) + "\n") ? 0 : 2;
  std::ostringstream OS;
  printDeviceList(OS, Devs);
  if (Devs.empty())
    OS << "no OpenCL devices\n";
  return emit(A.Output, OS.str()) ? 0 : 2;
}

int runCompare(const Args &A) {
  CompareOptions Opts;
  if (A.RTol)
    Opts.RTol = *A.RTol;
  nlohmann::json C = compareMeasurements(loadMeasurement(A.Compare[0]),
                                         loadMeasurement(A.Compare[1]),
                                         A.Compare[0], A.Compare[1], Opts);
  std::string Text;
  if (A.Json) {
    Text = C.dump(2) + "\n";
  } else {
    std::ostringstream OS;
    printComparison(OS, C);
    Text = OS.str();
  }
  if (!emit(A.Output, Text))
    return 2;
  return C["ok"].get<bool>() ? 0 : 1;
}

int runMeasure(const Args &A, int Argc, char **Argv) {
  RunRequest Req;
  Req.PlatformSel = A.Platform;
  Req.DeviceSel = A.Device;
  Req.KernelIds = A.Kernels;
  Req.Command = joinArgv(Argc, Argv);
  Req.Progress = !A.Quiet && ::isatty(2);
  Req.ReportFailures = !A.Quiet;
  RunSettings &S = Req.Settings;
  S.Seed = A.Seed;
  S.LocalSweep = A.Sweep;
  if (A.Warmup)
    S.Warmup = *A.Warmup;
  if (A.Timeout)
    S.Timeout = *A.Timeout;
  // --repeats alone means exactly N launches; with --min-time it is a
  // minimum (see docs/runner.md, "Repeats").
  if (A.Repeats && !A.MinTime) {
    S.MinRepeats = *A.Repeats;
    S.MinTime = 0;
    S.MaxRepeats =
        A.MaxRepeats ? std::max(*A.MaxRepeats, *A.Repeats) : *A.Repeats;
  } else {
    if (A.Repeats)
      S.MinRepeats = *A.Repeats;
    if (A.MinTime)
      S.MinTime = *A.MinTime;
    if (A.MaxRepeats)
      S.MaxRepeats = *A.MaxRepeats;
    S.MaxRepeats = std::max(S.MaxRepeats, S.MinRepeats);
  }

  // An output that is the plan itself would replace the plan with its
  // measurements: refused before anything runs.
  if (!A.Output.empty()) {
    struct stat In, Out;
    if (::stat(A.Plan.c_str(), &In) == 0 &&
        ::stat(A.Output.c_str(), &Out) == 0 && S_ISREG(Out.st_mode) &&
        In.st_dev == Out.st_dev && In.st_ino == Out.st_ino)
      throw UsageError("the output '" + A.Output + "' is the plan '" + A.Plan +
                       "'; writing it would destroy the plan");
  }
  // Plan, usage, device and OpenCL errors end the run in main().
  Plan P = loadPlan(A.Plan);
  nlohmann::json J;
  bool Abandoned = false;
  if (A.NoIsolate) {
    Measurement M = runPlan(P, Req);
    J = M.toJson();
    J["settings"]["isolation"] = "none";
    Abandoned = M.Abandoned;
  } else {
    // No OpenCL call happens in this process: workers open the device.
    J = runIsolated(P, Req,
                    A.Isolate ? Isolation::PerKernel : Isolation::Worker);
  }
  int Failures = 0;
  for (const nlohmann::json &R : J["results"])
    Failures += R.value("status", "") != "ok";
  int Status = emit(A.Output, J.dump(2, ' ', false,
                                     nlohmann::json::error_handler_t::replace) +
                                  "\n")
                   ? (Failures ? 1 : 0)
                   : 2;
  if (Abandoned) {
    // A timed-out kernel may still be running: skip driver teardown, which
    // could wait for it.
    std::fflush(nullptr);
    std::_Exit(Status);
  }
  return Status;
}

} // namespace

int main(int Argc, char **Argv) {
  Args A = parseArgs(Argc, Argv);
  if (!A.Compare.empty() && !A.Plan.empty())
    usageError("--compare takes two measurement files and no plan");
  try {
    if (!A.Compare.empty())
      return runCompare(A);
    if (A.List)
      return runList(A);
    if (A.Plan.empty())
      usageError("no plan given");
    return runMeasure(A, Argc, Argv);
  } catch (const std::exception &E) { // every error of the run: exit 2
    std::cerr << "clspread-run: error: " << E.what() << "\n";
    return 2;
  }
}

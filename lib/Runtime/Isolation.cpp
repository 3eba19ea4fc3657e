//===- Isolation.cpp - Kernels in worker processes ------------------------===//
#include "Isolation.h"
#include "DeviceSession.h"
#include "KernelRun.h"
#include "Watchdog.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

using nlohmann::json;

namespace clspread::runtime {

const char *isolationName(Isolation I) {
  return I == Isolation::PerKernel ? "per_kernel" : "worker";
}

std::string signalName(int Sig) {
  switch (Sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGABRT:
    return "SIGABRT";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  case SIGKILL:
    return "SIGKILL";
  case SIGTERM:
    return "SIGTERM";
  case SIGTRAP:
    return "SIGTRAP";
  case SIGSYS:
    return "SIGSYS";
  default:
    return "signal " + std::to_string(Sig);
  }
}

namespace {

// ---- the worker side -------------------------------------------------------

int ChannelFd = -1;
std::mutex ChannelLock;

/// One message to the supervisor: a JSON object on one line.
void send(const json &J) {
  // Build logs may hold bytes that are not UTF-8: replace, never throw.
  std::string S = J.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
  std::lock_guard<std::mutex> Lock(ChannelLock);
  for (size_t Done = 0; Done < S.size();) {
    ssize_t N = ::write(ChannelFd, S.data() + Done, S.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      ::_exit(4); // the supervisor is gone
    Done += size_t(N);
  }
}

[[noreturn]] void onHang(const std::string &What) {
  send({{"hung", What}});
  std::fflush(nullptr);
  ::_exit(3);
}

struct Batch {
  const std::vector<const KernelSpec *> *Kernels;
  size_t Begin, End; ///< indexes into Kernels
  bool Header;       ///< send the measurement header
};

[[noreturn]] void workerMain(int Fd, const Plan &P, const RunRequest &Req,
                             const Batch &B, Isolation Mode) {
  ChannelFd = Fd;
  startWatchdog(Req.Settings.Timeout, onHang);
  // Test hook (tests/runner, case watchdog-blocking): keep using the
  // process after a timeout, as an in-process run does, so that the
  // watchdog over blocking calls is what saves the run.
  bool Keep = std::getenv("CLSPREAD_RUN_TEST_KEEP_WORKER") != nullptr;
  const std::vector<const KernelSpec *> &Sel = *B.Kernels;
  bool Abandoned = false;
  try {
    DeviceRef Ref;
    DeviceInfo Info;
    {
      WatchGuard G("opening the device (clGetPlatformIDs, clGetDeviceInfo, a "
                   "trivial build)",
                   std::max(watchdogSeconds(), 300.0));
      Ref = selectDevice(Req.PlatformSel, Req.DeviceSel);
      Info = queryDeviceInfo(Ref.Device);
    }
    if (B.Header) {
      Measurement M = measurementHeader(P, Req, Ref, Info);
      json H = M.toJson();
      H["settings"]["isolation"] = isolationName(Mode);
      send({{"header", H}});
      if (Req.Progress)
        std::cerr << "clspread-run: " << Info.Name << " (" << Ref.PlatformName
                  << "), " << Sel.size() << " kernel(s)\n";
    }
    DeviceSession Session(Ref, Info);
    Session.RenewAfterAbandon = Keep;
    for (size_t I = B.Begin; I < B.End; ++I) {
      send({{"start", I}});
      KernelResult R = runKernel(Session, *Sel[I], Req.Settings);
      if (Mode == Isolation::PerKernel)
        R.Warnings.push_back("run in a process of its own (--isolate)");
      reportKernel(Req, I, Sel.size(), R);
      send({{"result", R.toJson()}});
      Abandoned = Session.abandonedWork();
      if (Abandoned && !Keep) {
        send({{"abandoned", true}});
        break;
      }
    }
  } catch (const std::exception &E) {
    send({{"fatal", E.what()}});
    std::fflush(nullptr);
    ::_exit(2);
  }
  std::fflush(nullptr);
  if (Abandoned) // a kernel may still be running: no driver teardown
    ::_exit(0);
  std::exit(0);
}

// ---- the supervisor side ---------------------------------------------------

struct Outcome {
  json Header;
  std::vector<json> Results;
  bool Abandoned = false;
  std::string Hung, Fatal;
  int Status = 0; ///< waitpid status
};

Outcome runWorker(const Plan &P, const RunRequest &Req, const Batch &B,
                  Isolation Mode) {
  int Fds[2];
  if (::pipe2(Fds, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("cannot create a pipe: ") +
                             std::strerror(errno));
  std::fflush(nullptr);
  std::cerr.flush();
  pid_t Pid = ::fork();
  if (Pid < 0) {
    int E = errno;
    ::close(Fds[0]);
    ::close(Fds[1]);
    throw std::runtime_error(std::string("cannot start a worker process: ") +
                             std::strerror(E));
  }
  if (Pid == 0) {
    ::close(Fds[0]);
    workerMain(Fds[1], P, Req, B, Mode);
  }
  ::close(Fds[1]);
  Outcome O;
  std::string Buf;
  char Chunk[1 << 16];
  auto handle = [&](const std::string &Line) {
    json J = json::parse(Line, nullptr, false);
    if (!J.is_object())
      return;
    if (J.contains("header"))
      O.Header = std::move(J["header"]);
    else if (J.contains("result"))
      O.Results.push_back(std::move(J["result"]));
    else if (J.contains("abandoned"))
      O.Abandoned = true;
    else if (J.contains("hung") && J["hung"].is_string())
      O.Hung = J["hung"].get<std::string>();
    else if (J.contains("fatal") && J["fatal"].is_string())
      O.Fatal = J["fatal"].get<std::string>();
  };
  for (;;) {
    ssize_t N = ::read(Fds[0], Chunk, sizeof Chunk);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    Buf.append(Chunk, size_t(N));
    size_t Start = 0;
    for (size_t Nl; (Nl = Buf.find('\n', Start)) != std::string::npos;
         Start = Nl + 1)
      handle(Buf.substr(Start, Nl - Start));
    Buf.erase(0, Start);
  }
  ::close(Fds[0]);
  while (::waitpid(Pid, &O.Status, 0) < 0 && errno == EINTR) {
  }
  return O;
}

/// How the worker ended, for a message: "died of signal 11 (SIGSEGV)".
std::string endText(int Status) {
  if (WIFSIGNALED(Status))
    return "died of signal " + std::to_string(WTERMSIG(Status)) + " (" +
           signalName(WTERMSIG(Status)) + ")";
  return "exited with status " + std::to_string(WEXITSTATUS(Status)) +
         " without a result";
}

} // namespace

json runIsolated(const Plan &P, const RunRequest &Req, Isolation Mode) {
  std::vector<const KernelSpec *> Sel = selectKernels(P, Req);
  json Header;
  json Results = json::array();
  size_t Next = 0;
  while (Header.is_null() || Next < Sel.size()) {
    size_t End = Mode == Isolation::PerKernel ? std::min(Next + 1, Sel.size())
                                              : Sel.size();
    Batch B{&Sel, Next, End, Header.is_null()};
    Outcome O = runWorker(P, Req, B, Mode);
    if (Header.is_null()) {
      if (O.Header.is_null()) {
        // The device never opened: nothing to measure on (exit 2).
        if (!O.Fatal.empty())
          throw std::runtime_error(O.Fatal);
        if (!O.Hung.empty())
          throw std::runtime_error(O.Hung);
        throw std::runtime_error("the worker process opening the device " +
                                 endText(O.Status));
      }
      Header = std::move(O.Header);
    }
    for (json &R : O.Results)
      Results.push_back(std::move(R));
    Next += O.Results.size();
    if (Next >= End || O.Abandoned)
      continue;

    // The worker stopped while running kernel Next.
    const KernelSpec &K = *Sel[Next];
    KernelResult R = resultFor(K);
    std::optional<int> Signal;
    if (!O.Hung.empty()) {
      R.Status = "timeout";
      R.Message =
          O.Hung + "; its process was ended and the run went on in a fresh one";
    } else if (!O.Fatal.empty()) {
      R.Status = "error";
      R.Message = "a fresh process could not open the device again: " + O.Fatal;
    } else {
      R.Status = "crashed";
      R.Message = "the runner's process " + endText(O.Status) +
                  " while running this kernel";
      if (WIFSIGNALED(O.Status))
        Signal = WTERMSIG(O.Status);
      if (O.Results.size() > 0) {
        // Heap corruption surfaces later than its cause: blame this kernel
        // only if it crashes alone too.
        Batch Alone{&Sel, Next, Next + 1, false};
        Outcome A = runWorker(P, Req, Alone, Mode);
        if (A.Results.size() == 1) {
          json J = std::move(A.Results[0]);
          J["warnings"].push_back(
              "the process it first ran in " + endText(O.Status) +
              " while running it, after " + std::to_string(O.Results.size()) +
              " other kernel(s); run again alone it did not, so an "
              "earlier kernel may have corrupted that process's memory");
          Results.push_back(std::move(J));
          ++Next;
          continue;
        }
        R.Message +=
            "; run again alone in a fresh process it " +
            (!A.Hung.empty()    ? "hung: " + A.Hung
             : !A.Fatal.empty() ? "could not open the device: " + A.Fatal
                                : endText(A.Status));
        if (WIFSIGNALED(A.Status))
          Signal = WTERMSIG(A.Status);
      }
    }
    if (Mode == Isolation::PerKernel)
      R.Warnings.push_back("run in a process of its own (--isolate)");
    reportKernel(Req, Next, Sel.size(), R.Id, R.Status, R.Message, "");
    json J = R.toJson();
    if (Signal)
      J["signal"] = *Signal;
    Results.push_back(std::move(J));
    ++Next;
  }
  Header["results"] = std::move(Results);
  return Header;
}

} // namespace clspread::runtime

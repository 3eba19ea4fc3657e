//===- AtomicFile.cpp - Write a file all at once or not at all ------------===//
#include "AtomicFile.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace clspread::runtime {

// The temporary file being written, for the signal handler: SIGINT or
// SIGTERM while it exists removes it (the target is untouched) and then
// dies of the signal as before. A fixed buffer, since a handler may not
// allocate; only unlink() and raise() run in it, both async-signal-safe.
static char PendingTmp[4096];
static volatile sig_atomic_t HavePending = 0;

static void removePendingAndDie(int Sig) {
  if (HavePending)
    ::unlink(PendingTmp);
  std::signal(Sig, SIG_DFL);
  std::raise(Sig);
}

namespace {
/// Installs the handler while a temporary file exists.
struct PendingGuard {
  struct sigaction OldInt{}, OldTerm{};
  bool Installed = false;
  explicit PendingGuard(const std::string &Tmp) {
    if (Tmp.size() >= sizeof PendingTmp)
      return;
    std::memcpy(PendingTmp, Tmp.c_str(), Tmp.size() + 1);
    HavePending = 1;
    struct sigaction Act{};
    Act.sa_handler = removePendingAndDie;
    sigemptyset(&Act.sa_mask);
    ::sigaction(SIGINT, &Act, &OldInt);
    ::sigaction(SIGTERM, &Act, &OldTerm);
    Installed = true;
  }
  ~PendingGuard() {
    HavePending = 0;
    if (!Installed)
      return;
    ::sigaction(SIGINT, &OldInt, nullptr);
    ::sigaction(SIGTERM, &OldTerm, nullptr);
  }
};
} // namespace

bool writeFileAtomically(const std::string &Path, const std::string &Text,
                         std::string &Error) {
  std::string Tmp = Path + ".tmp." + std::to_string(::getpid());
  PendingGuard Guard(Tmp);
  int Fd = ::open(Tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (Fd < 0) {
    Error = "cannot create " + Tmp + ": " + std::strerror(errno);
    return false;
  }
  const char *P = Text.data();
  size_t Left = Text.size();
  while (Left > 0) {
    ssize_t N = ::write(Fd, P, Left);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      Error = "cannot write " + Tmp + ": " + std::strerror(errno);
      ::close(Fd);
      ::unlink(Tmp.c_str());
      return false;
    }
    P += N;
    Left -= size_t(N);
  }
  // fsync so that a crash right after the rename cannot expose an empty file.
  bool Synced = ::fsync(Fd) == 0;
  bool Closed = ::close(Fd) == 0;
  if (!Synced || !Closed) {
    Error = "cannot flush " + Tmp + ": " + std::strerror(errno);
    ::unlink(Tmp.c_str());
    return false;
  }
  if (std::rename(Tmp.c_str(), Path.c_str()) != 0) {
    Error =
        "cannot rename " + Tmp + " to " + Path + ": " + std::strerror(errno);
    ::unlink(Tmp.c_str());
    return false;
  }
  return true;
}

} // namespace clspread::runtime

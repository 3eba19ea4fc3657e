//===- AtomicFile.cpp - Write a file all at once or not at all ------------===//
#include "AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace clspread::runtime {

bool writeFileAtomically(const std::string &Path, const std::string &Text, std::string &Error) {
  std::string Tmp = Path + ".tmp." + std::to_string(::getpid());
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
    Error = "cannot rename " + Tmp + " to " + Path + ": " + std::strerror(errno);
    ::unlink(Tmp.c_str());
    return false;
  }
  return true;
}

} // namespace clspread::runtime

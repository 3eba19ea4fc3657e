//===- OutputFile.cpp - Write an output whole, or leave the old one -------===//
#include "Support/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

namespace clspread {

char OutputError::ID = 0;

void OutputError::log(raw_ostream &OS) const {
  OS << "cannot write '" << Path << "': " << Reason;
}

std::error_code OutputError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

static Error failed(StringRef Path, const Twine &Reason) {
  return make_error<OutputError>(Path.str(), Reason.str());
}

static std::string errnoText() { return std::strerror(errno); }

std::optional<std::string> outputProblem(StringRef Path,
                                         ArrayRef<std::string> Inputs) {
  if (Path.empty() || Path == "-")
    return std::nullopt;
  struct stat Out;
  if (::stat(Path.str().c_str(), &Out) != 0)
    return std::nullopt; // a new file: nothing to collide with
  if (S_ISDIR(Out.st_mode))
    return "cannot write '" + Path.str() + "': Is a directory";
  if (!S_ISREG(Out.st_mode))
    return std::nullopt; // a device or FIFO is written in place
  for (const std::string &In : Inputs) {
    struct stat I;
    if (!In.empty() && ::stat(In.c_str(), &I) == 0 && I.st_dev == Out.st_dev &&
        I.st_ino == Out.st_ino)
      return "the output '" + Path.str() + "' is the input '" + In +
             "'; writing it would destroy the input";
  }
  return std::nullopt;
}

/// Writes all of \p Bytes to \p FD, retrying short writes and EINTR.
static bool writeAll(int FD, StringRef Bytes) {
  const char *P = Bytes.data();
  size_t Left = Bytes.size();
  while (Left > 0) {
    ssize_t N = ::write(FD, P, Left);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      if (N == 0)
        errno = EIO;
      return false;
    }
    P += N;
    Left -= size_t(N);
  }
  return true;
}

/// The descriptor a path names when it is one of the process's own:
/// /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N.
static std::optional<int> ownDescriptor(StringRef Path) {
  if (Path == "/dev/stdout")
    return STDOUT_FILENO;
  if (Path == "/dev/stderr")
    return STDERR_FILENO;
  unsigned N;
  if ((Path.consume_front("/dev/fd/") ||
       Path.consume_front("/proc/self/fd/")) &&
      !Path.getAsInteger(10, N))
    return int(N);
  return std::nullopt;
}

/// Standard output, a device or a FIFO: written in place, as they are;
/// \p Close for a descriptor opened here.
static Error writeInPlace(StringRef Path, int FD, StringRef Bytes, bool Close) {
  bool Ok = writeAll(FD, Bytes);
  int Saved = errno;
  if (Close && ::close(FD) != 0 && Ok) {
    Ok = false;
    Saved = errno;
  }
  if (!Ok) {
    errno = Saved;
    return failed(Path, errnoText());
  }
  return Error::success();
}

Error writeOutput(StringRef Path, StringRef Bytes) {
  if (Path.empty() || Path == "-")
    Path = "/dev/stdout";
  // /dev/stdout and /proc/self/fd/N name a descriptor already open,
  // whatever it is (a terminal, a pipe, a file the shell redirected to):
  // a rename would not reach it, so it is written as it is.
  if (std::optional<int> Own = ownDescriptor(Path)) {
    outs().flush();
    errs().flush();
    return writeInPlace(Path, *Own, Bytes, /*Close=*/false);
  }
  std::string Target = Path.str();
  struct stat St;
  bool Exists = ::stat(Target.c_str(), &St) == 0;
  if (Exists && S_ISDIR(St.st_mode))
    return failed(Path, "Is a directory");
  // Anything else that is not a regular file is written in place too.
  if (Exists && !S_ISREG(St.st_mode)) {
    int FD = ::open(Target.c_str(), O_WRONLY | O_CLOEXEC);
    if (FD < 0)
      return failed(Path, errnoText());
    return writeInPlace(Path, FD, Bytes, /*Close=*/true);
  }
  // A symbolic link (or a chain) is followed: the file it names is
  // replaced and the link stays. A dangling link names a file to create.
  SmallString<256> Resolved(Target);
  for (int Hops = 0; Hops < 40; ++Hops) {
    struct stat L;
    if (::lstat(Resolved.c_str(), &L) != 0 || !S_ISLNK(L.st_mode))
      break;
    char Buf[4096];
    ssize_t N = ::readlink(Resolved.c_str(), Buf, sizeof Buf - 1);
    if (N < 0)
      return failed(Path, errnoText());
    StringRef Link(Buf, size_t(N));
    if (sys::path::is_absolute(Link)) {
      Resolved = Link;
    } else {
      SmallString<256> Dir(sys::path::parent_path(Resolved));
      sys::path::append(Dir, Link);
      Resolved = Dir;
    }
  }
  Target = std::string(Resolved);

  // The temporary file beside the target (same file system: the rename is
  // atomic), with the target's permissions, or the usual ones for a new
  // file (0666 less the umask).
  SmallString<256> Model(Target);
  Model += ".tmp-%%%%%%%%";
  SmallString<256> Temp;
  int FD = -1;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp))
    return failed(Path, EC.message());
  sys::RemoveFileOnSignal(Temp);
  auto Abandon = [&](const std::string &Reason) {
    if (FD >= 0)
      ::close(FD);
    ::unlink(Temp.c_str());
    sys::DontRemoveFileOnSignal(Temp);
    return failed(Path, Reason);
  };
  mode_t Mode;
  if (Exists) {
    Mode = St.st_mode & 07777;
  } else {
    mode_t Mask = ::umask(0);
    ::umask(Mask);
    Mode = 0666 & ~Mask;
  }
  if (::fchmod(FD, Mode) != 0)
    return Abandon(errnoText());
  if (!writeAll(FD, Bytes))
    return Abandon(errnoText());
  // Synced before the rename, so a crash right after it cannot leave an
  // empty file where the old one was; close() may report a deferred
  // write error (NFS, a full disk).
  if (::fsync(FD) != 0)
    return Abandon(errnoText());
  int Closing = FD;
  FD = -1;
  if (::close(Closing) != 0)
    return Abandon(errnoText());
  if (::rename(Temp.c_str(), Target.c_str()) != 0)
    return Abandon(errnoText());
  sys::DontRemoveFileOnSignal(Temp);
  return Error::success();
}

} // namespace clspread

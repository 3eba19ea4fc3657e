//===- Git.cpp - Running git for clspread diff ----------------------------===//
#include "Driver/Git.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace clspread {

Expected<std::string> runGit(ArrayRef<std::string> Args,
                             const std::string &Dir) {
  auto fail = [](const Twine &Why) -> Error {
    return createStringError(inconvertibleErrorCode(), Why.str());
  };
  ErrorOr<std::string> Git = sys::findProgramByName("git");
  if (!Git)
    return fail("git is not installed (clspread diff reads the base "
                "revision with it)");
  SmallString<128> OutPath, ErrPath;
  if (auto EC = sys::fs::createTemporaryFile("clspread-git", "out", OutPath))
    return fail("cannot create a temporary file: " + EC.message());
  if (auto EC = sys::fs::createTemporaryFile("clspread-git", "err", ErrPath)) {
    sys::fs::remove(OutPath);
    return fail("cannot create a temporary file: " + EC.message());
  }
  auto Cleanup = make_scope_exit([&] {
    sys::fs::remove(OutPath);
    sys::fs::remove(ErrPath);
  });
  std::vector<StringRef> Argv = {*Git};
  if (!Dir.empty()) {
    Argv.push_back("-C");
    Argv.push_back(Dir);
  }
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(OutPath),
                                          StringRef(ErrPath)};
  std::string ErrMsg;
  int RC =
      sys::ExecuteAndWait(*Git, Argv, std::nullopt, Redirects, 0, 0, &ErrMsg);
  auto Read = [](StringRef P) {
    auto B = MemoryBuffer::getFile(P);
    return B ? (*B)->getBuffer().str() : std::string();
  };
  if (RC != 0) {
    std::string Err = StringRef(Read(ErrPath)).trim().str();
    std::string Cmd = "git";
    for (const std::string &A : Args)
      Cmd += " " + A;
    return fail(
        "'" + Cmd + "' failed" +
        (Err.empty() ? (ErrMsg.empty() ? "" : ": " + ErrMsg) : ": " + Err));
  }
  return Read(OutPath);
}

} // namespace clspread

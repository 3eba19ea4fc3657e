//===- PathNames.cpp - Paths as reports and keys name them ----------------===//
#include "Support/PathNames.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace clspread {

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return llvm::sys::path::convert_to_slash(P);
}

std::string pathBelow(llvm::StringRef Abs, llvm::StringRef Dir) {
  if (Abs.size() > Dir.size() + 1 && Abs.starts_with(Dir) &&
      Abs[Dir.size()] == '/')
    return Abs.drop_front(Dir.size() + 1).str();
  return Abs.str();
}

} // namespace clspread

//===- OutputFile.h - Write an output whole, or leave the old one ---------===//
//
// Every file clspread writes (-o reports, plans, SARIF, workbooks, the
// calibrated profile, validate's directory) goes through writeOutput(), so
// that no failure (a full disk, an interrupt, a path that is a directory)
// loses a user's file:
//
//  - a regular file is replaced atomically: the bytes go to a temporary
//    file beside it, every write and the close are checked and the data
//    synced before the rename; on any error (a full disk) the temporary
//    file is removed and the old file stays as it was. The new file keeps
//    the old one's permissions;
//  - a symbolic link is followed and the file it names replaced, so the
//    link stays a link;
//  - a character device or FIFO (/dev/null, /dev/stdout, a pipe) is
//    written in place: a rename would replace the device node;
//  - an output that is one of the run's inputs (the same device and inode)
//    is refused before anything is written.
//
// Failures are OutputError, which the command line turns into exit code 3.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_SUPPORT_OUTPUTFILE_H
#define CLSPREAD_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace clspread {

/// An output that could not be written; the target is unchanged.
class OutputError : public llvm::ErrorInfo<OutputError> {
public:
  static char ID;
  OutputError(std::string Path, std::string Reason)
      : Path(std::move(Path)), Reason(std::move(Reason)) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
  std::string Path, Reason;
};

/// The problem with writing to \p Path, checked before any work is done:
/// a directory, or one of \p Inputs (same device and inode, symbolic links
/// followed). nullopt when it may be written ("-" always may).
std::optional<std::string> outputProblem(llvm::StringRef Path,
                                         llvm::ArrayRef<std::string> Inputs);

/// Writes \p Bytes to \p Path as the header describes; "-" is standard
/// output.
llvm::Error writeOutput(llvm::StringRef Path, llvm::StringRef Bytes);

} // namespace clspread

#endif

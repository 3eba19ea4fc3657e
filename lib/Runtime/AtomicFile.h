//===- AtomicFile.h - Write a file all at once or not at all ----*- C++ -*-===//
//
// Measurement files feed later steps (validate, --compare). A run killed
// halfway must not leave a truncated file that parses as a smaller result,
// so output goes to a temporary file in the same directory which is then
// renamed over the target (rename is atomic within one file system).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_ATOMICFILE_H
#define CLSPREAD_RUNTIME_ATOMICFILE_H

#include <string>

namespace clspread::runtime {

/// Writes \p Text to \p Path atomically; on failure returns false with
/// \p Error set and leaves any existing file untouched.
bool writeFileAtomically(const std::string &Path, const std::string &Text,
                         std::string &Error);

} // namespace clspread::runtime

#endif

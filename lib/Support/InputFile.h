//===- InputFile.h - Checks on the files clspread is given ------*- C++ -*-===//
//
// Guards at the edge of the tool (tests/bad-input tries each): a kernel
// source or a YAML input must be a regular file (a FIFO with no writer would
// block for ever, a directory or device is not an input), a kernel source
// must be text (no NUL byte), and a YAML file has a size limit (yaml-cpp
// holds the whole tree in memory: a 100 MB file needs several GiB).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_SUPPORT_INPUTFILE_H
#define CLSPREAD_SUPPORT_INPUTFILE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace clspread {

/// Most bytes of code (comments and whitespace aside) in a kernel source.
constexpr uint64_t MaxKernelCodeBytes = uint64_t(2) << 20;

/// Largest profile, manifest or configuration file clspread reads.
constexpr uint64_t MaxYamlFileBytes = uint64_t(16) << 20;

/// Largest kernel source or included header clspread opens, comments and
/// all (the code in it is held to MaxKernelCodeBytes): checked from the
/// file's size before a byte is read, so a 4 GB sparse file costs nothing.
constexpr uint64_t MaxKernelFileBytes = uint64_t(64) << 20;

/// Largest measurements JSON (clspread-run's output) clspread reads.
constexpr uint64_t MaxJsonFileBytes = uint64_t(256) << 20;

/// The one way clspread opens an input: \p Path must be a regular file
/// (a FIFO could block for ever, a device never end) of at most \p MaxBytes
/// by its size, checked before reading. Errors read "cannot read WHAT
/// 'PATH': ..." (without the "clspread: error: " prefix). \p What:
/// "measurements", or "" (a kernel source: "cannot read 'PATH': ...").
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(const std::string &Path, const char *What, uint64_t MaxBytes);

/// Reads a kernel source. Errors (message without the "clspread: error: "
/// prefix, which the caller adds): not a regular file, unreadable, binary,
/// or more than MaxKernelCodeBytes of code. A NUL byte gives "FILE:LINE:COL:
/// error: ..." in full, with
/// \p Placed set, since it has a place.
llvm::Expected<std::string> readKernelSource(const std::string &Path,
                                             bool &Placed);

/// The problem with a YAML input named \p Path, if it is an existing path
/// that is not a regular file or is larger than MaxYamlFileBytes; nullopt
/// otherwise (also for a path that does not exist: a profile id, or a
/// missing file the parser reports). \p What: "profile", "suite manifest".
std::optional<std::string> yamlFileProblem(const std::string &Path,
                                           const char *What);

} // namespace clspread

#endif

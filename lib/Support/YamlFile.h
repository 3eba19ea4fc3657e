//===- YamlFile.h - Reading YAML with located errors -----------*- C++ -*-===//
//
// The one YAML reader of clspread's inputs: device profiles, the lint
// configuration (.clspread.yaml) and suite manifests parse their text here
// and place their errors here, as `FILE:LINE:COL: error: MESSAGE` from a
// yaml-cpp mark. Each format then checks its own keys.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_SUPPORT_YAMLFILE_H
#define CLSPREAD_SUPPORT_YAMLFILE_H

#include "llvm/Support/Error.h"

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>

namespace clspread {

/// Where an error without a mark (no node, e.g. a missing top-level key)
/// points: at the file alone (`FILE: error: ...`), or at its first line
/// (`FILE:1:1: error: ...`, as profile errors always carry a place).
enum class NullMark { FileOnly, TopOfFile };

/// `FILE:LINE:COL: error: MSG` for the place \p M marks.
std::string yamlErrorText(std::string_view File, const YAML::Mark &M,
                          const std::string &Msg,
                          NullMark Null = NullMark::FileOnly);

/// yamlErrorText() as an llvm::Error.
llvm::Error yamlError(std::string_view File, const YAML::Mark &M,
                      const std::string &Msg,
                      NullMark Null = NullMark::FileOnly);

/// \p Text parsed as YAML, or its syntax error at its place.
llvm::Expected<YAML::Node> loadYaml(std::string_view Text,
                                    std::string_view File,
                                    NullMark Null = NullMark::FileOnly);

} // namespace clspread

#endif

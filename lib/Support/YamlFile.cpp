//===- YamlFile.cpp - Reading YAML with located errors --------------------===//
#include "Support/YamlFile.h"

#include <fmt/format.h>

namespace clspread {

std::string yamlErrorText(std::string_view File, const YAML::Mark &M,
                          const std::string &Msg, NullMark Null) {
  if (M.is_null() && Null == NullMark::FileOnly)
    return fmt::format("{}: error: {}", File, Msg);
  int Line = M.is_null() ? 0 : M.line, Col = M.is_null() ? 0 : M.column;
  return fmt::format("{}:{}:{}: error: {}", File, Line + 1, Col + 1, Msg);
}

llvm::Error yamlError(std::string_view File, const YAML::Mark &M,
                      const std::string &Msg, NullMark Null) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 yamlErrorText(File, M, Msg, Null));
}

llvm::Expected<YAML::Node> loadYaml(std::string_view Text,
                                    std::string_view File, NullMark Null) {
  try {
    return YAML::Load(std::string(Text));
  } catch (const YAML::Exception &E) {
    return yamlError(File, E.mark, E.msg, Null);
  }
}

} // namespace clspread

# format.cmake - the C++ tree is clang-format clean (.clang-format, LLVM
# style) with Debian's clang-format-19, which tools/bootstrap.sh installs:
# a change that is not formatted fails here with the lines to change.
# Skipped (77) where clang-format-19 is missing, except in CI.
find_program(CLSPREAD_CLANG_FORMAT clang-format-19)
add_test(NAME format/clang-format
  COMMAND sh ${PROJECT_SOURCE_DIR}/tests/scripts/check_format.sh
          ${CLSPREAD_CLANG_FORMAT}
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(format/clang-format PROPERTIES SKIP_RETURN_CODE 77)

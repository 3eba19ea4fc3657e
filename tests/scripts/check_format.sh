#!/bin/sh
# check_format.sh CLANG_FORMAT: every C++ file of lib/, tools/, tests/unit/,
# tests/runner/ and fuzz/ as clang-format would write it (kernels are test
# inputs whose lines tests check, and are never formatted). Run from the
# repository's root. Exit 0 clean, 1 with the differences, 77 without
# clang-format-19 (1 in CI, where tools/bootstrap.sh installs it).
cf=$1
if [ -z "$cf" ] || [ ! -x "$cf" ]; then
  if [ "$CI" = true ]; then
    echo "clang-format-19 is missing (tools/bootstrap.sh installs it)"
    exit 1
  fi
  echo "SKIP: clang-format-19 is not installed"
  exit 77
fi
files=$(git ls-files 'lib/*.cpp' 'lib/*.h' 'tools/*.cpp' 'tools/*.h' \
  'tests/unit/*.cpp' 'tests/unit/*.h' 'tests/runner/*.cpp' 'fuzz/*.cpp' \
  2>/dev/null)
[ -n "$files" ] || files=$(find lib tools tests/unit tests/runner fuzz \
  -name '*.cpp' -o -name '*.h')
# shellcheck disable=SC2086
"$cf" --dry-run --Werror $files

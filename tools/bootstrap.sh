#!/usr/bin/env bash
# bootstrap.sh - install what is missing, build, then run or test clspread.
#
#   tools/bootstrap.sh run        # install, build, analyze the bundled suite
#   tools/bootstrap.sh test       # install, build, run every test through CTest
#   tools/bootstrap.sh hardening  # the ASan+UBSan test build and the fuzz smoke
#
# In CI (CI=true) `test` runs `hardening` after the tests: the whole test
# suite again in an ASan + UBSan build (build-asan/), then each libFuzzer
# target for 7 s in a Clang build (build-fuzz/), both through CTest
# (docs/reliability.md).
#
# Packages come from Debian 12's archive only. Runs unattended (CI=true, no
# stdin): apt-get is non-interactive and nothing prompts.
set -euo pipefail
mode=${1:-run}
here=$(cd "$(dirname "$0")/.." && pwd)
build=${CLSPREAD_BUILD_DIR:-$here/build}

packages=(
  cmake ninja-build g++ python3
  llvm-19-dev llvm-19-tools libclang-19-dev libclang-cpp19-dev clang-19
  libcli11-dev libfmt-dev libyaml-cpp-dev libgtest-dev nlohmann-json3-dev
  ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers
  pocl-opencl-icd oclgrind clinfo libclc-19
  git python3-jsonschema python3-yaml pre-commit
  libfuzzer-19-dev libclang-rt-19-dev
  libxlsxwriter-dev libreoffice-calc-nogui chromium nodejs clang-format-19
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed' \
    || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi

hardening() {
  local asan=${CLSPREAD_ASAN_BUILD_DIR:-$here/build-asan}
  local fuzz=${CLSPREAD_FUZZ_BUILD_DIR:-$here/build-fuzz}
  echo "bootstrap: ASan + UBSan build of the whole test suite ($asan)"
  cmake -S "$here" -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCLSPREAD_SANITIZE=ON >/dev/null
  ninja -C "$asan" -j"$(nproc)"
  ASAN_OPTIONS=abort_on_error=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$asan" --output-on-failure --no-tests=error -j"$(nproc)"
  echo "bootstrap: libFuzzer targets, 7 s each ($fuzz)"
  CC=clang-19 CXX=clang++-19 cmake -S "$here" -B "$fuzz" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLSPREAD_FUZZ=ON \
    -DCLSPREAD_BUILD_TESTS=OFF >/dev/null
  ninja -C "$fuzz" -j"$(nproc)"
  ctest --test-dir "$fuzz" --output-on-failure --no-tests=error
}

if [ "$mode" = hardening ]; then
  hardening
  exit 0
fi

cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" -j"$(nproc)"

case "$mode" in
  run)
    "$build/bin/clspread" analyze
    ;;
  test)
    ctest --test-dir "$build" --output-on-failure --no-tests=error -j"$(nproc)"
    if [ "${CI:-}" = true ]; then
      hardening
    fi
    ;;
  *)
    echo "usage: tools/bootstrap.sh run|test|hardening" >&2
    exit 2
    ;;
esac

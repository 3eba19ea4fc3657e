#!/usr/bin/env bash
# bootstrap.sh - install what is missing, build, then run or test clspread.
#
#   tools/bootstrap.sh run    # install, build, analyze the bundled suite
#   tools/bootstrap.sh test   # install, build, run every test through CTest
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

cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" -j"$(nproc)"

case "$mode" in
  run)
    "$build/bin/clspread" analyze
    ;;
  test)
    ctest --test-dir "$build" --output-on-failure -j"$(nproc)"
    ;;
  *)
    echo "usage: tools/bootstrap.sh run|test" >&2
    exit 2
    ;;
esac

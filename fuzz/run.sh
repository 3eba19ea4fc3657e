#!/usr/bin/env bash
# run.sh - seeds each libFuzzer target's corpus from the bundled files and
# runs it (docs/reliability.md).
#
#   fuzz/run.sh BUILD_DIR SECONDS [TARGET ...]
#
# BUILD_DIR is a build configured with -DCLSPREAD_FUZZ=ON (fuzz/CMakeLists.txt).
# Each target runs SECONDS under a 2 GiB RSS limit and a 10 s per-input
# timeout; corpora and any crash, leak or timeout inputs go to
# BUILD_DIR/fuzz-work/TARGET. Exit 1 on the first target that finds one.
# CI's smoke is `fuzz/run.sh build-fuzz 7` (7 targets, about 65 s in all).
set -euo pipefail
build=$(cd "${1:?usage: fuzz/run.sh BUILD_DIR SECONDS [TARGET ...]}" && pwd)
secs=${2:?usage: fuzz/run.sh BUILD_DIR SECONDS [TARGET ...]}
shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(Profile Config Suite Plan Quantity Kernel CpuKernel)

seed() {
  local t=$1 dir=$2
  case $t in
    Profile) cp "$here"/device-profiles/*.yaml "$here"/tests/bad-input/data/profile/*.yaml "$dir"/ ;;
    Config)  cp "$here"/tests/bad-input/data/config/*.yaml "$dir"/
             find "$here/tests" -name '.clspread.yaml' |
               head -50 | while read -r f; do cp "$f" "$dir/$(echo "$f" | md5sum | cut -c1-12).yaml"; done ;;
    Suite)   cp "$here/kernels/suite.yaml" "$here"/tests/bad-input/data/suite/*.yaml "$dir/"
             find "$here/tests" -name 'suite*.yaml' | head -30 |
               while read -r f; do cp "$f" "$dir/$(echo "$f" | md5sum | cut -c1-12).yaml"; done ;;
    Plan)    find "$here/tests/runner" -name '*.json' | while read -r f; do cp "$f" "$dir/"; done ;;
    Quantity) i=0; for q in "3.35 TB/s" "2048x2048" "n=1024" "16 MiB" "750 MHz" \
                 "1e999" "-1" "0x10" "4 KiB" "1.5 ns" "64 B" "x=-3.5"; do
                 printf '%s' "$q" > "$dir/q$i"; i=$((i + 1)); done ;;
    Kernel|CpuKernel)
             for f in "$here"/kernels/*.cl; do
               [ "$(stat -c %s "$f")" -le 16384 ] && cp "$f" "$dir/"; done ;;
  esac
}

for t in "${targets[@]}"; do
  bin=$build/fuzz/fuzz_$t
  [ -x "$bin" ] || { echo "fuzz/run.sh: no $bin (configure with -DCLSPREAD_FUZZ=ON)" >&2; exit 2; }
  work=$build/fuzz-work/$t
  mkdir -p "$work/corpus" "$work/seed" "$work/artifacts"
  seed "$t" "$work/seed"
  # Inputs that once crashed a target (fuzz/regressions/TARGET): replayed
  # first, every run.
  [ -d "$here/fuzz/regressions/$t" ] && cp "$here/fuzz/regressions/$t"/* "$work/seed/"
  echo "fuzz/run.sh: fuzz_$t for ${secs}s"
  # What a crash of Clang's front end leaks on purpose (fuzz/lsan.supp).
  (cd "$work" && LSAN_OPTIONS="suppressions=$here/fuzz/lsan.supp:${LSAN_OPTIONS:-}" \
      "$bin" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=10 \
      -print_final_stats=1 -artifact_prefix="$work/artifacts/" \
      corpus seed >"$work/log.txt" 2>&1) || {
    echo "fuzz/run.sh: fuzz_$t found a problem; see $work/log.txt and $work/artifacts/" >&2
    tail -30 "$work/log.txt" >&2
    exit 1
  }
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|cov:' "$work/log.txt" | tail -3
done

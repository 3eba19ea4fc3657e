#!/usr/bin/env bash
# plan.sh - the launch plan behind docs/results/pocl-cpu/caches/: the
# launches of bench/cpu_caches/suite.yaml (what they show is written
# there), one plan per entry merged, as measured on 2026-11-28 together
# with calibrate's and the bundled suite's plans.
#   bench/cpu_caches/plan.sh PLAN.json
#   clspread-run -q --min-time 0.5 PLAN.json -o measured-caches.json
set -euo pipefail
out=${1:?usage: bench/cpu_caches/plan.sh PLAN.json}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ids=()
# id file kernel global local extra-args
while read -r id file k g l extra; do
  # shellcheck disable=SC2086
  "$bin" plan "$here/kernels/$file" --kernel "$k" --global "$g" --local "$l" \
    $extra --profile pocl-cpu -o "$tmp/$id.json" >/dev/null
  ids+=("$id")
done <<'LIST'
matmul-1024 matmul.cl matmul_naive 1024x1024 16x16 --arg N=1024
matmul-1040 matmul.cl matmul_naive 1040x1040 16x16 --arg N=1040
transpose-4096 transpose.cl transpose_naive 4096x4096 16x16 --arg width=4096 --arg height=4096
transpose-4112 transpose.cl transpose_naive 4112x4112 16x16 --arg width=4112 --arg height=4112
refetch-set-32 calibrate/calibrate.cl refetch 1024 256 --arg rows=32 --arg reps=64 --arg pitch=1024
refetch-set-1024 calibrate/calibrate.cl refetch 1024 256 --arg rows=1024 --arg reps=4 --arg pitch=1024
refetch-set-2048 calibrate/calibrate.cl refetch 1024 256 --arg rows=2048 --arg reps=2 --arg pitch=1024
refetch-spread-1024 calibrate/calibrate.cl refetch 1024 256 --arg rows=1024 --arg reps=4 --arg pitch=1040
refetch-spread-2048 calibrate/calibrate.cl refetch 1024 256 --arg rows=2048 --arg reps=2 --arg pitch=1040
LIST
python3 "$here/bench/merge_plans.py" "$tmp" "$out" "${ids[@]}"

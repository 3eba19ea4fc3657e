#!/usr/bin/env bash
# plan.sh - the launch plan behind
# docs/results/nvidia-h100-sxm/measured-column-access.json: the kernels of
# column_access.cl at 2048 x 2048 with groups of 32x1 and 256x1 (Fan2's
# launch leaves the shape to the driver, which measures like 256x1).
#   bench/column_access/plan.sh PLAN.json   # then on the device:
#   clspread-run -q PLAN.json -o measured-column-access.json
# python3 bench/cache_report.py --profile P PLAN.json MEASURED.json prints
# estimate beside measured.
set -euo pipefail
out=${1:?usage: bench/column_access/plan.sh PLAN.json}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
cl=$here/bench/column_access/column_access.cl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ids=()
for k in col_read col_write col_rmw col_fan2 row_rmw; do
  for l in 32x1 256x1; do
    "$bin" plan "$cl" --kernel "$k" --global 2048x2048 --local "$l" \
      --arg pitch=2048 --profile nvidia-h100-sxm -o "$tmp/$k-$l.json" >/dev/null
    ids+=("$k-$l")
  done
done
python3 "$here/bench/merge_plans.py" "$tmp" "$out" "${ids[@]}"

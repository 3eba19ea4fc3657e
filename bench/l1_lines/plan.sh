#!/usr/bin/env bash
# plan.sh - the launch plan behind
# docs/results/nvidia-h100-sxm/measured-l1-lines.json: warp loads that
# touch 1, 8, 16 or 32 L1-resident lines (l1_lines.cl), 1M work-items,
# 256 loads each.
#   bench/l1_lines/plan.sh PLAN.json   # then on the device:
#   clspread-run -q PLAN.json -o measured-l1-lines.json
# Clocks per line per SM: median_s x 1.98e9 / (1048576 / 32 x 256 / 132) / lines.
set -euo pipefail
out=${1:?usage: bench/l1_lines/plan.sh PLAN.json}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
cl=$here/bench/l1_lines/l1_lines.cl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ids=()
# id kernel stride(floats)
while read -r id k s; do
  "$bin" plan "$cl" --kernel "$k" --global 1048576 --local 256 \
    --arg stride="$s" --arg iters=256 --buffer in=64MiB \
    --profile nvidia-h100-sxm -o "$tmp/$id.json" >/dev/null
  ids+=("$id")
done <<'LIST'
l1 l1_lines 1
l8 l1_lines 8
l16 l1_lines 16
l32 l1_lines 32
LIST
python3 "$here/bench/merge_plans.py" "$tmp" "$out" "${ids[@]}"

#!/usr/bin/env bash
# plan.sh - the launch plan behind docs/results/nvidia-h200/l2-store-width/:
# l2_store_width.cl's three kernels, 256 rewrites per work-item, at
# 67584 and 270336 work-items in groups of 256 (16 and 64 wavefronts per
# SM on 132 SMs), and calibrate's store_reload at the same launches
# (reps 1: 256 stores, each loaded back).
#   bench/l2_store_width/plan.sh PLAN.json
#   clspread-run -q PLAN.json -o measured-l2-store-width.json
# Bytes per second through L2: work-items x 256 x bytes per store / median_s.
set -euo pipefail
out=${1:?usage: bench/l2_store_width/plan.sh PLAN.json}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
cl=$here/bench/l2_store_width/l2_store_width.cl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ids=()
for n in 67584 270336; do
  for k in rewrite_float rewrite_float2 rewrite_float4; do
    "$bin" plan "$cl" --kernel "$k" --global "$n" --local 256 --arg iters=256 \
      --profile nvidia-h200 -o "$tmp/$k-$n.json" >/dev/null
    ids+=("$k-$n")
  done
  "$bin" plan "$here/kernels/calibrate/calibrate.cl" --kernel store_reload \
    --global "$n" --local 256 --arg reps=1 --profile nvidia-h200 \
    -o "$tmp/store_reload-$n.json" >/dev/null
  ids+=("store_reload-$n")
done
python3 "$here/bench/merge_plans.py" "$tmp" "$out" "${ids[@]}"

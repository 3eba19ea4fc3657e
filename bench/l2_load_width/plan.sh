#!/usr/bin/env bash
# plan.sh - the launch plan behind docs/results/nvidia-h200/l2-load-width/:
# l2_load_width.cl's three kernels, 256 volatile reloads per work-item, at
# 67584 and 270336 work-items in groups of 256 (16 and 64 wavefronts per
# SM on 132 SMs), beside l2_store_width.cl's float and float4 rewrites at
# the same launches for the stores' rate in the same run.
#   bench/l2_load_width/plan.sh PLAN.json
#   clspread-run -q PLAN.json -o measured-l2-load-width.json
# Bytes per second through L2: work-items x 256 x bytes per load / median_s.
set -euo pipefail
out=${1:?usage: bench/l2_load_width/plan.sh PLAN.json}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
cl=$here/bench/l2_load_width/l2_load_width.cl
st=$here/bench/l2_store_width/l2_store_width.cl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ids=()
for n in 67584 270336; do
  for k in reload_float reload_float2 reload_float4; do
    "$bin" plan "$cl" --kernel "$k" --global "$n" --local 256 --arg iters=256 \
      --profile nvidia-h200 -o "$tmp/$k-$n.json" >/dev/null
    ids+=("$k-$n")
  done
  for k in rewrite_float rewrite_float4; do
    "$bin" plan "$st" --kernel "$k" --global "$n" --local 256 --arg iters=256 \
      --profile nvidia-h200 -o "$tmp/$k-$n.json" >/dev/null
    ids+=("$k-$n")
  done
done
python3 "$here/bench/merge_plans.py" "$tmp" "$out" "${ids[@]}"

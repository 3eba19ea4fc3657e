#!/usr/bin/env bash
# plan.sh - the launch plan behind docs/results/pocl-cpu/vectorize/:
# vectorize.cl's six kernels, 256 fp32 multiply-adds per work-item
# (a float4 one counts four), 65536 work-items in groups of 256: 2^24
# lane-FMAs per launch. Loop counts are arguments: 64 for the scalar
# chain (4 a step), 16 for the float4 chain (16 lane-FMAs a step), 8 for
# the independent accumulators (32 a step).
#   bench/cpu_vectorize/plan.sh PLAN.json
#   clspread-run -q --min-time 0.5 PLAN.json -o measured-vectorize.json
# ns per lane-FMA: median_s / 2^24 x 1e9.
set -euo pipefail
out=${1:?usage: bench/cpu_vectorize/plan.sh PLAN.json}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
cl=$here/bench/cpu_vectorize/vectorize.cl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ids=()
# id kernel global extra-args
while read -r id k g extra; do
  # shellcheck disable=SC2086
  "$bin" plan "$cl" --kernel "$k" --global "$g" --local 256 \
    --arg a=0.5 --arg b=0.25 $extra --profile pocl-cpu -o "$tmp/$id.json" \
    >/dev/null
  ids+=("$id")
done <<'LIST'
flat-chain flat_chain 65536
loop-chain loop_chain 65536 --arg iters=64
flat-chain4 flat_chain4 65536
loop-chain4 loop_chain4 65536 --arg iters=16
flat-indep flat_indep 65536
loop-indep loop_indep 65536 --arg iters=8
LIST
python3 "$here/bench/merge_plans.py" "$tmp" "$out" "${ids[@]}"

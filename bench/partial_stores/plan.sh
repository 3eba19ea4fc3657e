#!/usr/bin/env bash
# plan.sh - the launch plan behind
# docs/results/nvidia-h100-sxm/measured-partial-stores.json: partial-sector
# store patterns (partial_stores.cl) at L2-resident sizes.
#   bench/partial_stores/plan.sh PLAN.json   # then on the device:
#   clspread-run -q PLAN.json -o measured-partial-stores.json
set -euo pipefail
out=${1:?usage: bench/partial_stores/plan.sh PLAN.json}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
cl=$here/bench/partial_stores/partial_stores.cl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# id kernel global arg
while read -r id k g a; do
  "$bin" plan "$cl" --kernel "$k" --global "$g" --local 256 --arg "$a" \
    --profile nvidia-h100-sxm -o "$tmp/$id.json" >/dev/null
done <<'LIST'
a ps32 1048576 iters=64
b ps128 262144 iters=64
c ps1k 32768 iters=64
d psregions 32768 reps=16
e ps128 1048576 iters=16
f fs 4194304 iters=64
LIST
python3 "$here/bench/merge_plans.py" "$tmp" "$out" a b c d e f --kernel-suffix

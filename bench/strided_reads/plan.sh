#!/usr/bin/env bash
# plan.sh - the launch plan behind
# docs/results/nvidia-h100-sxm/measured-strided-reads.json: 4-byte reads
# and read-modify-writes at strides of 4 B to 256 B (strided_reads.cl),
# 4M work-items, footprints past L2.
#   bench/strided_reads/plan.sh PLAN.json   # then on the device:
#   clspread-run -q PLAN.json -o measured-strided-reads.json
# python3 bench/cache_report.py --profile P PLAN.json MEASURED.json prints
# estimate beside measured.
set -euo pipefail
out=${1:?usage: bench/strided_reads/plan.sh PLAN.json}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
cl=$here/bench/strided_reads/strided_reads.cl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ids=()
# id kernel stride(floats)
while read -r id k s; do
  "$bin" plan "$cl" --kernel "$k" --global 4194304 --local 256 \
    --arg stride="$s" --profile nvidia-h100-sxm -o "$tmp/$id.json" >/dev/null
  ids+=("$id")
done <<'LIST'
sr1 sr 1
sr8 sr 8
sr16 sr 16
sr32 sr 32
sr64 sr 64
rmw1 srmw 1
rmw8 srmw 8
rmw16 srmw 16
rmw32 srmw 32
LIST
python3 "$here/bench/merge_plans.py" "$tmp" "$out" "${ids[@]}"

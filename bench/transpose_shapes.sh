#!/usr/bin/env bash
# transpose_shapes.sh - the launch plan behind
# docs/results/nvidia-h100-sxm/measured-transpose-shapes.json: the naive
# transpose (kernels/transpose.cl) at 8192^2 with five group shapes, and the
# naive and tiled transposes at 2048^2 (32 MiB, resident in a 50 MiB L2
# between launches), plus the two L2 micro-benchmarks of calibrate.yaml.
# It shows which term limits the naive transpose (docs/model.md, "Finite
# caches"): time follows the sectors its stores write only part of.
#
#   bench/transpose_shapes.sh PLAN.json      # then, on the device:
#   clspread-run -q PLAN.json -o measured-transpose-shapes.json
set -euo pipefail
out=${1:?usage: bench/transpose_shapes.sh PLAN.json}
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" plan --suite "$here/kernels/calibrate/calibrate.yaml" --entry cache.l2_bandwidth \
  --profile nvidia-h100-sxm -o "$tmp/l2.json" >/dev/null
for l in 32x8 8x32 64x4 4x64; do
  "$bin" plan "$here/kernels/transpose.cl" --kernel transpose_naive --global 8192x8192 \
    --local $l --arg width=8192 --arg height=8192 --profile nvidia-h100-sxm -o "$tmp/tn-$l.json" >/dev/null
done
for k in transpose_naive transpose_tiled; do
  "$bin" plan "$here/kernels/transpose.cl" --kernel $k --global 2048x2048 --local 16x16 \
    --arg width=2048 --arg height=2048 --profile nvidia-h100-sxm -o "$tmp/t2k-$k.json" >/dev/null
done
python3 - "$tmp" "$out" <<'PY'
import glob, json, os, sys
tmp, out = sys.argv[1], sys.argv[2]
plan = json.load(open(os.path.join(tmp, "l2.json")))
for f in sorted(glob.glob(os.path.join(tmp, "tn-*.json"))) + sorted(glob.glob(os.path.join(tmp, "t2k-*.json"))):
    for k in json.load(open(f))["kernels"]:
        k["id"] = os.path.basename(f)[:-5]
        plan["kernels"].append(k)
tmpout = out + ".tmp"
json.dump(plan, open(tmpout, "w"))
os.replace(tmpout, out)
print("wrote", out, [k["id"] for k in plan["kernels"]])
PY

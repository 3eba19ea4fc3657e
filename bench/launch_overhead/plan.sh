#!/usr/bin/env bash
# plan.sh - the launch plan behind
# docs/results/nvidia-h100-sxm/measured-launch-overheads.json: the kernels
# of overhead.cl at 2048 work-items in groups of 256 (empty ones with 1, 2,
# 4 and 8 buffer arguments; a copy, a store, a 3-point sum, a 4-input sum),
# and the copy and the 2-buffer empty kernel again on 64 MiB buffers.
#   bench/launch_overhead/plan.sh PLAN.json   # then on the device:
#   clspread-run -q PLAN.json -o measured-launch-overheads.json
# Compare each median with b1's, the empty launch measured in the same run.
set -euo pipefail
out=${1:?usage: bench/launch_overhead/plan.sh PLAN.json}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
"$bin" plan "$here/bench/launch_overhead/overhead.cl" --global 2048 \
  --local 256 --profile nvidia-h100-sxm -o "$out" 2>/dev/null
python3 - "$out" <<'PY'
import copy, json, sys
path = sys.argv[1]
plan = json.load(open(path))
by_id = {k["id"]: k for k in plan["kernels"]}
for base in ("copy1", "b2"):
    k = copy.deepcopy(by_id[base])
    k["id"] = base + "-big"
    for a in k["args"]:
        if a["kind"] == "buffer":
            a["bytes"] = 64 << 20
    plan["kernels"].append(k)
json.dump(plan, open(path, "w"))
PY

#!/usr/bin/env bash
# plan.sh - the launch plan behind docs/results/pocl-cpu/memory/: the
# launches of bench/cpu_memory/suite.yaml (what they show is written
# there) and calibrate's two launches for cache.dirty_refetch_cycles and
# cache.page_walk_cycles, in one plan, so that one runner call measures
# the figures and the launches that check them.
#   bench/cpu_memory/plan.sh PROFILE PLAN.json
#   clspread-run --min-time 0.5 -o measured.json PLAN.json
set -euo pipefail
profile=${1:?usage: bench/cpu_memory/plan.sh PROFILE PLAN.json}
out=${2:?usage: bench/cpu_memory/plan.sh PROFILE PLAN.json}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${CLSPREAD:-$here/build/bin/clspread}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" calibrate --plan --profile "$profile" -o "$tmp/cal.json" >/dev/null
"$bin" plan --suite "$here/bench/cpu_memory/suite.yaml" --profile "$profile" \
  -o "$tmp/suite.json" >/dev/null
python3 - "$tmp/cal.json" "$tmp/suite.json" "$out" <<'PY'
import json, os, sys
cal, suite, out = sys.argv[1:]
plan = json.load(open(cal))
keep = {"cache.dirty_refetch_cycles", "cache.page_walk_cycles"}
plan["kernels"] = [k for k in plan["kernels"] if k["id"] in keep]
plan["kernels"] += json.load(open(suite))["kernels"]
with open(out + ".tmp", "w") as f:
    json.dump(plan, f)
os.replace(out + ".tmp", out)
PY

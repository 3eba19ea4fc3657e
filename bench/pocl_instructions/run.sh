#!/usr/bin/env bash
# run.sh PLAN.json OUTDIR ID... - PoCL's executed instructions, kernel by
# kernel, under valgrind's callgrind: one launch of each plan kernel ID
# (clspread-run --repeats 1 --warmup 0), its callgrind file OUTDIR/ID.cg.
# compare.py extract reads the kernels' counts out of them.
#
# Under valgrind PoCL sees the CPU valgrind presents (no AVX-512: the
# device is pthread-haswell, not pthread-skylake-avx512), so it builds
# its code for that CPU: compare it with the model for llvm_cpu haswell.
# A launch is slow there (minutes: valgrind runs PoCL's compiler too), so
# the watchdog is off; a kernel whose file exists is skipped.
set -euo pipefail
plan=${1:?usage: run.sh PLAN.json OUTDIR ID...}
out=${2:?usage: run.sh PLAN.json OUTDIR ID...}
shift 2
here=$(cd "$(dirname "$0")/../.." && pwd)
run=${CLSPREAD_RUN:-$here/build/bin/clspread-run}
mkdir -p "$out"
for id in "$@"; do
  [ -s "$out/$id.cg" ] && continue
  if valgrind --tool=callgrind --callgrind-out-file="$out/$id.cg.tmp" \
      "$run" --no-isolate --repeats 1 --warmup 0 --timeout 0 --kernel "$id" \
      -o "$out/$id.json" "$plan" >"$out/$id.log" 2>&1; then
    mv "$out/$id.cg.tmp" "$out/$id.cg"
  else
    echo "run.sh: $id failed (see $out/$id.log)" >&2
  fi
done

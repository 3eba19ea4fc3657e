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
#
# VALGRIND_TOOL=cachegrind runs valgrind's cache and branch simulation
# instead (--cache-sim=yes --branch-sim=yes, valgrind's caches as it reads
# them from the CPU, or as VALGRIND_ARGS sets them, e.g. --LL=...):
# OUTDIR/ID.cachegrind, which `compare.py misses` reads.
set -euo pipefail
plan=${1:?usage: run.sh PLAN.json OUTDIR ID...}
out=${2:?usage: run.sh PLAN.json OUTDIR ID...}
shift 2
here=$(cd "$(dirname "$0")/../.." && pwd)
run=${CLSPREAD_RUN:-$here/build/bin/clspread-run}
mkdir -p "$out"
tool=${VALGRIND_TOOL:-callgrind}
case "$tool" in
  callgrind) ext=cg; opts=(--tool=callgrind) ;;
  cachegrind) ext=cachegrind; opts=(--tool=cachegrind --cache-sim=yes --branch-sim=yes) ;;
  *) echo "run.sh: VALGRIND_TOOL is callgrind or cachegrind" >&2; exit 2 ;;
esac
for id in "$@"; do
  [ -s "$out/$id.$ext" ] && continue
  # shellcheck disable=SC2086
  if valgrind "${opts[@]}" ${VALGRIND_ARGS:-} --"$tool"-out-file="$out/$id.$ext.tmp" \
      "$run" --no-isolate --repeats 1 --warmup 0 --timeout 0 --kernel "$id" \
      -o "$out/$id.json" "$plan" >"$out/$id.log" 2>&1; then
    mv "$out/$id.$ext.tmp" "$out/$id.$ext"
  else
    echo "run.sh: $id failed (see $out/$id.log)" >&2
  fi
done

#!/usr/bin/env bash
# validate_reproduce.sh BIN OUTDIR
#
# Re-runs every stored `clspread validate` report under docs/results of
# this checkout with the clspread binary BIN (run from its root), writing
# each into OUTDIR/<name>/, and diffs the produced validate.md and
# validate.json against the committed ones. Prints one line per suite:
# "<name>: same" or "<name>: DIFFERS" (followed by the diff).
# Exit status: 0 if every suite is the same, 1 otherwise.
#
# Before diffing, both sides are normalised:
#   - every date/time (YYYY-MM-DD, optionally THH:MM:SSZ) -> DATE, so lines
#     that differ only by a date are ignored;
#   - in the produced files, the `--out-dir OUTDIR/<name>` of the recorded
#     command is put back to the committed `--out-dir docs/results/...`
#     (validate records its own command line, out-dir included);
#   - validate.json only: if the committed file predates the keys that
#     commit aeb4d7e added to validate.json -- it has no
#     "unknown_ids" key -- the produced file's three new keys are dropped
#     when they hold their empty values ("unknown_ids": [],
#     "results_without_id": 0, summary "invalid": 0). The Rodinia and
#     PolyBench reports were last regenerated before that commit. Any
#     other value of these keys still shows as a difference.
#
# Needs build/outside-rodinia/ and build/outside-polybench/ (made by
# bench/outside/layout.py from gpu-rodinia 9c10d3ea and PolyBench-ACC
# 70ea4ca9; see docs/results/nvidia-h100-sxm/outside*/README.md), and in
# the latter polybench-small.yaml, polybench-large.yaml and
# polybench-standard-16x16-128.yaml (bench/outside/dataset.py SMALL, LARGE,
# and STANDARD --local 16x16,128, from the same checkout).
#
# pocl-cpu: measured live on PoCL on this project's 2-core build machine
# (`validate --quick --min-time 0.5`); its runner JSON is kept as
# pocl-cpu/measured-quick.json, so it is re-run from that like the others.
set -u

REPO=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ne 2 ]; then
    echo "usage: $0 BIN OUTDIR" >&2
    exit 2
fi
BIN=$(readlink -f "$1")
mkdir -p "$2"
OUT=$(readlink -f "$2")
[ -x "$BIN" ] || { echo "$0: $BIN is not executable" >&2; exit 2; }
cd "$REPO" || exit 2

H100=device-profiles/nvidia-h100-sxm.yaml
H200=device-profiles/nvidia-h200.yaml
R=docs/results

# name | committed dir | validate arguments (without --out-dir)
SUITES=(
  "h100|$R/nvidia-h100-sxm|--profile $H100 --measurements $R/nvidia-h100-sxm/measured-suite.json"
  "h200|$R/nvidia-h200|--profile $H200 --measurements $R/nvidia-h200/measured-suite.json"
  # The first outside measurements (2026-11-25): the manifests' first 5 and
  # 16 kernels, by id.
  "rodinia-h100|$R/nvidia-h100-sxm/outside|--profile $H100 --suite build/outside-rodinia/rodinia.yaml --entry nn --entry gaussian-fan1 --entry gaussian-fan2 --entry kmeans-swap --entry kmeans-assign --measurements $R/nvidia-h100-sxm/outside/measured-outside.json"
  "polybench-h100|$R/nvidia-h100-sxm/outside-polybench|--profile $H100 --suite build/outside-polybench/polybench.yaml --entry gemm --entry 2mm-1 --entry 2mm-2 --entry atax-1 --entry atax-2 --entry bicg-1 --entry bicg-2 --entry mvt-1 --entry mvt-2 --entry gesummv --entry syrk --entry conv2d --entry conv3d --entry covariance-mean --entry covariance-reduce --entry covariance-covar --measurements $R/nvidia-h100-sxm/outside-polybench/measured-polybench.json"
  # Every kernel of both manifests (2026-11-27).
  "rodinia-all-h100|$R/nvidia-h100-sxm/outside-rodinia-all|--profile $H100 --suite build/outside-rodinia/rodinia.yaml --measurements $R/nvidia-h100-sxm/outside-rodinia-all/measured-rodinia-all.json"
  "pocl-cpu|$R/pocl-cpu|--quick --profile device-profiles/pocl-cpu.yaml --measurements $R/pocl-cpu/measured-quick.json"
  # The full launches on the build machine of 2026-11-28, against the
  # profile calibrated there (pocl-cpu/full/README.md).
  "pocl-full|$R/pocl-cpu/full|--profile $R/pocl-cpu/full/pocl-cpu-calibrated.yaml --measurements $R/pocl-cpu/full/measured.json"
  # bench/cpu_caches' launches, measured in the same runner call as the
  # full launches (pocl-cpu/caches/README.md).
  "pocl-caches|$R/pocl-cpu/caches|--profile $R/pocl-cpu/full/pocl-cpu-calibrated.yaml --suite bench/cpu_caches/suite.yaml --measurements $R/pocl-cpu/full/measured.json"
  # Rodinia's kernels on PoCL (held out: no term was fitted to them), on
  # the build machine of 2026-11-28 (pocl-cpu/outside-rodinia/README.md).
  "rodinia-pocl|$R/pocl-cpu/outside-rodinia|--profile $R/pocl-cpu/full/pocl-cpu-calibrated.yaml --suite build/outside-rodinia/rodinia.yaml --measurements $R/pocl-cpu/outside-rodinia/measured-rodinia.json"
  # Column walks through dirty lines and over more pages than the TLB holds
  # (2026-11-29, the same machine).
  "pocl-memory|$R/pocl-cpu/memory|--profile $R/pocl-cpu/full/pocl-cpu-calibrated.yaml --suite bench/cpu_memory/suite.yaml --measurements $R/pocl-cpu/memory/measured.json"
  # PolyBench-ACC's 47 kernels on PoCL (held out), a copy's launches from
  # 1 work-item to 65536 (pocl-cpu/launch) and the chain-through-memory
  # pair, against the profile calibrated again from the six calibration
  # kernels of PolyBench's runner call (2026-11-29,
  # pocl-cpu/outside-polybench/README.md).
  "polybench-pocl|$R/pocl-cpu/outside-polybench|--profile $R/pocl-cpu/outside-polybench/pocl-cpu-calibrated.yaml --suite build/outside-polybench/polybench.yaml --measurements $R/pocl-cpu/outside-polybench/measured-polybench.json"
  "launch-pocl|$R/pocl-cpu/launch|--profile $R/pocl-cpu/outside-polybench/pocl-cpu-calibrated.yaml --suite bench/cpu_launch/suite.yaml --measurements $R/pocl-cpu/launch/measured-launch.json"
  "chains-pocl|$R/pocl-cpu/outside-polybench/chain|--profile $R/pocl-cpu/outside-polybench/pocl-cpu-calibrated.yaml --suite bench/cpu_chains/suite.yaml --measurements $R/pocl-cpu/outside-polybench/chain/measured-chain.json"
  # The pair again, measured with calibrate's store_chain in one runner
  # call, and a third time with the column walks of pocl-cpu/unprefetched
  # (2026-11-29, pocl-cpu/store-forward/README.md).
  "store-forward-pocl|$R/pocl-cpu/store-forward|--profile $R/pocl-cpu/outside-polybench/pocl-cpu-calibrated.yaml --suite bench/cpu_chains/suite.yaml --measurements $R/pocl-cpu/store-forward/measured.json"
  "store-forward-pocl-3|$R/pocl-cpu/store-forward/third-call|--profile $R/pocl-cpu/outside-polybench/pocl-cpu-calibrated.yaml --suite bench/cpu_chains/suite.yaml --measurements $R/pocl-cpu/unprefetched/measured.json"
  # The latency terms away from their micro-benchmarks (2026-11-27).
  "latency-h100|$R/nvidia-h100-sxm/latency|--profile $H100 --suite bench/latency/latency.yaml --measurements $R/nvidia-h100-sxm/latency/measured-latency.json"
  "polybench-all-h100|$R/nvidia-h100-sxm/outside-polybench-all|--profile $H100 --suite build/outside-polybench/polybench.yaml --measurements $R/nvidia-h100-sxm/outside-polybench-all/measured-polybench-all.json"
  # The same suites on an H200 (2026-11-28).
  "h200-suite-1128|$R/nvidia-h200/suite-2026-11-28|--profile $H200 --measurements $R/nvidia-h200/suite-2026-11-28/measured-suite.json"
  "polybench-all-h200|$R/nvidia-h200/outside-polybench-all|--profile $H200 --suite build/outside-polybench/polybench.yaml --measurements $R/nvidia-h200/outside-polybench-all/measured-polybench-all.json"
  "rodinia-all-h200|$R/nvidia-h200/outside-rodinia-all|--profile $H200 --suite build/outside-rodinia/rodinia.yaml --measurements $R/nvidia-h200/outside-rodinia-all/measured-rodinia-all.json"
  "latency-h200|$R/nvidia-h200/latency|--profile $H200 --suite bench/latency/latency.yaml --measurements $R/nvidia-h200/latency/measured-latency.json"
  # PolyBench-ACC at its SMALL and LARGE datasets (2026-11-29), and the
  # groups' shape beside their bytes.
  "polybench-small-h200|$R/nvidia-h200/outside-polybench-small|--profile $H200 --suite build/outside-polybench/polybench-small.yaml --measurements $R/nvidia-h200/outside-polybench-small/measured-polybench-small.json"
  "polybench-large-h200|$R/nvidia-h200/outside-polybench-large|--profile $H200 --suite build/outside-polybench/polybench-large.yaml --measurements $R/nvidia-h200/outside-polybench-large/measured-polybench-large.json"
  "group-shape-h200|$R/nvidia-h200/group-shape|--profile $H200 --suite bench/group_shape/suite.yaml --measurements $R/nvidia-h200/group-shape/measured-group-shape.json"
  "polybench-16x16-128-h200|$R/nvidia-h200/outside-polybench-16x16-128|--profile $H200 --suite build/outside-polybench/polybench-standard-16x16-128.yaml --measurements $R/nvidia-h200/outside-polybench-16x16-128/measured-polybench-16x16-128.json"
  "stencil-taps-h200|$R/nvidia-h200/stencil-taps|--profile $H200 --suite bench/stencil_taps/suite.yaml --measurements $R/nvidia-h200/stencil-taps/measured-stencil-taps.json"
)
SKIPPED=()

norm() {  # norm FILE [OUTDIR_USED COMMITTED_DIR]
    if [ $# -eq 3 ]; then
        local drop=()
        case "$1" in *.json)
            grep -q '"unknown_ids"' "$3/validate.json" || drop=(
                -e '/^  "unknown_ids": \[\],$/d'
                -e '/^  "results_without_id": 0,$/d'
                -e '/^    "invalid": 0,$/d') ;;
        esac
        sed -e "s#--out-dir $2#--out-dir $3#g" "${drop[@]}" "$1"
    else
        cat "$1"
    fi | sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}Z)?/DATE/g'
}

status=0
known=""
for s in "${SUITES[@]}"; do
    IFS='|' read -r name dir args <<<"$s"
    known="$known $dir"
    dest="$OUT/$name"
    rm -rf "$dest"
    mkdir -p "$dest"
    # shellcheck disable=SC2086
    "$BIN" validate $args --out-dir "$dest" >"$dest/stdout.txt" 2>"$dest/stderr.txt"
    rc=$?
    result=same
    report=""
    if [ $rc -ne 0 ]; then
        result=DIFFERS
        report="clspread validate exited $rc; stderr:
$(tail -20 "$dest/stderr.txt")"
    fi
    for f in validate.md validate.json; do
        if [ ! -f "$dest/$f" ]; then
            result=DIFFERS
            report="$report
missing $dest/$f"
            continue
        fi
        d=$(diff -u --label "$dir/$f" --label "$dest/$f" \
                <(norm "$dir/$f") <(norm "$dest/$f" "$dest" "$dir"))
        if [ -n "$d" ]; then
            result=DIFFERS
            report="$report
$d"
        fi
    done
    echo "$name: $result"
    [ "$result" = same ] || { status=1; printf '%s\n' "$report" | sed 's/^/    /'; }
done

for s in "${SKIPPED[@]}"; do
    IFS='|' read -r name dir why <<<"$s"
    known="$known $dir"
    echo "$name: SKIPPED ($why)"
done

# Any stored report this script does not know about.
for f in $(find $R -name validate.md | sort); do
    d=$(dirname "$f")
    case " $known " in *" $d "*) ;; *) echo "$d: UNKNOWN (stored validate.md not covered by this script)"; status=1 ;; esac
done
exit $status

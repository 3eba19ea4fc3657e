#!/usr/bin/env python3
"""Static counts against oclgrind's dynamic counts, kernel by kernel.

For every entry of the bundled suite (or of the manifest given as the second
argument) at its quick launch:
  1. `clspread plan --quick` writes the launch plan;
  2. `oclgrind --inst-counts clspread-run --repeats 1 --warmup 0 PLAN` runs
     each kernel once in oclgrind's simulator, which prints how many global
     loads and stores executed and their bytes;
  3. `clspread analyze --quick --format json` gives the static per-item
     counts; times the work-items they must equal oclgrind's exactly for
     every kernel whose analysis lists no assumptions.
Kernels with assumptions that bear on counts are reported and skipped (a
footprint the analysis could not bound changes no count); the test fails if any
compared kernel differs, if a kernel did not run, or if none was compared.
"""
import json
import re
import subprocess
import sys
import tempfile
import os

bindir = sys.argv[1]
suite = ["--suite", sys.argv[2]] if len(sys.argv) > 2 else []
clspread = os.path.join(bindir, "clspread")
runner = os.path.join(bindir, "clspread-run")

with tempfile.TemporaryDirectory() as tmp:
    plan = os.path.join(tmp, "plan.json")
    meas = os.path.join(tmp, "measured.json")
    subprocess.run([clspread, "plan", "--quick", "-o", plan] + suite, check=True)
    og = subprocess.run(
        ["oclgrind", "--inst-counts", runner, "--repeats", "1", "--warmup", "0",
         "--quiet", "-o", meas, plan],
        check=False, capture_output=True, text=True)
    analysis = json.loads(subprocess.run(
        [clspread, "analyze", "--quick", "--format", "json"] + suite,
        check=True, capture_output=True, text=True).stdout)
    results = {r["kernel"]: r for r in json.load(open(meas))["results"]}

dynamic = {}
current = None
for line in og.stdout.splitlines() + og.stderr.splitlines():
    m = re.match(r"Instructions executed for kernel '(\w+)'", line)
    if m:
        current = m.group(1)
        dynamic[current] = {"load": (0, 0), "store": (0, 0)}
        continue
    m = re.match(r"\s*(\d+) - (load|store) global \((\d+) bytes\)", line)
    if m and current:
        dynamic[current][m.group(2)] = (int(m.group(1)), int(m.group(3)))

failures = compared = 0
for k in analysis["kernels"]:
    name, sid = k["name"], k["suite_id"]
    counting = [a for a in k["assumptions"] if a["kind"] != "footprint"]
    if counting:
        print(f"SKIP {sid}: analysis has assumptions: {counting}")
        continue
    r = results.get(name)
    if not r or r["status"] != "ok" or name not in dynamic:
        print(f"FAIL {sid}: did not run under oclgrind: {r and r.get('message')}")
        failures += 1
        continue
    n = k["launch"]["work_items"]
    p = k["per_item"]
    static = {
        "load": (round(p["global_loads"] * n, 3), round(p["global_load_bytes"] * n, 3)),
        "store": (round(p["global_stores"] * n, 3), round(p["global_store_bytes"] * n, 3)),
    }
    # Per-item counts are averages in double (branch fractions over the
    # NDRange), so a launch total of 12582909 may come out 12582909.005:
    # equal means within 1e-9 relative.
    def same(a, b):
        return all(abs(x - y) <= 1e-9 * max(abs(x), abs(y), 1) for x, y in zip(a, b))
    ok = all(same(static[w], dynamic[name][w]) for w in ("load", "store"))
    compared += 1
    failures += not ok
    print(f"{'ok  ' if ok else 'FAIL'} {sid}: static loads/bytes, stores/bytes "
          f"{static['load']}, {static['store']}  oclgrind {dynamic[name]['load']}, "
          f"{dynamic[name]['store']}")

print(f"{compared - failures if compared >= failures else 0} passed, {failures} failed")
if compared == 0:
    print("no kernel compared")
    sys.exit(1)
sys.exit(1 if failures else 0)

#!/usr/bin/env python3
"""relabel_runs.py - a plan's measurements from runs of the same launches.

    python3 bench/relabel_runs.py PLAN OUT ID=FILE:RUN_ID [...]

For each ID of PLAN (a `clspread calibrate --plan` or `clspread plan`
output), takes the result RUN_ID of FILE (a clspread-run output) and files
it under ID, after checking that it ran the same kernel at the same global
and local sizes; refuses otherwise. Writes one measurement JSON to OUT
atomically, whose "command" names every run it draws on, so that
`clspread calibrate --measurements OUT` can solve figures from runs taken
under other ids (bench/latency's store_reload, stream_sum and
column_walk_restored are calibrate's sweeps at the same launches).
"""
import json
import os
import sys


def main():
    if len(sys.argv) < 4 or any("=" not in a for a in sys.argv[3:]):
        sys.exit(__doc__)
    plan_path, out = sys.argv[1], sys.argv[2]
    with open(plan_path) as f:
        plan = {k["id"]: k for k in json.load(f)["kernels"]}
    runs, results, header = {}, [], None
    for arg in sys.argv[3:]:
        new, src = arg.split("=", 1)
        path, old = src.rsplit(":", 1)
        if path not in runs:
            with open(path) as f:
                runs[path] = json.load(f)
        run = runs[path]
        header = header or run
        if new not in plan:
            sys.exit("relabel_runs.py: error: %s is not an id of %s" % (new, plan_path))
        by_id = {r["id"]: r for r in run["results"]}
        if old not in by_id:
            sys.exit("relabel_runs.py: error: %s has no result %s" % (path, old))
        r, k = dict(by_id[old]), plan[new]
        for key in ("kernel", "global", "local"):
            if r[key] != k[key]:
                sys.exit("relabel_runs.py: error: %s:%s ran %s %s, the plan's %s %s"
                         % (path, old, key, r[key], new, k[key]))
        r["id"] = new
        r["relabelled_from"] = "%s:%s" % (path, old)
        results.append(r)
    merged = dict(header)
    merged["results"] = results
    merged["command"] = "; ".join(
        "%s (%s, %s)" % (d["command"], os.path.basename(p), d.get("date", "?"))
        for p, d in runs.items())
    merged["plan"] = plan_path
    with open(out + ".tmp", "w") as f:
        json.dump(merged, f, indent=1)
    os.replace(out + ".tmp", out)
    print("wrote %s: %d results from %d runs" % (out, len(results), len(runs)))


if __name__ == "__main__":
    main()

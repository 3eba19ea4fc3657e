#!/usr/bin/env python3
"""cache_report.py - estimate beside measurement for launches outside a suite.

Joins a launch plan (from `clspread plan`, e.g. bench/transpose_shapes.sh or
bench/partial_stores/plan.sh) with the runner's measurement of it by id, runs
`clspread analyze` on each launch with the given profile, and prints a
Markdown table: estimate, the T_MEM parts, measured median, and the ratio.

  python3 bench/cache_report.py --profile device-profiles/nvidia-h100-sxm.yaml \\
      PLAN.json MEASURED.json
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def analyze(clspread, profile, k):
    cmd = [clspread, "analyze", os.path.join(HERE, k["file"]), "--kernel", k["kernel"],
           "--profile", profile, "--format", "json",
           "--global", "x".join(str(g) for g in k["global"][:k["dims"]]),
           "--local", "x".join(str(g) for g in k["local"][:k["dims"]])]
    for a in k["args"]:
        if a["kind"] == "scalar":
            cmd += ["--arg", "%s=%s" % (a["name"], a["value"])]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)["kernels"][0]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("plan")
    p.add_argument("measurements")
    p.add_argument("--profile", required=True)
    p.add_argument("--clspread", default=os.path.join(HERE, "build", "bin", "clspread"))
    o = p.parse_args()
    plan = {k["id"]: k for k in json.load(open(o.plan))["kernels"]}
    meas = json.load(open(o.measurements))
    print("| id | kernel | global / local | T_DRAM | T_L2 | latency | estimate | measured | estimate / measured |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in meas["results"]:
        k = plan.get(r["id"])
        if k is None or r.get("status") != "ok":
            continue
        e = analyze(o.clspread, o.profile, k)["estimate"]
        est = e["t_kernel_s"] + e["launch_overhead_s"]
        us = lambda s: "%.1f us" % (s * 1e6)
        dims = k["dims"]
        print("| %s | %s | %s / %s | %s | %s | %s | %s | %s | %.2f |" % (
            r["id"], k["kernel"], "x".join(map(str, k["global"][:dims])),
            "x".join(map(str, k["local"][:dims])), us(e["t_mem_bandwidth_s"]),
            us(e["t_mem_l2_s"]), us(e["t_mem_latency_s"]), us(est),
            us(r["median_s"]), est / r["median_s"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""compare.py - PoCL's executed instructions against the CPU model's count.

Valgrind's callgrind counts every x86 instruction PoCL's compiled kernel
executes (the functions of the kernel's shared object in PoCL's kernel
cache: the work-group function and what it calls). Divided by the launch's
work-items, that is the instructions per work-item the CPU model's
`per_item.cpu_instructions` estimates (lib/Analysis/CpuCode.h). The model
counts LLVM IR instructions of its own -O3 build; the two differ where
x86 folds IR (an address into a load, a compare into a branch) and where
PoCL builds the work-group differently (its work-item loop per barrier
region, its LLVM version's vectorizer).

  compare.py --analysis A.json --callgrind DIR [--measured M.json]
             [--json OUT.json]

A.json: `clspread analyze --suite ... --format json` of the launches;
DIR: one ID.cg callgrind file per suite id (bench/pocl_instructions/run.sh).
M.json (optional): the runner's timings of the same launches, to print
the measured clocks per executed instruction beside the model's.
"""
import argparse
import json
import os
import re
import sys


def callgrind_counts(path):
    """From a callgrind output file: the instructions executed in the
    functions of PoCL's kernel cache (self cost; the cost line after a
    `calls=` line is a call's inclusive cost and is skipped), and the
    calls of the kernel's *_workgroup function (one per work-group)."""
    names = {"ob": {}, "fn": {}}
    obj = ""
    callee = ""
    total = calls = 0
    skip = False
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                is_callee, kind, num, name = m.groups()
                if name is not None:
                    names[kind][num] = name
                name = names[kind].get(num, "")
                if kind == "ob" and not is_callee:
                    obj = name
                elif kind == "fn" and is_callee:
                    callee = name
                continue
            if line.startswith("calls="):
                if callee.endswith("_workgroup"):
                    calls += int(line.split("=")[1].split()[0])
                skip = True
                continue
            if line[:1].isdigit() or line[:1] in "+-*":
                if skip:
                    skip = False
                elif "/pocl/kcache/" in obj:
                    parts = line.split()
                    if len(parts) >= 2:
                        total += int(parts[1])
    return total, calls


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--analysis", required=True)
    ap.add_argument("--callgrind", required=True)
    ap.add_argument("--measured")
    ap.add_argument("--json")
    a = ap.parse_args()
    an = json.load(open(a.analysis))
    measured = {}
    if a.measured:
        for r in json.load(open(a.measured))["results"]:
            measured[r["id"]] = r
    rows = []
    for k in an["kernels"]:
        kid = k.get("suite_id")
        cg = os.path.join(a.callgrind, f"{kid}.cg")
        if not kid or not os.path.exists(cg):
            continue
        items = k["launch"]["work_items"]
        executed, groups = callgrind_counts(cg)
        model = k["per_item"].get("cpu_instructions")
        row = {"id": kid, "work_items": items, "workgroup_calls": groups,
               "pocl_instructions": executed,
               "pocl_per_item": executed / items,
               "model_per_item": model,
               "model_cycles_per_item": k["per_item"].get("cpu_cycles")}
        rows.append(row)
    rows.sort(key=lambda r: (r["model_per_item"] or 0) / r["pocl_per_item"]
              if r["pocl_per_item"] else 0)
    print(f"{'kernel':26s} {'groups':>7s} {'PoCL/item':>10s} {'model/item':>10s} {'model/PoCL':>10s}")
    for r in rows:
        ratio = (r["model_per_item"] or 0) / r["pocl_per_item"] if r["pocl_per_item"] else float("nan")
        r["model_over_pocl"] = ratio
        print(f"{r['id']:26s} {r['workgroup_calls']:7d} {r['pocl_per_item']:10.1f} "
              f"{(r['model_per_item'] or 0):10.1f} {ratio:10.2f}")
    if a.json:
        with open(a.json + ".tmp", "w") as f:
            json.dump({"kernels": rows}, f, indent=1)
        os.replace(a.json + ".tmp", a.json)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""compare.py - PoCL's executed instructions against the CPU model's count.

Valgrind's callgrind counts every x86 instruction PoCL's compiled kernel
executes: the functions of the kernel's shared object in PoCL's kernel
cache (the work-group function and what it calls). Divided by the
launch's work-items, that is what the CPU model's
`per_item.cpu_instructions` estimates (lib/Analysis/CpuCode.h). The model
counts LLVM IR instructions of its own -O3 build (LLVM 19); the two differ
where x86 folds IR (an address into a load, a compare into a branch),
where PoCL's LLVM (15 in Debian 12's PoCL 3.1) vectorizes otherwise, and
where PoCL builds a work-group differently (a work-item loop per barrier
region, values kept across a barrier in per-work-item arrays).

  compare.py extract --callgrind DIR --plan PLAN.json -o COUNTS.json
      DIR holds one ID.cg per plan kernel (run.sh); COUNTS.json keeps, per
      kernel, the instructions executed in PoCL's kernel cache, the
      work-group function's calls and the launch's work-items.
  compare.py functions ID.cg
      One kernel's instructions in PoCL's kernel cache by function: its
      own code beside the library routines the model prices in clocks.
  compare.py misses --cachegrind DIR --plan PLAN.json [-o OUT.json]
      DIR holds ID.cachegrind files (run.sh with VALGRIND_TOOL=cachegrind)
      and each run's ID.json; prints, per work-item, what PoCL's kernel
      code executed (its _pocl_kernel_* functions): instructions, L1 and
      last-level misses for reads and writes, conditional branches and
      their mispredictions, as valgrind's simulation counts them.
  compare.py clocks --analysis A.json --validate V.json --clock HZ --cores N
      The measured clocks a work-item takes (validate's measured time x
      clock x cores / work-items) against what the model counts of its
      machine code: instructions (per_item.cpu_instructions), micro-ops
      and the busiest unit's clocks (cpu_micro_ops, cpu_port_cycles, LLVM's
      scheduling model). For ALU-bound kernels without library calls,
      whose time is their code's; prints each kernel's clocks per
      instruction, per micro-op and the unit's share, and the spread
      (standard deviation of ln) of each ratio: the smaller, the better
      one rate would fit.
  compare.py compare --counts COUNTS.json --analysis A.json [--json OUT]
      A.json: `clspread analyze --suite ... --format json` of the same
      launches, for the CPU that PoCL built for (run.sh says which).
      Prints each kernel's instructions a work-item, PoCL's and the
      model's, their ratio, and the median of |log2 ratio|.
"""
import argparse
import json
import math
import os
import re
import statistics
import sys


def callgrind_counts(path):
    """Instructions executed in the functions of PoCL's kernel cache (self
    cost; the cost line after a `calls=` line is a call's inclusive cost
    and is skipped), the calls of the kernel's *_workgroup function, and
    the self cost by function."""
    names = {"ob": {}, "fn": {}}
    obj = callee = fn = ""
    total = calls = 0
    by_fn = {}
    skip = False
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?$",
                          line.rstrip("\n"))
            if m:
                is_callee, kind, num, name = m.groups()
                if name is not None:
                    names[kind][num] = name
                name = names[kind].get(num, "")
                if kind == "ob" and not is_callee:
                    obj = name
                elif kind == "fn" and is_callee:
                    callee = name
                elif kind == "fn":
                    fn = name
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
                        by_fn[fn] = by_fn.get(fn, 0) + int(parts[1])
    return total, calls, by_fn


def write_json(path, data):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def extract(a):
    plan = json.load(open(a.plan))
    kernels = []
    for k in plan["kernels"]:
        cg = os.path.join(a.callgrind, k["id"] + ".cg")
        if not os.path.exists(cg):
            continue
        items = 1
        for g in k["global"]:
            items *= g
        executed, groups, _ = callgrind_counts(cg)
        device = ""
        run = os.path.join(a.callgrind, k["id"] + ".json")
        if os.path.exists(run):
            device = json.load(open(run)).get("device", "")
        kernels.append({"id": k["id"], "work_items": items,
                        "workgroup_calls": groups,
                        "instructions": executed, "device": device})
    write_json(a.output, {"command": " ".join(sys.argv[1:]),
                          "kernels": kernels})


def compare(a):
    counts = {k["id"]: k for k in json.load(open(a.counts))["kernels"]}
    rows = []
    for k in json.load(open(a.analysis))["kernels"]:
        c = counts.get(k.get("suite_id"))
        model = k["per_item"].get(a.field)
        if not c or model is None or not c["instructions"]:
            continue
        pocl = c["instructions"] / c["work_items"]
        rows.append({"id": c["id"], "pocl_per_item": pocl,
                     "model_per_item": model, "ratio": model / pocl})
    rows.sort(key=lambda r: r["ratio"])
    print(f"{'kernel':26s} {'PoCL/item':>10s} {'model/item':>10s} "
          f"{'model/PoCL':>10s}")
    for r in rows:
        print(f"{r['id']:26s} {r['pocl_per_item']:10.1f} "
              f"{r['model_per_item']:10.1f} {r['ratio']:10.2f}")
    logs = [abs(math.log2(r["ratio"])) for r in rows if r["ratio"] > 0]
    within = sum(1 for r in rows if 0.5 <= r["ratio"] <= 2)
    print(f"{len(rows)} kernels; median |log2(model/PoCL)| "
          f"{statistics.median(logs):.2f}; within 2x: {within}")
    if a.json:
        write_json(a.json, {"kernels": rows})


def cachegrind_kernel(path):
    """Valgrind's events summed over the kernel's own functions
    (_pocl_kernel_*: the work-group function PoCL built), and the caches
    valgrind simulated (its desc: lines)."""
    events, total, fn, caches = None, None, "", []
    for line in open(path):
        if line.startswith("desc:"):
            caches.append(line[5:].strip())
        elif line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("fn="):
            fn = line[3:].strip()
        elif fn.startswith("_pocl_kernel") and line[:1].isdigit():
            v = [int(x) for x in line.split()[1:]]
            v += [0] * (len(events) - len(v))
            total = [x + y for x, y in zip(total, v)] if total else v
    return (dict(zip(events, total)) if total else {}), caches


def misses(a):
    plan = {k["id"]: k for k in json.load(open(a.plan))["kernels"]}
    rows = []
    for name in sorted(os.listdir(a.cachegrind)):
        if not name.endswith(".cachegrind"):
            continue
        kid = name[: -len(".cachegrind")]
        if kid not in plan:
            continue
        g = plan[kid]["global"]
        items = g[0] * (g[1] if len(g) > 1 else 1) * (g[2] if len(g) > 2 else 1)
        ev, caches = cachegrind_kernel(os.path.join(a.cachegrind, name))
        if not ev:
            continue
        # The device and driver of the run, from the runner's JSON beside it.
        run = os.path.join(a.cachegrind, kid + ".json")
        info = json.load(open(run)) if os.path.exists(run) else {}
        rows.append({"id": kid, "work_items": items,
                     "device": info.get("device", ""),
                     "driver": info.get("driver", ""),
                     "date": info.get("date", ""),
                     "simulated_caches": caches,
                     **{k: v / items for k, v in ev.items()}})
    cols = ["Ir", "D1mr", "DLmr", "D1mw", "DLmw", "Bc", "Bcm"]
    print(f"{'kernel':26s}" + "".join(f"{c:>9s}" for c in cols)
          + "   (per work-item)")
    for r in rows:
        print(f"{r['id']:26s}" + "".join(f"{r.get(c, 0):9.2f}" for c in cols))
    if a.output:
        devices = sorted({r["device"] for r in rows})
        write_json(a.output, {"command": " ".join(sys.argv[1:]),
                              "device": ", ".join(devices),
                              "kernels": rows})


def clocks(a):
    measured = {k["id"]: k for k in json.load(open(a.validate))["kernels"]}
    rows = []
    for k in json.load(open(a.analysis))["kernels"]:
        m = measured.get(k.get("suite_id"))
        p = k["per_item"]
        if (not m or m.get("bound") != "ALU" or not m.get("measured_s")
                or not p.get("cpu_instructions") or p.get("cpu_calls")):
            continue
        clk = m["measured_s"] * a.clock * a.cores / k["launch"]["work_items"]
        rows.append((m["id"], clk, p["cpu_instructions"], p["cpu_micro_ops"],
                     p["cpu_port_cycles"], p["cpu_port_bound"]))
    print(f"{'kernel':26s} {'clocks':>9s} {'instr/clk':>9s} {'uops/clk':>9s} "
          f"{'unit/clk':>9s}  busiest unit")
    for r in sorted(rows, key=lambda r: r[2] / r[1]):
        print(f"{r[0]:26s} {r[1]:9.1f} {r[2] / r[1]:9.2f} {r[3] / r[1]:9.2f} "
              f"{r[4] / r[1]:9.2f}  {r[5]}")
    for name, i in (("instructions", 2), ("micro-ops", 3), ("unit clocks", 4)):
        logs = [math.log(r[1] / r[i]) for r in rows if r[i] > 0]
        print(f"{name:13s} spread of ln(clocks / count) "
              f"{statistics.pstdev(logs):.3f} over {len(logs)} kernels")


def functions(a):
    """The kernel cache's instructions by function, most first: the
    kernel's own code beside PoCL's library routines (_cl_pow, Sleef_...),
    which the model prices in clocks (alu.call_cycles_<fn>), not in
    cpu_instructions."""
    total, _, by_fn = callgrind_counts(a.cg)
    for name, n in sorted(by_fn.items(), key=lambda x: -x[1]):
        print(f"{n:12d}  {name}")
    print(f"{total:12d}  (all)")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("extract")
    e.add_argument("--callgrind", required=True)
    e.add_argument("--plan", required=True)
    e.add_argument("-o", "--output", required=True)
    c = sub.add_parser("compare")
    c.add_argument("--counts", required=True)
    c.add_argument("--analysis", required=True)
    c.add_argument("--json")
    c.add_argument("--field", default="cpu_instructions",
                   help="the model's per-item count to compare "
                   "(cpu_micro_ops: its machine code's micro-ops)")
    m = sub.add_parser("misses")
    m.add_argument("--cachegrind", required=True)
    m.add_argument("--plan", required=True)
    m.add_argument("-o", "--output")
    k = sub.add_parser("clocks")
    k.add_argument("--analysis", required=True)
    k.add_argument("--validate", required=True)
    k.add_argument("--clock", type=float, required=True)
    k.add_argument("--cores", type=int, required=True)
    f = sub.add_parser("functions")
    f.add_argument("cg")
    a = ap.parse_args()
    {"extract": extract, "compare": compare, "functions": functions,
     "clocks": clocks, "misses": misses}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())

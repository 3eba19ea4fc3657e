#!/usr/bin/env python3
"""merge_plans.py - one launch plan from several `clspread plan` outputs.

    python3 bench/merge_plans.py DIR OUT ID [ID ...] [--kernel-suffix]

reads DIR/ID.json for each ID (each a plan of one kernel), names its kernel
ID (or ID-KERNEL with --kernel-suffix), and writes the merged plan to OUT
atomically. Used by the micro-benchmark plans under bench/.
"""
import json
import os
import sys


def main():
    args = [a for a in sys.argv[1:] if a != "--kernel-suffix"]
    suffix = "--kernel-suffix" in sys.argv[1:]
    if len(args) < 3:
        sys.exit(__doc__)
    tmp, out, ids = args[0], args[1], args[2:]
    plan = None
    for n in ids:
        with open(os.path.join(tmp, n + ".json")) as f:
            d = json.load(f)
        for k in d["kernels"]:
            k["id"] = n + "-" + k["kernel"] if suffix else n
        plan = d if plan is None else {**plan, "kernels": plan["kernels"] + d["kernels"]}
    with open(out + ".tmp", "w") as f:
        json.dump(plan, f)
    os.replace(out + ".tmp", out)
    print("wrote", out)


if __name__ == "__main__":
    main()

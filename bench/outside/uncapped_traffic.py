#!/usr/bin/env python3
"""T_MEM with and without the footprint cap, beside the measured time.

    python3 bench/outside/uncapped_traffic.py ANALYZE.json VALIDATE.json

ANALYZE.json: `clspread analyze --suite ... --profile P --format json`;
VALIDATE.json: the validate report of the same kernels. For each kernel,
the DRAM bytes of its global accesses after coalescing alone (the formula
of lib/Model/MemoryTraffic.h, at the profile's wavefront and transaction
size) are divided by the profile's bandwidth: the T_MEM of a device with no
cache reuse across accesses, where the model today caps each buffer at its
footprint (an infinite cache). Printed beside the estimate and the
measurement, it says whether the cap is the term that makes an estimate
low.
"""
import json
import math
import sys


def transactions(stride, width, wave, t):
    if stride == 0:
        return math.ceil(width / t)
    if abs(stride) >= t:
        return wave * math.ceil(width / t)
    return math.ceil((abs(stride) * (wave - 1) + width) / t)


def main():
    analysis = json.load(open(sys.argv[1]))
    validation = json.load(open(sys.argv[2]))
    wave, t, bw = (int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])) if len(sys.argv) > 5 else (32, 32, 2.994e12)
    measured = {k["id"]: k for k in validation["kernels"]}
    print("%-16s %12s %12s %12s %12s" % ("kernel", "T_MEM model", "T_MEM no cap", "estimate", "measured"))
    for k in analysis["kernels"]:
        n = k["launch"]["work_items"]
        per_item = 0.0
        for a in k["accesses"]:
            if a["stride_bytes"] is None:
                per_item += a["exec_per_item"] * a["bytes"]
                continue
            per_item += a["exec_per_item"] * transactions(a["stride_bytes"], a["bytes"], wave, t) * t / wave
        m = measured.get(k.get("suite_id", k["name"]), {})
        print("%-16s %10.1f us %10.1f us %10.1f us %10.1f us" % (
            k.get("suite_id", k["name"]), k["estimate"]["t_mem_s"] * 1e6, n * per_item / bw * 1e6,
            m.get("estimate_s", float("nan")) * 1e6, (m.get("measured_s") or float("nan")) * 1e6))


if __name__ == "__main__":
    main()

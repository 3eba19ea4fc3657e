#!/usr/bin/env python3
"""Cost of many kernels in one file (the cost must be linear in kernels).

Writes files with 100, 1,000 and 5,000 small distinct kernels (each a few
lines: a guard on get_global_id and a loop whose trip count differs from
kernel to kernel) into a temporary directory, then runs

    lint     clspread lint FILE --max-instructions M
    analyze  clspread analyze FILE --max-instructions M
                                 (the default launch of each kernel; M lets
                                 5,000 kernels through the instruction cap)

once each and prints the wall time, seconds per kernel and the peak RSS of
the child (from wait4). Before the per-kernel clone kept only what the
kernel references, every kernel cloned the whole module (a declaration of
every other kernel), so the time per kernel grew with the kernels in the
file.

Usage: python3 bench/kernels_per_file.py [build/bin/clspread]
           [--sizes 100,1000,5000] [--commands lint,analyze]
Exits 0 whatever the result: it reports, it does not gate.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time


def kernel_source(i):
    trips = 2 + i % 7
    return (
        f"__kernel void k{i}(__global float *a, __global const float *b, int n) {{\n"
        f"  int g = get_global_id(0);\n"
        f"  if (g < n) {{\n"
        f"    float s = {i}.0f;\n"
        f"    for (int j = 0; j < {trips}; ++j)\n"
        f"      s += b[g + j] * {i % 13 + 1}.5f;\n"
        f"    a[g] = s;\n"
        f"  }}\n"
        f"}}\n")


def run(cmd):
    """Wall seconds, peak RSS in MiB and exit status of one child."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.monotonic() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024.0, p.returncode


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("clspread", nargs="?",
                    default=os.path.join(here, "..", "build", "bin", "clspread"))
    ap.add_argument("--sizes", default="100,1000,5000")
    ap.add_argument("--commands", default="lint,analyze")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    commands = args.commands.split(",")
    print(f"{'kernels':>8} {'command':>8} {'seconds':>9} {'s/kernel':>10} "
          f"{'peak RSS':>10} {'rc':>3}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = os.path.join(tmp, f"kernels{n}.cl")
            with open(path, "w") as f:
                for i in range(n):
                    f.write(kernel_source(i))
            for c in commands:
                # Above the default cap of 400,000 IR instructions per file.
                wall, rss, rc = run([args.clspread, c, path,
                                     "--max-instructions", str(100 * n + 400000)])
                print(f"{n:>8} {c:>8} {wall:>9.2f} {wall / n * 1000:>8.2f}ms "
                      f"{rss:>7.0f}MiB {rc:>3}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

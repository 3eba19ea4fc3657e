#!/usr/bin/env python3
"""Wall time of `clspread analyze` per bundled kernel file, against Clang.

For each .cl file of the suite (kernels/suite.yaml) this takes the median
wall time over --runs runs (default 7, after one unmeasured warm-up run) of:

  entry  clspread analyze --suite kernels/suite.yaml --entry ID [--entry ID2]
             --profile hd4870 --format json
         every suite entry of the file at its manifest launch (args,
         global/local sizes, build options), i.e. what the suite run does:
         compile, specialize each kernel to its launch, count, estimate;
  file   clspread analyze FILE --profile hd4870 --format json [-D...]
         all kernels of the file at the default launch (no scalar args);
  clang  clang-19 -x cl -cl-std=CL1.2 -O2 -emit-llvm -c FILE -o /dev/null
             -target spir64 [-D...]
         the baseline: clspread's front end compiles for spir64 at -O2, so
         the ratio says what clspread costs beyond the compile it needs;
  x86    the same clang command for the default target (x86_64 here),
         shown for reference.
[-D...] is the union of the -D build options of the file's entries
(-DITEMS=4 for load_pattern.cl, -DGROUP=256 for reduce.cl).

The ratio is clspread / clang(spir64) of the median wall times; the target
is a ratio <= 1.3 for every file (the maximum over files). The last column
is the same ratio of median CPU times (user + system of the child, from
getrusage), which other tenants of a shared machine disturb less than wall
time; it is shown for reference, the verdict uses wall time. Runs of the
four commands are
interleaved so background load on a shared machine hits them alike; each
process is started with its output to /dev/null, so process start-up is
included on both sides.

Usage: python3 bench/analyze_speed.py [build/bin/clspread] [--runs N]
           [--suite FILE] [--file NAME ...]
Exits 0 whatever the result: it reports, it does not gate.
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite_manifest  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = 1.3


def timed(cmd):
    """(wall seconds, CPU seconds (user + system), exit status) of one run
    of cmd."""
    def cpu():
        ru = resource.getrusage(resource.RUSAGE_CHILDREN)
        return ru.ru_utime + ru.ru_stime
    c0, t0 = cpu(), time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0, cpu() - c0, r.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("clspread", nargs="?",
                    default=os.path.join(REPO, "build", "bin", "clspread"))
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--suite", default=os.path.join(REPO, "kernels",
                                                    "suite.yaml"))
    ap.add_argument("--file", action="append",
                    help="only these .cl files (basename), repeatable")
    a = ap.parse_args()

    if not (os.path.isfile(a.clspread) and os.access(a.clspread, os.X_OK)):
        print("%s is not an executable: nothing measured" % a.clspread)
        return 0
    if not shutil.which("clang-19"):
        print("clang-19 not found: nothing measured")
        return 0

    entries = suite_manifest.load(a.suite)
    kdir = os.path.dirname(os.path.abspath(a.suite))
    files = []
    for e in entries:
        if e["file"] not in files:
            files.append(e["file"])
    if a.file:
        files = [f for f in files if f in a.file]

    print("clspread analyze vs clang-19 -O2 -emit-llvm, median of %d runs "
          "per command (ms)" % a.runs)
    print("ratio = clspread / clang -target spir64 (the baseline); target: "
          "every file <= %.2f" % TARGET)
    print()
    print("%-18s %3s %9s %9s %9s %9s %7s %7s %7s %7s" % (
        "file", "ent", "entry", "file", "spir64", "x86-64", "entry/",
        "file/", "entry/", "CPU"))
    print("%-18s %3s %9s %9s %9s %9s %7s %7s %7s %7s" % (
        "", "", "clspread", "clspread", "clang", "clang", "spir64",
        "spir64", "x86-64", "entry/s"))

    rows, failures = [], []
    for fname in files:
        path = os.path.join(kdir, fname)
        ents = [e for e in entries if e["file"] == fname]
        defines = []
        for e in ents:
            for opt in e["build_options"].split():
                if opt not in defines:
                    defines.append(opt)
        base = ["--profile", "hd4870", "--format", "json"]
        cmds = {
            "entry": [a.clspread, "analyze", "--suite", a.suite] +
                     sum((["--entry", e["id"]] for e in ents), []) + base,
            "file": [a.clspread, "analyze", path] + base + defines,
            "spir64": ["clang-19", "-x", "cl", "-cl-std=CL1.2", "-O2",
                       "-emit-llvm", "-c", path, "-o", os.devnull,
                       "-target", "spir64"] + defines,
            "x86": ["clang-19", "-x", "cl", "-cl-std=CL1.2", "-O2",
                    "-emit-llvm", "-c", path, "-o", os.devnull] + defines,
        }
        times = {k: [] for k in cmds}
        cpus = {k: [] for k in cmds}
        for k, c in cmds.items():  # warm-up (page cache, first-run costs)
            rc = timed(c)[2]
            # clspread exits 1 when a check reports an error; the analysis
            # still ran. Anything else is a failure worth saying.
            if rc not in (0, 1):
                failures.append("%s: %s exited %d" % (fname, k, rc))
        for _ in range(a.runs):
            for k, c in cmds.items():
                wall, cpu, _ = timed(c)
                times[k].append(wall)
                cpus[k].append(cpu)
        med = {k: statistics.median(v) for k, v in times.items()}
        cpu_med = {k: statistics.median(v) for k, v in cpus.items()}
        row = dict(med, name=fname, n=len(ents))
        row["r_entry"] = med["entry"] / med["spir64"]
        row["r_file"] = med["file"] / med["spir64"]
        row["r_entry_x86"] = med["entry"] / med["x86"]
        row["r_entry_cpu"] = cpu_med["entry"] / max(cpu_med["spir64"], 1e-6)
        rows.append(row)
        print("%-18s %3d %9.1f %9.1f %9.1f %9.1f %7.2f %7.2f %7.2f %7.2f" % (
            fname, len(ents), med["entry"] * 1e3, med["file"] * 1e3,
            med["spir64"] * 1e3, med["x86"] * 1e3, row["r_entry"],
            row["r_file"], row["r_entry_x86"], row["r_entry_cpu"]))
        sys.stdout.flush()

    if not rows:
        print("no files measured")
        return 0
    print()
    for f in failures:
        print("warning: " + f)
    for key, label in (("r_entry", "entry mode (suite entries, manifest "
                                   "launch) / clang spir64"),
                       ("r_file", "file mode (default launch) / clang "
                                  "spir64"),
                       ("r_entry_x86", "entry mode / clang x86-64 "
                                       "(reference only)"),
                       ("r_entry_cpu", "entry mode / clang spir64, CPU time "
                                       "(user+sys)")):
        rs = [r[key] for r in rows]
        worst = max(rows, key=lambda r: r[key])
        print("%-58s max %.2f (%s), median %.2f" % (
            label + ":", max(rs), worst["name"], statistics.median(rs)))
    rs = [r["r_entry"] for r in rows]
    over = [r["name"] for r in rows if r["r_entry"] > TARGET]
    if not over:
        print("TARGET MET: every file's entry-mode ratio is <= %.2f "
              "(max %.2f)" % (TARGET, max(rs)))
    else:
        print("TARGET NOT MET: %d of %d files above %.2f (%s); max %.2f, "
              "median %.2f" % (len(over), len(rows), TARGET, ", ".join(over),
                               max(rs), statistics.median(rs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

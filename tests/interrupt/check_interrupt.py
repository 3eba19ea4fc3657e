#!/usr/bin/env python3
"""check_interrupt.py - outputs survive interruption.

Runs a command that writes an output file over a previous one, interrupts
it with SIGINT or SIGKILL at several points of its run, and checks that

  - the output is either the previous file, byte for byte, or a complete
    new one (valid JSON): never a truncated or half-written file;
  - after SIGINT no temporary file is left beside it (after SIGKILL one may
    be: nothing can run on SIGKILL; it never replaces the output).

The points are fractions of the command's uninterrupted time, measured
first. A control case writes its output non-atomically and must be caught,
so the check is shown to fail where it should.

    check_interrupt.py CASE --clspread BIN --runner BIN --work DIR

CASE: analyze, runner, control. Exit 0 pass, 1 fail, 77 skip (no PoCL).
Python 3 standard library only.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PREVIOUS = b'{"previous": true}\n'
FRACTIONS = [0.05, 0.2, 0.4, 0.6, 0.8, 0.95]


def command(case, a, out):
    if case == "analyze":
        return [a.clspread, "analyze", "--format", "json", "--fail-on", "never",
                "-o", out]
    if case == "runner":
        return [a.runner, "--platform", "Portable", "-q",
                os.path.join(ROOT, "tests", "runner", "good.json"), "-o", out]
    # control: writes half, waits, writes the rest, in place.
    return ["sh", "-c", 'printf "{\\"half\\": " > "$0"; sleep 0.5; '
            'printf "1}\\n" >> "$0"', out]


def complete(data):
    if data == PREVIOUS:
        return True
    try:
        json.loads(data)
        return True
    except ValueError:
        return False


def one(case, a, sig, delay, total):
    d = os.path.join(a.work, "%s-%s-%03d" % (case, sig.name, int(delay * 1000)))
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    out = os.path.join(d, "out.json")
    with open(out, "wb") as f:
        f.write(PREVIOUS)
    p = subprocess.Popen(command(case, a, out), stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    time.sleep(delay)
    finished = p.poll() is not None
    if not finished:
        p.send_signal(sig)
    p.wait(timeout=120)
    with open(out, "rb") as f:
        data = f.read()
    left = sorted(set(os.listdir(d)) - {"out.json"})
    problems = []
    if not complete(data):
        problems.append("output is neither the previous file nor complete "
                        "JSON (%d bytes)" % len(data))
    if sig == signal.SIGINT and left:
        problems.append("left behind after SIGINT: %s" % ", ".join(left))
    what = ("finished first" if finished else
            "previous kept" if data == PREVIOUS else "new file")
    print("  %-7s at %5.2f s of %.2f s: %s%s%s" % (
        sig.name, delay, total, what,
        "; leftover %s" % left if left and sig == signal.SIGKILL else "",
        "; FAIL: " + "; ".join(problems) if problems else ""))
    return not problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("case", choices=["analyze", "runner", "control"])
    ap.add_argument("--clspread", required=True)
    ap.add_argument("--runner", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    if a.case == "runner":
        probe = subprocess.run([a.runner, "--list"], capture_output=True,
                               text=True)
        if "Portable" not in probe.stdout + probe.stderr:
            print("SKIP: no PoCL platform")
            return 77
    # The uninterrupted time, and a check that the command works at all.
    scratch = os.path.join(a.work, "%s-full" % a.case)
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    start = time.monotonic()
    r = subprocess.run(command(a.case, a, os.path.join(scratch, "out.json")),
                       capture_output=True)
    total = time.monotonic() - start
    if r.returncode != 0:
        print("the uninterrupted command failed (%d): %s" %
              (r.returncode, r.stderr.decode(errors="replace")[-2000:]))
        return 1
    print("%s: uninterrupted run %.2f s" % (a.case, total))
    ok = True
    for sig in (signal.SIGINT, signal.SIGKILL):
        for f in FRACTIONS:
            ok &= one(a.case, a, sig, f * total, total)
    if a.case == "control":
        # The control must be caught: it writes in place.
        if ok:
            print("FAIL: the non-atomic control was not caught")
            return 1
        print("control caught, as it must be")
        return 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

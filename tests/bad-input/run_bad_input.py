#!/usr/bin/env python3
"""Runs the bad-input corpus (tests/bad-input/cases.json) against clspread.

Each case is a command line, the exit code it must give and a regular
expression its one error line must match. A case passes when the command
  - exits with that code (1: the kernel does not compile, 2: anything else;
    a signal or a timeout is a failure),
  - prints exactly one error line on stderr (a line with "error:"), of the
    form `FILE:LINE:COL: error: ...` or `clspread: error: ...`, matching
    the case's regex,
  - prints nothing on stdout (unless the case says "stdout": "any"),
  - finishes within 10 s under a 2 GiB address-space limit (ulimit -v).
A case with "xfail": "<reason>" is a known failure: it passes when the
command still fails the checks and fails (XPASS) once it meets them, so
the mark gets removed.

Inputs too big or too odd to commit (10 MB sources, 100 MB YAML files,
binary junk, a FIFO, a directory, an unreadable file, a file whose name is
not UTF-8) are made at run time by the case's "setup", under --work.

Usage: run_bad_input.py --clspread BIN --work DIR [--list] [CASE ...]
(no CASE: every case). Python 3 standard library only.
"""
import argparse
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
KERNELS = os.path.normpath(os.path.join(HERE, "..", "..", "kernels"))
TIME_LIMIT_S = 10
MEMORY_LIMIT_B = 2 << 30
# Under AddressSanitizer (CLSPREAD_SANITIZE builds set CLSPREAD_SANITIZED=1)
# the address space is reserved for shadow memory, so no RLIMIT_AS, and the
# instrumented binary runs a few times slower: the time limit is 60 s. The
# sanitizers themselves abort on any finding, which fails the case.
SANITIZED = os.environ.get("CLSPREAD_SANITIZED") == "1"
if SANITIZED:
    TIME_LIMIT_S = 60
MB = 1 << 20

# A name with bytes that are not UTF-8 (0xff, 0xfe); Python carries them as
# surrogate escapes and subprocess gives the raw bytes back.
NON_UTF8_NAME = os.fsdecode(b"bad-\xff\xfe-name.cl")


def _write_lines(path, head, line, size):
    """Writes head, then line.format(i) for i = 0, 1, ... up to size bytes."""
    with open(path, "w") as f:
        f.write(head)
        n, i = len(head), 0
        while n < size:
            text = line.format(i)
            f.write(text)
            n += len(text)
            i += 1


def _profile_text():
    with open(os.path.join(DATA, "profile", "valid.yaml")) as f:
        return f.read()


def setup(kind, work):
    """Makes the case's generated input under work; returns {placeholder: value}."""
    subs = {}
    if kind == "big-code-10mb":
        # 10 MB of straight-line code: ~330,000 statements in one kernel.
        p = os.path.join(work, "big-code.cl")
        _write_lines(p, "__kernel void k(__global float *a) {\n  float s = a[0];\n",
                     "  s = s * 1.0001f + a[{0}];\n", 10 * MB)
        with open(p, "a") as f:
            f.write("  a[1] = s;\n}\n")
    elif kind == "big-comment-10mb":
        # 10 MB of comment, then a kernel with a syntax error at its end.
        p = os.path.join(work, "big-comment.cl")
        with open(p, "w") as f:
            f.write("// " + "x" * (10 * MB) + "\n")
            f.write("__kernel void k(__global float *a) { a[0] = }\n")
    elif kind == "junk":
        # 1 MiB of fixed pseudo-random bytes (NUL bytes among them).
        with open(os.path.join(work, "junk.cl"), "wb") as f:
            f.write(random.Random(9).randbytes(MB))
    elif kind == "directory":
        os.mkdir(os.path.join(work, "dir.cl"))
    elif kind == "fifo":
        os.mkfifo(os.path.join(work, "fifo.cl"))
    elif kind == "unreadable":
        p = os.path.join(work, "unreadable.cl")
        shutil.copy(os.path.join(DATA, "ok.cl"), p)
        os.chmod(p, 0)
        os.chmod(work, 0o755)
    elif kind == "non-utf8-name":
        shutil.copy(os.path.join(DATA, "syntax-error.cl"),
                    os.path.join(work, NON_UTF8_NAME))
    elif kind == "big-profile-100mb":
        # A valid profile followed by 100 MB of 'sources' entries.
        p = os.path.join(work, "big-profile.yaml")
        _write_lines(p, _profile_text(), '  figure{0}: "padding"\n', 100 * MB)
    elif kind == "big-suite-100mb":
        p = os.path.join(work, "big-suite.yaml")
        shutil.copy(os.path.join(DATA, "ok.cl"), os.path.join(work, "ok.cl"))
        _write_lines(p, "schema: 1\nkernels:\n",
                     "  - {{ id: e{0}, file: ok.cl, kernel: scale, "
                     "description: d, global: [64], args: {{ n: 64, f: 2 }} }}\n",
                     100 * MB)
    elif kind == "big-config-100mb":
        p = os.path.join(work, "big-config.yaml")
        _write_lines(p, "Launches:\n", '  k{0}: "global=64"\n', 100 * MB)
    elif kind == "include-fifo":
        # A kernel that includes a FIFO nobody writes to.
        os.mkfifo(os.path.join(work, "x.fifo"))
        with open(os.path.join(work, "inc.cl"), "w") as f:
            f.write('#include "x.fifo"\n__kernel void k(__global float *p) { p[0] = 1.0f; }\n')
    elif kind == "sparse-4gb":
        # 4 GiB that take no disk: read whole, they took 31 s and 4.2 GB.
        with open(os.path.join(work, "sparse.cl"), "wb") as f:
            f.truncate(4 << 30)
    elif kind in ("suite-entry-fifo", "suite-entry-dev-zero"):
        # A manifest (beside a kernel lint is given, as a hostile repository
        # could place it) whose entry's file is a FIFO or /dev/zero.
        shutil.copy(os.path.join(DATA, "ok.cl"), os.path.join(work, "ok.cl"))
        target = "fifo.cl" if kind == "suite-entry-fifo" else "/dev/zero"
        if kind == "suite-entry-fifo":
            os.mkfifo(os.path.join(work, "fifo.cl"))
        with open(os.path.join(work, "suite.yaml"), "w") as f:
            f.write("schema: 1\nkernels:\n  - { id: e, file: %s, kernel: scale, "
                    "description: d, global: [64], args: { n: 64, f: 2 } }\n" % target)
    elif kind in ("suite-build-option-output", "suite-build-options-separate"):
        # What a benchmark host passes, as the manifest says it: separate
        # -D values (once read as file names, then a segfault), and an
        # option no kernel build takes.
        shutil.copy(os.path.join(DATA, "ok.cl"), os.path.join(work, "ok.cl"))
        opts = ("-DX -o out.bin" if kind == "suite-build-option-output"
                else "-D TILE_N=32 -D TILE_M=512")
        with open(os.path.join(work, "suite.yaml"), "w") as f:
            f.write("schema: 1\nkernels:\n  - { id: e, file: ok.cl, kernel: scale, "
                    "build_options: \"%s\", description: d, global: [64], "
                    "args: { n: 64, f: 2 } }\n" % opts)
    elif kind == "file-as-dir":
        with open(os.path.join(work, "file"), "w") as f:
            f.write("a regular file\n")
    elif kind:
        raise SystemExit(f"unknown setup '{kind}'")
    return subs


def substitute(arg, subs):
    for key, value in subs.items():
        arg = arg.replace("{" + key + "}", value)
    return arg


ERROR_LINE = re.compile(r"(^|: )(fatal )?error: ")
PLACED = re.compile(r"^(clspread: error: |.+:\d+:\d+: (fatal )?error: )")


def check(case, rc, out, err, elapsed):
    """The list of problems with one run ([] = the case passes)."""
    problems = []
    if rc is None:
        problems.append(f"did not finish within {TIME_LIMIT_S} s")
        return problems
    if rc < 0:
        problems.append(f"killed by signal {-rc}")
    elif rc != case["exit"]:
        problems.append(f"exit code {rc}, expected {case['exit']}")
    if elapsed > TIME_LIMIT_S:
        problems.append(f"took {elapsed:.1f} s (limit {TIME_LIMIT_S} s)")
    errors = [l for l in err.splitlines() if ERROR_LINE.search(l)]
    if case["exit"] == 0:
        if errors:
            problems.append(f"{len(errors)} error line(s), expected none")
    elif len(errors) != 1:
        problems.append(f"{len(errors)} error lines, expected exactly one")
    else:
        if not PLACED.search(errors[0]):
            problems.append("the error line is neither 'FILE:LINE:COL: error: ...' "
                            "nor 'clspread: error: ...'")
        if not re.search(case["error"], errors[0]):
            problems.append(f"the error line does not match /{case['error']}/")
    if case.get("stdout", "empty") == "empty" and out.strip():
        problems.append(f"{len(out)} bytes on stdout, expected none")
    return problems


def limit_resources(as_nobody):
    def preexec():
        os.setsid()
        if not SANITIZED:
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT_B, MEMORY_LIMIT_B))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if as_nobody:
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
    return preexec


def run_case(case, clspread, work_root):
    name = case["name"]
    work = os.path.join(work_root, name.replace("/", "_"))
    if os.path.isdir(work):
        for root, dirs, _ in os.walk(work):
            for d in dirs:
                os.chmod(os.path.join(root, d), 0o755)
        shutil.rmtree(work)
    os.makedirs(work)
    subs = {"data": DATA, "kernels": KERNELS, "work": work,
            "non_utf8_name": NON_UTF8_NAME}
    subs.update(setup(case.get("setup", ""), work))

    # root reads a chmod 000 file anyway: run that case as 'nobody' instead
    # (the binary and the work directory must be reachable by it).
    as_nobody = case.get("setup") == "unreadable" and os.geteuid() == 0
    if case.get("setup") == "unreadable" and not as_nobody and os.access(
            os.path.join(work, "unreadable.cl"), os.R_OK):
        print(f"SKIP  {name}: cannot make an unreadable file here")
        return True

    cmd = [clspread] + [substitute(a, subs) for a in case["cmd"]]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=work, preexec_fn=limit_resources(as_nobody))
    try:
        out, err = proc.communicate(timeout=TIME_LIMIT_S)
        rc = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, err = proc.communicate()
        rc = None
    elapsed = time.monotonic() - start
    out = out.decode("utf-8", "surrogateescape")
    err = err.decode("utf-8", "surrogateescape")

    problems = check(case, rc, out, err, elapsed)
    shown = " ".join(os.fsencode(a).decode("utf-8", "backslashreplace") for a in cmd)
    status = "PASS" if not problems else "FAIL"
    xfail = case.get("xfail")
    if xfail:
        status = "XFAIL" if problems else "XPASS"
    print(f"{status} {name} ({elapsed:.2f} s, exit {rc})"
          + (" [as nobody]" if as_nobody else ""))
    print(f"  command: {shown}")
    if xfail:
        print(f"  known failure: {xfail}")
    for p in problems:
        print(f"  problem: {p}")
    if problems or xfail:
        print("  stderr (first 2000 characters):")
        print("    " + err[:2000].replace("\n", "\n    "))
        if out:
            print("  stdout (first 500 characters):")
            print("    " + out[:500].replace("\n", "\n    "))
    if status == "XPASS":
        print("  the case now passes: remove its xfail mark")
    if status == "PASS":
        shutil.rmtree(work, ignore_errors=True)  # large generated inputs
    return status in ("PASS", "XFAIL")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clspread", help="the clspread binary")
    ap.add_argument("--work", help="scratch directory for generated inputs")
    ap.add_argument("--list", action="store_true", help="print the case names")
    ap.add_argument("cases", nargs="*", help="case names (default: all)")
    args = ap.parse_args()
    with open(os.path.join(HERE, "cases.json")) as f:
        cases = json.load(f)["cases"]
    if args.list:
        for c in cases:
            print(c["name"])
        return 0
    if not args.clspread or not args.work:
        ap.error("--clspread and --work are required")
    by_name = {c["name"]: c for c in cases}
    selected = [by_name[n] for n in args.cases] if args.cases else cases
    os.makedirs(args.work, exist_ok=True)
    os.chmod(args.work, 0o755)
    ok = True
    for c in selected:
        ok &= run_case(c, os.path.abspath(args.clspread), os.path.abspath(args.work))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

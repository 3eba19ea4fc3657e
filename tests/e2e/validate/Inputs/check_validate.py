#!/usr/bin/env python3
"""Checks the files `clspread validate` writes into an --out-dir
(validate.json, .md, .html and the scatter alone as .svg)
against the definitions in lib/Validate/Validation.h and docs, recomputing
everything derived from the per-kernel records independently:

  estimate_s = max(t_alu_s, t_tex_s, t_mem_s) + launch_overhead_s
  bound      = the term that is the maximum
  error      = (estimate_s - measured_s) / measured_s
  mean_abs_error, off_by_2x (estimate over measured outside [0.5, 2]),
  log_ratio_spread (sample standard deviation of ln(estimate / measured));
  median_abs_error, p90_abs_error: percentiles of |error| over the measured
             kernels, linear interpolation between closest ranks
  spearman   = Pearson correlation of the ranks (ties: average rank) of the
             estimates and the measured times
  variant pairs: every two measured kernels of one job, in listing order;
             correct when the estimate orders them as measured

Prints one line per check group ("ok: ...") for FileCheck; exits 1 with a
message on the first mismatch.

usage: check_validate.py DIR --kernels N --measured M --pairs P
"""
import argparse
import json
import math
import os
import re
import sys


def fail(msg):
    print("check_validate: FAIL: " + msg)
    sys.exit(1)


def close(a, b, rel=1e-9, abs_=1e-15):
    return abs(a - b) <= max(rel * max(abs(a), abs(b)), abs_)


def percentile(values, p):
    if not values:
        return 0.0
    v = sorted(values)
    pos = p * (len(v) - 1)
    lo, hi = math.floor(pos), math.ceil(pos)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(x, y):
    if len(x) < 2:
        return 0.0
    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--kernels", type=int, required=True)
    ap.add_argument("--measured", type=int, required=True)
    ap.add_argument("--pairs", type=int, required=True)
    a = ap.parse_args()

    paths = {e: os.path.join(a.dir, "validate." + e)
             for e in ("json", "md", "html", "svg")}
    for e, p in paths.items():
        if not os.path.isfile(p):
            fail("missing " + p)
    with open(paths["json"]) as f:
        d = json.load(f)

    for key in ("device", "driver", "command", "date", "kernels", "summary"):
        if key not in d:
            fail("validate.json has no '%s'" % key)
    for key in ("device", "driver", "command"):
        if not isinstance(d[key], str) or not d[key]:
            fail("'%s' is empty" % key)
    if not d["command"].startswith("clspread validate"):
        fail("command %r does not start with 'clspread validate'" % d["command"])
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", d["date"]):
        fail("date %r is not ISO 8601 UTC" % d["date"])
    print("ok: header device=%s driver=%s" % (d["device"], d["driver"]))

    ks = d["kernels"]
    if len(ks) != a.kernels:
        fail("%d kernels, expected %d" % (len(ks), a.kernels))
    measured = []
    for k in ks:
        for key in ("id", "name", "variant_of", "launch", "estimate_s",
                    "measured_s", "bound", "error", "status"):
            if key not in k:
                fail("kernel %s has no '%s'" % (k.get("id"), key))
        g = k["launch"]["global"]
        if len(g) != 3 or k["launch"]["work_items"] != g[0] * g[1] * g[2]:
            fail("%s: work_items is not the product of global" % k["id"])
        terms = {"ALU": k["t_alu_s"], "TEX": k["t_tex_s"], "MEM": k["t_mem_s"]}
        tkernel = max(terms.values())
        # Tkernel is the largest term, or more where the profile measures
        # what adds to it (barrier.phase_exponent: a kernel with barriers
        # alternates ALU and memory phases; work_group.dispatch_cycles: a
        # floor per group), never less.
        least = tkernel + k["launch_overhead_s"]
        if not (close(k["estimate_s"], least) or k["estimate_s"] > least):
            fail("%s: estimate_s %r < max(T_ALU, T_TEX, T_MEM) + overhead %r"
                 % (k["id"], k["estimate_s"], least))
        if terms.get(k["bound"]) != tkernel:
            fail("%s: bound %s is not the largest term" % (k["id"], k["bound"]))
        if k["measured_s"] is None:
            if k["error"] is not None:
                fail("%s: unmeasured but error is %r" % (k["id"], k["error"]))
            continue
        m = k["measured_s"]
        want = (k["estimate_s"] - m) / m
        if not close(k["error"], want):
            fail("%s: error %r != (estimate - measured) / measured = %r"
                 % (k["id"], k["error"], want))
        measured.append(k)
    if len(measured) != a.measured:
        fail("%d kernels measured, expected %d" % (len(measured), a.measured))
    print("ok: %d kernels, %d measured, error = (estimate - measured) / measured"
          % (len(ks), len(measured)))

    s = d["summary"]
    absErr = [abs(k["error"]) for k in measured]
    est = [k["estimate_s"] for k in measured]
    meas = [k["measured_s"] for k in measured]
    want = {"kernels": len(ks), "measured": len(measured),
            "median_abs_error": percentile(absErr, 0.5),
            "p90_abs_error": percentile(absErr, 0.9),
            "spearman": spearman(est, meas),
            "mean_abs_error": sum(absErr) / len(absErr) if absErr else 0,
            "off_by_2x": sum(1 for e, m in zip(est, meas)
                             if not 0.5 <= e / m <= 2.0)}
    logs = [math.log(e / m) for e, m in zip(est, meas)]
    if len(logs) > 1:
        mean = sum(logs) / len(logs)
        want["log_ratio_spread"] = math.sqrt(
            sum((x - mean) ** 2 for x in logs) / (len(logs) - 1))
    for key, w in want.items():
        if key not in s or not close(s[key], w):
            fail("summary.%s = %r, recomputed %r" % (key, s.get(key), w))

    jobs = {}
    for k in measured:
        if k["variant_of"]:
            jobs.setdefault(k["variant_of"], []).append(k)
    pairs = []
    for job in sorted(jobs):
        v = jobs[job]
        for i in range(len(v)):
            for j in range(i + 1, len(v)):
                pairs.append((job, v[i], v[j]))
    if len(pairs) != a.pairs or s.get("variant_pairs") != a.pairs:
        fail("%d variant pairs (summary says %r), expected %d"
             % (len(pairs), s.get("variant_pairs"), a.pairs))
    listed = d.get("variant_pairs", [])
    if len(listed) != len(pairs):
        fail("variant_pairs lists %d pairs, expected %d" % (len(listed), len(pairs)))
    correct = 0
    for (job, x, y), p in zip(pairs, listed):
        if (p["job"], p["a"], p["b"]) != (job, x["id"], y["id"]):
            fail("pair %r, expected %r" % (p, (job, x["id"], y["id"])))
        correct += bool(p["correct"])
        # Tied estimates or times have no order to compare (Validation.cpp
        # then decides by listing order; see tests/unit/Validate).
        if x["estimate_s"] == y["estimate_s"] or x["measured_s"] == y["measured_s"]:
            continue
        w = (x["estimate_s"] < y["estimate_s"]) == (x["measured_s"] < y["measured_s"])
        if p["correct"] != w:
            fail("pair %s/%s: correct is %r, expected %r" % (x["id"], y["id"], p["correct"], w))
    if s.get("variant_order_correct") != correct:
        fail("summary.variant_order_correct %r, pairs say %d"
             % (s.get("variant_order_correct"), correct))
    print("ok: summary median %.6f p90 %.6f spearman %.6f pairs %d correct %d"
          % (want["median_abs_error"], want["p90_abs_error"], want["spearman"],
             len(pairs), correct))
    # What the terminal summary must say, from the recomputed values.
    print("ok: text median |error| %.1f%%, 90th percentile %.1f%%, Spearman %.3f"
          % (100 * want["median_abs_error"], 100 * want["p90_abs_error"],
             want["spearman"]))
    print("ok: text variant order correct in %d of %d pairs" % (correct, len(pairs)))

    with open(paths["html"]) as f:
        html = f.read()
    circles = html.count("<circle")
    if circles != len(measured):
        fail("the HTML scatter has %d <circle>s, expected one per measured kernel (%d)"
             % (circles, len(measured)))
    if html.count("<svg class=\"scatter\"") != 1:
        fail("the HTML has no scatter <svg>")
    with open(paths["svg"]) as f:
        svg = f.read()
    if not svg.startswith("<svg") or 'xmlns="http://www.w3.org/2000/svg"' not in svg \
            or not svg.rstrip().endswith("</svg>"):
        fail("validate.svg is not a standalone SVG document")
    if svg.count("<circle") != len(measured):
        fail("validate.svg has %d <circle>s, expected %d"
             % (svg.count("<circle"), len(measured)))
    with open(paths["md"]) as f:
        md = f.read()
    row = "| %d of %d |" % (len(measured), len(ks))
    if row not in md:
        fail("validate.md has no summary row starting %r" % row)
    for k in ks:
        if "| %s |" % k["id"] not in md:
            fail("validate.md has no row for %s" % k["id"])
    print("ok: html and svg %d circles, md summary and %d kernel rows" % (circles, len(ks)))


if __name__ == "__main__":
    main()

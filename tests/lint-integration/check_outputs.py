#!/usr/bin/env python3
"""Editor and CI conformance of `clspread lint` output.

For kernels that produce findings (the bundled kernels on two profiles, and
every lint test kernel), checks that:
  1. every line of the text output is a gcc-style line that the editors'
     patterns read: findings (warning/error) match VS Code's $gcc problem
     matcher, notes match the same shape with `note:`;
  2. the SARIF output validates against the SARIF 2.1.0 JSON schema
     (tests/data/sarif-schema-2.1.0.json, from oasis-tcs/sarif-spec,
     sarif-2.1/schema/) with Debian's python3-jsonschema;
  3. the JSON output has the documented keys (docs/output.md);
  4. text, JSON and SARIF hold the same findings, place by place.

Usage: check_outputs.py BUILD/bin/clspread
"""
import glob
import json
import os
import re
import subprocess
import sys

import urllib.parse

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# The $gcc problem matcher of VS Code's C/C++ extension (vscode-cpptools,
# Extension/package.json, problemMatchers "gcc"), and VS Code's own "gnu"
# pattern (src/vs/workbench/contrib/tasks/common/problemMatcher.ts).
GCC_MATCHER = re.compile(r"^(.*):(\d+):(\d+):\s+(?:fatal\s+)?(warning|error):\s+(.*)$")
GNU_PATTERN = re.compile(r"^(.*?):(\d+):(\d*):?\s+(?:fatal\s+)?(warning|error):\s+(.*)$")
NOTE_LINE = re.compile(r"^(.*):(\d+):(\d+):\s+note:\s+(.*)$")

FINDING_KEYS = {"rule", "severity", "file", "line", "column", "kernel",
                "message", "notes", "fixes", "gain_s"}


def run(clspread, args):
    p = subprocess.run([clspread, "lint"] + args, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit(f"clspread lint {' '.join(args)} exited {p.returncode}: {p.stderr}")
    return p.stdout


def check_text(text, where):
    """Returns the findings of the text output as (file, line, col, severity, rule)."""
    found = []
    for line in text.splitlines():
        if not line:
            continue
        if NOTE_LINE.match(line):
            continue
        m = GCC_MATCHER.match(line)
        if not m or not GNU_PATTERN.match(line):
            raise AssertionError(f"{where}: line not read by the $gcc matcher: {line!r}")
        rule = re.search(r"\[([\w.-]+)\]$", m.group(5))
        if not rule:
            raise AssertionError(f"{where}: finding without a [rule-id]: {line!r}")
        found.append((m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), rule.group(1)))
    return found


def check_json(doc, where):
    for key in ("schema", "tool", "version", "profile", "files"):
        assert key in doc, f"{where}: JSON lacks '{key}'"
    assert doc["schema"] == 1
    found = []
    for f in doc["files"]:
        assert set(f) == {"file", "findings"}, f"{where}: file keys {set(f)}"
        for x in f["findings"]:
            assert set(x) == FINDING_KEYS, f"{where}: finding keys {set(x)}"
            found.append((os.path.abspath(x["file"]), x["line"], x["column"], x["severity"], x["rule"]))
    return found


def check_sarif(doc, schema, where):
    jsonschema.validate(doc, schema)
    run_ = doc["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    found = []
    for r in run_["results"]:
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"], f"{where}: ruleIndex"
        loc = r["locations"][0]["physicalLocation"]
        # A URI relative to %SRCROOT% resolves to the file's absolute path.
        art = loc["artifactLocation"]
        uri = art["uri"]
        if "uriBaseId" in art:
            uri = urllib.parse.urljoin(run_["originalUriBaseIds"][art["uriBaseId"]]["uri"], uri)
        path = urllib.parse.unquote(urllib.parse.urlsplit(uri).path)
        found.append((path, loc["region"]["startLine"],
                      loc["region"]["startColumn"], r["level"], r["ruleId"]))
    return found


def self_test(schema):
    """The checks reject what they must: a line without a column, a note
    promoted to a finding, a SARIF result without a message."""
    for bad in ("k.cl:3: warning: no column [r]", "k.cl:3:1: remark: x [r]",
                "k.cl:3:1: warning: no rule id"):
        try:
            check_text(bad + "\n", "self-test")
        except AssertionError:
            continue
        raise SystemExit(f"self-test: accepted {bad!r}")
    sarif = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "rules": [{"id": "r"}]}},
                                           "results": [{"ruleId": "r", "ruleIndex": 0}]}]}
    try:
        jsonschema.validate(sarif, schema)
    except jsonschema.ValidationError:
        return
    raise SystemExit("self-test: a result without a message validated")


def main():
    clspread = sys.argv[1]
    with open(os.path.join(ROOT, "tests", "data", "sarif-schema-2.1.0.json")) as f:
        schema = json.load(f)
    self_test(schema)
    runs = []
    kernels = sorted(glob.glob(os.path.join(ROOT, "kernels", "*.cl")))
    for profile in ("hd4870", "mali-g76"):
        runs.append(["--profile", profile] + kernels)
    for k in sorted(glob.glob(os.path.join(ROOT, "tests", "e2e", "lint", "*.cl"))):
        runs.append([k])
    # A kernel that does not compile: Clang's diagnostics are findings too.
    runs.append([os.path.join(ROOT, "tests", "e2e", "lint", "Inputs", "broken.cl")])

    total = 0
    for args in runs:
        where = " ".join(os.path.basename(a) for a in args[-3:])
        text = check_text(run(clspread, args + ["--color", "never"]), where)
        js = check_json(json.loads(run(clspread, args + ["--format", "json"])), where)
        sarif = check_sarif(json.loads(run(clspread, args + ["--format", "sarif"])), schema, where)
        assert sorted(text) == sorted(js), f"{where}: text and JSON differ:\n{text}\n{js}"
        assert sorted(js) == sorted(sarif), f"{where}: JSON and SARIF differ:\n{js}\n{sarif}"
        total += len(text)
    assert total > 0, "no findings at all: the check would prove nothing"
    print(f"{len(runs)} runs, {total} findings: every text line read by the "
          f"$gcc matcher, SARIF valid against 2.1.0, same findings in text, JSON and SARIF")


if __name__ == "__main__":
    main()

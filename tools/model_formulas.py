#!/usr/bin/env python3
"""docs/model.md's formula blocks, printed from the model's graph.

  python3 tools/model_formulas.py [--clspread PATH] --write docs/model.md
  python3 tools/model_formulas.py [--clspread PATH] --check docs/model.md

Each block sits between `<!-- formulas:PROFILE -->` and `<!-- end formulas -->`
and holds `clspread profiles formulas PROFILE` in a code fence.
--check exits 1 with a diff where a block differs, so the page cannot drift
from lib/Model/ModelGraph.cpp: tests/e2e/cli/model-formulas.test runs it.
"""
import argparse
import difflib
import re
import subprocess
import sys

BLOCK = re.compile(r"(<!-- formulas:([\w.-]+) -->\n)(.*?)(<!-- end formulas -->)",
                   re.S)


def printed(clspread, profile):
    out = subprocess.run([clspread, "profiles", "formulas", profile],
                         check=True, capture_output=True, text=True).stdout
    return "```\n" + out + "```\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clspread", default="build/bin/clspread")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", metavar="FILE")
    group.add_argument("--check", metavar="FILE")
    a = ap.parse_args()
    path = a.write or a.check
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    bad = False

    def replace(m):
        nonlocal bad
        want = printed(a.clspread, m.group(2))
        if a.check and m.group(3) != want:
            bad = True
            sys.stdout.writelines(difflib.unified_diff(
                m.group(3).splitlines(True), want.splitlines(True), path,
                "clspread profiles formulas " + m.group(2)))
        return m.group(1) + want + m.group(4)

    new, n = BLOCK.subn(replace, text)
    if n == 0:
        print(f"{path}: no <!-- formulas:PROFILE --> block", file=sys.stderr)
        return 1
    if a.write:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(new)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

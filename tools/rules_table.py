#!/usr/bin/env python3
"""The rules table of docs/rules/README.md, made from `clspread lint --list-rules`.

  python3 tools/rules_table.py [--clspread PATH]            print the table
  python3 tools/rules_table.py [--clspread PATH] --write F  replace the table in F
  python3 tools/rules_table.py [--clspread PATH] --check F  exit 1 (and print a
                                                          diff) if F's table differs

The table is the rows between the line `| rule | severity | launch | detects |`
and the first line after it that is not a table row. One row per rule, in
--list-rules order: the id linked to its page, the default severity, "yes"
where the rule needs the kernel's launch, and the rule's summary. So the page
cannot drift from the registry: tests/e2e/lint/rules-table.test runs --check.
"""
import argparse
import difflib
import re
import subprocess
import sys

HEADER = "| rule | severity | launch | detects |"
RULER = "|---|---|---|---|"
LAUNCH = " (needs a launch)"
NOT_DEFAULT = re.compile(r" \(not in the default set: [^)]*\)$")


def rows(clspread):
    out = subprocess.run([clspread, "lint", "--list-rules"], check=True,
                         capture_output=True, text=True).stdout
    result = []
    for line in out.splitlines():
        m = re.match(r"^(\S+)\s+(note|warning|error)\s+(.*)$", line)
        if not m:
            continue
        rule, severity, summary = m.groups()
        launch = summary.endswith(LAUNCH)
        if launch:
            summary = summary[: -len(LAUNCH)]
        not_default = bool(NOT_DEFAULT.search(summary))
        summary = NOT_DEFAULT.sub("", summary)
        if not_default:
            summary += " (not in the default set)"
        result.append(f"| [`{rule}`]({rule}.md) | {severity} | "
                      f"{'yes' if launch else ''} | {summary} |")
    return [HEADER, RULER] + result


def table_span(lines):
    start = lines.index(HEADER)
    end = start + 1
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return start, end


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clspread", default="build/bin/clspread")
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--write", metavar="FILE")
    group.add_argument("--check", metavar="FILE")
    a = ap.parse_args()
    table = rows(a.clspread)
    path = a.write or a.check
    if not path:
        print("\n".join(table))
        return 0
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    start, end = table_span(lines)
    if a.check:
        if lines[start:end] == table:
            return 0
        sys.stdout.writelines(difflib.unified_diff(
            [l + "\n" for l in lines[start:end]], [l + "\n" for l in table],
            path, "clspread lint --list-rules"))
        return 1
    lines[start:end] = table
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())

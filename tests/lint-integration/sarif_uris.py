#!/usr/bin/env python3
"""SARIF locations that GitHub code scanning can resolve.

In a temporary git repository whose kernel file name needs percent-encoding
(a space and a colon) and which includes a header, runs `clspread lint
--format sarif` from a subdirectory and checks: every result validates
against the SARIF 2.1.0 schema; its artifactLocation has uriBaseId
%SRCROOT%, and %SRCROOT% (originalUriBaseIds) is the repository's top;
each URI parses with urllib as a relative reference (no scheme: 'a:b.cl'
would be read as scheme 'a') and, resolved against %SRCROOT% and decoded,
names a file that exists; the header's finding points at the header.
--sarif-root moves the base; a file outside it gets an absolute file: URI.
Then inserts three lines at the top of the kernel: the line numbers move,
the partialFingerprints stay the same.

Usage: sarif_uris.py BUILD/bin/clspread
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

HEADER = """inline void spread_store(__global float *p, int i) {
  p[i * 64] = 1.0f;
}
"""
KERNEL = """#include "inc/store.h"
__kernel void spread(__global float *p, __global float *q) {
  int i = get_global_id(0);
  spread_store(p, i);
  q[i * 32] = 2.0f;
}
"""


def lint(clspread, cwd, *args):
    p = subprocess.run([clspread, "lint", "--format", "sarif", "--fail-on", "never",
                        "--profile", "nvidia-h100-sxm", "--global", "4096", "--local", "64",
                        *args], cwd=cwd, capture_output=True, text=True)
    assert p.returncode == 0, f"exit {p.returncode}: {p.stderr}"
    return json.loads(p.stdout)


def locations(doc):
    run = doc["runs"][0]
    return [(r["ruleId"], r["locations"][0]["physicalLocation"], r["partialFingerprints"])
            for r in run["results"]]


def main():
    clspread = os.path.abspath(sys.argv[1])
    with open(os.path.join(ROOT, "tests", "data", "sarif-schema-2.1.0.json")) as f:
        schema = json.load(f)
    tmp = tempfile.mkdtemp(prefix="clspread-sarif-")
    try:
        repo = os.path.join(tmp, "repo")
        src = os.path.join(repo, "src")
        os.makedirs(os.path.join(src, "inc"))
        subprocess.run(["git", "init", "-q", repo], check=True)
        name = "a b:c.cl"
        with open(os.path.join(src, "inc", "store.h"), "w") as f:
            f.write(HEADER)
        with open(os.path.join(src, name), "w") as f:
            f.write(KERNEL)

        doc = lint(clspread, src, name)
        jsonschema.validate(doc, schema)
        run = doc["runs"][0]
        base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        assert base == "file://" + urllib.parse.quote(os.path.realpath(repo)) + "/", base
        found = locations(doc)
        assert found, "no findings"
        uris = set()
        for rule, loc, _ in found:
            art = loc["artifactLocation"]
            assert art.get("uriBaseId") == "%SRCROOT%", art
            parsed = urllib.parse.urlsplit(art["uri"])
            assert parsed.scheme == "" and not art["uri"].startswith("/"), art["uri"]
            path = urllib.request.url2pathname(urllib.parse.urlsplit(
                urllib.parse.urljoin(base, art["uri"])).path)
            assert os.path.isfile(path), (art["uri"], path)
            uris.add(art["uri"])
        assert "src/a%20b%3Ac.cl" in uris, uris
        assert "src/inc/store.h" in uris, uris  # the helper's store, at its own file
        print("SARIF: %SRCROOT% is the repository, URIs relative, encoded, resolvable")

        # --sarif-root: relative to another directory; outside it, absolute.
        doc = lint(clspread, src, name, "--sarif-root", os.path.join(src, "inc"))
        jsonschema.validate(doc, schema)
        got = {loc["artifactLocation"]["uri"]: loc["artifactLocation"].get("uriBaseId")
               for _, loc, _ in locations(doc)}
        assert got.get("store.h") == "%SRCROOT%", got
        absolute = [u for u, b in got.items() if b is None]
        assert absolute and all(urllib.parse.urlsplit(u).scheme == "file" for u in absolute), got
        print("SARIF: --sarif-root moves the base; a file outside it is a file: URI")

        # Fingerprints survive lines moved by an edit above the findings.
        before = {(r, l["artifactLocation"]["uri"], l["region"]["startLine"]): fp
                  for r, l, fp in locations(lint(clspread, src, name))}
        with open(os.path.join(src, name), "w") as f:
            f.write("// one\n// two\n// three\n" + KERNEL)
        after = {(r, l["artifactLocation"]["uri"], l["region"]["startLine"]): fp
                 for r, l, fp in locations(lint(clspread, src, name))}
        moved = 0
        for (rule, uri, line), fp in before.items():
            shift = 3 if uri.endswith("c.cl") else 0
            assert after.get((rule, uri, line + shift)) == fp, (rule, uri, line, fp, after)
            moved += shift > 0
        assert moved > 0, before
        print(f"SARIF: {len(before)} fingerprints unchanged after 3 lines moved ({moved} moved)")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()

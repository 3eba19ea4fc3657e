#!/usr/bin/env python3
"""Lays out the kernels of an outside suite that bench/outside/SUITE.yaml names.

    python3 bench/outside/layout.py SUITE CHECKOUT [OUT_DIR]

SUITE is a manifest of this folder without its .yaml: rodinia
(https://github.com/yuhc/gpu-rodinia) or polybench
(https://github.com/cavazos-lab/PolyBench-ACC). The manifest and the .cl
files it lists (paths relative to the checkout; a bare git directory such
as a mirror works too, read at HEAD) are copied into OUT_DIR (default
build/outside-SUITE), so that

    build/bin/clspread analyze --suite OUT_DIR/SUITE.yaml --profile P
    build/bin/clspread plan    --suite OUT_DIR/SUITE.yaml -o plan.json
    build/bin/clspread validate --suite OUT_DIR/SUITE.yaml --profile P \\
        --measurements MEASURED.json --out-dir docs/results/P/outside...

work. Nothing of the outside suites is copied into this repository.
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def read(checkout, rel):
    path = os.path.join(checkout, rel)
    if os.path.isfile(path):
        with open(path) as f:
            return f.read()
    # A bare repository (a mirror): the file as of HEAD.
    return subprocess.run(["git", "--git-dir", checkout, "show", "HEAD:" + rel],
                          check=True, capture_output=True, text=True).stdout


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    suite, checkout = sys.argv[1], sys.argv[2]
    manifest = os.path.join(HERE, suite + ".yaml")
    if not os.path.isfile(manifest):
        sys.exit(f"layout.py: no manifest {manifest}")
    out = sys.argv[3] if len(sys.argv) > 3 else os.path.join(
        REPO, "build", "outside-" + suite)
    with open(manifest) as f:
        files = sorted(set(re.findall(r"^\s+file:\s*(\S+)", f.read(), re.M)))
    os.makedirs(out, exist_ok=True)
    shutil.copy(manifest, out)
    for rel in files:
        dest = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w") as f:
            f.write(read(checkout, rel))
        print(dest)
    print(os.path.join(out, os.path.basename(manifest)))


if __name__ == "__main__":
    main()

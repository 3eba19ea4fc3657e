#!/usr/bin/env python3
"""Lays out the Rodinia kernels that bench/outside/rodinia.yaml names.

    python3 bench/outside/rodinia.py RODINIA_CHECKOUT [OUT_DIR]

copies the manifest and the .cl files it lists (paths relative to the
checkout of https://github.com/yuhc/gpu-rodinia; a bare git directory such
as a mirror works too, read at HEAD) into OUT_DIR (default
build/outside-rodinia), so that

    build/bin/clspread analyze --suite OUT_DIR/rodinia.yaml --profile P
    build/bin/clspread plan    --suite OUT_DIR/rodinia.yaml -o plan.json
    build/bin/clspread validate --suite OUT_DIR/rodinia.yaml --profile P \\
        --measurements MEASURED.json --out-dir docs/results/P/outside

work. Nothing of Rodinia is copied into this repository.
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
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    checkout = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "build", "outside-rodinia")
    manifest = os.path.join(HERE, "rodinia.yaml")
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
    print(os.path.join(out, "rodinia.yaml"))


if __name__ == "__main__":
    main()

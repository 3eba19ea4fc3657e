#!/usr/bin/env python3
"""Writes PolyBench-ACC's manifest at another of its host programs' datasets.

    python3 bench/outside/dataset.py DATASET CHECKOUT [OUT_DIR] [--local 2D,1D]

DATASET is SMALL or LARGE (also MINI, EXTRALARGE): the sizes each
benchmark's .h defines under DATASET_DATASET in place of the
STANDARD_DATASET ones bench/outside/polybench.yaml was written at. The
kernels and launch shapes stay; the rule, stated before anything was
measured at these sizes:

- an argument named after one of the benchmark's size macros (ni for NI)
  takes that macro's DATASET value; an integer argument above 1 (the plane
  conv3d is taken at, the middle one) scales by the benchmark's
  STANDARD-to-DATASET ratio; every other argument stays (a step taken at
  its first value, alpha, float_n);
- a global dimension larger than its work-group scales by its benchmark's
  STANDARD-to-DATASET ratio and is rounded up to the work-group, as the
  hosts round; one of one work-group (gramschmidt's norm) stays;
- a buffer whose size is 4 bytes times a product of one to three of the
  benchmark's STANDARD sizes takes the same product of the DATASET sizes.

With `--local 16x16,128` every launch also takes other work-groups than
its host's: a 2-D launch more than one row high takes the first shape
(16x16), every other launch the second in x (128, or 128x1); each
global dimension is rounded up to it as the hosts round. The manifest is
then polybench-DATASET-LOCAL.yaml (polybench-standard-16x16-128.yaml).

A benchmark whose macros do not all scale by one ratio, or a buffer no
product explains, stops the script rather than guess. The manifest goes
to OUT_DIR/polybench-DATASET.yaml (default build/outside-polybench, the
folder bench/outside/layout.py polybench fills with the kernels it
reads).
"""
import itertools
import math
import os
import re
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from layout import read  # noqa: E402  (the same reader as the kernels')

UNITS = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}


def sizes(header, dataset):
    """The macro values header defines under `#ifdef DATASET_DATASET`."""
    block = re.search(r"#\s*ifdef\s+" + dataset + r"_DATASET\b(.*?)#\s*endif",
                      header, re.S)
    if not block:
        sys.exit(f"dataset.py: no {dataset}_DATASET block")
    return {m: int(v) for m, v in
            re.findall(r"#\s*define\s+(\w+)\s+(\d+)\b", block.group(1))}


def ratio_of(std, new, where):
    ratios = {new[m] / std[m] for m in std if m in new and m != "TSTEPS"
              and m != "TMAX"}
    if len(ratios) != 1:
        sys.exit(f"dataset.py: {where}: sizes scale by {sorted(ratios)}")
    return ratios.pop()


def bytes_of(text):
    value, unit = str(text).split()
    return int(float(value) * UNITS[unit])


def scaled_buffer(text, std, new, where):
    want = bytes_of(text)
    names = sorted(std)
    for n in (1, 2, 3):
        for combo in itertools.combinations_with_replacement(names, n):
            if 4 * math.prod(std[m] for m in combo) == want:
                size = 4 * math.prod(new[m] for m in combo)
                for unit in ("GiB", "MiB", "KiB"):
                    if size % UNITS[unit] == 0:
                        return f"{size // UNITS[unit]} {unit}"
                return f"{size} B"
    sys.exit(f"dataset.py: {where}: no product of sizes gives {text}")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    args = sys.argv[1:]
    shape = None
    if "--local" in args:
        at = args.index("--local")
        two, one = args[at + 1].split(",")
        shape = ([int(v) for v in two.split("x")], int(one))
        del args[at:at + 2]
    dataset, checkout = args[0].upper(), args[1]
    out = args[2] if len(args) > 2 else os.path.join(
        REPO, "build", "outside-polybench")
    with open(os.path.join(HERE, "polybench.yaml")) as f:
        manifest = yaml.safe_load(f)
    for k in manifest["kernels"]:
        folder = os.path.dirname(k["file"])
        header = find_header(checkout, folder, k["id"])
        std, new = sizes(header, "STANDARD"), sizes(header, dataset)
        ratio = ratio_of(std, new, k["id"])
        for name in list(k["args"]):
            value = k["args"][name]
            if name.upper() in new and name.upper() in std:
                k["args"][name] = new[name.upper()]
            elif isinstance(value, int) and value > 1:
                k["args"][name] = round(value * ratio)
        k["global"] = [
            g if g <= l else math.ceil(g * ratio / l) * l
            for g, l in zip(k["global"], k["local"])]
        for name, text in k.get("buffers", {}).items():
            k["buffers"][name] = scaled_buffer(text, std, new, k["id"])
        if shape:
            two, one = shape
            if len(k["global"]) == 2 and k["global"][1] > 1:
                k["local"] = list(two)
            else:
                k["local"] = [one] + [1] * (len(k["global"]) - 1)
            k["global"] = [math.ceil(g / l) * l
                           for g, l in zip(k["global"], k["local"])]
    os.makedirs(out, exist_ok=True)
    name = f"polybench-{dataset.lower()}"
    if shape:
        name += "-{}-{}".format("x".join(map(str, shape[0])), shape[1])
    path = os.path.join(out, name + ".yaml")
    with open(path, "w") as f:
        f.write(f"# {name}.yaml - written by bench/outside/dataset.py "
                f"{' '.join(sys.argv[1:2] + sys.argv[3:])}: bench/outside/"
                f"polybench.yaml at PolyBench-ACC's {dataset}_DATASET "
                "sizes (the rule is in that script's header).\n")
        yaml.safe_dump(manifest, f, sort_keys=False, width=100,
                       default_flow_style=None)
    print(path)


def find_header(checkout, folder, where):
    """The benchmark's .h: the one header in the kernel's folder."""
    path = os.path.join(checkout, folder)
    if os.path.isdir(path):
        names = [n for n in os.listdir(path) if n.endswith(".h")]
    else:
        listing = subprocess.run(
            ["git", "--git-dir", checkout, "ls-tree", "--name-only",
             "HEAD", folder + "/"], check=True, capture_output=True,
            text=True).stdout.split()
        names = [os.path.basename(n) for n in listing if n.endswith(".h")]
    if len(names) != 1:
        sys.exit(f"dataset.py: {where}: {len(names)} headers in {folder}")
    return read(checkout, os.path.join(folder, names[0]))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""sheet_names.py - a workbook of several devices whose ids collide.

Profile ids name each device's sheets ("Device ID", "Kernels ID"); a
duplicated id, or one unfit for a sheet name, is numbered instead. Ids
x, x, 2 once gave the second and third devices the same "Device 2"
(libxlsxwriter then returned no sheet and clspread crashed). Asserts: exit
0, every sheet name unique (without case, as Excel compares them), one
Device/Kernels pair per profile.

Usage: sheet_names.py --clspread BIN --source-dir DIR --work DIR
Exit 77 (skipped) when clspread was built without libxlsxwriter.
"""
import argparse
import os
import re
import subprocess
import sys
import zipfile

p = argparse.ArgumentParser()
p.add_argument("--clspread", required=True)
p.add_argument("--source-dir", required=True)
p.add_argument("--work", required=True)
a = p.parse_args()
os.makedirs(a.work, exist_ok=True)
with open(os.path.join(a.source_dir, "device-profiles", "hd4870.yaml")) as f:
    base = f.read()
ids = ["x", "x", "2"]
files = []
for n, ident in enumerate(ids):
    path = os.path.join(a.work, f"p{n}.yaml")
    with open(path, "w") as f:
        f.write(re.sub(r"(?m)^id: .*$", f'id: "{ident}"', base, count=1))
    files.append(path)
out = os.path.join(a.work, "r.xlsx")
r = subprocess.run([a.clspread, "analyze", os.path.join(a.source_dir, "kernels", "saxpy.cl"),
                    "--global", "1048576", "--arg", "n=1048576",
                    "--profile", ",".join(files), "--format", "xlsx", "-o", out],
                   capture_output=True, text=True, timeout=300)
if r.returncode == 2 and "built without libxlsxwriter" in r.stderr:
    print("SKIP: " + r.stderr.strip(), file=sys.stderr)
    sys.exit(77)
if r.returncode != 0:
    sys.exit(f"clspread exited {r.returncode}: {r.stderr}")
names = re.findall(r'<sheet name="([^"]+)"',
                   zipfile.ZipFile(out).read("xl/workbook.xml").decode())
print(names)
folded = [n.lower() for n in names]
if len(set(folded)) != len(folded):
    sys.exit(f"sheet names repeat (without case): {names}")
for kind in ("Device ", "Kernels "):
    got = [n for n in names if n.startswith(kind)]
    if len(got) != len(ids):
        sys.exit(f"{len(got)} '{kind}' sheets for {len(ids)} profiles: {names}")
print("ok: unique sheet names for ids " + ", ".join(ids))

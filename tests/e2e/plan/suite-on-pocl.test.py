"""Checks a clspread-run measurement of the whole suite plan (see the .test)."""
import json
import sys

plan = json.load(open(sys.argv[1]))
meas = json.load(open(sys.argv[2]))
results = {r["id"]: r for r in meas["results"]}
bad = []
for k in plan["kernels"]:
    r = results.get(k["id"])
    if r is None:
        bad.append(f"{k['id']}: no result")
        continue
    if r["status"] != "ok":
        bad.append(f"{k['id']}: status {r['status']}: {r.get('message')}")
        continue
    written = [a["name"] for a in k["args"]
               if a["kind"] == "buffer" and a["access"] in ("write", "read_write")]
    for name in written:
        if not r["checksums"].get(name):
            bad.append(f"{k['id']}: no checksum for output '{name}'")
    for field in ("median_s", "min_s", "max_s", "mean_s", "wall_median_s"):
        if not (isinstance(r.get(field), (int, float)) and r[field] > 0):
            bad.append(f"{k['id']}: {field} = {r.get(field)!r}")
    if r.get("repeats", 0) < 2:
        bad.append(f"{k['id']}: repeats = {r.get('repeats')}")
for b in bad:
    print(b)
print(f"{len(plan['kernels'])} kernels: " + ("all ok" if not bad else f"{len(bad)} problems"))

#!/usr/bin/env python3
"""check_workbook.py - `clspread analyze --format xlsx` recalculates to the CLI.

The workbook's Kernels sheet repeats lib/Model/Spreadsheet.cpp as formulas
(docs/workbook.md). This test makes LibreOffice recalculate them and holds
every formula cell against `clspread analyze --format json` for the same
run, to 1e-9 relative:

 1. the workbook's own cached values (what clspread wrote beside each
    formula) and its plain values equal the JSON figures;
 2. a copy whose cached formula values are all replaced by a sentinel is
    converted to CSV by LibreOffice headless, with recalculation on load
    forced in a private user profile: no sentinel may survive (so the
    numbers really were recalculated), every formula cell with a JSON
    field equals it, and the others (intermediate figures) equal
    clspread's cached values;
 3. a copy with the clock doubled on the Device sheet: T_ALU and T_TEX
    halve (both are proportional to 1 / clock);
 4. a copy with use_measured set to 0: every formula equals the JSON of the
    same run on the profile with its `measured` block removed;
 5. a copy with figures the profile may lack typed into the Device sheet
    (memory latency and knee exponent, LDS bandwidth, barrier cost and
    phase exponent, launch overhead): every formula equals the JSON of the
    run on the profile with the same figures added to its YAML.

With several profiles (`--profile a,b`), the workbook has a Summary sheet
and a "Device ID" / "Kernels ID" pair per device (docs/workbook.md), and
the JSON is {"reports": [...]}. Then:

 1. each device's Kernels sheet, as written, equals its report, and the
    Summary's Tkernel and bound of each device equal its report;
 2. recalculated, the same holds for every formula of every sheet;
 3. with the first device's clock doubled, its T_ALU and T_TEX halve, the
    Summary follows, and every other device's formulas are unchanged: the
    names (clock, ...) are local to each device's sheets;
 4. with use_measured at 0 on one device that has measured figures, that
    device equals the JSON of its profile without them and the others are
    unchanged;
 5. sheet names stay unique where ids cannot give them: the same profile
    twice, and ids x, x, 2 (once two "Device 2" sheets, and a crash).

Usage: check_workbook.py --clspread BIN --source-dir DIR --work DIR
                         [--profile ID|FILE[,ID|FILE...]]
Exit 77 (skipped) when LibreOffice (soffice) is not installed, or clspread
was built without libxlsxwriter.
"""

import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
import xml.etree.ElementTree as ET

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SENTINEL_NUM = "-987654.321"
SENTINEL_STR = "stale-cached-value"
REL_TOL = 1e-9

failures = []


def fail(msg):
    failures.append(msg)
    if len(failures) <= 40:
        print("FAIL: " + msg, file=sys.stderr)


def close(a, b):
    return abs(a - b) <= REL_TOL * max(abs(a), abs(b)) + 1e-30


def col_index(ref):
    letters = re.match(r"[A-Z]+", ref).group(0)
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - ord("A") + 1
    return n - 1


def row_index(ref):
    return int(re.search(r"\d+", ref).group(0)) - 1


class Workbook:
    """The cells of an .xlsx as written: per sheet, (row, col) -> (formula
    or None, value as text or number), and the sheet XML file names."""

    def __init__(self, path):
        with zipfile.ZipFile(path) as z:
            strings = []
            if "xl/sharedStrings.xml" in z.namelist():
                root = ET.fromstring(z.read("xl/sharedStrings.xml"))
                for si in root.findall("m:si", NS):
                    strings.append("".join(t.text or "" for t in si.iter(
                        "{%s}t" % NS["m"])))
            wb = ET.fromstring(z.read("xl/workbook.xml"))
            rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
            targets = {r.get("Id"): r.get("Target") for r in rels}
            self.files = {}
            self.sheets = {}
            for s in wb.find("m:sheets", NS):
                name = s.get("name")
                target = targets[s.get("{%s}id" % REL_NS)]
                fname = "xl/" + target.lstrip("/").removeprefix("xl/")
                self.files[name] = fname
                cells = {}
                root = ET.fromstring(z.read(fname))
                for c in root.iter("{%s}c" % NS["m"]):
                    ref = c.get("r")
                    f = c.find("m:f", NS)
                    v = c.find("m:v", NS)
                    t = c.get("t")
                    if v is None:
                        value = None
                    elif t == "s":
                        value = strings[int(v.text)]
                    elif t in ("str", "inlineStr"):
                        value = v.text or ""
                    else:
                        value = float(v.text)
                    cells[(row_index(ref), col_index(ref))] = (
                        f.text if f is not None else None, value)
                self.sheets[name] = cells

    def value(self, sheet, row, col):
        cell = self.sheets[sheet].get((row, col))
        return None if cell is None else cell[1]

    def find_row(self, sheet, col, text):
        for (r, c), (_, v) in self.sheets[sheet].items():
            if c == col and v == text:
                return r
        raise KeyError(f"{sheet}: no row with '{text}' in column {col}")


def cell_ref(row, col):
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return f"{letters}{row + 1}"


def rewrite(src, dst, edits):
    """Copies the workbook \p src to \p dst with every formula's cached
    value replaced by a sentinel and the cells in \p edits ({sheet: {(row,
    col): number}}) set to new numbers."""
    book = Workbook(src)
    by_file = {book.files[s]: e for s, e in edits.items()}
    cell_re = re.compile(r'<c r="([A-Z]+\d+)"([^>]*?)(/>|>(.*?)</c>)', re.S)

    def fix_cell(m, file_edits):
        ref, attrs, _, inner = m.group(1), m.group(2), m.group(3), m.group(4)
        key = (row_index(ref), col_index(ref))
        if key in file_edits:
            attrs = re.sub(r'\s+t="[^"]*"', "", attrs)
            return f'<c r="{ref}"{attrs}><v>{file_edits[key]!r}</v></c>'
        if inner is None or "<f>" not in inner:
            return m.group(0)
        sentinel = SENTINEL_STR if 't="str"' in attrs else SENTINEL_NUM
        inner = re.sub(r"<v>.*?</v>", f"<v>{sentinel}</v>", inner, flags=re.S)
        return f'<c r="{ref}"{attrs}>{inner}</c>'

    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(
            dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename.startswith("xl/worksheets/"):
                text = data.decode("utf-8")
                file_edits = by_file.get(item.filename, {})
                text = cell_re.sub(lambda m: fix_cell(m, file_edits), text)
                data = text.encode("utf-8")
            zout.writestr(item, data)


RECALC_XCU = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
           xmlns:xs="http://www.w3.org/2001/XMLSchema"
           xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""


def convert(soffice, work, files, names=("Device", "Kernels", "Assumptions",
                                        "Findings", "Lines")):
    """The sheets \p names of each workbook in \p files as CSV, recalculated
    on load (OOXMLRecalcMode 0, "always", in a private user profile)."""
    profile = os.path.join(work, "lo-profile")
    user = os.path.join(profile, "user")
    os.makedirs(user, exist_ok=True)
    with open(os.path.join(user, "registrymodifications.xcu"), "w") as f:
        f.write(RECALC_XCU)
    out = os.path.join(work, "csv")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    env = dict(os.environ, HOME=os.path.join(work, "home"))
    cmd = [soffice, "-env:UserInstallation=file://" + os.path.abspath(profile),
           "--headless", "--norestore", "--convert-to",
           'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,'
           'false,false,-1', "--outdir", out] + files
    r = subprocess.run(cmd, env=env, capture_output=True, text=True,
                       timeout=240)
    if r.returncode != 0:
        sys.exit(f"soffice failed ({r.returncode}): {r.stdout}{r.stderr}")
    sheets = {}
    for path in files:
        stem = os.path.splitext(os.path.basename(path))[0]
        for name in names:
            csv_path = os.path.join(out, f"{stem}-{name}.csv")
            if os.path.exists(csv_path):
                with open(csv_path, newline="", encoding="utf-8") as f:
                    sheets[(path, name)] = list(csv.reader(f))
        missing = [n for n in names if n.startswith("Kernels")
                   and (path, n) not in sheets]
        if missing:
            sys.exit(f"soffice wrote no {missing} sheet for {path}: "
                     f"{r.stdout}{r.stderr}")
    return sheets


def csv_value(rows, row, col):
    if row >= len(rows) or col >= len(rows[row]):
        return None
    text = rows[row][col]
    if text == "":
        return None
    try:
        return float(text)
    except ValueError:
        return text


def json_field(kernel, key):
    v = kernel
    for part in key.split("."):
        if isinstance(v, list):
            v = v[int(part)]
        elif isinstance(v, dict):
            if part not in v:
                return None
            v = v[part]
        else:
            return None
    return v


def same(a, b):
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) \
            and not isinstance(a, bool) and not isinstance(b, bool):
        return close(float(a), float(b))
    if a is None or b is None:
        return a is None and b in (None, "") or b is None and a in (None, "")
    return str(a) == str(b)


def kernel_columns(book, ksheet="Kernels"):
    """Column -> JSON field of a Kernels sheet (row 2; "-": none)."""
    keys = {}
    for (r, c), (_, v) in book.sheets[ksheet].items():
        if r == 1 and isinstance(v, str) and v != "-":
            keys[c] = v
    return keys


def formula_cells(book, sheet):
    return sorted(k for k, (f, _) in book.sheets[sheet].items() if f)


def run_cli(args, *extra):
    cmd = [args.clspread, "analyze"] + (["--profile", args.profile]
                                        if args.profile else []) + list(extra)
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if r.returncode == 2 and "built without libxlsxwriter" in r.stderr:
        # libxlsxwriter is optional in the build (lib/Report/CMakeLists.txt),
        # but CI's build has it (tools/bootstrap.sh installs it).
        print("SKIP: " + r.stderr.strip(), file=sys.stderr)
        sys.exit(1 if os.environ.get("CI") == "true" else 77)
    if r.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} exited {r.returncode}: {r.stderr}")
    return r.returncode


def check_clock_halved(krows, ksheet_keys, kernels, label):
    """T_ALU and T_TEX of every kernel in the recalculated Kernels rows
    \p krows are half the JSON's (the clock was doubled). Returns the
    number of checks."""
    n = 0
    for i, k in enumerate(kernels):
        for key in ("estimate.t_alu_s", "estimate.t_tex_s"):
            got = csv_value(krows, i + 2, ksheet_keys[key])
            want = json_field(k, key) / 2
            n += 1
            if not isinstance(got, float) or not close(got, want):
                fail(f"{label}: {key} of {k['name']}: {got!r}, expected "
                     f"{want!r} (half of {json_field(k, key)!r})")
    return n


def write_both(args):
    """The same run as xlsx and as JSON (with --lines): the workbook's path
    and the parsed JSON. Their exit codes must agree."""
    xlsx = os.path.join(args.work, "report.xlsx")
    js = os.path.join(args.work, "report.json")
    rc_x = run_cli(args, "--lines", "--format", "xlsx", "-o", xlsx)
    rc_j = run_cli(args, "--lines", "--format", "json", "-o", js)
    if rc_x != rc_j:
        fail(f"exit codes differ: xlsx {rc_x}, json {rc_j}")
    with open(js) as f:
        return xlsx, json.load(f)


def check_cached(book, report, label, ksheet="Kernels"):
    """Plain values and clspread's cached formula values against the JSON."""
    keys = kernel_columns(book, ksheet)
    kernels = report["kernels"]
    checked = 0
    for i, k in enumerate(kernels):
        for c, key in keys.items():
            want = json_field(k, key)
            got = book.value(ksheet, i + 2, c)
            checked += 1
            if not same(got, want):
                fail(f"{label}: {ksheet} {cell_ref(i + 2, c)} ({key}) of "
                     f"{k['name']}: workbook {got!r}, JSON {want!r}")
    rows = [r for r in book.sheets[ksheet] if r[0] >= 2]
    if len({r for r, _ in rows}) != len(kernels):
        fail(f"{label}: {len({r for r, _ in rows})} kernel rows, JSON has "
             f"{len(kernels)} kernels")
    return checked


def check_recalculated(book, sheets, path, report, label, cached_book=None,
                       ksheet="Kernels", dsheet="Device"):
    """Every formula cell of the recalculated copy: never the sentinel, and
    equal to the JSON field of its column, or to clspread's cached value
    (from \p cached_book) for figures the JSON does not carry."""
    keys = kernel_columns(book, ksheet)
    kernels = report["kernels"]
    rows = sheets[(path, ksheet)]
    checked = 0
    for (r, c) in formula_cells(book, ksheet):
        got = csv_value(rows, r, c)
        k = kernels[r - 2]
        where = f"{label}: {ksheet} {cell_ref(r, c)} of {k['name']}"
        if got in (float(SENTINEL_NUM), SENTINEL_STR):
            fail(f"{where}: not recalculated (sentinel left)")
            continue
        if c in keys:
            want = json_field(k, keys[c])
            what = f"JSON {keys[c]}"
        elif cached_book is not None:
            want = cached_book.value(ksheet, r, c)
            what = "clspread's cached value"
        else:
            continue
        checked += 1
        if not same(got, want):
            fail(f"{where}: recalculated {got!r}, {what} {want!r}")
    drows = sheets[(path, dsheet)]
    for (r, c) in formula_cells(book, dsheet):
        got = csv_value(drows, r, c)
        if got in (float(SENTINEL_NUM), SENTINEL_STR):
            fail(f"{label}: {dsheet} {cell_ref(r, c)} not recalculated")
            continue
        if cached_book is not None:
            want = cached_book.value(dsheet, r, c)
            checked += 1
            if not same(got, want):
                fail(f"{label}: {dsheet} {cell_ref(r, c)} recalculated {got!r}, "
                     f"clspread's value {want!r}")
    return checked


def load_profile(args):
    import yaml
    path = args.profile or "hd4870"
    if "/" not in path and not path.endswith((".yaml", ".yml")):
        path = os.path.join(args.source_dir, "device-profiles", path + ".yaml")
    with open(path) as f:
        return yaml.safe_load(f)


def save_profile(args, doc, name):
    import yaml
    out = os.path.join(args.work, name)
    with open(out, "w") as f:
        yaml.safe_dump(doc, f, sort_keys=False)
    return out


def strip_measured(args, name="datasheet-only.yaml"):
    """A copy of the profile without its `measured` block, or None when it
    has none."""
    doc = load_profile(args)
    if "measured" not in doc:
        return None
    del doc["measured"]
    return save_profile(args, doc, name)


# Figures typed into the Device sheet for check 5: profile path, the YAML
# value, the value in the sheet's SI unit.
ADDED_FIGURES = [
    ("memory.latency", "400 ns", 4e-7),
    ("memory.overlap_exponent", 3, 3.0),
    ("lds.bandwidth_per_clock", "64 B", 64.0),
    ("barrier.item_cycles", 0.5, 0.5),
    ("barrier.phase_exponent", 2, 2.0),
    ("launch_overhead", "5 us", 5e-6),
    ("work_group.dispatch_cycles", 5000, 5000.0),
]


def add_figures(args, book):
    """The profile with ADDED_FIGURES in its YAML, and the same figures as
    Device sheet edits (the datasheet column of each figure's row)."""
    doc = load_profile(args)
    edits = {}
    for path, yaml_value, value in ADDED_FIGURES:
        parts = path.split(".")
        # lds.bandwidth_per_clock needs an lds block (lds.per_cu), which
        # profiles without local-memory limits do not have.
        if len(parts) == 2 and parts[0] == "lds" and "lds" not in doc:
            continue
        node = doc
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = yaml_value
        doc.setdefault("sources", {})[path] = "check_workbook.py: added"
        edits[(book.find_row("Device", 0, path), 4)] = value
    return save_profile(args, doc, "added-figures.yaml"), edits


SUMMARY_FIRST_ROW = 5  # docs/workbook.md: title, note, blank, header, key


def check_summary(book, sheets, path, reports, label, edited=None):
    """The Summary sheet's Tkernel and bound per device: as written (no
    \p sheets) or recalculated. \p edited maps a device index to the
    recalculated sheet rows of its Kernels sheet, which the Summary must
    follow instead of the JSON."""
    rows = sheets[(path, "Summary")] if sheets else None
    n = 0
    for i, k in enumerate(reports[0]["kernels"]):
        r = SUMMARY_FIRST_ROW + i
        for d, rep in enumerate(reports):
            for off, key in ((0, "estimate.t_kernel_s"),
                             (1, "estimate.bound")):
                c = 3 + 2 * d
                tag = book.value("Summary", SUMMARY_FIRST_ROW - 1, c + off)
                if tag != f"reports.{d}.{key}":
                    fail(f"Summary {cell_ref(SUMMARY_FIRST_ROW - 1, c + off)}"
                         f": key {tag!r}, expected reports.{d}.{key}")
                got = (csv_value(rows, r, c + off) if rows
                       else book.value("Summary", r, c + off))
                if edited and d in edited:
                    kcol = {v: c for c, v in kernel_columns(
                        book, edited[d][0]).items()}[key]
                    want = csv_value(edited[d][1], i + 2, kcol)
                else:
                    want = json_field(rep["kernels"][i], key)
                n += 1
                if not same(got, want):
                    fail(f"{label}: Summary {cell_ref(r, c + off)} "
                         f"({rep['profile']} {key}) of {k['name']}: "
                         f"{got!r}, expected {want!r}")
    if book.value("Summary", SUMMARY_FIRST_ROW + len(reports[0]["kernels"]),
                  1) is not None:
        fail("Summary has more kernel rows than the JSON")
    return n


def main_several(args, soffice, profiles):
    xlsx, report = write_both(args)
    reports = report["reports"]
    if len(reports) != len(profiles):
        sys.exit(f"{len(reports)} reports for {len(profiles)} profiles")
    book = Workbook(xlsx)
    ids = [r["profile"] for r in reports]
    dsheets = [f"Device {i}" for i in ids]
    ksheets = [f"Kernels {i}" for i in ids]
    names = ["Summary"] + [n for pair in zip(dsheets, ksheets) for n in pair]
    want_order = names + ["Assumptions", "Findings", "Lines"]
    if list(book.sheets) != want_order:
        fail(f"sheets {list(book.sheets)}, expected {want_order}")
        return 1

    # 1. As written.
    n = 0
    for d, rep in enumerate(reports):
        n += check_cached(book, rep, f"as written, {ids[d]}", ksheets[d])
    n += check_summary(book, None, xlsx, reports, "as written")
    # The device column of the item sheets: every report's lines, in order.
    lines = [(rep["profile"], k, l) for rep in reports
             for k in rep["kernels"] for l in k.get("lines", [])]
    for i, (dev, k, l) in enumerate(lines):
        got = (book.value("Lines", i + 1, 3), book.value("Lines", i + 1, 8))
        if not same(got[0], l["line"]) or got[1] != dev:
            fail(f"Lines row {i + 2}: {got!r}, expected line {l['line']} "
                 f"on {dev}")
    if book.value("Lines", len(lines) + 1, 0) is not None:
        fail("Lines has more rows than the reports' lines")

    # 2-4. Recalculated copies.
    clock_row = book.find_row(dsheets[0], 0, "clock")
    clock_edits = {}
    for c in (4, 5):
        v = book.value(dsheets[0], clock_row, c)
        if isinstance(v, float):
            clock_edits[(clock_row, c)] = 2 * v
    fresh = os.path.join(args.work, "fresh.xlsx")
    faster = os.path.join(args.work, "clock2x.xlsx")
    rewrite(xlsx, fresh, {})
    rewrite(xlsx, faster, {dsheets[0]: clock_edits})
    # The use_measured check: the first device with measured figures.
    stripped, flip = None, None
    for d, p in enumerate(profiles):
        stripped = strip_measured(
            argparse.Namespace(profile=p, source_dir=args.source_dir,
                               work=args.work), f"datasheet-only-{d}.yaml")
        if stripped:
            flip = d
            break
    files = [fresh, faster]
    if flip is not None:
        datasheet = os.path.join(args.work, "datasheet.xlsx")
        switch_row = book.find_row(dsheets[flip], 0, "use_measured")
        rewrite(xlsx, datasheet, {dsheets[flip]: {(switch_row, 2): 0}})
        files.append(datasheet)
    sheets = convert(soffice, args.work, files, names)

    for d, rep in enumerate(reports):
        n += check_recalculated(book, sheets, fresh, rep,
                                f"recalculated, {ids[d]}", book, ksheets[d],
                                dsheets[d])
    n += check_summary(book, sheets, fresh, reports, "recalculated")

    keys = {v: c for c, v in kernel_columns(book, ksheets[0]).items()}
    krows = sheets[(faster, ksheets[0])]
    n += check_clock_halved(krows, keys, reports[0]["kernels"],
                            f"clock x2 on {ids[0]}")
    for d in range(1, len(reports)):
        n += check_recalculated(book, sheets, faster, reports[d],
                                f"clock x2 on {ids[0]}, {ids[d]}", book,
                                ksheets[d], dsheets[d])
    n += check_summary(book, sheets, faster, reports, f"clock x2 on {ids[0]}",
                       edited={0: (ksheets[0], krows)})

    if flip is None:
        fail("no profile has measured figures; the use_measured check "
             "proves nothing")
    else:
        ds_json = os.path.join(args.work, "datasheet.json")
        run_cli(argparse.Namespace(clspread=args.clspread, profile=stripped),
                "--lines", "--format", "json", "-o", ds_json)
        with open(ds_json) as f:
            ds_report = json.load(f)
        for d, rep in enumerate(reports):
            n += check_recalculated(
                book, sheets, datasheet, ds_report if d == flip else rep,
                f"use_measured=0 on {ids[flip]}, {ids[d]}", None, ksheets[d],
                dsheets[d])

    # The same profile twice: ids cannot name the sheets, places do.
    twice = os.path.join(args.work, "twice.xlsx")
    run_cli(argparse.Namespace(clspread=args.clspread,
                               profile=f"{profiles[0]},{profiles[0]}"),
            "--format", "xlsx", "-o", twice)
    got = list(Workbook(twice).sheets)
    want = ["Summary", "Device 1", "Kernels 1", "Device 2", "Kernels 2",
            "Assumptions", "Findings"]
    if got != want:
        fail(f"--profile {profiles[0]} twice: sheets {got}, expected {want}")
    # Ids x, x, 2: the duplicated pair is numbered 1 and 2, and the id "2"
    # must not take a name already given (libxlsxwriter returned no sheet
    # for it and clspread crashed). Every name unique without case, as
    # Excel compares them; one Device/Kernels pair per profile.
    base = load_profile(argparse.Namespace(profile=profiles[0],
                                           source_dir=args.source_dir))
    ids_collide = ["x", "x", "2"]
    paths = [save_profile(args, dict(base, id=i), f"id-{n}.yaml")
             for n, i in enumerate(ids_collide)]
    colliding = os.path.join(args.work, "colliding.xlsx")
    run_cli(argparse.Namespace(clspread=args.clspread,
                               profile=",".join(paths)),
            "--format", "xlsx", "-o", colliding)
    got = list(Workbook(colliding).sheets)
    folded = [s.lower() for s in got]
    if len(set(folded)) != len(folded):
        fail(f"ids {ids_collide}: sheet names repeat (without case): {got}")
    for kind in ("Device ", "Kernels "):
        if len([s for s in got if s.startswith(kind)]) != len(ids_collide):
            fail(f"ids {ids_collide}: not one '{kind}' sheet per profile: "
                 f"{got}")

    if failures:
        print(f"{len(failures)} failures", file=sys.stderr)
        return 1
    print(f"ok: {len(reports[0]['kernels'])} kernels on {', '.join(ids)}, "
          f"{sum(len(formula_cells(book, s)) for s in names)} formula cells, "
          f"{n} checks")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clspread", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--profile")
    args = ap.parse_args()

    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if not soffice:
        if os.environ.get("CI") == "true":
            print("FAIL: no soffice in CI (tools/bootstrap.sh installs "
                  "libreoffice-calc-nogui)", file=sys.stderr)
            return 1
        print("SKIP: soffice (LibreOffice) not found", file=sys.stderr)
        return 77
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    os.chdir(args.source_dir)  # the bundled suite's paths are relative
    profiles = (args.profile or "").split(",")
    if len(profiles) > 1:
        return main_several(args, soffice, profiles)

    xlsx, report = write_both(args)
    book = Workbook(xlsx)
    for sheet in ("Device", "Kernels", "Assumptions", "Findings", "Lines"):
        if sheet not in book.sheets:
            fail(f"no sheet {sheet}")
    if failures:
        return 1
    n_formulas = len(formula_cells(book, "Kernels"))
    if n_formulas < 10 * len(report["kernels"]):
        fail(f"only {n_formulas} formula cells for "
             f"{len(report['kernels'])} kernels")

    # 1. What clspread wrote.
    n = check_cached(book, report, "as written")

    # Lines and Assumptions: plain values, as the JSON has them.
    lines = [(k, l) for k in report["kernels"] for l in k.get("lines", [])]
    for i, (k, l) in enumerate(lines):
        for c, key in ((3, "line"), (4, "alu_ops"), (5, "global_bytes"),
                       (6, "lds_bytes"), (7, "tex_fetches")):
            got = book.value("Lines", i + 1, c)
            if not same(got, l[key]):
                fail(f"Lines {cell_ref(i + 1, c)} ({k['name']} {key}): "
                     f"{got!r}, JSON {l[key]!r}")
    if book.value("Lines", len(lines) + 1, 0) is not None:
        fail("Lines has more rows than the JSON's lines")
    # Each kernel's assumptions and model notes, then one row for its
    # error band (the profile's validation, or that it has none).
    notes = sum(len(k["assumptions"]) + len(k["model_notes"]) + 1
                for k in report["kernels"])
    rows = {r for (r, _) in book.sheets["Assumptions"] if r >= 1}
    if len(rows) != notes:
        fail(f"Assumptions has {len(rows)} rows, the JSON {notes} "
             "assumptions, model notes and error bands")
    bands = [book.value("Assumptions", r, 7) for r in sorted(rows)
             if book.value("Assumptions", r, 4) == "error band"]
    want = [k["estimate"]["error_band"]["text"]
            if k["estimate"]["error_band"] else None
            for k in report["kernels"]]
    if len(bands) != len(want):
        fail(f"Assumptions has {len(bands)} error band rows for "
             f"{len(want)} kernels")
    for got, w in zip(bands, want):
        if (w is None and not str(got).startswith("error unknown")) or \
                (w is not None and got != w):
            fail(f"Assumptions error band {got!r}, JSON {w!r}")

    # 2-4. Recalculated copies.
    device = book.sheets["Device"]
    clock_row = book.find_row("Device", 0, "clock")
    switch_row = book.find_row("Device", 0, "use_measured")
    clock_edits = {}
    for c in (4, 5):  # datasheet, measured
        v = book.value("Device", clock_row, c)
        if isinstance(v, float):
            clock_edits[(clock_row, c)] = 2 * v
    fresh = os.path.join(args.work, "fresh.xlsx")
    faster = os.path.join(args.work, "clock2x.xlsx")
    datasheet = os.path.join(args.work, "datasheet.xlsx")
    rewrite(xlsx, fresh, {})
    rewrite(xlsx, faster, {"Device": clock_edits})
    rewrite(xlsx, datasheet, {"Device": {(switch_row, 2): 0}})
    added_yaml, added_edits = add_figures(args, book)
    added = os.path.join(args.work, "added.xlsx")
    rewrite(xlsx, added, {"Device": added_edits})
    sheets = convert(soffice, args.work, [fresh, faster, datasheet, added])

    n += check_recalculated(book, sheets, fresh, report, "recalculated",
                            cached_book=book)

    keys = {v: c for c, v in kernel_columns(book).items()}
    n += check_clock_halved(sheets[(faster, "Kernels")], keys,
                            report["kernels"], "clock x2")

    stripped = strip_measured(args)
    if stripped:
        ds_json = os.path.join(args.work, "datasheet.json")
        run_cli(argparse.Namespace(clspread=args.clspread, profile=stripped),
                "--lines", "--format", "json", "-o", ds_json)
        with open(ds_json) as f:
            ds_report = json.load(f)
    else:
        ds_report = report  # no measured figures: the switch changes nothing
    n += check_recalculated(book, sheets, datasheet, ds_report,
                            "use_measured=0")
    if stripped:
        # The switch must matter where the profile has measured figures.
        differs = any(
            not same(a["estimate"]["t_kernel_s"], b["estimate"]["t_kernel_s"])
            for a, b in zip(report["kernels"], ds_report["kernels"]))
        if not differs:
            fail("measured and datasheet-only estimates are the same; the "
                 "use_measured check proves nothing")

    added_json = os.path.join(args.work, "added.json")
    run_cli(argparse.Namespace(clspread=args.clspread, profile=added_yaml),
            "--lines", "--format", "json", "-o", added_json)
    with open(added_json) as f:
        added_report = json.load(f)
    n += check_recalculated(book, sheets, added, added_report,
                            "figures added")
    # The dispatch figure must have set some kernel's Tkernel, where the
    # profile has no measured one to win over the typed-in value.
    if "work_group.dispatch_cycles" not in load_profile(args).get(
            "measured", {}) and not any(
            k["estimate"]["t_dispatch_s"] > 0 and same(
                k["estimate"]["t_kernel_s"], k["estimate"]["t_dispatch_s"])
            for k in added_report["kernels"]):
        fail("figures added: no kernel's Tkernel came from the work-group "
             "dispatch")
    # The phase exponent must have mattered for some kernel with barriers.
    if not any(k["per_item"]["barriers"] > 0 and not same(
            k["estimate"]["t_kernel_s"],
            max(k["estimate"][t] for t in ("t_alu_s", "t_tex_s", "t_mem_s")))
            for k in added_report["kernels"]):
        fail("figures added: no kernel's Tkernel came from the barrier "
             "phase combination")

    if failures:
        print(f"{len(failures)} failures", file=sys.stderr)
        return 1
    print(f"ok: {len(report['kernels'])} kernels on "
          f"{report['profile']}, {n_formulas} formula cells, {n} checks")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Lint a corpus of real OpenCL projects and report how clspread fares.

The corpus is bench/realworld/corpus.yaml: per project its repository, the
commit, the kernel files and the build options its host passes to
clBuildProgram. No kernel source is kept in this repository: the files are
taken from local git snapshots (one bare git directory per repository, found
under --mirror as OWNER+NAME/repo, the layout the session's `fetch` tool
writes) with `git archive`. Nothing here touches the network.

For each file it
  * checks that a real OpenCL C compiler accepts it with the host's options
    (clang-19 -x cl -fsyntax-only with the default header, plus
    -D__OPENCL_VERSION__ and -D__IMAGE_SUPPORT__, which an OpenCL driver
    predefines and clang does not);
  * runs `clspread lint --format json` once per file and profile, one
    run at a time, with lint's default -j (every core: what a pre-commit
    hook linting one changed file gets; the cores left over from the one
    file analyze its kernels side by side) and a per-file time limit;
and prints: files analyzed / files the compiler accepts, findings per rule
per kLOC, duplicate findings, time per file, and the lint targets (false
rates, coverage, time per file, duplicates) with PASS/FAIL (the false rates come from the judged table in
docs/realworld.md when it exists).

--sample N writes a deterministic stratified sample of findings as a
markdown table to judge. The exit status is 0 whatever the numbers are.
"""
import argparse
import collections
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import io

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_PROFILES = ["hd4870", "nvidia-h100-sxm", "mali-g76"]

# Options clspread does not take: dropped from its command line (they do not
# change what the source means), kept for the compiler check.
CLSPREAD_DROPS = re.compile(
    r"^-(cl-mad-enable|cl-opt-disable|cl-fast-relaxed-math|cl-no-signed-zeros|"
    r"cl-unsafe-math-optimizations|cl-finite-math-only|cl-denorms-are-zero|"
    r"cl-fp32-correctly-rounded-divide-sqrt|cl-nv-verbose|w|Werror)$")


def gitdir_for(mirrors, repository):
    owner_name = repository.replace("/", "+")
    for m in mirrors:
        for cand in (os.path.join(m, owner_name, "repo", ".git"),
                     os.path.join(m, owner_name, "repo"),
                     os.path.join(m, owner_name)):
            if os.path.isfile(os.path.join(cand, "HEAD")):
                return cand
    return None


def norm_files(project):
    out = []
    for f in project.get("files", []):
        if isinstance(f, str):
            out.append(dict(path=f))
        else:
            out.append(dict(f))
    return out


def split_opts(opts):
    """A list whose items may be 'a b' strings: one item per word, except
    that '-D X' style pairs stay two items."""
    out = []
    for o in opts or []:
        out.append(str(o))
    return out


def layout(manifest, mirrors, root):
    """Extract every project into root/NAME; return the list of files to
    analyze, each a dict with project, path, lint_path (relative to the
    project root), offset (prelude lines before the original line 1),
    options (list, {root} expanded), loc."""
    entries = []
    for p in manifest["projects"]:
        gd = gitdir_for(mirrors, p["repository"])
        proot = os.path.join(root, p["name"])
        if gd is None:
            print(f"  {p['name']}: no git snapshot of {p['repository']} under {', '.join(mirrors)}: skipped",
                  file=sys.stderr)
            continue
        shutil.rmtree(proot, ignore_errors=True)
        os.makedirs(proot)
        data = subprocess.run(["git", "--git-dir", gd, "archive", "--format=tar", p["commit"]] + p["extract"],
                              capture_output=True, check=True).stdout
        with tarfile.open(fileobj=io.BytesIO(data)) as t:
            t.extractall(proot, filter="data")
        common = split_opts(p.get("options"))
        prelude_text = ""
        if p.get("prelude_text"):
            prelude_text += p["prelude_text"]
            if not prelude_text.endswith("\n"):
                prelude_text += "\n"
        for pf in p.get("prelude", []):
            with open(os.path.join(proot, pf), encoding="utf-8", errors="replace") as fh:
                t = fh.read()
            prelude_text += t if t.endswith("\n") else t + "\n"
        for f in norm_files(p):
            path = f["path"]
            src_path = os.path.join(proot, path)
            with open(src_path, "rb") as fh:
                raw = fh.read()
            if p.get("unwrap"):
                # the file is a C++ string literal, MACRO( ...kernel text... ):
                # blank the wrapper, keep the lines where they are
                w = p["unwrap"].encode() + b"("
                i = raw.find(w)
                j = raw.rfind(b")")
                if i >= 0 and j > i:
                    raw = raw[:i] + b" " * len(w) + raw[i + len(w):j] + b" " + raw[j + 1:]
                    # a "\n" escape in the stringified text is the line break
                    # of the real program (it starts #define lines); the
                    # file's own line breaks are already there
                    raw = re.sub(rb"^(\s*)\\n", rb"\1  ", raw, flags=re.M)
                    with open(src_path, "wb") as fh:
                        fh.write(raw)
            loc = raw.count(b"\n") + (0 if raw.endswith(b"\n") or not raw else 1)
            pre = prelude_text
            for extra in f.get("prelude", []):
                with open(os.path.join(proot, extra), encoding="utf-8", errors="replace") as fh:
                    t = fh.read()
                pre += t if t.endswith("\n") else t + "\n"
            lint_path = path
            offset = 0
            if pre:
                d, b = os.path.split(path)
                lint_path = os.path.join(d, b[:-3] + ".rw.cl" if b.endswith(".cl") else b + ".rw.cl")
                with open(os.path.join(proot, lint_path), "wb") as fh:
                    fh.write(pre.encode())
                    fh.write(raw)
                offset = pre.count("\n")
            opts = common + split_opts(f.get("options"))
            opts = [o.replace("{root}", proot) for o in opts]
            entries.append(dict(project=p["name"], path=path, lint_path=lint_path, offset=offset,
                                options=opts, loc=loc, root=proot))
    return entries


def cl_std_of(opts):
    for o in opts:
        m = re.match(r"^-cl-std=CL(\d)\.(\d)$", o)
        if m:
            return int(m.group(1)) * 100 + int(m.group(2)) * 10
    return None


def compiler_check(e, clang):
    opts = list(e["options"])
    std = cl_std_of(opts)
    extra = []
    if std is None:
        extra.append("-cl-std=CL1.2")
        std = 120
    cmd = [clang, "-x", "cl"] + extra + ["-Xclang", "-finclude-default-header", "-fsyntax-only",
                                         f"-D__OPENCL_VERSION__={std}", "-D__IMAGE_SUPPORT__=1",
                                         "-Wno-everything"]
    cmd += [o for o in opts if o not in ("-cl-nv-verbose",)]
    cmd.append(e["lint_path"])
    try:
        r = subprocess.run(cmd, cwd=e["root"], capture_output=True, text=True, errors="replace", timeout=120)
        ok = r.returncode == 0
        err = "" if ok else next((l for l in r.stderr.splitlines() if "error:" in l), r.stderr[:200])
    except subprocess.TimeoutExpired:
        ok, err = False, "clang timed out"
    return ok, err


def clspread_cmd(clspread, profile, opts, path, style, rules=None):
    """The lint command line. style 'dashdash': options after `--` (where
    Clang options go); 'before': each -D/-I as its own occurrence before the
    single-valued options, so no multi-valued option can take the file."""
    kept = [o for o in opts if not CLSPREAD_DROPS.match(o)]
    std = None
    rest = []
    for o in kept:
        if o.startswith("-cl-std="):
            std = o[len("-cl-std="):]
        else:
            rest.append(o)
    base = [clspread, "lint", "--format", "json", "--fail-on", "never"]
    if rules:
        # only when asked (--rules): by default the run is what a user gets,
        # clspread's default rule set
        base += ["--rules", rules]
    if std:
        base += ["--cl-std", std]
    if style == "dashdash":
        return base + ["--profile", profile, "--"] + rest + [path]
    # 'before': join '-D X' pairs into -DX, then list them first
    joined = []
    i = 0
    while i < len(rest):
        if rest[i] in ("-D", "-I") and i + 1 < len(rest):
            joined.append(rest[i] + rest[i + 1])
            i += 2
        else:
            joined.append(rest[i])
            i += 1
    pre = []
    for o in joined:
        if o.startswith("-D"):
            pre += ["-D", o[2:]]
        elif o.startswith("-I"):
            pre += ["-I", o[2:]]
        else:
            pre.append(o)
    return [clspread] + ["lint"] + pre + base[2:] + ["--profile", profile, path]


def parse_findings(stdout):
    try:
        doc = json.loads(stdout)
    except Exception:
        return None
    if isinstance(doc, dict) and isinstance(doc.get("files"), list):
        return [f for fe in doc["files"] for f in fe.get("findings", [])]
    if isinstance(doc, dict):
        for k in ("findings", "diagnostics", "results"):
            if isinstance(doc.get(k), list):
                return doc[k]
        for v in doc.values():
            if isinstance(v, list):
                return v
        return []
    return doc if isinstance(doc, list) else []


def finding_fields(f):
    loc = f.get("location") or f
    file = loc.get("file") or loc.get("path") or f.get("file")
    line = loc.get("line") or f.get("line") or 0
    col = loc.get("column") or loc.get("col") or f.get("column") or 0
    return dict(rule=f.get("rule") or f.get("check") or f.get("id"), severity=f.get("severity"),
                message=f.get("message") or f.get("text") or "", file=file, line=line, col=col,
                kernel=f.get("kernel"))


def run_lint(e, clspread, profile, timeout, style, rules=None):
    cmd = clspread_cmd(clspread, profile, e["options"], e["lint_path"], style, rules)
    for attempt in range(60):
        # the binary may be missing for a while when it is being rebuilt
        if os.access(clspread, os.X_OK):
            t0 = time.monotonic()
            try:
                r = subprocess.run(cmd, cwd=e["root"], capture_output=True, text=True, errors="replace",
                                   timeout=timeout)
                dt = time.monotonic() - t0
                if r.returncode == 127 or (r.returncode != 0 and "error while loading shared" in r.stderr):
                    raise OSError(r.stderr)
                break
            except subprocess.TimeoutExpired:
                return dict(status="hang", time=timeout, findings=[], error=f"killed after {timeout} s", cmd=cmd)
            except OSError:
                pass
        time.sleep(10)
    else:
        return dict(status="error", time=0, findings=[], error="no runnable clspread binary for 10 minutes", cmd=cmd)
    raw = parse_findings(r.stdout)
    if raw is None:
        return dict(status="crash" if r.returncode < 0 or r.returncode > 2 else "error", time=dt, findings=[],
                    error=(r.stderr.strip().splitlines() or [f"rc {r.returncode}"])[0][:300], cmd=cmd,
                    rc=r.returncode)
    fs = []
    errors = []
    for f in raw:
        ff = finding_fields(f)
        # map back to the original file and line when a prelude was prepended
        fn = ff["file"] or e["lint_path"]
        if os.path.isabs(fn):
            fn = os.path.relpath(fn, e["root"])
        if os.path.normpath(fn) == os.path.normpath(e["lint_path"]):
            if ff["line"] and ff["line"] > e["offset"]:
                ff["file"], ff["line"] = e["path"], ff["line"] - e["offset"]
            else:
                ff["file"] = "(prelude)"
        else:
            ff["file"] = fn
        if ff["severity"] == "error" and not (ff["rule"] or "").startswith(("perf-", "portability-")):
            errors.append(ff)
        fs.append(ff)
    status = "ok"
    if r.returncode not in (0, 1):
        status = "error"
    rule_fs = [f for f in fs if f["rule"] and (f["rule"].startswith("perf-") or f["rule"].startswith("portability-"))]
    other = [f for f in fs if f not in rule_fs]
    if any(f["severity"] == "error" for f in other):
        status = "error"
    return dict(status=status, time=dt, findings=rule_fs, other=other, rc=r.returncode,
                error=(next((f"{o['file']}:{o['line']}: {o['rule']}: {o['message'][:250]}" for o in other
                             if o["severity"] == "error"), "") if status == "error" and other else
                       (r.stderr.strip().splitlines() or [""])[0][:300] if status == "error" else ""),
                cmd=cmd)


def pct(n, d):
    return f"{100.0 * n / d:.1f}%" if d else "n/a"


def percentile(xs, q):
    if not xs:
        return 0.0
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))
    return xs[k]


def read_judged(path, section=None):
    """The judged table of docs/realworld.md: rows '| n | location | rule |
    finding | verdict | reason |'. The page keeps one judged table per pass,
    each under its own level-2 heading ('## First pass ...', '## Second pass
    ...'): with section, only the rows under the level-2 heading that
    contains it (case-insensitive); without, the rows of the last such
    section that has any."""
    if not os.path.exists(path):
        return None
    groups = collections.OrderedDict()
    heading = ""
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("## "):
                heading = line[3:].strip()
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 6 and cells[0].isdigit():
                verdict = cells[4].strip("* ").lower()
                if verdict in ("true", "debatable", "false"):
                    groups.setdefault(heading, []).append(
                        dict(location=cells[1], rule=cells[2].strip("` "), verdict=verdict,
                             reason=cells[5] if len(cells) > 5 else ""))
    if not groups:
        return None
    if section:
        rows = [r for h, rs in groups.items() if section.lower() in h.lower() for r in rs]
        return rows or None
    return list(groups.values())[-1]


def default_rules(clspread):
    """Rules in the default set: `lint --list-rules` marks the others."""
    try:
        out = subprocess.run([clspread, "lint", "--list-rules"], capture_output=True, text=True, timeout=30).stdout
    except Exception:
        return None
    rules = set()
    for line in out.splitlines():
        w = line.split()
        if w and re.match(r"^(perf|portability)-", w[0]) and "not in the default" not in line and "(off" not in line:
            rules.add(w[0])
    return rules


def sample(results, n, out, seed=""):
    """Deterministic stratified sample: round-robin over (rule, project)
    cells, inside each cell by a hash of the location (and of seed: another
    seed gives another sample, the same seed the same one)."""
    cells = collections.defaultdict(list)
    seen = set()
    for key, r in results.items():
        proj, path, prof = key
        for f in r.get("findings", []):
            k = (f["rule"], f["file"], f["line"], f["col"])
            if k in seen:
                continue
            seen.add(k)
            h = hashlib.sha1(f"{seed}{proj}/{f['file']}:{f['line']}:{f['col']}:{f['rule']}".encode()).hexdigest()
            cells[(f["rule"], proj)].append((h, proj, prof, f))
    for c in cells.values():
        c.sort()
    by_rule = collections.defaultdict(list)
    for (rule, proj) in sorted(cells):
        by_rule[rule].append((rule, proj))
    picked = []
    idx = collections.Counter()
    rule_order = sorted(by_rule)
    progress = True
    while len(picked) < n and progress:
        progress = False
        for rule in rule_order:
            if len(picked) >= n:
                break
            # the next project for this rule, round-robin
            keys = by_rule[rule]
            for _ in range(len(keys)):
                k = keys[idx[("r", rule)] % len(keys)]
                idx[("r", rule)] += 1
                if idx[k] < len(cells[k]):
                    picked.append(cells[k][idx[k]])
                    idx[k] += 1
                    progress = True
                    break
    lines = ["| # | location | rule | finding | verdict | reason |", "|---|---|---|---|---|---|"]
    for i, (_, proj, prof, f) in enumerate(picked, 1):
        msg = f["message"].replace("|", "\\|").replace("\n", " ")
        if len(msg) > 160:
            msg = msg[:157] + "..."
        lines.append(f"| {i} | {proj}/{f['file']}:{f['line']}:{f['col']} | `{f['rule']}` | {msg} ({prof}) | ? | |")
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"wrote {len(picked)} sampled findings to {out}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--manifest", default=os.path.join(HERE, "corpus.yaml"))
    ap.add_argument("--mirror", action="append", help="directory holding OWNER+NAME/repo git snapshots (repeatable; default /work/.mirror)")
    ap.add_argument("--out", help="where to lay the corpus out (default: a temporary directory)")
    ap.add_argument("--clspread", default=os.path.join(REPO, "build", "bin", "clspread"))
    ap.add_argument("--clang", default=shutil.which("clang-19") or "clang")
    ap.add_argument("--profiles", default=",".join(DEFAULT_PROFILES))
    ap.add_argument("--projects", help="only these projects (comma-separated)")
    ap.add_argument("--files", help="only files whose path contains this (regex)")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds before a lint is killed and counted as a hang")
    ap.add_argument("--style", choices=["before", "dashdash"], default="before",
                    help="how options reach clspread: each -D/-I as its own occurrence before the other options, or after --")
    ap.add_argument("--rules", help="pass --rules to clspread (e.g. '*' for every rule); default: none, so "
                    "clspread runs its default rule set as a user gets it")
    ap.add_argument("--no-lint", action="store_true", help="only lay out and run the compiler check")
    ap.add_argument("--results", help="write every result as JSON here")
    ap.add_argument("--reuse", help="read results from this JSON instead of running")
    ap.add_argument("--update", help="with --files: read these results, rerun only the selected files, report on all")
    ap.add_argument("--judged", default=os.path.join(REPO, "docs", "realworld.md"))
    ap.add_argument("--sample", type=int, help="write a stratified sample of N findings to judge")
    ap.add_argument("--sample-out", default="realworld-sample.md")
    ap.add_argument("--seed", default="", help="mixed into the sample's hash: a fresh sample per pass (first pass: none)")
    ap.add_argument("--judged-section", help="read the judged rows under the '## ' heading of docs/realworld.md "
                    "that contains this text (default: the last section with a judged table)")
    a = ap.parse_args()

    with open(a.manifest, encoding="utf-8") as fh:
        manifest = yaml.safe_load(fh)
    if a.projects:
        keep = set(a.projects.split(","))
        manifest["projects"] = [p for p in manifest["projects"] if p["name"] in keep]
    profiles = a.profiles.split(",")
    mirrors = a.mirror or ["/work/.mirror"]

    if a.reuse:
        with open(a.reuse, encoding="utf-8") as fh:
            saved = json.load(fh)
        entries = saved["entries"]
        results = {tuple(k.split("\t")): v for k, v in saved["results"].items()}
    else:
        root = a.out or tempfile.mkdtemp(prefix="clspread-realworld-")
        os.makedirs(root, exist_ok=True)
        print(f"laying the corpus out in {root}", file=sys.stderr)
        entries = layout(manifest, mirrors, root)
        if a.files:
            entries = [e for e in entries if re.search(a.files, e["path"])]
        for i, e in enumerate(entries):
            e["compiles"], e["compile_error"] = compiler_check(e, a.clang)
        print(f"compiler check done ({sum(e['compiles'] for e in entries)}/{len(entries)} accepted)", file=sys.stderr)
        results = {}
        if not a.no_lint:
            for i, e in enumerate(entries):
                for prof in profiles:
                    r = run_lint(e, a.clspread, prof, a.timeout, a.style, a.rules)
                    results[(e["project"], e["path"], prof)] = r
                    if r["status"] != "ok":
                        print(f"  [{i + 1}/{len(entries)}] {e['project']}/{e['path']} {prof}: {r['status']}: {r.get('error', '')}",
                              file=sys.stderr)
                if (i + 1) % 25 == 0:
                    print(f"  linted {i + 1}/{len(entries)}", file=sys.stderr)
                if a.results and (i + 1) % 10 == 0:
                    with open(a.results + ".partial", "w", encoding="utf-8") as fh:
                        json.dump(dict(entries=entries[:i + 1],
                                       results={"\t".join(k): v for k, v in results.items()}), fh)
        if a.update:
            with open(a.update, encoding="utf-8") as fh:
                saved = json.load(fh)
            redone = {(e["project"], e["path"]) for e in entries}
            entries = [e for e in saved["entries"] if (e["project"], e["path"]) not in redone] + entries
            old = {tuple(k.split("\t")): v for k, v in saved["results"].items()}
            old = {k: v for k, v in old.items() if (k[0], k[1]) not in redone}
            old.update(results)
            results = old
            order = {(p["name"], f if isinstance(f, str) else f["path"]): i for p in manifest["projects"]
                     for i, f in enumerate(p.get("files", []))}
            pidx = {p["name"]: i for i, p in enumerate(manifest["projects"])}
            entries.sort(key=lambda e: (pidx.get(e["project"], 99), order.get((e["project"], e["path"]), 0)))
        if a.results:
            with open(a.results, "w", encoding="utf-8") as fh:
                json.dump(dict(entries=entries, results={"\t".join(k): v for k, v in results.items()}), fh)

    report(manifest, entries, results, profiles, a)
    if a.sample:
        sample(results, a.sample, a.sample_out, a.seed)
    return 0


def report(manifest, entries, results, profiles, a):
    P = print
    nproj = len({e["project"] for e in entries})
    loc = sum(e["loc"] for e in entries)
    P(f"corpus: {len(entries)} files from {nproj} projects, {loc} lines (kernel files only; included headers not counted)")
    P("")
    P("per project: files, lines, accepted by clang-19 with the host's options")
    for p in manifest["projects"]:
        es = [e for e in entries if e["project"] == p["name"]]
        if not es:
            continue
        P(f"  {p['name']:<10} {len(es):>4} files {sum(e['loc'] for e in es):>7} lines  "
          f"{sum(e['compiles'] for e in es):>4} compile   {p['repository']}@{p['commit'][:12]}")
    comp = [e for e in entries if e["compiles"]]
    P(f"  total      {len(entries):>4} files {loc:>7} lines  {len(comp):>4} compile")
    if not results:
        bad = [e for e in entries if not e["compiles"]]
        for e in bad:
            P(f"  does not compile: {e['project']}/{e['path']}: {e['compile_error']}")
        return
    P("")
    targets = []
    all_times = []
    for prof in profiles:
        rs = [(e, results.get((e["project"], e["path"], prof))) for e in entries]
        rs = [(e, r) for e, r in rs if r]
        analyzed = [(e, r) for e, r in rs if r["status"] == "ok"]
        analyzed_comp = [(e, r) for e, r in analyzed if e["compiles"]]
        times = [r["time"] for _, r in rs]
        all_times += times
        P(f"profile {prof}: analyzed {len(analyzed_comp)} of the {len(comp)} files clang-19 accepts"
          f" ({len(analyzed)} of all {len(rs)}); time per file median {statistics.median(times) if times else 0:.2f} s,"
          f" p99 {percentile(times, 0.99):.2f} s, max {max(times) if times else 0:.2f} s")
        statuses = collections.Counter(r["status"] for _, r in rs)
        P(f"  status: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
        for e, r in rs:
            if e["compiles"] and r["status"] != "ok":
                P(f"  not analyzed (compiles with clang-19): {e['project']}/{e['path']}: {r['status']}: {r.get('error', '')}")
        per_rule = collections.Counter()
        dups = collections.Counter()
        for e, r in analyzed:
            keys = collections.Counter()
            for f in r["findings"]:
                per_rule[f["rule"]] += 1
                keys[(f["rule"], f["file"], f["line"], f["col"])] += 1
            for k, v in keys.items():
                if v > 1:
                    dups[k] += v - 1
        aloc = sum(e["loc"] for e, _ in analyzed)
        P(f"  findings per rule (per kLOC of the {aloc} analyzed lines):")
        for rule, n in sorted(per_rule.items(), key=lambda kv: -kv[1]):
            P(f"    {rule:<36} {n:>6}  {1000.0 * n / aloc if aloc else 0:8.2f}/kLOC")
        P(f"    {'total':<36} {sum(per_rule.values()):>6}  {1000.0 * sum(per_rule.values()) / aloc if aloc else 0:8.2f}/kLOC")
        P(f"  duplicate findings (same rule, same file:line:col): {sum(dups.values())}")
        for k, v in sorted(dups.items(), key=lambda kv: -kv[1])[:5]:
            P(f"    {v + 1}x {k[0]} at {k[1]}:{k[2]}:{k[3]}")
        targets.append((f"every compilable file analyzed ({prof})", len(analyzed_comp) == len(comp),
                        f"{len(analyzed_comp)}/{len(comp)}"))
        targets.append((f"no duplicate finding ({prof})", sum(dups.values()) == 0, f"{sum(dups.values())}"))
    slow = max(all_times) if all_times else 0
    targets.append(("no file over 10 s", slow <= 10.0, f"max {slow:.2f} s"))
    judged = read_judged(a.judged, a.judged_section)
    P("")
    if judged:
        defaults = default_rules(a.clspread)

        def tally(rows, what):
            n = len(rows)
            nf = sum(r["verdict"] == "false" for r in rows)
            P(f"judged findings{what} ({a.judged}): {n}; true {sum(r['verdict'] == 'true' for r in rows)},"
              f" debatable {sum(r['verdict'] == 'debatable' for r in rows)}, false {nf} ({pct(nf, n)})")
            return n, nf
        n, nf = tally(judged, "")
        # the overall target is over the rules a user gets: the default set
        # (rules outside it run only when named)
        dj = [r for r in judged if defaults is None or r["rule"] in defaults]
        if len(dj) != len(judged):
            n, nf = tally(dj, ", rules of the default set only")
        targets.append(("<= 5% false overall" + ("" if defaults is None else " (default set)"), nf <= 0.05 * n, pct(nf, n)))
        by = collections.defaultdict(list)
        for r in judged:
            by[r["rule"]].append(r["verdict"])
        for rule, vs in sorted(by.items()):
            f = vs.count("false")
            P(f"  {rule:<36} judged {len(vs):>3}  true {vs.count('true'):>3}  debatable {vs.count('debatable'):>3}  false {f:>3} ({pct(f, len(vs))})")
            if defaults is None or rule in defaults:
                targets.append((f"<= 10% false: {rule}", f <= 0.10 * len(vs), pct(f, len(vs))))
    else:
        P(f"no judged table at {a.judged}: the false-rate targets are not evaluated")
        targets.append(("<= 5% false overall", False, "not judged"))
    P("")
    P("targets (false rates, coverage, time, duplicates):")
    for name, ok, val in targets:
        P(f"  {'PASS' if ok else 'FAIL'}  {name}: {val}")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise
    sys.exit(0)

#!/usr/bin/env python3
"""VLIW bundles per work-item: clspread's packer versus LLVM's R600 back end.

For every entry of kernels/suite.yaml this compares clspread's
`per_item.vliw_bundles` on the hd4870 profile (TeraScale, 5-wide VLIW) with
the ALU bundles LLVM's R600 back end emits for the same kernel at the same
launch:

  clang-19 -x cl -cl-std=CL1.2 -target r600 -mcpu=cypress -O2 -S -emit-llvm
           -Xclang -mlink-builtin-bitcode -Xclang /usr/lib/clc/cypress-r600--.bc
  llc-19 -march=r600 -mcpu=cypress

Specialization. clspread specializes a kernel to its launch (scalar
arguments become constants), so the source handed to clang is a variant in
which each scalar argument the manifest gives is renamed in the parameter
list (`int n` -> `int n_clspread_arg`, so the kernel's signature is kept) and
redeclared as a constant at the top of the body (`const int n = 67108000;`).
The manifest's build_options (-DITEMS=4, -DGROUP=256) are passed too. A
second variant (column "folded") also replaces get_local_size,
get_global_size, get_num_groups and get_global_offset by the launch's
constants and get_global_id(d) by get_group_id(d) * local + get_local_id(d):
clspread assumes offset 0 and known sizes, R600 code reads them from the
constant buffer and computes the global id with a MULLO_INT (t slot) and two
ADD_INTs. The verdict uses the first variant (scalar args only); "folded" is
shown to tell how much of a gap is id arithmetic.

Counting R600 bundles. llc prints the control-flow (CF) program first (ALU,
ALU_PUSH_BEFORE, ALU_POP_AFTER, TEX, JUMP, ELSE, POP, LOOP_START_DX10,
END_LOOP, LOOP_BREAK, MEM_RAT ...; one 64-bit word each, so the n-th CF line
is CF address n), then the clauses ("ALU clause starting at N:"). Inside an
ALU clause each instruction line is one slot of a bundle; the last
instruction of a bundle carries `*` right after its opcode
(`MULLO_INT * T0.Y, ...`), the others do not (`ADD_INT   T0.W, ...`).
Literal lines (`2(2.802597e-45), 0(0.000000e+00)`) hold the bundle's
literal constants and are not instructions. An instruction left open at the
end of a clause (GROUP_BARRIER is printed without `*`) closes a bundle
there. The CF word `ALU n, @a` executes n+1 words of the clause at a
(instructions plus literal pairs); the script checks that its count agrees.
Fetch (TEX/VTX_READ) clauses and MEM_RAT stores are not ALU and not counted;
clspread's vliw_bundles leaves the fetches out too, but counts the ALU work
around memory that R600 code has (a store's dword-index shift, Evergreen's
LDS instructions; docs/counting.md, packing graphs).

Weighting by executions per work-item:
  - a straight-line kernel: every ALU clause once;
  - loops (LOOP_START_DX10 @t ... END_LOOP): every CF word of the body
    (up to t - 1) is multiplied by the loop's trip count, which comes from
    LLVM itself: `opt-19 -passes='print<scalar-evolution>'` on the -O2 IR
    gives each loop's backedge-taken count (a constant once the scalar args
    are constants), trip = count + 1; IR loops are matched to CF loops in
    the order their headers appear. So a loop that clang partly unrolled is
    weighted with its real (shorter) trip count. A loop without a constant
    count: "not compared";
  - branches (JUMP @t ... up to t - 1, and an ELSE part when the word at t
    is ELSE) execute with the probability listed for the entry in
    REGIONS below, in CF order, counting only regions that hold ALU words
    (loop-exit regions holding just LOOP_BREAK need none). The probability
    is the fraction of work-items taking the branch (the NDRange average
    clspread reports), not the wavefront's view: a wavefront runs a region
    when any of its items does. If the number of ALU-bearing regions differs
    from the list: "not compared".
Predicated ALU instructions inside a clause (if-conversion, PRED_SET* with
Pred destination) execute for every item, so they are counted in full.

Usage: python3 bench/vliw_vs_r600.py [build/bin/clspread] [--suite FILE]
           [--entry ID ...] [-v] [--keep DIR]
Exits 0 whatever the result: it reports, it does not gate.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite_manifest  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLC = "/usr/lib/clc/cypress-r600--.bc"
TOLERANCE = 0.15

# Probabilities of the ALU-bearing branch regions of each entry's R600 CF
# program, in CF order: (function of the launch -> fraction of work-items,
# what the region is). L: dict with 'args', 'global', 'local'. Entries not
# listed must have no such region. Checked against the llc-19 output of
# Debian's clang 19.1.7; a different LLVM may lay the CF out differently
# (then the count check says "not compared").
def _frac_interior(L):
    w, h = L["args"]["width"], L["args"]["height"]
    return (w - 2) * (h - 2) / (w * h)


REGIONS = {
    "saxpy": [
        (lambda L: L["args"]["n"] / L["global"][0],
         "if (i < n): n of global items"),
    ],
    "median-1": [
        (lambda L: 1 - _frac_interior(L),
         "border pixels: od[idx] = id[idx] (copy)"),
        (_frac_interior,
         "interior pixels: nine loads and findMedian"),
    ],
    "reduce-sum": [
        (lambda L: 1 / L["local"][0], "if (lid == 0): the partial-sum store"),
    ],
    "transcendental": [
        (lambda L: 0.0,
         "libclc sin: Payne-Hanek reduction, taken only for |x| >= 2^23; "
         "assumed never (moderate inputs stay far below it)"),
        (lambda L: 0.0,
         "libclc cos: the same, assumed never"),
    ],
}

# Opcode groups for the per-item breakdown (-v) and the automatic notes.
def _group(op):
    if op.startswith("LDS_") or op == "GROUP_BARRIER":
        return "lds"
    if op.startswith("MOV"):
        return "mov"
    if op.startswith("PRED_SET"):
        return "pred"
    if op in ("MULLO_INT", "MULHI_INT", "MULLO_UINT", "MULHI_UINT", "MULHI",
              "MUL_UINT24", "MUL_INT24", "MULADD_UINT24", "MULADD_INT24"):
        return "int_mul"
    if op.startswith(("RECIP", "RECIPSQRT", "SQRT", "EXP", "LOG", "SIN",
                      "COS")):
        return "transcendental"
    if op.startswith(("INT_TO_FLT", "UINT_TO_FLT", "FLT_TO_INT",
                      "FLT_TO_UINT", "FLT_TO_")):
        return "conversion"
    if op.endswith(("_INT", "_UINT")) or op in (
            "LSHL", "LSHR", "ASHR", "BFE_UINT", "BFE_INT", "BFI_INT",
            "BIT_ALIGN_INT", "BYTE_ALIGN_INT", "NOT_INT", "CNDE_INT",
            "CNDGE_INT", "CNDGT_INT", "ADDC_UINT", "SUBB_UINT", "BCNT_INT",
            "FFBH_UINT", "FFBL_INT"):
        return "int"
    return "fp"


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, **kw)


# ---- source variants ------------------------------------------------------

def _split_params(text):
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


def _literal(ctype, value):
    if "float" in ctype or "double" in ctype:
        return repr(float(value)) + "f"
    if "uint" in ctype or "unsigned" in ctype:
        return "%du" % int(value)
    return "%d" % int(value)


def specialize(source, kernel, args):
    """The source with the kernel's scalar args \p args turned into constants
    (see the module docstring). Raises ValueError when the kernel or an
    argument is not found."""
    # The definition: NAME( preceded by __kernel/kernel in the same
    # declaration (no ; { } in between), so comments and calls are skipped.
    name = re.compile(r"\b%s\s*\(" % re.escape(kernel))
    m = name.search(source)
    while m and not re.search(r"(__kernel|\bkernel)\b[^;{}]*$",
                              source[:m.start()]):
        m = name.search(source, m.end())
    if not m:
        raise ValueError("kernel %s not found in the source" % kernel)
    open_paren = m.end() - 1
    depth, i = 0, open_paren
    while True:
        if source[i] == "(":
            depth += 1
        elif source[i] == ")":
            depth -= 1
            if depth == 0:
                break
        i += 1
    close_paren = i
    brace = source.index("{", close_paren)
    params = _split_params(source[open_paren + 1:close_paren])
    decls, seen = [], set()
    for k, p in enumerate(params):
        pm = re.match(r"(\s*)(.*?)\b([A-Za-z_]\w*)(\s*)$", p, re.S)
        if not pm or pm.group(3) not in args or "*" in pm.group(2):
            continue
        name, ctype = pm.group(3), " ".join(pm.group(2).split())
        params[k] = (pm.group(1) + pm.group(2) + name + "_clspread_arg" +
                     pm.group(4))
        base = re.sub(r"\b(const|__private|private)\b", "", ctype).strip()
        decls.append("  const %s %s = %s;" % (base, name,
                                              _literal(base, args[name])))
        seen.add(name)
    missing = set(args) - seen
    if missing:
        raise ValueError("scalar args not in %s's parameters: %s"
                         % (kernel, ", ".join(sorted(missing))))
    return (source[:open_paren + 1] + ",".join(params) +
            source[close_paren:brace + 1] + "\n" + "\n".join(decls) +
            source[brace + 1:])


def fold_sizes_prelude(global_size, local_size):
    g = (list(global_size) + [1, 1])[:3]
    lo = (list(local_size or [1]) + [1, 1])[:3]
    def pick(vals):
        return "((d) == 0 ? %du : (d) == 1 ? %du : %du)" % tuple(vals)
    groups = [g[i] // lo[i] for i in range(3)]
    return "\n".join([
        "/* launch sizes folded in by bench/vliw_vs_r600.py */",
        "#define get_local_size(d) ((size_t)%s)" % pick(lo),
        "#define get_global_size(d) ((size_t)%s)" % pick(g),
        "#define get_num_groups(d) ((size_t)%s)" % pick(groups),
        "#define get_global_offset(d) ((size_t)0)",
        "#define get_global_id(d) (get_group_id(d) * get_local_size(d) + "
        "get_local_id(d))",
        "#line 1", ""])


# ---- R600 assembly --------------------------------------------------------

INSTR = re.compile(r"^\t  ([A-Z][A-Z0-9_]*)(.*)$")
LITERAL = re.compile(r"^\t(-?\d+\(|@\w)")  # constants, or symbol addresses
CF_LINE = re.compile(r"^\t([A-Z][A-Z0-9_]*)\b(.*)$")
CLAUSE = re.compile(r"^\t(ALU|Fetch) clause starting at (\d+):")


def function_asm(asm, kernel):
    """The lines of \p kernel's function in llc's output."""
    lines = asm.splitlines()
    start = next((i for i, l in enumerate(lines)
                  if l.startswith(kernel + ":")), None)
    if start is None:
        raise ValueError("function %s not in llc output" % kernel)
    end = next(i for i in range(start, len(lines))
               if "-- End function" in lines[i])
    return lines[start:end]


class Clause:
    def __init__(self):
        self.words = 0      # instructions + literal lines
        self.bundles = 0
        self.lds_bundles = 0  # bundles holding only LDS work (see below)
        self.ops = {}       # opcode -> count


def parse_asm(lines):
    """(cf, clauses, fetches): cf = [(opcode, rest)] in CF address order
    (the CF program precedes every clause), clauses = {address: Clause} for
    the ALU clauses, fetches = the number of VTX_READ instructions in the
    fetch clauses (not weighted; used by the notes for straight-line
    kernels only)."""
    cf, clauses, cur = [], {}, None
    fetches = 0
    in_fetch = False
    in_clauses = False
    bundle = []  # opcodes (MOV from OQAP as "MOV_OQAP") of the open bundle

    def close():
        if cur is not None and bundle:
            cur.bundles += 1
            # Evergreen LDS traffic: LDS_* ops, the MOV that takes a read's
            # result from the OQAP queue, GROUP_BARRIER.
            if all(o.startswith("LDS_") or o in ("MOV_OQAP", "GROUP_BARRIER")
                   for o in bundle):
                cur.lds_bundles += 1
        bundle.clear()

    for line in lines:
        cm = CLAUSE.match(line)
        if cm:
            close()
            in_clauses = True
            in_fetch = cm.group(1) != "ALU"
            cur = Clause() if cm.group(1) == "ALU" else None
            if cur:
                clauses[int(cm.group(2))] = cur
            continue
        if not in_clauses:
            m = CF_LINE.match(line)
            if m:
                cf.append((m.group(1), m.group(2)))
            continue
        if cur is None:
            if in_fetch and re.match(r"\s+VTX_READ_\d+\b", line):
                fetches += 1
            continue
        im = INSTR.match(line)
        if im:
            op, rest = im.group(1), im.group(2)
            cur.words += 1
            cur.ops[op] = cur.ops.get(op, 0) + 1
            bundle.append("MOV_OQAP" if op == "MOV" and
                          re.search(r",\s*OQAP\b", rest) else op)
            if rest.lstrip().startswith("*"):
                close()
        elif LITERAL.match(line):
            cur.words += 1
    close()
    return cf, clauses, fetches


def cf_target(rest):
    m = re.search(r"@(\d+)", rest)
    return int(m.group(1)) if m else None


def loop_trip_counts(ll_path, kernel):
    """Constant trip counts of the kernel's loops, ordered by where their
    headers appear in the IR; None for a loop without one."""
    r = run(["opt-19", "-passes=print<scalar-evolution>", "-disable-output",
             ll_path])
    text = r.stderr + r.stdout
    sect = re.search(r"Determining loop execution counts for: @%s\n(.*?)"
                     r"(?:\nPrinting analysis|\Z)" % re.escape(kernel),
                     text, re.S)
    loops = {}
    if sect:
        for m in re.finditer(r"^Loop %([\w.]+): backedge-taken count is (.*)$",
                             sect.group(1), re.M):
            c = re.fullmatch(r"i\d+ (-?\d+)", m.group(2).strip())
            loops[m.group(1)] = int(c.group(1)) + 1 if c else None
        for m in re.finditer(r"^Loop %([\w.]+): Unpredictable backedge-taken",
                             sect.group(1), re.M):
            loops.setdefault(m.group(1), None)
    with open(ll_path, encoding="utf-8") as f:
        ir = f.read()
    fm = re.search(r"^define [^\n]*@%s\(.*?^}" % re.escape(kernel), ir,
                   re.S | re.M)
    body = fm.group(0) if fm else ""
    def pos(name):
        m = re.search(r"^%s:" % re.escape(name), body, re.M)
        return m.start() if m else 1 << 60
    return [loops[n] for n in sorted(loops, key=pos)]


def weigh(cf, clauses, trips, probs):
    """Bundles and opcode counts per work-item; raises ValueError with the
    reason when the CF program cannot be weighted."""
    n = len(cf)
    weight = [1.0] * n
    loops = [(a, cf_target(r)) for a, (op, r) in enumerate(cf)
             if op.startswith("LOOP_START")]
    if len(loops) != len(trips):
        raise ValueError("%d CF loops but %d IR loops" % (len(loops),
                                                           len(trips)))
    for (a, t), trip in zip(loops, trips):
        if trip is None:
            raise ValueError("a loop has no constant trip count")
        for k in range(a + 1, min(t, n)):
            weight[k] *= trip
    is_alu = [op.startswith("ALU") for op, _ in cf]
    regions = []
    for a, (op, r) in enumerate(cf):
        if op != "JUMP":
            continue
        t = cf_target(r)
        then = range(a + 1, t)
        other = None
        if t < n and cf[t][0] == "ELSE":
            other = range(t + 1, cf_target(cf[t][1]))
        if any(is_alu[k] for k in then) or (
                other and any(is_alu[k] for k in other)):
            regions.append((then, other))
    if len(regions) != len(probs):
        raise ValueError("%d branch regions with ALU work in the R600 CF "
                         "program, %d expected" % (len(regions), len(probs)))
    for (then, other), p in zip(regions, probs):
        for k in then:
            weight[k] *= p
        for k in other or ():
            weight[k] *= 1 - p
    bundles, lds, ops = 0.0, 0.0, {}
    for a, (op, r) in enumerate(cf):
        if not is_alu[a]:
            continue
        m = re.match(r"\s*(\d+), @(\d+)", r)
        cl = clauses.get(int(m.group(2)))
        if cl is None:
            raise ValueError("CF word %d names a missing clause" % a)
        if cl.words != int(m.group(1)) + 1:
            raise ValueError("clause @%s: parsed %d words, CF says %d"
                             % (m.group(2), cl.words, int(m.group(1)) + 1))
        bundles += weight[a] * cl.bundles
        lds += weight[a] * cl.lds_bundles
        for o, c in cl.ops.items():
            ops[o] = ops.get(o, 0.0) + weight[a] * c
    return bundles, lds, ops


def r600_count(entry, source_path, workdir, fold):
    """(bundles, LDS-only bundles, opcode counts: all per item; loop trip
    counts) or raises ValueError."""
    with open(source_path, encoding="utf-8") as f:
        src = f.read()
    variant = specialize(src, entry["kernel"], entry["args"])
    if fold:
        variant = fold_sizes_prelude(entry["global"], entry["local"]) + variant
    tag = entry["id"] + ("-folded" if fold else "")
    cl = os.path.join(workdir, tag + ".cl")
    ll = os.path.join(workdir, tag + ".ll")
    asm = os.path.join(workdir, tag + ".s")
    with open(cl, "w", encoding="utf-8") as f:
        f.write(variant)
    cmd = ["clang-19", "-x", "cl", "-cl-std=CL1.2", "-target", "r600",
           "-mcpu=cypress", "-O2", "-S", "-emit-llvm",
           "-Xclang", "-mlink-builtin-bitcode", "-Xclang", CLC]
    cmd += entry["build_options"].split() + [cl, "-o", ll]
    r = run(cmd)
    if r.returncode:
        raise ValueError("clang-19: " + first_error(r.stderr))
    r = run(["llc-19", "-march=r600", "-mcpu=cypress", ll, "-o", asm])
    if r.returncode:
        err = first_error(r.stderr)
        if "read_image" in err or "sampler" in err:
            raise ValueError("libclc for r600 has no image functions; llc-19 "
                             "cannot lower the read_imagef/sampler calls")
        raise ValueError("llc-19: " + err)
    with open(asm, encoding="utf-8") as f:
        lines = function_asm(f.read(), entry["kernel"])
    cf, clauses, fetches = parse_asm(lines)
    trips = loop_trip_counts(ll, entry["kernel"])
    probs = [p(entry) for p, _ in REGIONS.get(entry["id"], [])]
    # Memory instructions of a straight-line kernel (no loop, no branch
    # region): fetches and RAT stores, each executed once per item.
    mem = None
    if not trips and not probs and not any(op == "JUMP" for op, _ in cf):
        mem = {"fetches": fetches,
               "stores": sum(1 for op, _ in cf if op.startswith("MEM_RAT"))}
    return weigh(cf, clauses, trips, probs) + (trips, mem)


def first_error(stderr):
    for line in stderr.splitlines():
        if "error" in line:
            return re.sub(r"^.*?error: ", "", line).strip()
    return stderr.strip().splitlines()[0] if stderr.strip() else "failed"


# ---- clspread ---------------------------------------------------------------

def clspread_counts(clspread, suite, ids):
    cmd = [clspread, "analyze", "--suite", suite, "--profile", "hd4870",
           "--format", "json"]
    for i in ids:
        cmd += ["--entry", i]
    r = run(cmd)
    if r.returncode not in (0, 1) or not r.stdout.strip():
        raise ValueError("exit %d: %s" % (r.returncode, r.stderr.strip()[-500:]))
    out = {}
    for k in json.loads(r.stdout)["kernels"]:
        out[k.get("suite_id")] = k["per_item"]
    return out


# ---- notes ------------------------------------------------------------------

def group_ops(ops):
    g = {}
    for o, c in ops.items():
        g[_group(o)] = g.get(_group(o), 0.0) + c
    return g


def notes_for(pi, ops, folded_bundles, bundles, lds_bundles, trips, mem):
    """Automatic hints at where the two counts part (per work-item)."""
    g = group_ops(ops)
    cls = pi.get("alu_by_class", {})
    out = []
    ratio = pi["vliw_bundles"] / bundles if bundles else float("inf")
    r_ops = sum(ops.values())
    if abs(ratio - 1) > TOLERANCE and r_ops and pi["alu_ops"]:
        # ratio = (clspread ops / R600 ops) x (R600 ops per bundle /
        # clspread ops per bundle): which factor parts them.
        c_dens = pi["alu_ops"] / pi["vliw_bundles"]
        r_dens = r_ops / bundles
        # clspread's bundles also hold id arithmetic and store shifts that
        # alu_ops leaves out, so its figure can be below 1.
        out.append("ratio %.3g = ops %.3g x packing %.3g (per bundle: "
                   "clspread %.3g alu_ops, R600 %.3g ops)" % (
                       ratio, pi["alu_ops"] / r_ops, r_dens / c_dens,
                       c_dens, r_dens))
    if mem and (pi["global_loads"] > mem["fetches"] or
                pi["global_stores"] > mem["stores"]):
        out.append("R600 merges accesses: clspread %.3g loads + %.3g "
                   "stores, R600 %d fetch + %d store instructions (one "
                   "address computation each)" % (
                       pi["global_loads"], pi["global_stores"],
                       mem["fetches"], mem["stores"]))
    if trips:
        out.append("R600 loop trips %s" % ",".join(map(str, trips)))
    if folded_bundles is not None and bundles - folded_bundles >= 0.5:
        out.append("id/size arithmetic %.3g bundles (gone when sizes are "
                   "folded)" % (bundles - folded_bundles))
    if g.get("lds", 0) >= 0.5:
        # LLVM's R600Packetizer makes every LDS instruction a bundle of its
        # own (isSoloInstruction); clspread packs them like other ALU ops.
        rest = bundles - lds_bundles
        out.append("Evergreen LDS access is ALU: %.4g LDS ops, %.4g "
                   "LDS-only bundles/item%s" % (
                       g["lds"], lds_bundles,
                       " (ratio without them %.3f)" % (
                           pi["vliw_bundles"] / rest) if rest > 0 else ""))
    if g.get("mov", 0) >= 1:
        out.append("%.3g MOV/item" % g["mov"])
    if g.get("pred", 0) >= 1:
        out.append("%.3g PRED_SET/item" % g["pred"])
    t600 = g.get("transcendental", 0)
    tcl = cls.get("transcendental", 0) + cls.get("fp32_div_sqrt", 0)
    if t600 >= 1 and tcl and (g.get("fp", 0) + g.get("int", 0)) > 5 * tcl:
        out.append("libclc expands transcendentals: %.4g fp + %.4g int ops "
                   "vs clspread's %.3g t-slot ops" %
                   (g.get("fp", 0), g.get("int", 0), tcl))
    return "; ".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("clspread", nargs="?",
                    default=os.path.join(REPO, "build", "bin", "clspread"))
    ap.add_argument("--suite", default=os.path.join(REPO, "kernels",
                                                    "suite.yaml"))
    ap.add_argument("--entry", action="append", help="only these entries")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="per-item R600 opcode groups and clspread classes")
    ap.add_argument("--keep", help="keep the variants, IR and assembly here")
    a = ap.parse_args()

    for tool in ("clang-19", "llc-19", "opt-19"):
        if not shutil.which(tool):
            print("%s not found: nothing compared" % tool)
            return 0
    if not os.path.exists(CLC):
        print("%s not found: nothing compared" % CLC)
        return 0

    entries = suite_manifest.load(a.suite)
    if a.entry:
        entries = [e for e in entries if e["id"] in a.entry]
    kdir = os.path.dirname(os.path.abspath(a.suite))
    try:
        cs = clspread_counts(a.clspread, a.suite, [e["id"] for e in entries])
    except (OSError, ValueError, KeyError) as err:
        print("clspread could not be run (%s): nothing compared" % err)
        return 0

    workdir = a.keep or tempfile.mkdtemp(prefix="vliw_vs_r600.")
    os.makedirs(workdir, exist_ok=True)
    rows = []
    try:
        for e in entries:
            pi = cs.get(e["id"])
            row = {"id": e["id"], "cls": pi["vliw_bundles"] if pi else None,
                   "cls_ops": pi["alu_ops"] if pi else None}
            try:
                if pi is None:
                    raise ValueError("clspread gave no result")
                path = os.path.join(kdir, e["file"])
                b, lds, ops, trips, mem = r600_count(e, path, workdir,
                                                     False)
                row.update(r600=b, lds=lds, ops=ops, trips=trips,
                           r600_ops=sum(ops.values()))
                try:
                    row["folded"] = r600_count(e, path, workdir, True)[0]
                except ValueError:
                    row["folded"] = None
                row["ratio"] = row["cls"] / b if b else float("inf")
                row["ok"] = abs(row["ratio"] - 1) <= TOLERANCE
                row["why"] = notes_for(pi, ops, row["folded"], b, lds, trips,
                                       mem)
            except ValueError as err:
                row["why"] = "not compared: %s" % err
            rows.append(row)
    finally:
        if not a.keep:
            shutil.rmtree(workdir, ignore_errors=True)

    def f(x, w=8):
        return ("%*.4g" % (w, x)) if isinstance(x, (int, float)) else \
            "%*s" % (w, "-")
    print("VLIW bundles per work-item: clspread (hd4870) vs LLVM R600 "
          "(llc-19 -mcpu=cypress, libclc)")
    print("ratio = clspread / R600; within = |ratio - 1| <= %d%%; 'folded' = "
          "R600 with launch sizes folded in" % round(TOLERANCE * 100))
    print()
    print("%-16s %8s %8s %7s %6s %8s %8s %8s  %s" % (
        "entry", "clspread", "R600", "ratio", "within", "folded",
        "cls ops", "R600 ops", "notes"))
    for r in rows:
        if "r600" in r:
            print("%-16s %s %s %7.3f %6s %s %s %s  %s" % (
                r["id"], f(r["cls"]), f(r["r600"]), r["ratio"],
                "yes" if r["ok"] else "NO", f(r["folded"]), f(r["cls_ops"]),
                f(r["r600_ops"]), r["why"]))
        else:
            print("%-16s %s %8s %7s %6s %8s %s %8s  %s" % (
                r["id"], f(r["cls"]), "-", "-", "-", "-", f(r["cls_ops"]),
                "-", r["why"]))
        if a.verbose and "ops" in r:
            g = group_ops(r["ops"])
            print("%16s R600 ops/item by group: %s; loop trips %s" % (
                "", ", ".join("%s %.4g" % kv for kv in sorted(g.items())),
                r["trips"] or "none"))
            pi = cs[r["id"]]
            print("%16s clspread lane-ops/item by class: %s" % (
                "", ", ".join("%s %.4g" % (k, v) for k, v in
                              pi["alu_by_class"].items() if v)))
    compared = [r for r in rows if "r600" in r]
    within = [r for r in compared if r["ok"]]
    print()
    print("summary: %d of %d compared entries within +-%d%% (%d of %d suite "
          "entries not compared)" % (len(within), len(compared),
                                     round(TOLERANCE * 100),
                                     len(rows) - len(compared), len(rows)))
    if compared:
        ratios = sorted(r["ratio"] for r in compared)
        print("ratio clspread/R600: min %.3f, median %.3f, max %.3f" % (
            ratios[0], ratios[len(ratios) // 2] if len(ratios) % 2 else
            (ratios[len(ratios) // 2 - 1] + ratios[len(ratios) // 2]) / 2,
            ratios[-1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

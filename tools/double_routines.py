#!/usr/bin/env python3
"""Derives what a double-precision math builtin costs from libclc's code.

No GPU has a double-precision special-function unit: exp, log, sin, pow and
the rest of the math library run as software routines of fp64 and integer
instructions. This script reads libclc's NVPTX library (Debian's libclc-19,
/usr/lib/clc/nvptx64--nvidiacl.bc, disassembled with llvm-dis-19) and counts
the lane-ops of each routine's scalar `double` overload by class:

  fp64        fadd, fsub, fmul, fdiv, frem, fcmp on double; llvm.fma,
              fmuladd, floor, ceil, trunc, rint, round, minnum, maxnum,
              copysign, sqrt on double
  int         integer arithmetic, compares, selects, shifts, llvm.smax & co.
  conversion  fptosi, fptoui, sitofp, uitofp, fptrunc, fpext
  free        bitcast, zext, sext, trunc, getelementptr, phi, branches,
              element moves, fneg, fabs (as clspread counts them); loads
              from libclc's constant tables (the constant cache serves them)

A double divide and square root are IR instructions, not libclc code:
their counts are the instructions LLVM's AMDGPU back end expands them into
(llc-19 -march=amdgcn -mcpu=gfx90a, a GPU with full-rate fp64; NVIDIA's
ptxas expands div.rn.f64 and sqrt.rn.f64 likewise into a reciprocal or
reciprocal-square-root estimate and Newton steps): `_f64` instructions are
fp64 lane-ops, the others integer; s_nop, s_waitcnt and the return are not
counted.

Calls to other libclc functions add the callee's counts, and a divide or
square root in a routine adds its expansion. Each side of a
conditional branch is taken half the time, as clspread assumes for a branch
on data; a loop's body is counted once. The counts are what clspread would
count were libclc's body inlined into the kernel.

  tools/double_routines.py --write lib/Analysis/DoubleRoutines.def
  tools/double_routines.py --check lib/Analysis/DoubleRoutines.def

--check exits 1 when the file differs from what libclc gives (a test runs
it, so the table cannot drift from its source).
"""
import argparse
import re
import subprocess
import sys

LIBCLC = "/usr/lib/clc/nvptx64--nvidiacl.bc"

# The builtins clspread's table counts as one or two special-function ops
# (lib/Analysis/Builtins.cpp), with their libclc double overloads.
ROUTINES = [
    ("sin", "_Z3sind"), ("cos", "_Z3cosd"), ("tan", "_Z3tand"),
    ("asin", "_Z4asind"), ("acos", "_Z4acosd"), ("atan", "_Z4atand"),
    ("atan2", "_Z5atan2dd"), ("sinh", "_Z4sinhd"), ("cosh", "_Z4coshd"),
    ("tanh", "_Z4tanhd"), ("sinpi", "_Z5sinpid"), ("cospi", "_Z5cospid"),
    ("exp", "_Z3expd"), ("exp2", "_Z4exp2d"), ("exp10", "_Z5exp10d"),
    ("expm1", "_Z5expm1d"), ("log", "_Z3logd"), ("log2", "_Z4log2d"),
    ("log10", "_Z5log10d"), ("log1p", "_Z5log1pd"), ("pow", "_Z3powdd"),
    ("powr", "_Z4powrdd"), ("pown", "_Z4powndi"), ("rootn", "_Z5rootndi"),
    ("cbrt", "_Z4cbrtd"), ("erf", "_Z3erfd"), ("erfc", "_Z4erfcd"),
    ("tgamma", "_Z6tgammad"), ("lgamma", "_Z6lgammad"),
    ("rsqrt", "_Z5rsqrtd"), ("sincos", "_Z6sincosdPd"),
]

FP_BINARY = {"fadd", "fsub", "fmul", "fdiv", "frem", "fcmp"}
INT_OPS = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "and", "or",
           "xor", "shl", "lshr", "ashr", "icmp", "select"}
CONVERSIONS = {"fptosi", "fptoui", "sitofp", "uitofp", "fptrunc", "fpext"}
FREE = {"bitcast", "zext", "sext", "trunc", "getelementptr", "phi", "br",
        "ret", "extractelement", "insertelement", "shufflevector", "fneg",
        "freeze", "load", "store", "alloca", "switch", "unreachable"}
FP_INTRINSICS = {"fma", "fmuladd", "floor", "ceil", "trunc", "rint", "round",
                 "nearbyint", "minnum", "maxnum", "copysign", "sqrt", "ldexp"}
INT_INTRINSICS = {"smax", "smin", "umax", "umin", "fshl", "fshr", "ctlz",
                  "cttz", "ctpop", "abs", "is"}
FREE_INTRINSICS = {"fabs", "lifetime", "assume", "experimental"}


def lanes(text):
    m = re.search(r"<(\d+) x ", text)
    return int(m.group(1)) if m else 1


def parse(ll):
    """name -> list of blocks (label, [instruction lines])."""
    funcs = {}
    for m in re.finditer(r"^define [^@]*@([\w.]+)\(.*?\{\n(.*?)\n\}", ll,
                         re.S | re.M):
        blocks, label, body = [], "entry", []
        for line in m.group(2).split("\n"):
            s = line.strip()
            if not s or s.startswith(";"):
                continue
            lm = re.match(r"^(\d+|[\w.]+):", line)
            if lm:
                if body:  # not a label naming the entry block
                    blocks.append((label, body))
                label, body = lm.group(1), []
                continue
            if body and body[-1].startswith("switch") and \
                    not body[-1].endswith("]"):
                body[-1] += " " + s  # a switch's cases span lines
                continue
            body.append(s)
        blocks.append((label, body))
        funcs[m.group(1)] = blocks
    return funcs


def frequencies(blocks):
    """Each block's executions per call: branch sides at 1/2, back edges
    dropped (a loop's body once)."""
    order = {label: i for i, (label, _) in enumerate(blocks)}
    bodies = dict(blocks)
    freq = {blocks[0][0]: 1.0}
    for label, body in blocks:
        f = freq.get(label, 0.0)
        term = body[-1] if body else ""
        succ = re.findall(r"label %([\w.]+)", term)
        fwd = list(dict.fromkeys(
            s for s in succ if order.get(s, -1) > order[label]
            and bodies[s] != ["unreachable"]))
        for s in fwd:
            freq[s] = freq.get(s, 0.0) + f / len(fwd)
    return freq


def cost(name, rhs, funcs, memo, div, sqrt):
    """One instruction's (fp64, int, conversion) lane-ops per execution."""
    op = re.match(r"(?:tail |musttail |notail )?(\w+)", rhs).group(1)
    n = lanes(rhs)
    if op == "call":
        callee = re.search(r"@([\w.]+)\(", rhs).group(1)
        base = callee.split(".")[1] if callee.startswith("llvm.") else None
        if callee == "llvm.sqrt.f64":
            return (n * sqrt[0], n * sqrt[1], 0)
        if base in FP_INTRINSICS:
            return (n, 0, 0)
        if base in INT_INTRINSICS:
            return (0, n, 0)
        if base in FREE_INTRINSICS:
            return (0, 0, 0)
        if base is None and callee in funcs:
            return count(callee, funcs, memo, div, sqrt)
        sys.exit(f"{name}: call to {callee} not classified")
    if op == "fdiv" and "double" in rhs:
        return (n * div[0], n * div[1], 0)
    if op in FP_BINARY:  # a float step: with the integer ones (no fp32 column)
        return (n, 0, 0) if "double" in rhs else (0, n, 0)
    if op in INT_OPS:
        return (0, n, 0)
    if op in CONVERSIONS:
        return (0, 0, n)
    if op in FREE:
        return (0, 0, 0)
    sys.exit(f"{name}: instruction '{op}' not classified")


def count(name, funcs, memo, div, sqrt):
    if name in memo:
        return memo[name]
    memo[name] = (0.0, 0.0, 0.0)  # recursion guard
    total = [0.0, 0.0, 0.0]
    blocks = funcs[name]
    freq = frequencies(blocks)
    for label, body in blocks:
        f = freq.get(label, 0.0)
        for ins in body:
            rhs = ins.split(" = ", 1)[1] if " = " in ins else ins
            for k, v in enumerate(cost(name, rhs, funcs, memo, div, sqrt)):
                total[k] += f * v
    memo[name] = tuple(total)
    return memo[name]


# The IR of a double divide and square root, compiled by llc-19.
EXPANDED = {
    "fdiv": "%r = fdiv double %a, %b",
    "sqrt": "%r = call double @llvm.sqrt.f64(double %a)",
}


def expanded(name):
    ir = (f"define double @f(double %a, double %b) {{\n  {EXPANDED[name]}\n"
          "  ret double %r\n}\ndeclare double @llvm.sqrt.f64(double)\n")
    asm = subprocess.run(["llc-19", "-march=amdgcn", "-mcpu=gfx90a", "-O2",
                          "-o", "-"], input=ir, check=True,
                         capture_output=True, text=True).stdout
    fp = it = 0
    for line in asm.split("\n"):
        m = re.match(r"\t([vs]_\w+)", line)
        if not m or m.group(1).startswith(("s_nop", "s_waitcnt", "s_setpc")):
            continue
        if "_f64" in m.group(1):
            fp += 1
        else:
            it += 1
    return fp, it


def table(libclc):
    ll = subprocess.run(["llvm-dis-19", libclc, "-o", "-"], check=True,
                        capture_output=True, text=True).stdout
    funcs = parse(ll)
    memo = {}
    div, sqrt = expanded("fdiv"), expanded("sqrt")
    lines = [
        "// Generated by tools/double_routines.py from libclc's",
        "// nvptx64--nvidiacl.bc (Debian libclc-19), the divide and square root",
        "// from llc-19's AMDGPU expansion; do not edit. Per lane of a double",
        "// call: fp64, integer and conversion lane-ops of the routine.",
    ]
    for builtin, mangled in ROUTINES:
        if mangled not in funcs:
            sys.exit(f"libclc has no {mangled}")
        fp, it, cv = count(mangled, funcs, memo, div, sqrt)
        lines.append(f'CLSPREAD_DOUBLE_ROUTINE("{builtin}", {fp:g}, {it:g}, '
                     f'{cv:g})')
    for name, (fp, it) in (("fdiv", div), ("sqrt", sqrt)):
        lines.append(f'CLSPREAD_DOUBLE_ROUTINE("{name}", {fp}, {it}, 0)')
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--libclc", default=LIBCLC)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", metavar="FILE")
    g.add_argument("--check", metavar="FILE")
    g.add_argument("--print", action="store_true")
    a = ap.parse_args()
    t = table(a.libclc)
    if a.print:
        sys.stdout.write(t)
    elif a.write:
        with open(a.write, "w") as f:
            f.write(t)
    else:
        with open(a.check) as f:
            if f.read() != t:
                print(f"{a.check} differs from what {a.libclc} gives; run "
                      f"{sys.argv[0]} --write {a.check}", file=sys.stderr)
                return 1
        print(f"{a.check}: same as {a.libclc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

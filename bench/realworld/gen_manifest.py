#!/usr/bin/env python3
"""One-off helper that wrote the first corpus.yaml from the mirrored snapshots.

It reads host code to find the per-file build options where a project has too
many files to do by hand (john's format plugins, ArrayFire's kernel wrappers,
sgminer's algorithm table) and fills in representative values. Its output was
then checked by hand (see docs/realworld.md); corpus.yaml is the reference,
this script only documents how the per-file options were derived.
"""
import re, subprocess, sys, yaml, os

MIRROR = os.environ.get("MIRROR", "/work/.mirror")

def gitdir(repo):
    base = os.path.join(MIRROR, repo.replace("/", "+"), "repo")
    return base + "/.git" if os.path.isdir(base + "/.git") else base

def git(repo, *a):
    return subprocess.run(["git", "--git-dir", gitdir(repo)] + list(a),
                          capture_output=True).stdout.decode("utf-8", "replace")

def ls(repo, under=""):
    return [f for f in git(repo, "ls-tree", "-r", "--name-only", "HEAD", under).split("\n") if f]

def head(repo):
    return git(repo, "rev-parse", "HEAD").strip()

def show(repo, p):
    return git(repo, "show", "HEAD:" + p)

def lineno(text, pos):
    return text.count("\n", 0, pos) + 1

projects = []

# ---------------------------------------------------------------- GEGL
R = "GNOME/gegl"
projects.append(dict(
    name="gegl", repository=R, commit=head(R), kind="library (GIMP's image-processing engine)",
    extract=["operations/opencl"],
    options=["-cl-std=CL1.2", "-cl-opt-disable"],
    options_source="gegl/opencl/gegl-cl-init.c:805-811 command_lines[3] (OpenCL 1.2 compiler without correctly rounded div/sqrt; the CL3.0 lines differ only in -cl-std)",
    prelude=["operations/opencl/random.cl"],
    prelude_source="gegl/opencl/gegl-cl-init.c:828-832 (every program is built from random_cl_source followed by the operation's source)",
    files=[f for f in ls(R, "operations/opencl") if f.endswith(".cl") and not f.endswith("/random.cl")]))

# ---------------------------------------------------------------- clpeak
R = "krrishnarraj/clpeak"
projects.append(dict(
    name="clpeak", repository=R, commit=head(R), kind="micro-benchmark tool",
    extract=["src/opencl/kernels"],
    options=["-cl-mad-enable"],
    options_source="include/opencl/cl_peak.h:14 BUILD_OPTIONS, used at src/opencl/cl_peak.cpp:104,124",
    unwrap="MSTRINGIFY",
    unwrap_source="src/opencl/cl_kernels.cpp:4-24: each file is MSTRINGIFY( kernel text ), #included into a C++ string; the laid-out file blanks the wrapper in place",
    files=[f for f in ls(R, "src/opencl/kernels") if f.endswith(".cl")]))

# ---------------------------------------------------------------- john
R = "openwall/john"
KNOWN = {"ocl_v_width": "1", "!DEVICE_USE_LOCAL_MEMORY": "0", "use_warp_shuffle": "0"}
headers = [show(R, f) for f in ls(R, "src") if f.endswith(".h") and ("opencl" in f or "common" in f or "pbkdf2" in f)]
plugs = {f: show(R, f) for f in ls(R, "src") if f.endswith(".c") and "opencl" in f}
def john_opts(cl):
    name = cl.split("/")[-1]
    for f, s in sorted(plugs.items()):
        m = re.search(r'"\$JOHN/opencl/' + re.escape(name) + '"', s)
        if not m:
            continue
        before = s[max(0, m.start() - 2500):m.start()]
        fm = list(re.finditer(r'snprintf\s*\(\s*build_opts\s*,[^,]+,\s*((?:"[^"]*"\s*)+)((?:,[^;]*)?)\);', before, re.S))
        if not fm:
            # opencl_init(file, gpu_id, NULL or a literal)
            lit = re.match(r'"[^"]*"\s*,\s*gpu_id\s*,\s*"([^"]*)"', s[m.start():m.start() + 300])
            return (lit.group(1).split() if lit else []), f"{f}:{lineno(s, m.start())}", []
        fmt = "".join(re.findall(r'"([^"]*)"', fm[-1].group(1)))
        args = [a.strip() for a in re.split(r',(?![^()]*\))', fm[-1].group(2))[1:]] if fm[-1].group(2) else []
        unresolved = []
        vals = []
        specs = re.findall(r'%[-0-9]*(?:l|ll|z)?([dusxi])', fmt)
        for a, spec in zip(args, specs):
            if spec == "s":
                # cp_id2macro(...): the encoding macro (src/unicode.c:1014);
                # ENC_RAW, the default without --encoding; other %s
                # (custom_opts) are empty
                vals.append("ENC_RAW" if "cp_id2macro" in a else "")
                continue
            if a in KNOWN:
                vals.append(KNOWN[a])
                continue
            d = None
            for text in [s] + headers:
                d = re.search(r'#define\s+' + re.escape(a) + r'\s+\(?\s*(\d+)\s*\)?[ \t]*(?:\n|//|/\*)', text)
                if d:
                    break
            if d:
                vals.append(d.group(1) if spec != "x" else "%x" % int(d.group(1)))
            else:
                unresolved.append(a)
                vals.append("64")
        out = re.sub(r'%[-0-9]*(?:l|ll|z)?[dusxi]', lambda _: vals.pop(0) if vals else "64", fmt)
        return out.split(), f"{f}:{lineno(s, m.start())}", unresolved
    return [], "not referenced by a src/opencl_*_fmt_plug.c (built with the common options only)", []
jfiles = []
for cl in [f for f in ls(R, "run/opencl") if f.endswith(".cl")]:
    o, src, un = john_opts(cl)
    e = dict(path=cl, options=o, source=src)
    if un:
        e["representative"] = "value 64 for " + ", ".join(un) + " (set at run time or in a header)"
    jfiles.append(e)
projects.append(dict(
    name="john", repository=R, commit=head(R), kind="application (password cracker)",
    extract=["run/opencl"],
    options=["-I", "{root}/run/opencl", "-cl-mad-enable", "-cl-std=CL1.2",
             "-D__GPU__", "-DDEVICE_INFO=34", "-D__SIZEOF_HOST_SIZE_T__=8",
             "-DDEV_VER_MAJOR=23", "-DDEV_VER_MINOR=0", "-D_OPENCL_COMPILER"],
    options_source="src/opencl_common.c:1150-1174 get_build_opts (-I opencl run from run/; OPENCLBUILDOPTIONS -cl-mad-enable, src/opencl_common.h:49; SM_MAJOR/MINOR from get_device_capability :2126; DEV_VER from :282)",
    representative="an Intel GPU: DEVICE_INFO = DEV_GPU|DEV_INTEL (2+32, run/opencl/opencl_device_info.h:16-40), no SM_MAJOR (NVIDIA only), driver version 23.0. On NVIDIA the kernels take inline PTX (asm lop3) that no OpenCL C front end but NVIDIA's accepts; unresolved per-format values (run-time or header values the script could not read) are 64, listed per file; %s options (custom_opts) empty",
    files=jfiles))

# ---------------------------------------------------------------- sgminer
R = "sgminer-dev/sgminer"
sfiles = []
for cl in [f for f in ls(R, "kernel") if f.endswith(".cl")]:
    s = show(R, cl)
    if not re.search(r'(__kernel|\bkernel)\s+void', s):
        continue   # an include-only helper (aes_helper.cl, blake.cl, ...): support file
    o, src = [], None
    if re.search(r'\bLOOKUP_GAP\b|\bCONCURRENT_THREADS\b', s) and "MAX_GLOBAL_THREADS" not in s:
        o = ["-D", "LOOKUP_GAP=2", "-D", "CONCURRENT_THREADS=8192", "-D", "NFACTOR=10"]
        src = "algorithm.c:97 append_scrypt_compiler_options (lookup gap 2, thread concurrency 8192, N=1024: representative)"
    elif "MAX_GLOBAL_THREADS" in s:
        o = ["-D", "MAX_GLOBAL_THREADS=8192"]
        src = "algorithm.c:108 append_neoscrypt_compiler_options (thread concurrency 8192: representative; no LOOKUP_GAP)"
    elif re.search(r'SPH_HAMSI_SHORT|SPH_HAMSI_EXPAND_BIG', s):
        o = ["-D", "SPH_COMPACT_BLAKE_64=0", "-D", "SPH_LUFFA_PARALLEL=0", "-D", "SPH_KECCAK_UNROLL=0",
             "-D", "SPH_HAMSI_EXPAND_BIG=4", "-D", "SPH_HAMSI_SHORT=0"]
        src = "algorithm.c:119,134 append_x11/x13_compiler_options (defaults of opt_keccak_unroll 0, opt_hamsi_expand_big 4)"
    elif re.search(r'SPH_KECCAK_UNROLL|SPH_LUFFA_PARALLEL|SPH_COMPACT_BLAKE_64', s):
        o = ["-D", "SPH_COMPACT_BLAKE_64=0", "-D", "SPH_LUFFA_PARALLEL=0", "-D", "SPH_KECCAK_UNROLL=0"]
        src = "algorithm.c:119 append_x11_compiler_options (defaults)"
    e = dict(path=cl)
    if o:
        e.update(options=o, source=src)
    sfiles.append(e)
projects.append(dict(
    name="sgminer", repository=R, commit=head(R), kind="application (cryptocurrency miner)",
    extract=["kernel"],
    options=["-I", "{root}", "-I", "{root}/kernel", "-D", "WORKSIZE=256"],
    options_source="ocl/build_kernel.c:58 set_base_compiler_options (-I sgminer_path -I sgminer_path/kernel -I . -D WORKSIZE=%d); per-algorithm options from algorithm.c:777ff set_compile_options",
    representative="WORKSIZE 256 (the --worksize default for most algorithms); per-algorithm options applied where a file uses the macro",
    files=sfiles))
# ---------------------------------------------------------------- hashcat
R = "hashcat/hashcat"
modes = sorted(f for f in ls(R, "OpenCL") if re.match(r"OpenCL/m\d+_a[0-3](-pure|-optimized)?\.cl$", f))
pick = modes[::60]   # a deterministic spread over the 1,376 mode kernels
hfiles = []
for f in pick:
    m = re.match(r"OpenCL/m(\d+)_a(\d)", f)
    kern, attack = int(m.group(1)), int(m.group(2))
    o = ["-D", f"KERN_TYPE={kern}", "-D", f"ATTACK_MODE={attack}", "-D", f"ATTACK_KERN={attack}"]
    src = "src/backend.c:11126 (KERN_TYPE is the mode, ATTACK_MODE/ATTACK_KERN from the file name)"
    mod = f"src/modules/module_{kern:05d}.c"
    jm = re.search(r'jit_build_options,\s*"([^"]*)"', show(R, mod))
    if jm:
        o += jm.group(1).replace("%u", "256").replace("%d", "256").split()
        src += f"; {mod} module_jit_build_options (native_threads 256: representative)"
    hfiles.append(dict(path=f, options=o, source=src))
projects.append(dict(
    name="hashcat", repository=R, commit=head(R), kind="application (password cracker)",
    extract=["OpenCL"],
    options=["-D", "KERNEL_STATIC", "-D", "INCLUDE_PATH={root}/OpenCL", "-I", "{root}/OpenCL", "-D", "XM2S(x)=#x", "-D", "M2S(x)=XM2S(x)",
             "-D", "MAX_THREADS_PER_BLOCK=256", "-D", "LOCAL_MEM_TYPE=1", "-D", "VENDOR_ID=64", "-D", "CUDA_ARCH=0",
             ] + sum([["-D", f"{h}=0"] for h in "HAS_ADD HAS_ADDC HAS_SUB HAS_SUBC HAS_VADD HAS_VADDC HAS_VADD_CO HAS_VADDC_CO HAS_VSUB HAS_VSUBB HAS_VSUB_CO HAS_VSUBB_CO HAS_VPERM HAS_VADD3 HAS_VBFE HAS_BFE HAS_LOP3 HAS_MOV64 HAS_PRMT HAS_SHFW".split()], []) + [
             "-D", "VECT_SIZE=1", "-D", "DEVICE_TYPE=4", "-D", "DGST_R0=0", "-D", "DGST_R1=1", "-D", "DGST_R2=2", "-D", "DGST_R3=3",
             "-D", "DGST_ELEM=4", "-D", "ATTACK_EXEC=11", "-w"],
    options_source="src/backend.c:11083-11092 (INCLUDE_PATH, M2S, MAX_THREADS_PER_BLOCK), :11126 (device and hash-mode -D list); KERNEL_STATIC from the OpenCL kernels' #ifdef KERNEL_STATIC include path",
    representative="a PoCL GPU-less generic device: VENDOR_ID 64 (VENDOR_ID_POCL, include/types.h:191: IS_GENERIC, no inline asm), every HAS_* 0, VECT_SIZE 1, DEVICE_TYPE 4 (GPU), 256 threads per block, DGST positions 0-3, ATTACK_EXEC 11 (inside kernel). One mode kernel in 60, by name order",
    files=hfiles))

# ---------------------------------------------------------------- ArrayFire
R = "arrayfire/arrayfire"
KD = "src/backend/opencl/kernel/"
hosts = {f: show(R, f) for f in ls(R, "src/backend/opencl") if f.endswith((".hpp", ".cpp")) and "kernel_headers" not in f}
TYPES = {"T", "Ti", "To", "Tk", "Tw", "Ty", "Tp", "TB", "TX", "TY", "VT", "WT", "inType", "outType", "accType", "AccType",
         "InterpInTy", "InterpPosTy", "InterpValTy", "idx_t", "in_t", "convAccT"}
SPECIAL = {"ZERO": "0", "ONE": "1", "init": "0", "init_To": "0", "init_Tw": "0", "one_Tw": "1", "IDENTITY_VALUE": "0",
           "INTERP_ORDER": "1", "kDim": "0", "DIM": "0", "XDIM": "0", "YDIM": "1", "CONV_DIM": "0", "RANK": "2",
           "INTERP": "1", "OP": "0", "DISTOP": "0", "MATCH_T": "0", "FLUX_FN": "1", "RAND_DIST": "0", "AF_BORDER_TYPE": "0",
           "pad": "0", "EDGE_TRACER": "0", "INIT_EDGE_OUT": "0", "SUPPRESS_LEFT_OVER": "0", "NONMAX": "0"}
def af_value(name, text):
    if name in TYPES:
        return "float"
    if name in SPECIAL:
        return SPECIAL[name]
    m = re.search(r'(?:constexpr|static\s+const|const)\s+(?:unsigned\s+|int\s+|unsigned\s+int\s+|dim_t\s+|uint\s+|size_t\s+)*' + re.escape(name) + r'\s*=\s*(\d+)', text)
    if m:
        return m.group(1)
    if re.search(r'THREADS|DIM[XY]?$|SIZE|LEN|BLOCK|WIDTH|HEIGHT|BINS|PIVOTS|LOAD|WARPS|GROUP|BLK|_SZ|CHANNELS|RADIUS|reps|w_len|w_wid|FLEN', name):
        return "16"
    return "0"
afiles = []
for cl in [f for f in ls(R, KD) if f.endswith(".cl")]:
    stem = cl[len(KD):-3]
    users = [(f, t) for f, t in sorted(hosts.items()) if re.search(r"\b" + stem + r"_cl_src\b", t)]
    if not users:
        continue
    f, t = users[0]
    opts, pre = [], []
    names = re.findall(r"Define(?:Key)?Value\(\s*(\w+)", t) + re.findall(r"DefineKey\(\s*(\w+)\)", t)
    seen = set()
    for n in names:
        if n in seen:
            continue
        seen.add(n)
        if re.search(r"DefineKey\(\s*" + n + r"\)", t) and not re.search(r"Define(Key)?Value\(\s*" + n + r"\b", t):
            continue   # a flag defined only in some cases: left out
        opts += ["-D", f"{n}={af_value(n, t)}"]
    # other sources built in the same program, in front of this one
    m = re.search(r"\{\{([^}]*\b" + stem + r"_cl_src[^}]*)\}\}", t)
    if m:
        for other in re.findall(r"(\w+)_cl_src", m.group(1)):
            if other == stem:
                break
            pre.append(KD + other + ".cl")
    e = dict(path=cl, options=opts, source=f"{f}:{lineno(t, t.find(stem + '_cl_src'))}")
    if pre:
        e["prelude"] = pre
    afiles.append(e)
projects.append(dict(
    name="arrayfire", repository=R, commit=head(R), kind="library (GPU array library)",
    extract=["src/backend/opencl/kernel"],
    options=["-cl-std=CL1.2", "-D", "dim_t=long"],
    options_source="src/backend/opencl/platform.cpp:565-570 (-cl-std=CL{device version} -D dim_t=long), per kernel compileOpts from the kernel's wrapper (file:line per file)",
    prelude_text=("#ifdef USE_DOUBLE\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n#ifdef USE_HALF\n"
                  "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n#else\n#define half short\n#endif\n#ifndef schar\n#define schar char\n#endif\n"
                  "#ifndef M_PI\n#define M_PI 3.1415926535897932384626433832795028841971693993751058209749445923078164\n#endif\n"),
    prelude=[KD + "KParam.hpp"],
    prelude_source="src/backend/opencl/compile_module.cpp:73-100 buildProgram: DEFAULT_MACROS_STR, then KParam_hpp, then the kernel's sources in the order of its getKernel call",
    representative="T (and every other type parameter) float; ZERO 0, ONE 1, reduction init 0; sizes from the wrapper's constexpr when it has one, else 16; flags 0 (no complex, no double). Derived by gen_manifest.py from the DefineValue/DefineKeyValue names of the wrapper",
    files=afiles))

yaml.safe_dump(dict(projects=projects), sys.stdout, sort_keys=False, width=200)

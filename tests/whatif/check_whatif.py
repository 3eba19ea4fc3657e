#!/usr/bin/env python3
"""check_whatif.py - the what-if page recomputes as the CLI does.

Writes `clspread analyze --format html` for a kernel on a profile, opens it
in headless Chromium (Debian's `chromium`, --dump-dom), moves sliders by the
page's own fragment syntax (#p0.clock=990: the slider's value is set and its
input event fired, as a user's drag does), and asserts that the figures the
page recomputed equal `clspread analyze --format json` run with the same
change on the command line, to 1e-9 relative:

  - no change: the page's figures are the CLI's;
  - global size: --global on the command line;
  - local size: --local on the command line;
  - clock and bandwidth: a copy of the profile with the figure changed.

    check_whatif.py --clspread BIN --work DIR

Exit 0 pass, 1 fail, 77 skip (no chromium). Python 3 standard library only.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
KERNEL = os.path.join(ROOT, "kernels", "vecadd.cl")
# The suite's vecadd-float4 launch: 12582912 work-items in groups of 256.
BASE = ["--kernel", "vecadd_float4", "--global", "12582912", "--local", "256"]
FIELDS = [("talu", "t_alu_s"), ("ttex", "t_tex_s"), ("tmem", "t_mem_s"),
          ("tkernel", "t_kernel_s")]


def cli(a, profile, extra, kernel=KERNEL):
    out = subprocess.run([a.clspread, "analyze", kernel, "--profile", profile,
                          "--format", "json", "--fail-on", "never"] + extra,
                         check=True, capture_output=True, text=True).stdout
    e = json.loads(out)["kernels"][0]["estimate"]
    return e


def page(a, chromium, html, fragment, dom_out=None):
    url = "file://" + html + ("#" + fragment if fragment else "")
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          "--user-data-dir=" + os.path.join(a.work, "chromium"),
                          "--dump-dom", url],
                         check=True, capture_output=True, text=True, timeout=120).stdout
    if 'data-ready="1"' not in dom:
        raise SystemExit("the page's script did not finish")
    if dom_out is not None:
        dom_out.append(dom)
    outs = re.findall(r'<div class="out"([^>]*)>', dom)
    panels = []
    for attrs in outs:
        d = dict(re.findall(r'data-(\w+)="([^"]*)"', attrs))
        panels.append(d)
    return panels


def close(x, y):
    return abs(x - y) <= 1e-9 * max(abs(x), abs(y), 1e-300)


def compare(what, got, want):
    bad = []
    for attr, key in FIELDS:
        if not close(float(got[attr]), want[key]):
            bad.append("%s: page %s, CLI %r" % (key, got[attr], want[key]))
    if got["bound"] != want["bound"]:
        bad.append("bound: page %s, CLI %s" % (got["bound"], want["bound"]))
    print("%-34s %s" % (what, "ok: Tkernel %s s, %s" % (got["tkernel"], got["bound"])
                        if not bad else "FAIL: " + "; ".join(bad)))
    return not bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clspread", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        if os.environ.get("CI") == "true":
            print("FAIL: no chromium in CI (tools/bootstrap.sh installs it)")
            return 1
        print("SKIP: no chromium (apt-get install chromium)")
        return 77
    a.work = os.path.abspath(a.work)
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    ok = True
    for profile in ["nvidia-h100-sxm", "hd4870"]:
        html = os.path.join(a.work, profile + ".html")
        subprocess.run([a.clspread, "analyze", KERNEL, "--profile", profile,
                        "--format", "html", "-o", html, "--fail-on", "never"] + BASE,
                       check=True)
        src = os.path.join(ROOT, "device-profiles", profile + ".yaml")
        text = open(src).read()
        print(profile)
        ok &= compare("  as analyzed", page(a, chromium, html, "")[0], cli(a, profile, BASE))
        # global: 2^22 work-items (slider global0 = 22).
        want = cli(a, profile, ["--kernel", "vecadd_float4", "--global", "4194304",
                                "--local", "256"])
        ok &= compare("  global slider to 2^22", page(a, chromium, html, "p0.global0=22")[0], want)
        # local: 2^6 = 64.
        want = cli(a, profile, ["--kernel", "vecadd_float4", "--global", "12582912",
                                "--local", "64"])
        ok &= compare("  local slider to 2^6", page(a, chromium, html, "p0.local0=6")[0], want)
        # clock: half the datasheet clock, in MHz, through a profile copy.
        clock = re.search(r"^clock: *([0-9.]+) *(GHz|MHz)", text, re.M)
        mhz = float(clock.group(1)) * (1000 if clock.group(2) == "GHz" else 1)
        new = int(mhz / 2)
        copy = os.path.join(a.work, profile + "-clock.yaml")
        with open(copy, "w") as f:
            f.write(text.replace(clock.group(0), "clock: %d MHz" % new, 1))
        ok &= compare("  clock slider to %d MHz" % new,
                      page(a, chromium, html, "p0.clock=%d" % new)[0], cli(a, copy, BASE))
        # bandwidth: 100 GB/s, through a profile copy (the measured figure
        # where the profile has one, else the datasheet's).
        copy = os.path.join(a.work, profile + "-bw.yaml")
        m = re.search(r"(^  memory\.bandwidth:\n    value: )([^\n]+)", text, re.M)
        if m:
            changed = text.replace(m.group(0), m.group(1) + "100 GB/s", 1)
        else:
            b = re.search(r"^(memory:\n(?:  .*\n)*?  bandwidth: )([^\n#]+)", text, re.M)
            changed = text.replace(b.group(0), b.group(1) + "100 GB/s ", 1)
        with open(copy, "w") as f:
            f.write(changed)
        ok &= compare("  bandwidth slider to 100 GB/s",
                      page(a, chromium, html, "p0.bandwidth=100")[0], cli(a, copy, BASE))
    # Several devices side by side: one panel per device, each its own.
    html = os.path.join(a.work, "both.html")
    subprocess.run([a.clspread, "analyze", KERNEL, "--profile", "nvidia-h100-sxm,hd4870",
                    "--format", "html", "-o", html, "--fail-on", "never"] + BASE, check=True)
    both = page(a, chromium, html, "p1.global0=22")
    print("two devices")
    ok &= compare("  panel 0 (H100) as analyzed", both[0], cli(a, "nvidia-h100-sxm", BASE))
    ok &= compare("  panel 1 (HD 4870) global 2^22", both[1],
                  cli(a, "hd4870", ["--kernel", "vecadd_float4", "--global", "4194304",
                                    "--local", "256"]))
    # Markup in a profile's name and in the kernel's directory:
    # "<!--<script>" inside the page's JSON script hid its closing tag from
    # the HTML parser, the JSON swallowed the page's script and nothing was
    # computed. The page must still compute, and show the names as text.
    odd = os.path.join(a.work, "d<!--<script>x</script>")
    os.makedirs(odd)
    kernel = os.path.join(odd, "vecadd.cl")
    shutil.copy(KERNEL, kernel)
    text = open(os.path.join(ROOT, "device-profiles", "hd4870.yaml")).read()
    name = 'HD <!--<script> & </script> <!-- "q"'
    changed, n = re.subn(r"^name: .*$", "name: '%s'" % name, text, count=1, flags=re.M)
    assert n == 1
    evil = os.path.join(odd, "evil.yaml")
    with open(evil, "w") as f:
        f.write(changed)
    html = os.path.join(odd, "page.html")
    subprocess.run([a.clspread, "analyze", kernel, "--profile", evil, "--format", "html",
                    "-o", html, "--fail-on", "never"] + BASE, check=True)
    print("markup in names")
    doms = []
    ok &= compare("  as analyzed", page(a, chromium, html, "", doms)[0],
                  cli(a, evil, BASE, kernel))
    want = cli(a, evil, ["--kernel", "vecadd_float4", "--global", "4194304",
                         "--local", "256"], kernel)
    ok &= compare("  global slider to 2^22", page(a, chromium, html, "p0.global0=22")[0],
                  want)
    shown = ("<b>HD &lt;!--&lt;script&gt; &amp; &lt;/script&gt; &lt;!-- \"q\"</b>" in doms[0]
             and "d&lt;!--&lt;script&gt;x&lt;/script&gt;/vecadd.cl" in doms[0])
    print("  names shown as text" + ("" if shown else ": FAIL"))
    ok &= shown
    # The whole bundled suite on both GPU profiles: every panel's figures,
    # as the page's model computes them, equal the JSON of the same run.
    for profile in ["nvidia-h100-sxm", "hd4870"]:
        html = os.path.join(a.work, "suite-" + profile + ".html")
        subprocess.run([a.clspread, "analyze", "--profile", profile, "--format", "html",
                        "-o", html, "--fail-on", "never"], check=True)
        out = subprocess.run([a.clspread, "analyze", "--profile", profile, "--format",
                              "json", "--fail-on", "never"],
                             check=True, capture_output=True, text=True).stdout
        kernels = json.loads(out)["kernels"]
        panels = page(a, chromium, html, "")
        print("bundled suite on %s: %d kernels" % (profile, len(kernels)))
        if len(panels) != len(kernels):
            print("  FAIL: %d panels for %d kernels" % (len(panels), len(kernels)))
            ok = False
            continue
        for p, k in zip(panels, kernels):
            ok &= compare("  " + k["name"], p, k["estimate"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

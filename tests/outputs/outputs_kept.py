#!/usr/bin/env python3
"""Outputs never destroy anything: each case runs the built
clspread and checks what is left on disk.

  disk-full     a 64 KiB tmpfs filled to the last byte: analyze -o, lint
                --format sarif -o, plan -o, lint --dump-config -o, calibrate
                --plan -o and the xlsx workbook exit 3 ("cannot write") and
                each previous file is byte for byte what it was (needs root
                to mount; skipped, exit 77, where mounting is refused)
  dev-full      -o /dev/full: exit 3, and /dev/full is still the device
  onto-input    -o naming an input (the kernel, the profile, --dump-config's
                file): exit 2, the input unchanged, nothing written
  special       a FIFO gets the report and stays a FIFO; a symbolic link
                stays a link and the file it names is replaced; a file of
                mode 600 keeps it; -o /dev/stdout writes to standard output
  error-keeps   lint -o prev.sarif with a bad Profile: in .clspread.yaml
                exits 2 and leaves prev.sarif as it was

Usage: outputs_kept.py BUILD/bin/clspread CASE
"""
import os
import stat
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KERNEL = os.path.join(ROOT, "kernels", "saxpy.cl")
LAUNCH = ["--global", "1048576", "--arg", "n=1048576", "--arg", "a=2"]


def run(clspread, *args, cwd=None):
    return subprocess.run([clspread, *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def expect(p, code, what):
    assert p.returncode == code, f"{what}: exit {p.returncode}, wanted {code}\n{p.stdout}{p.stderr}"


def read(path):
    with open(path, "rb") as f:
        return f.read()


def disk_full(clspread, tmp):
    mnt = os.path.join(tmp, "full")
    os.makedirs(mnt)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mnt],
                      capture_output=True).returncode != 0:
        print("SKIP: cannot mount a tmpfs here (not root?)")
        sys.exit(77)
    try:
        outputs = {
            "report.json": ["analyze", KERNEL, *LAUNCH, "--format", "json"],
            "lint.sarif": ["lint", KERNEL, "--format", "sarif", "--fail-on", "never"],
            "plan.json": ["plan", KERNEL, *LAUNCH],
            "config.yaml": ["lint", "--dump-config", KERNEL],
            "calibrate-plan.json": ["calibrate", "--plan", "--quick"],
            "book.xlsx": ["analyze", KERNEL, *LAUNCH, "--format", "xlsx"],
        }
        previous = {}
        for name in outputs:
            previous[name] = f"previous {name}\n".encode() * 4
            with open(os.path.join(mnt, name), "wb") as f:
                f.write(previous[name])
        # Fill the file system to its last byte.
        with open(os.path.join(mnt, "filler"), "wb", buffering=0) as f:
            try:
                while True:
                    f.write(b"x" * 512)
            except OSError:
                pass
        for name, args in outputs.items():
            p = run(clspread, *args, "-o", os.path.join(mnt, name))
            expect(p, 3, f"{name} on a full disk")
            assert "cannot write" in p.stderr and "No space left" in p.stderr, p.stderr
            assert p.stderr.count("\n") == 1, f"one error line: {p.stderr!r}"
            assert read(os.path.join(mnt, name)) == previous[name], f"{name} changed"
        left = sorted(os.listdir(mnt))
        assert left == sorted(list(outputs) + ["filler"]), f"temporary files left: {left}"
        print(f"disk-full: {len(outputs)} outputs exit 3, previous files intact, no temporary left")
    finally:
        subprocess.run(["umount", mnt])


def dev_full(clspread, tmp):
    p = run(clspread, "lint", KERNEL, "--format", "json", "--fail-on", "never", "-o", "/dev/full")
    expect(p, 3, "-o /dev/full")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode), "/dev/full is no longer a device"
    print("dev-full: exit 3, /dev/full still a character device")


def onto_input(clspread, tmp):
    k = os.path.join(tmp, "k.cl")
    with open(KERNEL) as f:
        text = f.read()
    with open(k, "w") as f:
        f.write(text)
    prof = os.path.join(tmp, "p.yaml")
    with open(os.path.join(ROOT, "device-profiles", "hd4870.yaml")) as f:
        ptext = f.read()
    with open(prof, "w") as f:
        f.write(ptext)
    alias = os.path.join(tmp, "alias.cl")
    os.symlink(k, alias)
    for args in (["lint", k, "-o", k], ["lint", k, "-o", alias],
                 ["analyze", k, *LAUNCH, "-o", k], ["plan", k, *LAUNCH, "-o", k],
                 ["analyze", k, *LAUNCH, "--format", "html", "-o", k],
                 ["lint", "--dump-config", k, "-o", k],
                 ["analyze", k, *LAUNCH, "--profile", prof, "-o", prof]):
        p = run(clspread, *args)
        expect(p, 2, " ".join(args[:2]))
        assert "is the input" in p.stderr, p.stderr
    assert open(k).read() == text and open(prof).read() == ptext, "an input changed"
    print("onto-input: 7 commands refused with exit 2, inputs unchanged")


def special(clspread, tmp):
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    got = {}
    reader = threading.Thread(target=lambda: got.setdefault("x", read(fifo)))
    reader.start()
    p = run(clspread, "lint", KERNEL, "--format", "json", "--fail-on", "never", "-o", fifo)
    reader.join(30)
    expect(p, 0, "-o FIFO")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and b'"files"' in got["x"], got

    real = os.path.join(tmp, "real.json")
    with open(real, "w") as f:
        f.write("old\n")
    link = os.path.join(tmp, "link.json")
    os.symlink("real.json", link)
    expect(run(clspread, "analyze", KERNEL, *LAUNCH, "--format", "json", "-o", link), 0, "-o link")
    assert os.path.islink(link) and os.readlink(link) == "real.json"
    assert b'"kernels"' in read(real), "the file the link names was not replaced"

    private = os.path.join(tmp, "private.json")
    with open(private, "w") as f:
        f.write("old\n")
    os.chmod(private, 0o600)
    expect(run(clspread, "analyze", KERNEL, *LAUNCH, "--format", "json", "-o", private), 0, "mode")
    mode = stat.S_IMODE(os.stat(private).st_mode)
    assert mode == 0o600, oct(mode)

    p = run(clspread, "lint", KERNEL, "--format", "json", "--fail-on", "never", "-o", "/dev/stdout")
    expect(p, 0, "-o /dev/stdout")
    assert '"files"' in p.stdout, p.stdout
    print("special: FIFO written in place, link kept and its file replaced, mode 600 kept, /dev/stdout works")


def error_keeps(clspread, tmp):
    proj = os.path.join(tmp, "proj")
    os.makedirs(proj)
    k = os.path.join(proj, "k.cl")
    with open(KERNEL) as f, open(k, "w") as g:
        g.write(f.read())
    prev = os.path.join(proj, "prev.sarif")
    with open(prev, "w") as f:
        f.write('{"previous": true}\n')
    with open(os.path.join(proj, ".clspread.yaml"), "w") as f:
        f.write("Profile: no-such-device\n")
    p = run(clspread, "lint", k, "--format", "sarif", "-o", prev)
    expect(p, 2, "bad Profile")
    assert read(prev) == b'{"previous": true}\n', "the previous SARIF was replaced"
    assert p.stderr.count("no-such-device") == 1, f"error printed once: {p.stderr!r}"
    print("error-keeps: exit 2, previous SARIF intact, error printed once")


def main():
    clspread, case = os.path.abspath(sys.argv[1]), sys.argv[2]
    cases = {"disk-full": disk_full, "dev-full": dev_full, "onto-input": onto_input,
             "special": special, "error-keeps": error_keeps}
    with tempfile.TemporaryDirectory(prefix="clspread-out-") as tmp:
        cases[case](clspread, tmp)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The pre-commit hook of .pre-commit-hooks.yaml on staged files.

In a temporary git repository, stages a kernel with an error finding and a
clean one, then runs the hook's command exactly as the hook file defines it
(entry + args + the staged files that match `files`), as the pre-commit
framework does for `language: system`: the error makes it fail, the clean
file alone passes. When Debian's `pre-commit` is installed, also runs the
framework itself (`pre-commit try-repo`, offline) against a clone of this
repository's hook file.

Usage: pre_commit_hook.py BUILD/bin
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BAD = """__attribute__((reqd_work_group_size(2048, 1, 1)))
__kernel void big(__global float *p) { p[get_global_id(0)] = 1.0f; }
"""
GOOD = "__kernel void ok(__global float4 *p) { p[get_global_id(0)] *= 2.0f; }\n"
# A warning only: a store 256 B apart per work-item.
WARN = """__kernel void spread(__global float *p) {
  p[get_global_id(0) * 64] = 1.0f;
}
"""
# Builds only with the hook's -DBLOCK=16; the same strided store.
BLOCK = """#ifndef BLOCK
#error BLOCK is not defined
#endif
__kernel void blocked(__global float *p) {
  p[get_global_id(0) * BLOCK * 4] = 1.0f;
}
"""


def git(repo, *args):
    subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True,
                   env=dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t",
                            GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t"))


def staged(repo, pattern):
    out = subprocess.run(["git", "-C", repo, "diff", "--cached", "--name-only"],
                         check=True, capture_output=True, text=True).stdout.split()
    return [f for f in out if re.search(pattern, f)]


def main():
    bindir = os.path.abspath(sys.argv[1])
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"])
    with open(os.path.join(ROOT, ".pre-commit-hooks.yaml")) as f:
        hook = next(h for h in yaml.safe_load(f) if h["id"] == "clspread-lint")
    assert hook["language"] == "system"
    command = shlex.split(hook["entry"]) + hook.get("args", [])

    tmp = tempfile.mkdtemp(prefix="clspread-hook-")
    try:
        repo = os.path.join(tmp, "repo")
        os.makedirs(os.path.join(repo, "k"))
        git(repo, "init", "-q")
        for name, text in (("k/bad.cl", BAD), ("k/good.cl", GOOD), ("notes.txt", "x\n")):
            with open(os.path.join(repo, name), "w") as f:
                f.write(text)
        git(repo, "add", "k/good.cl", "notes.txt")
        files = staged(repo, hook["files"])
        assert files == ["k/good.cl"], files
        p = subprocess.run(command + files, cwd=repo, env=env, capture_output=True, text=True)
        assert p.returncode == 0, f"clean kernel failed the hook: {p.stdout}{p.stderr}"

        git(repo, "add", "k/bad.cl")
        files = staged(repo, hook["files"])
        assert files == ["k/bad.cl", "k/good.cl"], files
        p = subprocess.run(command + files, cwd=repo, env=env, capture_output=True, text=True)
        assert p.returncode == 1, f"exit {p.returncode}: {p.stdout}{p.stderr}"
        assert p.stdout.startswith("k/bad.cl:1:16: error: reqd_work_group_size(2048, 1, 1)"), p.stdout
        assert "[perf-work-group-size-limit]" in p.stdout
        print("hook command: clean file passes, the error finding fails the commit")

        # The pre-commit framework itself, when installed (Debian: pre-commit).
        if shutil.which("pre-commit"):
            hooks = os.path.join(tmp, "hooks")
            os.makedirs(hooks)
            shutil.copy(os.path.join(ROOT, ".pre-commit-hooks.yaml"), hooks)
            git(hooks, "init", "-q")
            git(hooks, "add", ".pre-commit-hooks.yaml")
            git(hooks, "commit", "-q", "-m", "hook")
            fw_env = dict(env, PRE_COMMIT_HOME=os.path.join(tmp, "cache"))
            p = subprocess.run(["pre-commit", "try-repo", hooks, "clspread-lint"],
                               cwd=repo, env=fw_env, capture_output=True, text=True)
            assert p.returncode == 1, f"pre-commit exit {p.returncode}: {p.stdout}{p.stderr}"
            assert "perf-work-group-size-limit" in p.stdout, p.stdout
            git(repo, "rm", "-q", "--cached", "k/bad.cl")
            p = subprocess.run(["pre-commit", "try-repo", hooks, "clspread-lint"],
                               cwd=repo, env=fw_env, capture_output=True, text=True)
            assert p.returncode == 0, f"pre-commit exit {p.returncode}: {p.stdout}{p.stderr}"
            print("pre-commit try-repo: fails with the error staged, passes without")

            # A hook with `args:` as a user writes it: the build options
            # come before the files pre-commit appends, and none is lost.
            # The hook is verbose, so a warning shows even when it passes;
            # `--fail-on warning` is the recipe that makes it fail.
            for name, text in (("k/warn.cl", WARN), ("k/block.cl", BLOCK)):
                with open(os.path.join(repo, name), "w") as f:
                    f.write(text)
            git(repo, "add", "k/warn.cl", "k/block.cl")
            sha = subprocess.run(["git", "-C", hooks, "rev-parse", "HEAD"], check=True,
                                 capture_output=True, text=True).stdout.strip()
            for extra, want_exit in (([], 0), (["--fail-on", "warning"], 1)):
                config = {"repos": [{"repo": hooks, "rev": sha, "hooks": [{
                    "id": "clspread-lint",
                    "args": ["--profile", "nvidia-h100-sxm", "-DBLOCK=16"] + extra}]}]}
                with open(os.path.join(repo, ".pre-commit-config.yaml"), "w") as f:
                    yaml.safe_dump(config, f)
                p = subprocess.run(["pre-commit", "run", "--files", "k/warn.cl", "k/block.cl"],
                                   cwd=repo, env=fw_env, capture_output=True, text=True)
                assert p.returncode == want_exit, f"args {extra}: exit {p.returncode}: {p.stdout}{p.stderr}"
                assert "k/warn.cl:2:" in p.stdout and "[perf-uncoalesced-access]" in p.stdout, p.stdout
                assert "k/block.cl:5:" in p.stdout, p.stdout  # built with -DBLOCK=16
                assert "lint needs at least one file" not in p.stdout + p.stderr
            print("pre-commit run with args: both files linted, warnings shown; "
                  "--fail-on warning fails")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()

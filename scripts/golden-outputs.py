#!/usr/bin/env python3
"""Golden outputs: every input fairyc's tests and examples give it, through
every --emit kind, recorded so that a refactoring can show it changed nothing.

  scripts/golden-outputs.py record BUILD LOG
      runs the lit suite of BUILD with a shim in front of fairyc that logs
      each invocation (arguments, directory, standard input) to LOG.
  scripts/golden-outputs.py replay FAIRYC LOG OUTDIR
      runs FAIRYC on every logged invocation once as logged and once with
      each --emit kind, on the examples and on every built-in variant, and
      writes standard output, standard error and the status to OUTDIR.
  scripts/golden-outputs.py compare DIR1 DIR2
      lists the results that differ (exit 1 if any).

Not run by CI: a replay takes tens of minutes. The golden directory is made
by this script and not committed (docs/architecture.md, "One road").
"""
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import stat
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 30

SHIM = """#!/usr/bin/env python3
import json, os, subprocess, sys, tempfile
real, log = {real!r}, {log!r}
stdin = None
if not sys.stdin.isatty():
    stdin = sys.stdin.buffer.read()
entry = {{"argv": sys.argv[1:], "cwd": os.getcwd()}}
if stdin:
    fd, path = tempfile.mkstemp(prefix="golden-stdin-", dir={stdins!r})
    os.write(fd, stdin)
    os.close(fd)
    entry["stdin"] = path
with open(log, "a") as f:
    f.write(json.dumps(entry) + "\\n")
sys.exit(subprocess.run([real] + sys.argv[1:], input=stdin).returncode)
"""


def record(build, log):
    build = os.path.abspath(build)
    tools = os.path.join(build, "tools")
    shim_dir = tempfile.mkdtemp(prefix="golden-shim-")
    stdins = os.path.abspath(log) + ".stdin"
    os.makedirs(stdins, exist_ok=True)
    open(log, "w").close()
    for name in os.listdir(tools):
        path = os.path.join(tools, name)
        if name != "fairyc" and os.access(path, os.X_OK) and \
                os.path.isfile(path):
            os.symlink(path, os.path.join(shim_dir, name))
    shim = os.path.join(shim_dir, "fairyc")
    with open(shim, "w") as f:
        f.write(SHIM.format(real=os.path.join(tools, "fairyc"),
                            log=os.path.abspath(log), stdins=stdins))
    os.chmod(shim, os.stat(shim).st_mode | stat.S_IEXEC)
    lit = "/usr/lib/llvm-14/build/utils/lit/lit.py"
    subprocess.run([sys.executable, lit, "-q", "--param", "tools=" + shim_dir,
                    os.path.join(build, "test")])
    print("logged", sum(1 for _ in open(log)), "invocations to", log)


def without_emit(argv):
    """The arguments with --emit and -o taken out (output to stdout)."""
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
            continue
        if a.startswith("--emit=") or a.startswith("-emit="):
            continue
        if a in ("--emit", "-emit", "-o"):
            skip = True
            continue
        if a.startswith("-o") and len(a) > 2 and not a.startswith("-only"):
            continue
        out.append(a)
    return out


def emit_kinds():
    """The --emit values the binary's --help offers (its back ends)."""
    lines = subprocess.run([FAIRYC, "--help"], capture_output=True,
                           text=True).stdout.splitlines()
    start = next(i for i, l in enumerate(lines)
                 if re.match(r"\s*--emit=<", l))
    kinds = []
    for line in lines[start + 1:]:
        m = re.match(r"\s+=(\S+)\s+-", line)
        if not m:
            break
        kinds.append(m.group(1))
    return kinds


def jobs(log):
    KINDS = emit_kinds()
    seen, out = set(), []
    for line in open(log):
        e = json.loads(line)
        argv = e["argv"]
        if not argv or argv[0] == "serve" or any(
                a in ("-ftime-report", "-fprogress", "--version",
                      "-version", "--help", "-help", "--help-hidden")
                for a in argv):
            continue
        base = without_emit(argv)
        stdin = e.get("stdin")
        digest = hashlib.sha1(open(stdin, "rb").read()).hexdigest() \
            if stdin else ""
        key = json.dumps([base, e["cwd"], digest])
        if key in seen:
            continue
        seen.add(key)
        # Once as logged (its options kept whole), then every kind.
        out.append((argv, e["cwd"], stdin, "asis"))
        for k in KINDS:
            out.append((base + ["--emit=" + k], e["cwd"], stdin, k))
    examples = os.path.join(ROOT, "examples")
    for name in sorted(os.listdir(examples)):
        path = os.path.join(examples, name)
        if os.path.isfile(path) and not name.endswith(".md"):
            for k in KINDS:
                out.append(([path, "--emit=" + k], ROOT, None, k))
    listing = subprocess.run([FAIRYC, "--list-variants"], capture_output=True,
                             text=True).stdout
    for line in listing.splitlines():
        name = line.split()[0] if line.split() else ""
        if name:
            for k in KINDS:
                out.append((["--variant=" + name, "--emit=" + k], ROOT, None,
                            k))
    return out


def run(job):
    argv, cwd, stdin, kind = job
    if not os.path.isdir(cwd):
        return argv, cwd, "directory gone", b"", b""
    data = open(stdin, "rb").read() if stdin else b""
    try:
        r = subprocess.run([FAIRYC] + argv, cwd=cwd, input=data,
                           capture_output=True, timeout=TIMEOUT,
                           env=dict(os.environ, TERM="dumb"))
        return argv, cwd, r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return argv, cwd, "timeout", b"", b""


def replay(log, outdir):
    os.makedirs(outdir, exist_ok=True)
    todo = jobs(log)
    print(len(todo), "runs;", "--emit kinds:", " ".join(emit_kinds()),
          flush=True)
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        for i, (argv, cwd, rc, out, err) in enumerate(pool.map(run, todo)):
            name = hashlib.sha1(json.dumps([argv, cwd, todo[i][2] or ""])
                                .encode()).hexdigest()[:16]
            with open(os.path.join(outdir, name), "wb") as f:
                f.write(("$ cd %s && fairyc %s\nstatus: %s\n" %
                         (cwd, shlex.join(argv), rc)).encode())
                f.write(b"--- stdout\n" + out + b"--- stderr\n" + err)
            if i % 500 == 0:
                print(i, flush=True)


def compare(a, b):
    names = sorted(set(os.listdir(a)) | set(os.listdir(b)))
    bad = 0
    for n in names:
        pa, pb = os.path.join(a, n), os.path.join(b, n)
        if not (os.path.exists(pa) and os.path.exists(pb)) or \
                open(pa, "rb").read() != open(pb, "rb").read():
            bad += 1
            first = open(pa if os.path.exists(pa) else pb).readline().strip()
            print("differs:", n, first)
    print("%d results, %d differ" % (len(names), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "record":
        record(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == "replay":
        FAIRYC = os.path.abspath(sys.argv[2])
        replay(sys.argv[3], sys.argv[4])
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)

#!/usr/bin/env python3
"""Runs fairyc on a catalogue of hostile inputs, with every back end and
optimisation level and with --lint, and reports each run that breaks the
rule of docs/diagnostics.md ("Limits"): over 1 s of CPU time, over 256 MB,
or an exit status other than 0 or 1 (a crash), or output written by a
failing run (or by --lint at all).

    scripts/hostile-scan.py [FAIRYC] [--jobs N] [--only SUBSTRING] [--kind KIND]

Not a CI test (it takes minutes); its findings become lit tests in
test/Hostile. Prints one line per violation and a summary.
"""
import argparse
import concurrent.futures
import os
import resource
import signal
import subprocess
import sys
import tempfile

EMITS = ["diagram", "ir", "json", "dot", "svg", "ctable", "bitboard",
         "betza", "fairy", "parlett"]
# What is run besides the back ends: --lint (which fairyc-lsp runs on every
# change and `fairyc serve` on every request), at one optimisation level
# since it optimises on its own.
CHECKS = ["lint"]


def nest(n, wrap, leaf="leg(1,0; empty)"):
    s = leaf
    for _ in range(n):
        s = wrap % s
    return s


IR_WRAPS = {
    "alt": "alt(%s, leg(0,1; any))",
    "seq": "seq(leg(1,0; empty), %s)",
    "sym": "sym<lr>(%s)",
    "symd4": "sym<d4>(%s)",
    "ride": "ride<1..2>(%s)",
    "rep": "rep<0..1>(%s)",
    "guard": "guard<initial>(%s)",
    "prio": "prio(%s, leg(0,2; any))",
    "filter": "filter<y <= 3>(%s)",
    "ahead": "seq(ahead(%s), leg(0,1; any))",
}


def cases():
    """(name, notation, text, extra options)"""
    for k, w in IR_WRAPS.items():
        for n in (40, 255):
            yield f"ir-{k}-{n}", "ir", nest(n, w), []
    mixed = "leg(1,0; empty)"
    for i in range(255):
        mixed = list(IR_WRAPS.values())[i % len(IR_WRAPS)] % mixed
    yield "ir-mixed-255", "ir", mixed, []
    yield "ir-seq-alt-200", "ir", "seq(" + ", ".join(
        ["alt(leg(1,0; empty), leg(0,1; empty))"] * 200) + ")", []
    yield "ir-seq-sym-200", "ir", "seq(" + ", ".join(
        ["sym<d4>(leg(1,0; empty))"] * 200) + ")", []
    yield "ir-big-legs", "ir", "alt(" + ", ".join(
        f"leg({x},{4096 - x}; any)" for x in range(0, 4096, 37)) + ")", []
    yield "ir-big-reps", "ir", nest(3, "rep<0..4096>(%s)", "sym<d4>(leg(1,0; any))"), []
    yield "ir-big-rides", "ir", nest(3, "ride<0..>(%s)", "sym<d4>(leg(1,2; empty))"), []
    yield "ir-rep-prio", "ir", "rep<1..>(prio(rep<1..>(sym<d4>(leg(1,0; empty))), leg(0,1)))", []
    for n in (100, 255):
        yield f"betza-brackets-{n}", "betza", "[" * n + "W" + "]" * n, []
        yield f"mf-parens-{n}", "formula", "(" * n + "{1,0}" + ")" * n, []
        yield f"mf-rep-{n}", "formula", "(" * n + "{1,0}" + ")*" * n, []
        yield f"fn-parens-{n}", "fairy", "(" * n + "[1,2]" + ")" * n, ["--radius=3"]
        yield f"fn-rep-{n}", "fairy", "(" * n + "[1,2]" + ")*" * n, ["--radius=3"]
    yield "betza-legs", "betza", "ma" * 1500 + "W", []
    yield "betza-long-atoms", "betza", "NWFDAHCZG" * 1500, []
    yield "betza-ranges", "betza", "R99B99N99" * 500, []
    yield "xbetza-multileg", "betza", "mafsafsafsafsafsafsafsafsafsafsW" * 40, []
    yield "parlett-long", "parlett", ",".join(["n*"] * 2000), []
    yield "parlett-then", "parlett", ".".join(["1*"] * 2000), []
    yield "mf-steps", "formula", "{1,0}" * 1999, []
    yield "mf-alternatives", "formula", "[" + ",".join(["{1,0}"] * 1999) + "]", []
    yield "fn-sum", "fairy", "+".join(["[1,0]"] * 2000), ["--radius=8"]
    yield "fn-product", "fairy", "([1,0]|[0,1])" * 300, ["--radius=8"]
    yield "fn-big", "fairy", "[4096,4096]*", []
    # Long lists of alternatives, which --lint compares with each other.
    yield "betza-distinct", "betza", "".join(
        m + a + d for d in ("", "2", "3", "0") for m in ("", "f", "b", "v", "s", "m", "c", "fs")
        for a in "WFDNAHCZGRBQK"), []
    yield "betza-multileg-alts", "betza", "".join(
        "m" + ("a" + m) * legs + a for m in ("fs", "l", "r", "v", "bs")
        for legs in range(2, 8) for a in "WF"), []
    yield "fn-leaps", "fairy", ",".join(
        f"[{i},{j}]" for i in range(40) for j in range(40) if i or j)[:11990].rsplit(",", 1)[0], []
    yield "fn-distinct", "fairy", ",".join(
        f"[{i},{j}]{s}" for i in range(8) for j in range(8) if i or j
        for s in ("", "*", "+", "|", "{1..}*", "{1..2}*", "{1..3}+", "{2}*", "{1..}")), []
    yield "parlett-distinct", "parlett", ",".join(
        f"{m}{d}{s}" for d in range(1, 10) for m in ("", "o", "c", "i")
        for s in ("*", "+", "X", ">", "<", "=", "<>")), []
    yield "ir-alt-legs", "ir", "alt(" + ", ".join(
        f"leg({i},{j})" for i in range(-20, 21) for j in range(-20, 21)) + ")", []
    for fill in (b"\0", b"\x1b[31m", b"\xff\xfe", "♞".encode()):
        yield f"garbage-{fill[:1].hex()}", "betza", (fill * 5000).decode("latin-1"), []


def limit():
    resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))


def run(fairyc, name, notation, text, extra, emit, opt, board):
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "in.txt")
        with open(src, "wb") as f:
            f.write(text.encode("latin-1", "replace"))
        out = os.path.join(d, "out")
        what = ["--lint"] if emit in CHECKS else [f"--emit={emit}", f"-O{opt}"]
        cmd = ["/usr/bin/time", "-f", "%e %U %S %M", fairyc, "-x", notation, src,
               *what, "-o", out] + board + extra
        # Standard error to a file: a run's warnings may be large, and
        # writing them is part of its time.
        err = os.path.join(d, "err")
        # A session of its own, so that a timeout ends fairyc too, not only
        # the /usr/bin/time above it.
        with open(err, "wb") as e:
            p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=e,
                                 preexec_fn=limit, start_new_session=True)
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
                return f"{name} {emit} -O{opt} {' '.join(board)}: TIMEOUT (>20 s)"
        with open(err, "rb") as e:
            first = e.readline(160).decode("utf-8", "replace").strip()
            e.seek(max(0, os.path.getsize(err) - 200))
            last = e.read().decode("utf-8", "replace").strip().splitlines()[-1]
        secs, user, system, kb = (float(x) for x in last.split())
        # CPU time, not wall time, decides: other work on the machine (or
        # --jobs) slows the wall clock, not what fairyc spends.
        cpu = user + system
        problems = []
        if p.returncode not in (0, 1):
            problems.append(f"exit {p.returncode}")
        if cpu > 1.0:
            problems.append(f"{cpu:.2f} s CPU ({secs:.2f} s wall)")
        if kb > 256 * 1024:
            problems.append(f"{kb // 1024} MB")
        if p.returncode == 1 and os.path.exists(out):
            problems.append("wrote output on failure")
        if emit in CHECKS and os.path.exists(out):
            problems.append("wrote output")
        if not problems:
            return None
        if first.endswith(last):
            first = ""
        return f"{name} {emit} -O{opt} {' '.join(board)}: {', '.join(problems)}  [{first}]"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fairyc", nargs="?", default="build/tools/fairyc")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--only", default="", help="cases whose name has this")
    ap.add_argument("--kind", default="",
                    help="only this --emit kind, or 'lint'")
    args = ap.parse_args()
    runs = []
    for name, notation, text, extra in cases():
        if args.only not in name:
            continue
        for emit in EMITS + CHECKS:
            if args.kind and emit != args.kind:
                continue
            for opt in (0,) if emit in CHECKS else (0, 1):
                for board in ([], ["--board=16x16"]):
                    runs.append((name, notation, text, extra, emit, opt, board))
    bad = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for r in pool.map(lambda a: run(args.fairyc, *a), runs):
            if r:
                bad += 1
                print(r, flush=True)
    print(f"hostile-scan: {len(runs)} runs, {bad} over the limits")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Runs fairyc on a catalogue of hostile inputs, with every back end and
optimisation level, and reports each run that breaks the rule of
docs/diagnostics.md ("Limits"): over 1 s, over 256 MB, or an exit status
other than 0 or 1 (a crash), or output written by a failing run.

    scripts/hostile-scan.py [FAIRYC] [--jobs N] [--only SUBSTRING]

Not a CI test (it takes minutes); its findings become lit tests in
test/Hostile. Prints one line per violation and a summary.
"""
import argparse
import concurrent.futures
import os
import resource
import subprocess
import sys
import tempfile
import time

EMITS = ["diagram", "ir", "json", "dot", "svg", "ctable", "bitboard",
         "betza", "fairy", "parlett"]


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
        cmd = ["/usr/bin/time", "-f", "%e %M", fairyc, "-x", notation, src,
               f"--emit={emit}", f"-O{opt}", "-o", out] + board + extra
        start = time.monotonic()
        try:
            p = subprocess.run(cmd, capture_output=True, timeout=20,
                               preexec_fn=limit)
        except subprocess.TimeoutExpired:
            return f"{name} {emit} -O{opt} {' '.join(board)}: TIMEOUT (>20 s)"
        wall = time.monotonic() - start
        lines = p.stderr.decode("utf-8", "replace").strip().splitlines()
        secs, kb = (float(x) for x in lines[-1].split())
        problems = []
        if p.returncode not in (0, 1):
            problems.append(f"exit {p.returncode}")
        if secs > 1.0:
            problems.append(f"{secs:.2f} s")
        if kb > 256 * 1024:
            problems.append(f"{kb // 1024} MB")
        if p.returncode == 1 and os.path.exists(out):
            problems.append("wrote output on failure")
        if not problems:
            return None
        first = lines[0][:160] if len(lines) > 1 else ""
        return f"{name} {emit} -O{opt} {' '.join(board)}: {', '.join(problems)}  [{first}]"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fairyc", nargs="?", default="build/tools/fairyc")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    runs = []
    for name, notation, text, extra in cases():
        if args.only not in name:
            continue
        for emit in EMITS:
            for opt in (0, 1):
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

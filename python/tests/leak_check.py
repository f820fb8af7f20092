#!/usr/bin/env python3
"""Does the package leak? Compiles, asks destinations in a position and
emits, N times, and prints the process's resident size after a warm-up
and at the end (from /proc/self/statm). --mode with closes each
compilation and position (with blocks); --mode dropped never closes
them: they are dropped, and their finalizers free them.

Usage: leak_check.py [--mode with|dropped] [--compiles N] [--warmup W]
                     [--max-growth-mb M]
With --max-growth-mb, exits 1 when the resident size grew by more than M
MB between the warm-up and the end (ctest's python-leak runs a short
loop with a generous bound; docs/python.md gives the figures of 10^5).
FAIRYC_LIBRARY names the library, as for the tests.
"""
import argparse
import os
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
import fairyc  # noqa: E402

PIECES = ["RN", "fmWfceFifmnD", "mRcpR", "BN", "QNN", "K"]


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def use(c: fairyc.Compilation, p: fairyc.Position, i: int) -> None:
    c.destinations(0, "d4", p, side="white" if i % 2 else "black")
    c.emit("json" if i % 3 else "betza")
    c.diagnostics
    # Errors too: the compilation is freed when the exception is raised.
    if i % 10 == 0:
        try:
            fairyc.compile("R(N")
        except fairyc.CompileError:
            pass


def one(i: int) -> None:
    with fairyc.compile(PIECES[i % len(PIECES)], "betza", board="8x8") as c:
        with c.position("8/8/2p5/8/3P4/8/8/8") as p:
            use(c, p, i)


def dropped(i: int) -> None:
    c = fairyc.compile(PIECES[i % len(PIECES)], "betza", board="8x8")
    use(c, c.position("8/8/2p5/8/3P4/8/8/8"), i)
    # c and its position go out of scope here, never closed.


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--compiles", type=int, default=100000)
    ap.add_argument("--warmup", type=int, default=1000)
    ap.add_argument("--max-growth-mb", type=float)
    ap.add_argument("--mode", choices=["with", "dropped"], default="with")
    a = ap.parse_args()
    step = one if a.mode == "with" else dropped
    for i in range(a.warmup):
        step(i)
    start, t0 = rss_mb(), time.time()
    for i in range(a.compiles):
        step(i)
    end, seconds = rss_mb(), time.time() - t0
    print("%s: RSS after %d warm-up compiles: %.1f MB; after %d more: "
          "%.1f MB (+%.1f MB, %.1f s)" % (a.mode, a.warmup, start, a.compiles,
                                          end, end - start, seconds))
    if a.max_growth_mb is not None and end - start > a.max_growth_mb:
        print("FAILED: grew by more than %.1f MB" % a.max_growth_mb)
        sys.exit(1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How long `fairyc --list-variants` takes on large variants.ini files.

    bench/list_variants.py FAIRYC [SIZE ...]

For each SIZE (default 2000 5000 20000) writes two files to a temporary
directory and times `FAIRYC --import=FILE --list-variants` on each (best of
three runs, seconds):
  chain  [v0:chess], then [vN:vN-1] for N < SIZE: a chain SIZE deep
  many   SIZE sections [sN:chess], each with its own maxFile and a custom
         piece
docs/performance.md ("variants.ini import") quotes it. A run that takes
longer than 600 s is stopped and shown as "> 600".
"""
import os
import subprocess
import sys
import tempfile
import time

TIMEOUT = 600


def chain(n):
    return "[v0:chess]\n" + "".join("[v%d:v%d]\n" % (i, i - 1)
                                    for i in range(1, n))


def many(n):
    return "".join("[s%d:chess]\nmaxFile = %d\ncustomPiece1 = a:W%dN\n"
                   % (i, 5 + i % 7, i % 3 + 1) for i in range(n))


def best_of(fairyc, path, runs=3):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        try:
            subprocess.run([fairyc, "--import=" + path, "--list-variants",
                            "--max-input-size=67108864"],
                           stdout=subprocess.DEVNULL, check=True,
                           timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return None
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    fairyc = sys.argv[1]
    sizes = [int(s) for s in sys.argv[2:]] or [2000, 5000, 20000]
    print("| file | sections | seconds |")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for kind, make in (("chain", chain), ("many", many)):
            for n in sizes:
                path = os.path.join(tmp, "%s-%d.ini" % (kind, n))
                with open(path, "w") as f:
                    f.write(make(n))
                took = best_of(fairyc, path)
                shown = "> %d" % TIMEOUT if took is None else "%.3f" % took
                print("| %s | %d | %s |" % (kind, n, shown), flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Times the hand-written chess generator (perft.h, once examples/perft's)
on three attack providers, interleaved: the header fairyc generates from
examples/chess.fairy, the header of the same pieces all written in Betza,
and hand-written fancy magics. Each round runs every program once per
position in a rotating order; the table gives the median wall-clock time
of the count (the program's own clock, set-up excluded; CPU time before
2026-11-26) and the speed relative to the hand-written magics (above 1:
faster). movegen_bench.py times the generated move generators.

    bench/perft/run.py [BUILD_DIR] [--rounds N]
"""
import argparse
import re
import statistics
import subprocess
import sys

POSITIONS = [
    ("start, depth 6", 6, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 119060324),
    ("Kiwipete, depth 5", 5, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 193690690),
]
PROGRAMS = [("generated, chess.fairy", "chess"),
            ("generated, all Betza", "chess-betza"),
            ("hand-written magics", "hand")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build", nargs="?", default="build")
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    times = {}
    for r in range(args.rounds):
        order = PROGRAMS[r % 3:] + PROGRAMS[:r % 3]
        for name, _, fen, count in POSITIONS:
            for label, prog in order:
                exe = f"{args.build}/bench/fairy-bench-perft-{prog}"
                depth = [d for n, d, _, _ in POSITIONS if n == name][0]
                out = subprocess.run([exe, str(depth), fen, str(count)],
                                     capture_output=True, text=True)
                if out.returncode != 0:
                    sys.exit(f"{exe} failed: {out.stdout}{out.stderr}")
                secs = float(re.search(r"\(([\d.]+) s\)", out.stdout).group(1))
                times.setdefault((name, label), []).append(secs)
    print(f"{args.rounds} rounds; median wall-clock seconds (speed relative to hand-written)")
    print("| position | " + " | ".join(l for l, _ in PROGRAMS) + " |")
    print("|---|" + "---:|" * len(PROGRAMS))
    for name, _, _, count in POSITIONS:
        hand = statistics.median(times[(name, PROGRAMS[-1][0])])
        cells = []
        for label, _ in PROGRAMS:
            m = statistics.median(times[(name, label)])
            cells.append(f"{m:.3f} ({hand / m:.2f}x)")
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()

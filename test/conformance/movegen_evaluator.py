#!/usr/bin/env python3
"""The generated move generator against fairyc's own evaluator, on random
games: sets of random pieces (leapers, riders, hoppers, lame leapers, bent
riders, pawns with initial moves, locusts and lions) on boards of 8x8 to
12x10, in random positions. For the side to move, the pseudo-legal moves of
`fairyc --emit=movegen` (compiled, test/conformance/movegen-driver.c's
`pseudo`) must go from and to exactly the squares `fairyc --position=FEN
--emit=json` lists for each piece (quiet, capture, remote). No
Fairy-Stockfish is needed: the two sides are fairyc's tables and paths
against its reference of the IR's semantics.

Usage: movegen_evaluator.py FAIRYC WORKDIR [--sets N] [--positions N]
       [--seed S]
Prints one line per set and "N sets, M positions: K differ"; exits 1 if a
position differs (printing the FEN and both move lists).
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "movegen-driver.c")

# Movesets covering what the generator makes: leapers and riders (the
# pins path), hoppers, lame leapers, bent riders, initial moves, captures
# on the way.
MOVES = [
    "N", "NN", "B4", "R2N", "DA", "vN", "sR", "fNbN", "jR",
    "mRcpR", "gQ", "pR", "mQcpQ", "mNcB",
    "nN", "nA", "lhN",
    "mafsW", "FafsF", "WyafsF",
    "ifmnDfmWfcF", "fmWfceFifmnD",
    "fmFfcaF", "caK", "KNADcaKmcpafK",
]
BOARDS = ["8x8", "10x10", "9x10", "12x10", "10x8"]
LETTERS = "ABCDEFGHIJLMNOPQRSTUVWXYZ"  # K is the king


def piece_file(rng, board):
    chosen = rng.sample(MOVES, rng.randint(2, 4))
    letters = rng.sample(LETTERS, len(chosen))
    lines = ['game "random";', "board %s;" % board,
             'piece king K royal betza "K";']
    for i, (m, l) in enumerate(zip(chosen, letters)):
        lines.append('piece p%d %s betza "%s";' % (i, l, m))
    return "\n".join(lines) + "\n", ["K"] + letters


def fen(rng, files, ranks, letters):
    squares = [None] * (files * ranks)
    for side in (0, 1):
        free = [i for i, s in enumerate(squares) if s is None]
        squares[rng.choice(free)] = "K" if side == 0 else "k"
    density = rng.uniform(0.05, 0.35)
    for i in range(len(squares)):
        if squares[i] is None and rng.random() < density:
            l = rng.choice(letters[1:])
            squares[i] = l if rng.random() < 0.5 else l.lower()
    rows = []
    for r in range(ranks - 1, -1, -1):
        row, run = "", 0
        for f in range(files):
            s = squares[r * files + f]
            if s is None:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += s
        if run:
            row += str(run)
        rows.append(row)
    return "/".join(rows) + (" w" if rng.random() < 0.5 else " b") + " - - 0 1"


def evaluator_moves(fairyc, path, position):
    out = subprocess.run(
        [fairyc, path, "--position=" + position, "--emit=json"],
        capture_output=True, text=True, timeout=60)
    if out.returncode:
        return None, out.stderr.strip()
    pairs = set()
    for p in json.loads(out.stdout)["pieces"]:
        for kind in ("quiet", "capture", "remote"):
            for to in p[kind]:
                pairs.add(p["square"] + to)
    return pairs, ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fairyc")
    ap.add_argument("workdir")
    ap.add_argument("--sets", type=int, default=12)
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        print("movegen-evaluator: skipped: no C compiler (cc)")
        return 0
    os.makedirs(args.workdir, exist_ok=True)
    rng = random.Random(args.seed)
    compared = differ = refused = 0
    for n in range(args.sets):
        board = rng.choice(BOARDS)
        files, ranks = map(int, board.split("x"))
        text, letters = piece_file(rng, board)
        path = os.path.join(args.workdir, "set%d.fairy" % n)
        header = os.path.join(args.workdir, "set%d.h" % n)
        binary = os.path.join(args.workdir, "set%d" % n)
        with open(path, "w") as f:
            f.write(text)
        r = subprocess.run([args.fairyc, path, "--emit=movegen", "-o", header],
                           capture_output=True, text=True)
        if r.returncode:
            # A limit of the tables (a random 12x10 piece over the
            # multiplier search's budget): said, not compared.
            refused += 1
            print("set %d: %s refused: %s" % (n, board,
                                                r.stderr.strip()[:300]))
            continue
        r = subprocess.run([cc, "-O1", "-DMOVEGEN=\"%s\"" % header,
                            DRIVER, "-o", binary],
                           capture_output=True, text=True)
        if r.returncode:
            print("set %d: cc failed:\n%s" % (n, r.stderr[:2000]))
            return 1
        positions = [fen(rng, files, ranks, letters)
                     for _ in range(args.positions)]
        drv = subprocess.run(
            [binary], input="".join("pseudo %s\n" % p for p in positions),
            capture_output=True, text=True, timeout=120)
        answers = drv.stdout.splitlines()
        bad = 0
        for position, answer in zip(positions, answers):
            expected, error = evaluator_moves(args.fairyc, path, position)
            if expected is None:
                print("set %d: fairyc --position failed on %s: %s"
                      % (n, position, error))
                return 1
            got = set(answer.split())
            compared += 1
            if got != expected:
                bad += 1
                print("set %d (%s) differs at %s\n  generated only: %s\n"
                      "  evaluator only: %s\n%s"
                      % (n, board, position, sorted(got - expected),
                         sorted(expected - got), text))
        differ += bad
        print("set %d: %s, %s: %d positions, %d differ"
              % (n, board, " ".join(l.split('"')[1] for l in text.splitlines()
                                    if "betza" in l), len(positions), bad))
    print("%d sets (%d refused), %d positions: %d differ"
          % (args.sets, refused, compared, differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

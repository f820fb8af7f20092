#!/usr/bin/env python3
"""Conformance of fairyc's Betza front end with Fairy-Stockfish.

For every piece of fsf-pieces.txt (the pieces built into Fairy-Stockfish and
the custom pieces of its variants.ini), White and Black, on a 10x10 board
with blockers of both colours, this compares the quiet and capture
destinations that fairyc computes (--emit=json) with the moves that
Fairy-Stockfish itself generates (the npm package ffish, its WebAssembly
build, run by fsf-moves.js).

Usage: fsf_conformance.py FAIRYC WORKDIR
Exit status: 0 all agree, 1 a disagreement (listed), 77 skipped because
ffish could not be installed (npm unreachable) -- never reported as passed.

Fairy-Stockfish's rules that are not Betza's own are modelled, as
docs/notations/betza.md explains: initial moves ('i') exist only on the
double-step rank (2 for White, 9 for Black), so elsewhere fairyc is told
the piece has moved (--moved).
"""
import json
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FFISH_VERSION = "0.7.10"
FILES = "abcdefghij"
SIZE = 10


def skip(why, details=""):
    """Exit 77 (ctest: skipped) with the reason on one line; with
    FAIRY_REQUIRE_FSF=1 a test that cannot run fails instead."""
    if details:
        print(details, file=sys.stderr)
    if os.environ.get("FAIRY_REQUIRE_FSF") == "1":
        print("FAILED (FAIRY_REQUIRE_FSF=1): " + why)
        sys.exit(1)
    print("SKIPPED: " + why)
    sys.exit(77)


def install_ffish(workdir):
    module = os.path.join(workdir, "node_modules", "ffish")
    if os.path.isdir(module):
        return
    if subprocess.run(["which", "npm"], capture_output=True).returncode != 0:
        skip("npm is not installed (scripts/setup.sh installs it)")
    os.makedirs(workdir, exist_ok=True)
    r = subprocess.run(["npm", "install", "--prefix", workdir, "--no-save",
                        "--no-audit", "--no-fund", "ffish@" + FFISH_VERSION],
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0 or not os.path.isdir(module):
        skip("npm could not install ffish@%s (is the npm registry reachable?)"
             % FFISH_VERSION, r.stderr)


def read_pieces():
    pieces = []
    for line in open(os.path.join(HERE, "fsf-pieces.txt")):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        name, _, betza = line.partition(" ")
        pieces.append((name, betza))
    return pieces


def square(x, y):
    return FILES[x] + str(y + 1)


def fen(board, side):
    """board: dict (x, y) -> letter; ranks from the top."""
    rows = []
    for y in range(SIZE - 1, -1, -1):
        row, run = "", 0
        for x in range(SIZE):
            if (x, y) in board:
                if run:
                    row += str(run)
                    run = 0
                row += board[(x, y)]
            else:
                run += 1
        if run:
            row += str(run)
        rows.append(row)
    return "/".join(rows) + (" w" if side == "white" else " b") + " - - 0 1"


def positions(rng):
    """Blocker placements: pawns of both colours on ranks 2-9 (where
    Fairy-Stockfish accepts pawns), from empty to crowded."""
    out = [{}]
    for density in (0.08, 0.15, 0.25, 0.35, 0.5):
        for _ in range(2):
            board = {}
            for x in range(SIZE):
                for y in range(1, SIZE - 1):
                    if rng.random() < density:
                        board[(x, y)] = rng.choice("Pp")
            out.append(board)
    return out


def main():
    fairyc, workdir = sys.argv[1], sys.argv[2]
    install_ffish(workdir)
    rng = random.Random(2026)
    boards = positions(rng)
    pieces = read_pieces()
    cases = []  # (piece, side, board index, origin)
    for name, betza in pieces:
        for side in ("white", "black"):
            for b, board in enumerate(boards):
                free = [(x, y) for x in range(SIZE) for y in range(SIZE)
                        if (x, y) not in board]
                origins = rng.sample(free, 6)
                # The double-step ranks, for initial moves.
                origins.append((rng.randrange(SIZE), 1 if side == "white" else 8))
                for o in origins:
                    if o not in board:
                        cases.append((name, betza, side, b, o))

    # Fairy-Stockfish, in one process.
    requests = []
    for name, betza, side, b, o in cases:
        board = dict(boards[b])
        board[o] = "A" if side == "white" else "a"
        requests.append({"betza": betza, "fen": fen(board, side),
                         "from": square(*o)})
    env = dict(os.environ, NODE_PATH=os.path.join(workdir, "node_modules"))
    r = subprocess.run(["node", os.path.join(HERE, "fsf-moves.js")],
                       input=json.dumps(requests), capture_output=True,
                       text=True, env=env, timeout=1200)
    if r.returncode != 0:
        print(r.stderr[-3000:])
        print("FAILED: Fairy-Stockfish (ffish) did not run")
        return 1
    fsf = json.loads(r.stdout)

    # fairyc: one run per piece, side and position gives every origin;
    # initial-move pieces off their double-step rank get --moved instead.
    cache = {}
    rejected = {}
    def fairyc_moves(name, betza, side, b, o, moved):
        key = (betza, side, b, o if moved else None)
        if key in cache:
            return cache[key]
        board = boards[b]
        placement = fen(board, side).split(" ")[0]
        cmd = [fairyc, "-x", "betza", "-e", betza, "--emit=json",
               "--position=" + placement, "--side=" + side]
        if moved:
            cmd += ["--from=" + square(*o), "--moved"]
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            rejected[name] = res.stderr.strip().splitlines()[0]
            cache[key] = None
            return None
        moves = {m["from"]: m for m in json.loads(res.stdout)["moves"]}
        cache[key] = moves
        return moves

    compared = agreed = 0
    failures = []
    per_piece = {}
    for (name, betza, side, b, o), targets in zip(cases, fsf):
        initial = "i" in re.sub(r"[A-Z0-9 ]", "", betza)
        on_step_rank = o[1] == (1 if side == "white" else 8)
        moves = fairyc_moves(name, betza, side, b, o, initial and not on_step_rank)
        if moves is None:
            continue
        m = moves[square(*o)]
        board = boards[b]
        enemy = "p" if side == "white" else "P"
        want_quiet = sorted(t for t in targets if _xy(t) not in board)
        want_capture = sorted(t for t in targets if board.get(_xy(t)) == enemy)
        got_quiet = sorted(m["quiet"])
        got_capture = sorted(m["capture"])
        compared += 1
        per_piece.setdefault(name, [0, 0])
        per_piece[name][0] += 1
        if (got_quiet, got_capture) == (want_quiet, want_capture):
            agreed += 1
            per_piece[name][1] += 1
        elif len(failures) < 20:
            failures.append("%s (%s) %s from %s on %s:\n  fairyc quiet %s capture %s\n"
                            "  FSF    quiet %s capture %s" % (
                                name, betza, side, square(*o),
                                fen(board, side).split(" ")[0],
                                got_quiet, got_capture, want_quiet, want_capture))

    pieces_ok = sum(1 for n, (c, a) in per_piece.items() if c == a)
    print("Fairy-Stockfish (ffish %s) vs fairyc on 10x10: %d pieces, %d "
          "positions x origins x sides compared, %d agree (%d pieces agree "
          "everywhere)" % (FFISH_VERSION, len(per_piece), compared, agreed,
                           pieces_ok))
    for name, (c, a) in sorted(per_piece.items()):
        if c != a:
            print("disagrees: %s: %d of %d" % (name, c - a, c))
    for name, why in sorted(rejected.items()):
        print("rejected by fairyc: %s: %s" % (name, why))
    for f in failures:
        print("DISAGREE " + f)
    return 0 if agreed == compared and not rejected else 1


def _xy(sq):
    return (FILES.index(sq[0]), int(sq[1:]) - 1)


if __name__ == "__main__":
    sys.exit(main())

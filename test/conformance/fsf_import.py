#!/usr/bin/env python3
"""Conformance of fairyc's variants.ini import with Fairy-Stockfish.

Fairy-Stockfish (ffish) loads import-variants.ini; fairyc imports each of
its sections (--import --variant --emit=json). For every piece of every
section, White's and Black's moves from ten squares are compared:
Fairy-Stockfish's legal moves with the piece on the square and the two
kings in the corners (a1 and the far corner), fairyc's moves on the empty
board. The squares are off every line through the corners and out of the
far king's reach, from the second rank (where pawns double-step, by the
section's regions) to the third-last, and seen from Black's corner for
Black. The export is checked the same way: example piece files written by
--emit=variants-ini are loaded too, and Fairy-Stockfish's moves compared
with fairyc's moves of the piece file in the same positions (--position).

Usage: fsf_import.py FAIRYC WORKDIR
Exit status: 0 all agree, 1 a disagreement, 77 skipped (ffish could not be
installed) -- never reported as passed.
"""
import json
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf_conformance import install_ffish  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
INI = os.path.join(HERE, "import-variants.ini")
# Example piece files written as sections by --emit=variants-ini.
EXPORTED = ["chess", "shogi", "xiangqi"]


def square(x, y):
    return "abcdefghijklmnopqrstuvwxyz"[x] + str(y + 1)


def fen(width, height, placed, side="w", walls=()):
    rows = []
    for y in range(height - 1, -1, -1):
        row, run = "", 0
        for x in range(width):
            if (x, y) in placed or (x, y) in walls:
                row += (str(run) if run else "") + placed.get((x, y), "*")
                run = 0
            else:
                run += 1
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + " %s - - 0 1" % side


def placements(doc, rng):
    """Per piece of a fairyc JSON document and side: ten positions with the
    piece on a square and the two kings (the royal piece, or a piece with
    the letter K, if the set has one) in the corners. The squares are off the kings' lines, out of reach
    of the far king (even one that also leaps like a knight), off the first
    and the last two ranks (the kings' and where pawns promote), on the
    board (not a hole), and seen from Black's corner for Black.
    Yields (piece, side, square, placed, FEN)."""
    w, h = doc["board"]["width"], doc["board"]["height"]
    # The royal piece, else a king that is not royal (a commoner, as in
    # giveaway, so that neither side has lost all its pieces).
    royal = ([p["letter"] for p in doc["pieces"] if p.get("royal")] or
             [p["letter"] for p in doc["pieces"] if p["letter"] == "K"])
    # Out of the far king's reach; on boards too small for that, off its
    # lines and not next to it.
    reach = min(5, max(w, h) - 3)
    kings = {(0, 0): royal[0], (w - 1, h - 1): royal[0].lower()} if royal else {}
    missing = set(doc["board"].get("missing", []))
    walls = {(x, y) for x in range(w) for y in range(h)
             if square(x, y) in missing}
    good = [(x, y) for x in range(1, w - 1) for y in range(1, h - 2)
            if x != y and (w - 1 - x) != (h - 1 - y)
            and max(w - 1 - x, h - 1 - y) >= reach]
    for piece in doc["pieces"]:
        moving_king = royal and piece["letter"] == royal[0]
        # A king stays out of the far king's reach by two more squares.
        mine = [(x, y) for (x, y) in good
                if not moving_king or max(w - 1 - x, h - 1 - y) >= 3]
        for side in ("white", "black"):
            for o in rng.sample(mine, min(10, len(mine))):
                placed = dict(kings)
                letter = piece["letter"]
                if side == "black":
                    o = (w - 1 - o[0], h - 1 - o[1])
                    letter = letter.lower()
                if square(*o) in missing:
                    continue
                if moving_king:
                    # The king itself moves.
                    del placed[(0, 0) if side == "white" else (w - 1, h - 1)]
                placed[o] = letter
                yield piece, side, o, placed, fen(w, h, placed, side[0],
                                                  walls)


def main():
    fairyc, workdir = sys.argv[1], sys.argv[2]
    install_ffish(workdir)
    rng = random.Random(8)
    sections = re.findall(r"^\[([^:\]]+)", open(INI).read(), re.M)
    requests, expected = [], []
    for variant in sections:
        r = subprocess.run([fairyc, "--import=" + INI, "--variant=" + variant,
                            "--emit=json"], capture_output=True, text=True)
        if r.returncode != 0:
            print("FAILED: fairyc could not import [%s]: %s" % (variant,
                                                               r.stderr))
            return 1
        doc = json.loads(r.stdout)
        for piece, side, o, placed, position in placements(doc, rng):
            moves = {m["from"]: m for m in piece["sides"][side]["moves"]}
            # Not to the squares the kings stand on.
            want = sorted(set(moves[square(*o)]["quiet"]) -
                          {square(*k) for k in placed if k != o})
            requests.append({"variant": variant, "fen": position,
                             "from": square(*o)})
            expected.append((variant, piece["name"] + " (" + side + ")",
                             square(*o), want))
    # The export round trip: example piece files written by
    # --emit=variants-ini, loaded by Fairy-Stockfish, against fairyc's own
    # moves of the piece file in the same positions (--position, where a
    # piece off its start square has moved).
    ini = open(INI).read()
    exported = 0
    for stem in EXPORTED:
        path = os.path.join(HERE, "..", "..", "examples", stem + ".fairy")
        r = subprocess.run([fairyc, path, "--emit=variants-ini"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print("FAILED: fairyc could not export %s: %s" % (stem, r.stderr))
            return 1
        variant = "fairyc-export-" + stem
        ini += "\n" + re.sub(r"^\[[^\]]*\]", "[" + variant + "]", r.stdout,
                             count=1, flags=re.M)
        exported += 1
        doc = json.loads(subprocess.run([fairyc, path, "--emit=json"],
                                        capture_output=True,
                                        text=True).stdout)
        for piece, side, o, placed, position in placements(doc, rng):
            moves = json.loads(subprocess.run(
                [fairyc, path, "--position=" + position, "--emit=json"],
                capture_output=True, text=True).stdout)
            mine = [m for m in moves["pieces"] if m["square"] == square(*o)][0]
            requests.append({"variant": variant, "fen": position,
                             "from": square(*o)})
            expected.append((variant, piece["name"] + " (" + side + ")",
                             square(*o), sorted(mine["quiet"])))
    env = dict(os.environ, NODE_PATH=os.path.join(workdir, "node_modules"))
    r = subprocess.run(["node", os.path.join(HERE, "fsf-import.js")],
                       input=json.dumps({"ini": ini,
                                         "requests": requests}),
                       capture_output=True, text=True, env=env, timeout=600)
    if r.returncode != 0:
        print(r.stderr[-3000:])
        print("FAILED: Fairy-Stockfish (ffish) did not run")
        return 1
    agree = 0
    for (variant, name, origin, want), got in zip(expected, json.loads(r.stdout)):
        if got == want:
            agree += 1
        else:
            print("DISAGREE [%s] %s from %s:\n  fairyc %s\n  FSF    %s" %
                  (variant, name, origin, want, got))
    pieces = len({(e[0], e[1]) for e in expected})
    print("variants.ini import and export vs Fairy-Stockfish: %d sections "
          "imported, %d piece files exported, %d pieces as White and as "
          "Black, %d squares compared, %d agree" % (
              len(sections), exported, pieces // 2, len(expected), agree))
    return 0 if agree == len(expected) else 1


if __name__ == "__main__":
    sys.exit(main())

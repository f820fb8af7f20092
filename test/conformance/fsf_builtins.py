#!/usr/bin/env python3
"""Conformance of fairyc's built-in variants with Fairy-Stockfish's.

Asks Fairy-Stockfish (ffish) for its variant list; every variant must be one
fairyc knows (--variant=NAME alone). For each, fairyc's pieces are compared
with what Fairy-Stockfish plays:

- its start position: fairyc's must be Fairy-Stockfish's (the placement);
- from that start position, every piece of White, and of Black with Black
  to move: the targets of its moves (fairyc's --position, Fairy-Stockfish's
  legal moves from the square);
- every piece as White and as Black on ten squares of an otherwise empty
  board but for the two kings in the corners (as fsf_import.py places them).

A position where Fairy-Stockfish has no legal move at all for the side to
move (the game is over by a rule of the variant: a bare king in shatranj, an
extinct piece type...) is reported as not compared, never as agreeing. Targets
that only a rule fairyc leaves out makes differ are counted and named per
variant: movement rules it warns about (RULES) and legality rules that take
moves away (LEGALITY: then fairyc's targets must include all of
Fairy-Stockfish's); everything else must agree.

Usage: fsf_builtins.py FAIRYC WORKDIR
Exit status: 0 all agree, 1 a disagreement, 77 skipped (ffish could not be
installed) -- never reported as passed.
"""
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf_conformance import install_ffish  # noqa: E402
from fsf_import import ask_ffish, placements, square  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# Variants whose pieces' targets depend on a rule that changes where pieces
# go and that fairyc warns it does not model (-Wunsupported-rule): the
# comparisons that differ are left out, counted and named.
RULES = {
    # A last pawn promotes anywhere, by a diagonal step or in place.
    "sittuyin": "sittuyinPromotion",
}

# Variants with a legality rule that takes moves away (fairyc's moves are
# pseudo-legal, like an engine's move generator before its legality test):
# a comparison may differ only by targets fairyc has and Fairy-Stockfish
# does not.
LEGALITY = {
    "racingkings": "no move may give check",
    "coregal": "the queen is royal too: it may not move into check",
}


def fairyc_json(fairyc, args):
    r = subprocess.run([fairyc] + args + ["--emit=json",
                                          "-Wno-unsupported-rule"],
                       capture_output=True, text=True)
    return (json.loads(r.stdout) if r.returncode == 0 else None), r.stderr


def board_and_side(fen):
    """fairyc's reading of a FEN: the placement without the pockets, and
    the side to move."""
    fields = fen.split(" ")
    return fields[0].split("[")[0] + " " + fields[1]


def main():
    fairyc, workdir = sys.argv[1], sys.argv[2]
    install_ffish(workdir)
    rng = random.Random(12)
    known = ask_ffish(workdir, {"list": True})
    failures = []
    requests, expected = [], []
    notes = {}  # variant -> why something was not compared
    for variant, start in known:
        doc, err = fairyc_json(fairyc, ["--variant=" + variant])
        if doc is None:
            failures.append("fairyc does not know Fairy-Stockfish's variant "
                            "'%s': %s" % (variant, err.strip()))
            continue
        # The start position, and every piece's moves in it for both sides.
        for side in ("w", "b"):
            fields = start.split(" ")
            fields[1] = side
            position = " ".join(fields)
            moves, err = fairyc_json(fairyc, ["--variant=" + variant,
                                              "--position=" +
                                              board_and_side(position)])
            if moves is None:
                notes.setdefault(variant, set()).add(
                    "start position not read by fairyc (%s)" %
                    err.strip().splitlines()[0])
                break
            for p in moves["pieces"]:
                want = sorted(set(p["quiet"]) | set(p["capture"]))
                requests.append({"variant": variant, "fen": position,
                                 "from": p["square"]})
                expected.append((variant, "%s (%s) at the start" %
                                 (p["name"], side), p["square"], want, set()))
        # Alone on the board but for the kings.
        for piece, side, o, placed, position in placements(doc, rng):
            moves = {m["from"]: m for m in piece["sides"][side]["moves"]}
            want = set(moves[square(*o)]["quiet"])
            if "initial" in json.dumps(piece["sides"][side]["ir"]):
                # Off its start square the piece has moved, as for
                # Fairy-Stockfish without castling and gating rights.
                there, _ = fairyc_json(fairyc, ["--variant=" + variant,
                                                "--position=" + position])
                want = set(p for m in there["pieces"]
                           if m["square"] == square(*o)
                           for p in m["quiet"] + m["capture"])
            want = sorted(want - {square(*k) for k in placed if k != o})
            requests.append({"variant": variant, "fen": position,
                             "from": square(*o)})
            # Not to the squares the kings stand on, in either reading (a
            # king that is attacked can be taken by a move Fairy-Stockfish
            # generates but no legal game reaches).
            kings = {square(*k) for k in placed if k != o}
            expected.append((variant, piece["name"] + " (" + side + ")",
                             square(*o), want, kings))
    answers = ask_ffish(workdir, {"requests": requests, "detail": True})
    per = {}  # variant -> [compared, agree, over, ruled]
    for (variant, name, origin, want, kings), got in zip(expected, answers):
        counts = per.setdefault(variant, [0, 0, 0, 0])
        targets = sorted(set(got["targets"]) - {origin} - kings)  # passes
        if got["over"]:
            counts[2] += 1
            continue
        counts[0] += 1
        if targets == want:
            counts[1] += 1
        elif variant in RULES or (variant in LEGALITY and
                                  set(targets) < set(want)):
            counts[3] += 1
        else:
            failures.append("DISAGREE [%s] %s from %s:\n  fairyc %s\n  FSF    "
                            "%s" % (variant, name, origin, want, targets))
    for f in failures:
        print(f)
    total = [sum(c[i] for c in per.values()) for i in range(4)]
    for variant, _ in known:
        c = per.get(variant, [0, 0, 0, 0])
        extra = sorted(notes.get(variant, []))
        if c[2]:
            extra.append("%d positions game over in Fairy-Stockfish (no legal "
                         "move)" % c[2])
        if c[3]:
            extra.append("%d differ by a rule fairyc does not model: %s" %
                         (c[3], RULES.get(variant) or LEGALITY[variant]))
        print("  %-18s %4d compared, %4d agree%s" % (
            variant, c[0], c[1], "; " + "; ".join(extra) if extra else ""))
    print("Fairy-Stockfish's built-in variants vs fairyc: %d variants, all "
          "known: %s; %d comparisons, %d agree (%.2f %%), %d left out by "
          "rules fairyc does not model, %d positions game over" % (
              len(known), "yes" if not any("does not know" in f
                                           for f in failures) else "no",
              total[0], total[1], 100.0 * total[1] / max(1, total[0]),
              total[3], total[2]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Where a knight and a wazir of a small piece file can go with pieces in
the way, a bad piece and a bad option, and the start of the C tables an
engine would compile in: the complete example of docs/python.md (the C
API's example of docs/c-api.md, in Python).

Run: PYTHONPATH=python python3 python/examples/where.py
"""
import fairyc

PIECES = """\
piece knight N betza "N";
piece wazir W parlett "1+";
"""


def show(c: fairyc.Compilation, piece: str, position: fairyc.Position,
         square: str) -> None:
    moves = c.destinations(piece, square, position)
    print("%s on %s: %s" % (c.piece(piece).name, square, " ".join(
        ("x" if d.capture else "") + d.name for d in moves)))


with fairyc.compile(PIECES, notation="pieces", board="8x8") as c:
    print(c.board, [p.letter for p in c.pieces])
    # A White pawn on d2 and a Black one on c3.
    with c.position("8/8/8/8/8/2p5/3P4/8") as p:
        show(c, "N", p, "b1")
        show(c, "W", p, "c2")
    print(c.emit("ctable")[:22] + "...")

# Errors are exceptions carrying located diagnostics.
try:
    fairyc.compile('piece bad B betza "R(N";', notation="pieces")
except fairyc.CompileError as e:
    d = e.diagnostics[0]
    print("line %d, column %d: %s" % (d.line, d.column, d.message[:40]))

# Options are fairyc's, with its suggestions for a bad one.
try:
    fairyc.compile("N", board_style="chesss")
except fairyc.OptionError as e:
    print(e)

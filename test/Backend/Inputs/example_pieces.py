"""Checks that the example pieces of a picture show real moves.

Usage: example_pieces.py NOTATION TEXT [fairyc options...]

On an empty board, --emit=svg and --emit=diagram draw a hopper with example
hurdles, a locust with example victims, and mark the empty squares where the
piece would capture a lone enemy (docs/backends.md). This script reads both pictures, puts the same
hurdles on the board with --position, and checks with --emit=json that
  - every square marked "move" is a quiet destination there, and every
    quiet destination is marked;
  - every square marked "capture" is captured when an enemy stands there
    alone besides the hurdles, and no other empty square is;
  - the ASCII diagram agrees: '%' on the examples, 'X' on the moves, '+'
    on the squares it reaches capturing on the way, '*' on the squares
    where it only captures ('@' on its own if it captures without moving).
Prints one line per piece: its example squares and "ok", or what differs.
"""
import json
import re
import subprocess
import sys


def run(*args):
    return subprocess.run(['fairyc', *args], check=True, capture_output=True,
                          text=True).stdout


def main():
    notation, text, *opts = sys.argv[1:]
    base = ['-x', notation, text, *opts]
    svg = run(*base, '--emit=svg')
    examples = {m.group(2): m.group(1) for m in re.finditer(
        r'<circle class="(white|black) example" data-example="([a-z]+\d+)"',
        svg)}
    marks = {m.group(1): m.group(2).split() for m in re.finditer(
        r'<g data-square="([a-z]+\d+)" data-kinds="([a-z ]*)">', svg)}
    diagram = run(*base, '--emit=diagram', '--labels').splitlines()
    files = diagram[-1].split()
    width, height = len(files), len(diagram) - 1
    origin = None
    cells = {}
    for row, line in enumerate(diagram[:-1]):
        rank = height - row
        for col, cell in enumerate(line.split()[1:]):
            square = files[col] + str(rank)
            cells[square] = cell
            if cell in ('O', '@'):
                origin = square

    def fen(pieces):
        ranks = []
        for rank in range(height, 0, -1):
            out, run_ = '', 0
            for f in files:
                p = pieces.get(f + str(rank))
                if p:
                    out += (str(run_) if run_ else '') + p
                    run_ = 0
                else:
                    run_ += 1
            ranks.append(out + (str(run_) if run_ else ''))
        return '/'.join(ranks)

    def moves(extra):
        # The hurdles as pawns of their side: no other piece is defined,
        # so the letter means nothing to the mover.
        pieces = {sq: 'P' if side == 'white' else 'p'
                  for sq, side in examples.items()}
        pieces.update(extra)
        out = json.loads(run('-x', notation, text, '--emit=json',
                             '--from=' + origin,
                             '--position=' + fen(pieces)))
        return out['moves'][0]

    problems = []
    with_hurdles = moves({})
    quiet = set(with_hurdles['quiet'])
    marked_moves = {sq for sq, k in marks.items() if 'move' in k}
    if quiet != marked_moves:
        problems.append('moves %s, marked %s' % (sorted(quiet),
                                                  sorted(marked_moves)))
    empty = [f + str(r) for f in files for r in range(1, height + 1)
             if f + str(r) not in examples and f + str(r) != origin]
    enemy = 'p'  # the mover is White in these tests
    captured = {sq for sq in empty if sq in moves({sq: enemy})['capture']}
    # An example victim the piece also takes where it stands (the lion's
    # step) is a capture of the position too.
    captured |= set(with_hurdles['capture']) & set(examples)
    marked_captures = {sq for sq, k in marks.items() if 'capture' in k}
    if captured != marked_captures:
        problems.append('captures %s, marked %s' % (sorted(captured),
                                                     sorted(marked_captures)))
    remote = set(with_hurdles['remote'])
    for sq, cell in cells.items():
        want = (('@' if origin in remote else 'O') if sq == origin else '%' if sq in examples else
                'X' if sq in quiet else '+' if sq in remote else
                '*' if sq in captured else '.')
        if cell != want:
            problems.append('diagram %s: %s, not %s' % (sq, cell, want))
    print(text, ' '.join('%s:%s' % (sq, side) for sq, side in
                         sorted(examples.items())) or 'none',
          '; '.join(problems) or 'ok')


main()

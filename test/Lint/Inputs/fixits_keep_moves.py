"""For each Betza text of argv[2:], applies the fix-its of fairyc --lint's
warning argv[1] (apply_fixits.py) and checks that the result compiles to
the same moves as the text (fairyc --emit=json's moves from every square),
on the empty board and among pieces of both sides. Prints
"TEXT -> FIXED" for each, and "TEXT: the moves differ" when they do."""
import json
import subprocess
import sys

import apply_fixits

POSITIONS = ['9/9/9/9/9/9/9/9/9', '9/2p3P2/9/1P2p4/4P1p2/9/p5P2/3p1P3/9',
             'p1P1p1P1p/1P1p1P1p1/p1P1p1P1p/9/4p4/9/P1p1P1p1P/1p1P1p1P1/p1P1p1P1p']


def fairyc(*args):
    return subprocess.run(['fairyc', *args], capture_output=True, text=True)


def moves_in(notation, text, position):
    out = fairyc('-x', notation, text, '--position=' + position,
                 '--emit=json')
    return json.loads(out.stdout)['moves']


def main():
    name = sys.argv[1]
    for text in sys.argv[2:]:
        lint = fairyc('-x', 'betza', text, '--lint', '--diagnostics=json')
        fixed = apply_fixits.apply(text, json.loads(lint.stderr), name)
        print(text, '->', fixed)
        if any(moves_in('betza', text, p) != moves_in('betza', fixed, p)
               for p in POSITIONS):
            print(text + ': the moves differ')


if __name__ == '__main__':
    main()

"""For each text of argv[2:] in notation argv[1], writes it with fairyc
--emit=betza and checks that the Betza written compiles to the same moves
(fairyc --emit=json's moves from every square, on the empty board and
among pieces of both sides). Prints "TEXT -> BETZA" for each, and
"TEXT: the moves differ" when they do."""
import subprocess
import sys

from fixits_keep_moves import POSITIONS, fairyc, moves_in

notation = sys.argv[1]
for text in sys.argv[2:]:
    betza = fairyc('-x', notation, text, '--emit=betza').stdout.strip()
    print(text, '->', betza)
    if any(moves_in(notation, text, p) != moves_in('betza', betza, p)
           for p in POSITIONS):
        print(text + ': the moves differ')

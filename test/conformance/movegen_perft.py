#!/usr/bin/env python3
"""The move generator fairyc writes (--emit=movegen) against Fairy-Stockfish.

For each variant, fairyc writes its legal move generator in C; the system C
compiler builds it into movegen-driver.c (cc -O1, one binary per variant,
asked for many positions on stdin), and Fairy-Stockfish (the npm package
ffish, one long-lived fsf-games.js process) plays the same variant:

- positions: the start, and at least three more reached by seeded random
  playouts in ffish (several playouts of different lengths, moves drawn
  among ffish's legal moves with a lean towards the opponent's side, so
  that pawns near promotion): among them, where the playouts reach one, a
  position in check, one with an en passant square, one where a move
  promotes and one with castling rights left;
- perft: at depths 1 to 3 (at depth 1 the legal moves themselves, by name)
  the generated perft must be ffish's -- legalMoves counted at the last
  level, push/pop above -- and at depth 4 where ffish's count, guessed
  from depths 2 and 3, stays under DEEP_LEAVES (and the run's DEEP_BUDGET
  holds); where they differ, the divide (per first move) is compared and
  followed down the first move whose counts differ (the generated code
  playing the moves itself) to the position where the legal moves differ,
  which is printed (FEN, moves only one side has);
- fairyc's own moves: in POSITION_CHECKS playout positions per variant,
  the (from, to) pairs of fairy_generate_pseudo_legal (but castling and en
  passant) must be the destinations of the side to move's pieces in
  `fairyc --position=FEN --emit=json` (quiet, capture and promote; the
  FEN's castling rights and en passant square left out).

The variants: the built-in variants of BUILTINS (--variant=NAME against
ffish's own), the example piece files of PIECE_FILES (against the built-in
variant of the same game, or against the section fairyc exports for them,
--emit=variants-ini, loaded into ffish), every section of
movegen-sections.ini (this directory: cannons and hoppers, lame leapers,
palaces, a nightrider, a 12x8 board; --import against ffish loading the
file) and, with FAIRYC_VARIANTS_INI=path, every section of that file.
The piece files of FAIRYC_ONLY, whose pieces Fairy-Stockfish cannot play
(bent riders, moves that capture on the way), are played out by the
generated code itself and compared with fairyc's own moves only: the
pseudo-legal moves as above, and the legality of every move of the last
LEGALITY_POSITIONS positions against the captures fairyc --position finds
for the opponent after it.

fairyc says what it does not generate: a located warning on the rule
(-Wrule-not-generated, -Wunsupported-rule). A variant that differs is a
declared difference iff fairyc printed such a warning for a rule that can
change the moves (NEUTRAL_RULES, such as nMoveRule or stalemateValue, only
end or score a game: they declare nothing), or refused the variant with
an error saying why; any other difference (or a crash) FAILS the test. Once per run the generated
code of the first variant is also compiled as C++ (c++ -std=c++17).

Usage: movegen_perft.py FAIRYC WORKDIR [--markdown]
  --markdown: print the counts as the Markdown section of
  docs/engine-kit.md on stdout (the report goes to stderr).
Environment: FAIRYC_MOVEGEN_SEED (default 20261126), FAIRYC_MOVEGEN_ONLY=
regex (the variants to compare, by name), FAIRYC_VARIANTS_INI=path (its
sections too), FAIRYC_MOVEGEN_DEPTH (the depth compared everywhere,
default 3), FAIRYC_MOVEGEN_DEEP=0 (no depth 4), CC and CXX (the compilers).
Exit status: 0 no FAILED, 1 some FAILED, 77 skipped (Node.js or ffish
missing; a failure with FAIRY_REQUIRE_FSF=1) -- never reported as passed.
"""
import concurrent.futures
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf_conformance import install_ffish, skip  # noqa: E402
from fsf_games import Worker  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DRIVER = os.path.join(HERE, "movegen-driver.c")
SECTIONS = os.path.join(HERE, "movegen-sections.ini")
SEED = int(os.environ.get("FAIRYC_MOVEGEN_SEED", "20261126"))
DEPTH = int(os.environ.get("FAIRYC_MOVEGEN_DEPTH", "3"))
DEEP = os.environ.get("FAIRYC_MOVEGEN_DEEP", "1") != "0"
# Depth 4 where ffish counts it in about 1.5 s at most -- perft(4) guessed
# as perft(3)^2 / perft(2) leaves, at about 2 million leaves a second --
# and while the run's leaves at depth 4 stay under DEEP_BUDGET (a count,
# not a time: the same positions get depth 4 on any machine).
DEEP_LEAVES = 3000000
DEEP_BUDGET = 20000000
PLAYOUTS = (8, 14, 22, 34, 50, 80)  # plies of each variant's playouts
OTHER_POSITIONS = 3  # positions besides the start, at least
POSITION_CHECKS = 4  # positions compared with fairyc --position

# Fairy-Stockfish's built-in variants compared.
BUILTINS = """chess nocastle fischerandom armageddon capablanca caparandom
grand makruk shatranj courier xiangqi minixiangqi manchu gothic embassy
almost sortofalmost chigorin perfect shako knightmate amazon hoppelpoppel
newzealand torpedo berolina pawnsideways pawnback legan horde janus modern
chancellor centaur gustav3 omicron nightrider grasshopper tencubed opulent
troitzky wolf georgian paradigm shatar asean ai-wok chaturanga losalamos
gardner racingkings""".split()
# Example piece files: the built-in variant playing the same game, or None
# (then ffish plays the section fairyc exports), and the letters the file
# gives the built-in variant's pieces (ffish's -> the file's).
PIECE_FILES = [("examples/chess.fairy", "chess", {}),
               ("examples/xiangqi.fairy", "xiangqi", {"n": "h", "b": "e"}),
               ("examples/grand.fairy", "grand", {"c": "m", "a": "c"}),
               ("examples/perft/chess10x10.fairy", None, {})]

# Piece files Fairy-Stockfish cannot play (bent riders, moves that capture
# on the way): compared with fairyc's own moves only -- the pseudo-legal
# moves with --position, and in LEGALITY_POSITIONS positions each
# pseudo-legal move's legality with the opponent's captures in --position
# after it (the move is legal iff none of them, on the way or at the end,
# takes a royal piece of the mover).
FAIRYC_ONLY = ["test/conformance/movegen-legs.fairy"]
LEGALITY_POSITIONS = 2

# Rules that only end or score a game, or forbid repetitions: whatever
# fairyc says of them, they do not change the moves of a position.
NEUTRAL_RULES = {
    "nMoveRule", "nMoveRuleTypes", "countingRule", "stalemateValue",
    "checkmateValue", "perpetualCheckIllegal", "chasingRule",
    "moveRepetitionIllegal", "nFoldRule", "nFoldValue",
    "nFoldValueAbsolute", "materialCounting", "adjudicateFullBoard",
    "extinctionClaim"}

WARNING = re.compile(r"^(\S.*?):(\d+):(\d+): warning: (.*\[-W(?:rule-not-"
                     r"generated|unsupported-rule)\])\s*$", re.M)
ERROR = re.compile(r"^(\S.*?):(\d+):(\d+): (?:fatal )?error: (.*)$", re.M)
RULE = re.compile(r"rule '([A-Za-z0-9]+)")
PROMOTION = re.compile(r"^[a-z]\d+[a-z]\d+[a-z+]$")
SQUARE = re.compile(r"([a-z])(\d+)")

out = sys.stdout  # the report (stderr under --markdown)


def say(*args):
    print(*args, file=out, flush=True)


class Difference(Exception):
    pass


class Variant:
    def __init__(self, group, name, args, ffish_name, ini=None,
                 letters=None):
        self.group, self.name, self.args = group, name, args
        self.ffish_name, self.ini = ffish_name, ini
        # ffish's letters -> fairyc's, where a piece file names its pieces
        # otherwise than the built-in variant it is compared with.
        self.letters = letters or {}
        self.emit = None  # {"rc", "warnings", "errors", "stderr"}
        self.rows = []    # {"label", "fen", "counts", "equal"}
        self.differences = []
        self.checks = [0, 0]  # fairyc --position: compared, equal
        self.legality = [0, 0]  # moves whose legality was checked, refused
        self.notes = []
        self.seconds = 0.0

    def letter(self, c):
        low = self.letters.get(c.lower())
        return c if low is None else low.upper() if c.isupper() else low

    def fen(self, fen):
        """A FEN of ffish's in fairyc's letters."""
        board, sep, rest = fen.partition(" ")
        return "".join(map(self.letter, board)) + sep + rest

    def move(self, move):
        """A move of ffish's (UCI) in fairyc's letters."""
        m = re.match(r"^([a-z]\d+[a-z]\d+)([a-z])$", move)
        return m.group(1) + self.letter(m.group(2)) if m else move

    def declaring(self):
        """The located warnings that declare a difference in the moves."""
        return [w for w in self.emit["warnings"]
                if not (RULE.search(w) and
                        RULE.search(w).group(1) in NEUTRAL_RULES)]

    def status(self):
        if self.emit["rc"] != 0:  # refused with the reason, or a crash
            return "declared" if "error:" in self.emit["stderr"] \
                else "FAILED"
        if not self.differences:
            return "equal"
        return "declared" if self.declaring() else "FAILED"


def slug(name):
    return re.sub(r"[^A-Za-z0-9_-]+", "_", name)


def build(fairyc, workdir, v):
    """fairyc --emit=movegen, then the driver compiled with it."""
    header = os.path.join(workdir, slug(v.name) + ".h")
    r = subprocess.run([fairyc] + v.args + ["--emit=movegen", "-o", header],
                       capture_output=True, text=True)
    v.emit = {"rc": r.returncode, "stderr": r.stderr,
              "warnings": ["%s:%s:%s: %s" % w for w in
                           WARNING.findall(r.stderr)],
              "errors": ["%s:%s:%s: %s" % e for e in ERROR.findall(r.stderr)]}
    if r.returncode != 0:
        return None
    binary = os.path.join(workdir, slug(v.name) + ".driver")
    cc = shlex.split(os.environ.get("CC") or "cc")
    r = subprocess.run(cc + ["-O1", "-o", binary, "-DMOVEGEN=\"%s\"" %
                             header, DRIVER], capture_output=True, text=True)
    if r.returncode != 0:
        v.emit["compile"] = r.stderr
        return None
    return header, binary


def compile_cxx(header, workdir):
    """The generated code compiled as C++17 (syntax and semantics, no
    object): the compiler's complaints, or None."""
    cxx = shlex.split(os.environ.get("CXX") or "c++")
    r = subprocess.run(cxx + ["-std=c++17", "-fsyntax-only", "-x", "c++",
                              "-DMOVEGEN=\"%s\"" % header, DRIVER],
                       capture_output=True, text=True)
    return r.stderr if r.returncode else None


class Driver:
    """The compiled movegen-driver.c: a command line in, a line out."""

    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise Difference("the generated move generator stopped (exit "
                             "status %s) on: %s" % (self.proc.wait(), line))
        answer = answer.rstrip("\n")
        if answer.startswith("error"):
            raise Difference("the generated move generator: %s: %s" % (
                answer, line))
        return answer

    def divide(self, depth, fen):
        text = self.ask("divide %d %s" % (depth, fen))
        return {m: int(n) for m, n in
                (w.rsplit(":", 1) for w in text.split())}

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


class Ffish:
    """One fsf-games.js process (fsf_games.Worker) asked about one
    variant."""

    def __init__(self, worker, variant):
        self.worker, self.variant = worker, variant

    def ask(self, op, **kw):
        answer = self.worker.ask(dict(kw, op=op, variant=self.variant))
        if "error" in answer:
            raise Difference("ffish failed (%s): %s" % (op, answer["error"]))
        return answer

    def position(self, moves):
        return self.ask("position", moves=moves)

    def perft(self, moves, depth):
        t = time.time()
        answer = self.ask("perft", moves=moves, depth=depth)
        answer["seconds"] = time.time() - t
        return answer


def moves_text(moves):
    return " ".join(moves) if moves else "(none)"


def listed(moves, most=16):
    moves = sorted(moves)
    return (" ".join(moves[:most]) + (" ..." if len(moves) > most else "")
            ) if moves else "-"


def forward(move, side):
    """How far a move goes towards the opponent (ranks)."""
    squares = SQUARE.findall(move)
    if len(squares) < 2:
        return 0
    d = int(squares[1][1]) - int(squares[0][1])
    return d if side == "w" else -d


def playouts(ff, rng):
    """Positions of seeded random playouts: [{moves, fen, legal, check}]."""
    pool = []
    for plies in PLAYOUTS:
        moves = []
        while len(moves) < plies:
            a = ff.position(moves)
            if a["pushed"] < len(moves):
                break
            if moves:
                pool.append({"moves": list(moves), "fen": a["fen"],
                             "legal": a["legal"], "check": a["check"],
                             "over": a["over"]})
            if a["over"] or not a["legal"]:
                break
            side = a["fen"].split(" ")[1]
            # Forward moves twice as likely: pawns get near promotion.
            weights = [3 if forward(m, side) > 0 else 1 for m in a["legal"]]
            moves.append(rng.choices(a["legal"], weights)[0])
        else:
            a = ff.position(moves)
            pool.append({"moves": list(moves), "fen": a["fen"],
                         "legal": a["legal"], "check": a["check"],
                         "over": a["over"]})
    return [p for p in pool if p["legal"] and not p["over"]]


FEATURES = [
    ("check", lambda p: p["check"]),
    ("en passant", lambda p: p["fen"].split(" ")[3:4] not in ([], ["-"])),
    ("promotion", lambda p: any(PROMOTION.match(m) for m in p["legal"])),
    ("castling rights", lambda p: len(p["moves"]) >= 6 and
     p["fen"].split(" ")[2:3] not in ([], ["-"])),
]


def choose(pool, rng):
    """At least OTHER_POSITIONS positions of the pool: one for each
    feature the pool has, then others from playouts of other lengths."""
    chosen = []

    def label(p):
        tags = [name for name, has in FEATURES if has(p)]
        return "ply %d%s" % (len(p["moves"]),
                             " (%s)" % ", ".join(tags) if tags else "")

    for name, has in FEATURES:
        if any(has(p) for p in chosen):
            continue
        some = [p for p in pool if has(p) and p not in chosen]
        if some:
            chosen.append(rng.choice(some))
    # The longest playouts' ends first, then the others'.
    ends = sorted(pool, key=lambda p: -len(p["moves"]))
    for p in ends:
        if len(chosen) >= OTHER_POSITIONS:
            break
        if p not in chosen and all(abs(len(p["moves"]) - len(q["moves"])) > 4
                                   for q in chosen):
            chosen.append(p)
    for p in ends:  # a short pool: whatever is left
        if len(chosen) >= OTHER_POSITIONS:
            break
        if p not in chosen:
            chosen.append(p)
    chosen.sort(key=lambda p: len(p["moves"]))
    return [(label(p), p) for p in chosen]


class Budget:
    def __init__(self):
        self.left = DEEP_BUDGET if DEEP else 0.0


def localise(ff, drv, v, p, path, depth):
    """Follows the first move whose subtree counts differ down to the
    position where the legal moves differ; lines to print. The generated
    code plays the moves itself from p's FEN (FEN ... moves ...), so a
    state that the FEN does not hold is followed too."""
    a = ff.perft(p["moves"] + path, depth)
    ffish_name = {v.move(m): m for m in a["divide"]}
    theirs = {v.move(m): n for m, n in a["divide"].items()}
    at = v.fen(p["fen"]) + (" moves " + " ".join(map(v.move, path))
                            if path else "")
    ours = drv.divide(depth, at)
    only_o = set(ours) - set(theirs)
    only_f = set(theirs) - set(ours)
    ffen = v.fen(ff.position(p["moves"] + path)["fen"])
    ours_fen = drv.ask("fen " + at)
    fens = "ffish FEN %s" % ffen
    if ours_fen.split(" ")[:4] != ffen.split(" ")[:4]:
        fens += ", fairyc's %s" % ours_fen
    where = "after %s (%s)" % (moves_text(p["moves"] + path), fens)
    if only_o or only_f:
        return ["%s: legal moves only fairyc generates: %s; only ffish: %s"
                % (where, listed(only_o), listed(only_f))]
    for m in sorted(theirs):
        if theirs[m] != ours[m]:
            lines = ["%s: divide %d differs at %s: fairyc %d, ffish %d" % (
                where, depth, m, ours[m], theirs[m])]
            return lines + localise(ff, drv, v, p, path + [ffish_name[m]],
                                    depth - 1)
    return ["%s: the divides agree here, the trees above did not" % where]


def compare_perft(v, ff, drv, label, p, budget):
    """perft 1..DEPTH (and 4 where cheap) at position p; a table row."""
    row = {"label": label, "fen": p["fen"], "counts": [], "equal": True}
    v.rows.append(row)
    fen = v.fen(p["fen"])
    ours = sorted(drv.ask("legal " + fen).split())
    theirs = sorted(map(v.move, p["legal"]))
    if ours != theirs:
        row["equal"] = False
        row["counts"].append((1, len(ours), len(theirs)))
        twice = sorted({m for m in ours if ours.count(m) > 1})
        raise Difference(
            "%s, FEN %s (after %s): legal moves only fairyc generates: %s; "
            "only ffish: %s%s" % (label, fen, moves_text(p["moves"]),
                                  listed(set(ours) - set(theirs)),
                                  listed(set(theirs) - set(ours)),
                                  "; fairyc's names of two moves: " +
                                  listed(twice) if twice else ""))
    row["counts"].append((1, len(ours), len(ours)))
    last = None
    for depth in range(2, DEPTH + 2):
        if depth > DEPTH:
            if depth != 4 or last is None:
                break
            n2, n3 = last
            guess = n3 * n3 // max(1, n2)
            if guess > DEEP_LEAVES or guess > budget.left:
                break
        a = ff.perft(p["moves"], depth)
        if depth == 4:
            budget.left -= a["nodes"]
        n = int(drv.ask("perft %d %s" % (depth, fen)))
        row["counts"].append((depth, n, a["nodes"]))
        if n != a["nodes"]:
            row["equal"] = False
            lines = localise(ff, drv, v, p, [], depth)
            raise Difference(
                "%s: perft(%d) fairyc %d, ffish %d\n      %s" % (
                    label, depth, n, a["nodes"], "\n      ".join(lines)))
        if depth == 3:
            last = (row["counts"][-2][2], a["nodes"])


def fairyc_moves(fairyc, v, fen):
    """The side to move's (from, to) pairs in fairyc --position --emit=json."""
    r = subprocess.run([fairyc] + v.args + ["--position=" + fen,
                                            "--emit=json"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        errors = [e for e in r.stderr.splitlines() if "error:" in e]
        raise Difference("fairyc --position=%s failed: %s" % (
            fen, (errors or r.stderr.strip().splitlines() or ["?"])[0]))
    doc = json.loads(r.stdout)
    pairs = set()
    for piece in doc["pieces"]:
        if piece["side"] != doc["side"]:
            continue
        # remote: destinations of moves that capture on the way
        for kind in ("quiet", "capture", "remote", "promote"):
            for to in piece[kind]:
                pairs.add(piece["square"] + to)
    return pairs


def compare_fairyc(fairyc, v, drv, pool, rng):
    for p in rng.sample(pool, min(POSITION_CHECKS, len(pool))):
        # Castling and en passant are not compared: no rights or square
        # (Berolina's FEN has two en passant squares and caparandom's
        # rights are files up to j, which --position does not read).
        fields = v.fen(p["fen"]).split(" ")
        fen = " ".join(fields[:2] + ["-", "-"] + fields[4:])
        ours = set(drv.ask("pseudo " + fen).split())
        theirs = fairyc_moves(fairyc, v, fen)
        v.checks[0] += 1
        if ours != theirs:
            raise Difference(
                "fairyc --position=%s: moves only the generated code has: %s;"
                " only fairyc's json: %s" % (fen, listed(ours - theirs),
                                            listed(theirs - ours)))
        v.checks[1] += 1


def run_variant(fairyc, v, worker, built, budget):
    t = time.time()
    rng = random.Random("%d:%s" % (SEED, v.name))
    ff = Ffish(worker, v.ffish_name)
    try:
        start = ff.position([])
        pool = playouts(ff, rng)
        chosen = [("start", {"moves": [], "fen": start["fen"],
                             "legal": start["legal"],
                             "check": start["check"]})] + choose(pool, rng)
        result = built.result()
        if v.emit["rc"] != 0:
            v.differences.append("fairyc --emit=movegen failed")
            return
        if result is None:
            v.differences.append("the generated code does not compile:\n" +
                                 v.emit.get("compile", "")[:2000])
            v.emit["warnings"] = []  # nothing declares that
            return
        drv = Driver(result[1])
        try:
            for label, p in chosen:
                try:
                    compare_perft(v, ff, drv, label, p, budget)
                except Difference as d:
                    v.differences.append(str(d))
            try:
                compare_fairyc(fairyc, v, drv, pool, rng)
            except Difference as d:
                v.differences.append(str(d))
        finally:
            drv.close()
    except Difference as d:
        v.differences.append(str(d))
    finally:
        v.seconds = time.time() - t


def placement(fen):
    """A FEN's placement as {square: letter} and its size (files, ranks)."""
    rows = fen.split(" ")[0].split("[")[0].split("/")
    board, files = {}, 0
    for r, row in enumerate(rows):
        x = 0
        for n, c in re.findall(r"(\d+)|([^+~])", row):
            if n:
                x += int(n)
                continue
            board["%s%d" % (chr(ord("a") + x), len(rows) - r)] = c
            x += 1
        files = max(files, x)
    return board, (files, len(rows))


def without(fen, squares):
    """The FEN with `squares` emptied."""
    board, (files, ranks) = placement(fen)
    rows = []
    for y in range(ranks, 0, -1):
        row, run = "", 0
        for x in range(files):
            c = board.get("%s%d" % (chr(ord("a") + x), y))
            if c is None or "%s%d" % (chr(ord("a") + x), y) in squares:
                run += 1
                continue
            row += (str(run) if run else "") + c
            run = 0
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + fen[len(fen.split(" ")[0]):]


def fairyc_targets(fairyc, v, fen):
    """The side to move's captures in fairyc --position: the squares taken
    at the end of a move, and the (from, to) pairs of moves that take on
    the way (--emit=json lists their destinations as remote)."""
    r = subprocess.run([fairyc] + v.args + ["--position=" + fen,
                                            "--emit=json"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise Difference("fairyc --position=%s failed: %s" % (
            fen, r.stderr.strip()))
    doc = json.loads(r.stdout)
    mine = [p for p in doc["pieces"] if p["side"] == doc["side"]]
    return ({sq for p in mine for sq in p["capture"]},
            {(p["square"], sq) for p in mine for sq in p["remote"]})


def royal_taken(fairyc, v, fen, royals):
    """Whether the side to move in fen can take one of `royals`: at the
    end of a move, or on the way -- a move that takes on the way and is
    gone once the royal squares are emptied took there. (The pieces of
    movegen-legs.fairy need an occupied square on the way only to take
    it; a piece that hops over one square to take on another and leave it
    would need more than this.)"""
    captures, remote = fairyc_targets(fairyc, v, fen)
    if captures & royals:
        return True
    if not remote:
        return False
    return bool(remote - fairyc_targets(fairyc, v, without(fen, royals))[1])


def run_fairyc_only(fairyc, v, built):
    """A piece file ffish cannot play: playouts by the generated code, its
    moves against fairyc's own."""
    t = time.time()
    rng = random.Random("%d:%s" % (SEED, v.name))
    try:
        result = built.result()
        if v.emit["rc"] != 0:
            v.differences.append("fairyc --emit=movegen failed")
            return
        if result is None:
            v.differences.append("the generated code does not compile:\n" +
                                 v.emit.get("compile", "")[:2000])
            v.emit["warnings"] = []
            return
        r = subprocess.run([fairyc] + v.args + ["--emit=json"],
                           capture_output=True, text=True)
        royal = [p["letter"] for p in json.loads(r.stdout)["pieces"]
                 if p["royal"]]
        drv = Driver(result[1])
        try:
            start = drv.ask("start")
            pool = []
            for plies in PLAYOUTS:
                moves = []
                while len(moves) < plies:
                    at = start + (" moves " + " ".join(moves) if moves
                                  else "")
                    legal = drv.ask("legal " + at).split()
                    if not legal:
                        break
                    moves.append(rng.choice(legal))
                    fen = drv.ask("fen %s moves %s" % (start, " ".join(moves)))
                    pool.append({"moves": list(moves), "fen": fen})
            chosen = [("start", {"moves": [], "fen": drv.ask("fen " + start)})]
            ends = sorted(pool, key=lambda p: -len(p["moves"]))
            for p in ends:
                if len(chosen) > OTHER_POSITIONS:
                    break
                if all(abs(len(p["moves"]) - len(q["moves"])) > 4
                       for _, q in chosen[1:]):
                    chosen.append(("ply %d" % len(p["moves"]), p))
            chosen[1:] = sorted(chosen[1:], key=lambda c: len(c[1]["moves"]))
            for i, (label, p) in enumerate(chosen):
                row = {"label": label, "fen": p["fen"], "counts": [],
                       "equal": True}
                v.rows.append(row)
                for depth in range(1, DEPTH + 1):
                    n = int(drv.ask("perft %d %s" % (depth, p["fen"])))
                    row["counts"].append((depth, n, n))
                try:
                    ours = set(drv.ask("pseudo " + p["fen"]).split())
                    theirs = fairyc_moves(fairyc, v, p["fen"])
                    v.checks[0] += 1
                    if ours != theirs:
                        raise Difference(
                            "%s: fairyc --position=%s: moves only the "
                            "generated code has: %s; only fairyc's json: %s"
                            % (label, p["fen"], listed(ours - theirs),
                               listed(theirs - ours)))
                    v.checks[1] += 1
                    # The legality of every move in the last positions (the
                    # longest playouts': pieces in reach of the kings).
                    if i < len(chosen) - LEGALITY_POSITIONS:
                        continue
                    side = p["fen"].split(" ")[1]
                    mine = "".join(c.upper() if side == "w" else c.lower()
                                   for c in royal)
                    wrong = []
                    for child in drv.ask("children " + p["fen"]).split("\t"):
                        name, legal, fen = child.split("|")
                        royals = {sq for sq, c in placement(fen)[0].items()
                                  if c in mine}
                        if (legal == "1") == royal_taken(fairyc, v, fen,
                                                         royals):
                            wrong.append(name + ("" if legal == "1" else
                                                 " (refused)"))
                        v.legality[0] += 1
                        v.legality[1] += legal != "1"
                    if wrong:
                        raise Difference(
                            "%s (FEN %s): moves whose legality differs from "
                            "fairyc's captures after them: %s" % (
                                label, p["fen"], listed(wrong)))
                except Difference as d:
                    row["equal"] = False
                    v.differences.append(str(d))
        finally:
            drv.close()
    except Difference as d:
        v.differences.append(str(d))
    finally:
        v.seconds = time.time() - t


def sections_of(text):
    return re.findall(r"^\[([^\]:]+)(?::[^\]]*)?\]", text, re.M)


def wanted(name):
    only = os.environ.get("FAIRYC_MOVEGEN_ONLY")
    return not only or re.search(only, name)


def variants_to_compare(fairyc):
    out = []
    for name in BUILTINS:
        out.append(Variant("builtin", name, ["--variant=" + name], name))
    for path, builtin, letters in PIECE_FILES:
        full = os.path.join(ROOT, path)
        if builtin:
            out.append(Variant("piece file", path, [full], builtin,
                               letters=letters))
            continue
        r = subprocess.run([fairyc, full, "--emit=variants-ini"],
                           capture_output=True, text=True)
        m = re.search(r"^\[([^\]:]+)", r.stdout, re.M)
        v = Variant("piece file", path, [full],
                    m.group(1).strip() if m else path, r.stdout)
        if not m:
            v.notes.append("no variants.ini export: " + r.stderr.strip())
        out.append(v)
    for path in FAIRYC_ONLY:
        out.append(Variant("fairyc only", path, [os.path.join(ROOT, path)],
                           None))
    inis = [("section", SECTIONS)]
    if os.environ.get("FAIRYC_VARIANTS_INI"):
        inis.append(("variants.ini", os.environ["FAIRYC_VARIANTS_INI"]))
    for group, path in inis:
        text = open(path).read()
        for name in sections_of(text):
            out.append(Variant(group, name, ["--import=" + path,
                                             "--variant=" + name],
                               name, text))
    return [v for v in out if wanted(v.name)]


def count_text(counts):
    return " / ".join("{:,}".format(ours) if ours == theirs else
                      "{:,} (ffish {:,})".format(ours, theirs)
                      for _, ours, theirs in counts)


def markdown(variants, totals):
    prose = [
        "`movegen-perft` (`test/conformance/movegen_perft.py`, in ctest) "
        "writes the move generator of each variant below with `fairyc "
        "--emit=movegen`, compiles it with the C compiler (`cc -O1`, into "
        "the driver `test/conformance/movegen-driver.c`; the first one also "
        "as C++17) and counts perft against Fairy-Stockfish (npm ffish) "
        "from the start and from at least %d positions of seeded random "
        "playouts -- with a check, an en passant square, a promotion or "
        "castling rights where the playouts reach one -- at depths 1 to %d, "
        "and at depth 4 where it has under %s leaves (Fairy-Stockfish "
        "counts about 2 million a second); at depth 1 the moves themselves, "
        "by name, must be the same. Where a count differs, the test follows "
        "the divide down to the position where the moves differ and prints "
        "it. In %d playout positions per variant, the pseudo-legal moves "
        "(but castling and en passant) must also be the moves of the side "
        "to move's pieces in `fairyc --position=FEN --emit=json`." % (
            OTHER_POSITIONS, DEPTH, "{:,}".format(DEEP_LEAVES),
            POSITION_CHECKS),
        "The variants: built-in variants of Fairy-Stockfish (`--variant`), "
        "example piece files (against the built-in variant of the same "
        "game, or their own export) and the sections of "
        "`test/conformance/movegen-sections.ini` (cannons and hoppers on "
        "10x10, lame leapers, palaces, nightriders, 12x8). A difference "
        "fails the test unless fairyc warned, located, of a rule it does "
        "not generate or model that can change the moves "
        "(`-Wrule-not-generated`, `-Wunsupported-rule`) or refused the "
        "variant saying why; such variants are listed as declared, with "
        "the reason. "
        "`test/conformance/movegen-legs.fairy` (bent riders, a lame bent "
        "leaper, moves that capture on the way), which Fairy-Stockfish "
        "cannot play, is compared with fairyc's own moves only: the "
        "pseudo-legal moves with `--position`, and in its last %d positions "
        "the legality of every move with the captures `--position` finds "
        "for the opponent after it; its perft counts are the generated "
        "code's." % LEGALITY_POSITIONS,
        "Run as `python3 test/conformance/movegen_perft.py build/tools/fairyc "
        "build/test/conformance --markdown` (it writes this section; "
        "`FAIRYC_MOVEGEN_ONLY=regex` compares some variants only, "
        "`FAIRYC_VARIANTS_INI=path` adds the sections of a variants.ini, "
        "`FAIRYC_MOVEGEN_SEED` draws other playouts) or `ctest -R "
        "movegen-perft` in the build directory. Seed %d: %s." % (
            SEED, totals),
    ]
    lines = ["## Exact against Fairy-Stockfish", ""]
    for paragraph in prose:
        lines += textwrap.wrap(paragraph, 76, break_long_words=False,
                               break_on_hyphens=False) + [""]
    lines += [
        "| variant | position | perft 1, 2, ... | equal |",
        "|---|---|---|---|",
    ]
    for v in variants:
        st = v.status()
        if not v.rows:
            lines.append("| %s | - | - | %s |" % (v.name, st))
            continue
        for i, row in enumerate(v.rows):
            equal = "yes" if row["equal"] else (
                "no: declared" if st == "declared" else "**no**")
            if v.ffish_name is None:
                equal += " (fairyc's moves only)"
            fen = " ".join(row["fen"].split(" ")[:4])
            lines.append("| %s | %s: `%s` | %s | %s |" % (
                v.name if i == 0 else "", row["label"], fen,
                count_text(row["counts"]), equal))
    declared = [v for v in variants if v.status() == "declared"]
    if declared:
        lines += ["", "Declared differences:", ""]
        for v in declared:
            why = (v.emit["errors"] or v.declaring())[:2]
            lines += textwrap.wrap("- %s: %s" % (v.name, "; ".join(
                re.sub(r"^.*?: (?=--emit|fairyc)", "", w) for w in why)),
                76, subsequent_indent="  ", break_long_words=False,
                break_on_hyphens=False)
    failed = [v for v in variants if v.status() == "FAILED"]
    if failed:
        lines += ["", "Differences fairyc does not declare (bugs to fix):", ""]
        for v in failed:
            first = v.differences[0].split("\n")
            # The position where the moves differ: the last line.
            why = first[-1].strip() if len(first) > 1 else first[0]
            lines += textwrap.wrap("- %s: %s" % (v.name, why), 76,
                                   subsequent_indent="  ",
                                   break_long_words=False,
                                   break_on_hyphens=False)
    return "\n".join(lines) + "\n"


def main():
    global out
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    want_markdown = "--markdown" in sys.argv[1:]
    if want_markdown:
        out = sys.stderr
    fairyc, workdir = os.path.abspath(args[0]), os.path.abspath(args[1])
    if not shutil.which("node"):
        skip("Node.js is not installed (scripts/setup.sh installs it)")
    install_ffish(workdir)
    gen = os.path.join(workdir, "movegen")
    os.makedirs(gen, exist_ok=True)
    t0 = time.time()
    variants = variants_to_compare(fairyc)
    say("movegen-perft: %d variants, seed %d (FAIRYC_MOVEGEN_SEED), perft to "
        "depth %d (4 where ffish counts under %d leaves)" % (
            len(variants), SEED, DEPTH, DEEP_LEAVES))
    # Generating and compiling (one core) runs ahead of ffish (the other).
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    built = [pool.submit(build, fairyc, gen, v) for v in variants]
    worker = Worker(workdir, "movegen")
    loaded = set()
    budget = Budget()
    cxx_checked = False
    try:
        for v, b in zip(variants, built):
            if v.ini is not None and v.ini not in loaded:
                answer = worker.load(v.ini)
                if "error" in answer:
                    v.differences.append("ffish could not load the "
                                         "sections: " + answer["error"])
                loaded.add(v.ini)
            if v.ffish_name is None:
                run_fairyc_only(fairyc, v, b)
            else:
                run_variant(fairyc, v, worker, b, budget)
            if not cxx_checked and b.result():
                cxx_checked = True
                err = compile_cxx(b.result()[0], gen)
                if err:
                    v.differences.append("the generated code does not "
                                         "compile as C++17:\n" + err[:2000])
                else:
                    v.notes.append("compiles as C++17 too")
            st = v.status()
            say("%-34s %-8s %2d positions, %d/%d fairyc --position%s%s "
                "(%.1f s)" % (v.name, st, len(v.rows), v.checks[1],
                              v.checks[0], ", %d moves' legality (%d "
                              "refused)" % tuple(v.legality)
                              if v.legality[0] else "",
                              "; " + "; ".join(v.notes) if v.notes else "",
                              v.seconds))
            for d in v.differences:
                say("    " + d)
            if st == "declared":
                for w in (v.emit["errors"] or v.declaring())[:3]:
                    say("    declared: " + w)
            elif st == "FAILED" and v.emit["rc"] != 0:
                say("    " + v.emit["stderr"].strip()[:1000])
    finally:
        worker.stop()
        pool.shutdown()
    counts = {s: sum(1 for v in variants if v.status() == s)
              for s in ("equal", "declared", "FAILED")}
    positions = sum(len(v.rows) for v in variants)
    checks = sum(v.checks[0] for v in variants)
    totals = ("%d variants, %d positions (%d fairyc --position): %d equal, "
              "%d declared, %d FAILED" % (
                  len(variants), positions, checks, counts["equal"],
                  counts["declared"], counts["FAILED"]))
    say("\nmovegen-perft: %s (%.0f s)" % (totals, time.time() - t0))
    if want_markdown:
        sys.stdout.write(markdown(variants, totals))
    return 1 if counts["FAILED"] else 0


if __name__ == "__main__":
    sys.exit(main())

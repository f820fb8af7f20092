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

With FAIRYC_VARIANTS_INI set to a full variants.ini (Fairy-Stockfish's
src/variants.ini), every section of it is imported and compared too, on the
empty board and among random pieces, in both colours, with agreement per
section and overall; any disagreement fails.

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


def with_blockers(doc, piece, side, o, placed, rng, count):
    """The position of placements() with \p count more pieces of the set on
    random empty squares (any colour, no royal piece), and that FEN without
    the piece on \p o and with the other side to move: the position, and the
    positions in which Fairy-Stockfish must find no king in check for the
    comparison to hold (neither side's king in check; the piece not pinned).
    """
    w, h = doc["board"]["width"], doc["board"]["height"]
    missing = set(doc["board"].get("missing", []))
    walls = {(x, y) for x in range(w) for y in range(h)
             if square(x, y) in missing}
    letters = [p["letter"] for p in doc["pieces"] if not p.get("royal") and
               p["letter"] not in placed.values()] or [piece["letter"]]
    free = [(x, y) for x in range(w) for y in range(h)
            if (x, y) not in placed and (x, y) not in walls]
    blocked = dict(placed)
    for sq in rng.sample(free, min(count, len(free))):
        letter = rng.choice(letters)
        blocked[sq] = letter if rng.random() < 0.5 else letter.lower()
    without = dict(blocked)
    del without[o]
    other = "b" if side == "white" else "w"
    position = fen(w, h, blocked, side[0], walls)
    return position, [position, fen(w, h, blocked, other, walls),
                      fen(w, h, without, side[0], walls)]


# Fairy-Stockfish's built-in variants' legality rules (src/variant.cpp),
# which no section states: what rules() adds for a built-in parent.
BUILTIN_RULES = {
    "giveaway": {"mustCapture": "true"},
    "losers": {"mustCapture": "true"},
    "racingkings": {"checking": "false"},
    "nocheckatomic": {"blastOnCapture": "true"},
    "minixiangqi": {"flyingGeneral": "true"},
    "janggi": {"flyingGeneral": "false"},
}


def parse_fen(position):
    """A FEN's placement as {(x, y): letter} (walls '*' included), with its
    width and height: what fen() writes, read back."""
    rows = position.split(" ")[0].split("[")[0].split("/")
    placed, width = {}, 0
    for i, row in enumerate(rows):
        y, x = len(rows) - 1 - i, 0
        for tok in re.findall(r"\d+|[A-Za-z*]", row):
            if tok.isdigit():
                x += int(tok)
            else:
                placed[(x, y)] = tok
                x += 1
        width = max(width, x)
    return placed, width, len(rows)


def xy(sq):
    return ord(sq[0]) - ord("a"), int(sq[1:]) - 1


def occupant(position, sq):
    """The piece letter on square \p sq of a FEN, or None (empty, a wall or
    off the board)."""
    letter = parse_fen(position)[0].get(xy(sq))
    return None if letter == "*" else letter


def blasts_own_king(position, origin, target):
    """Whether a capture on \p target blows up the mover's own king (K or k,
    by the mover's case) in a blast around it."""
    placed = parse_fen(position)[0]
    king = "K" if placed[xy(origin)].isupper() else "k"
    x, y = xy(target)
    return any(placed.get((x + dx, y + dy)) == king and
               (x + dx, y + dy) != xy(origin)
               for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def other_side(position):
    fields = position.split(" ")
    fields[1] = "b" if fields[1] == "w" else "w"
    return " ".join(fields)


def kings_face(position):
    """Whether the two kings (K, k) stand on one file with nothing between."""
    placed = parse_fen(position)[0]
    spots = {c: sq for sq, c in placed.items() if c in "Kk"}
    if len(spots) != 2 or spots["K"][0] != spots["k"][0]:
        return False
    x = spots["K"][0]
    lo, hi = sorted((spots["K"][1], spots["k"][1]))
    return all((x, y) not in placed for y in range(lo + 1, hi))


def moved(position, origin, target):
    """\p position (a FEN) after the piece on \p origin goes to \p target,
    with the same side to move."""
    placed, width, height = parse_fen(position)
    placed[xy(target)] = placed.pop(xy(origin))
    return fen(width, height, placed, position.split(" ")[1])


def ask_ffish(workdir, job, timeout=1800):
    """Fairy-Stockfish's answer to \p job (fsf-import.js says which jobs it
    takes); a failure to run ends the test."""
    env = dict(os.environ, NODE_PATH=os.path.join(workdir, "node_modules"))
    r = subprocess.run(["node", os.path.join(HERE, "fsf-import.js")],
                       input=json.dumps(job), capture_output=True, text=True,
                       env=env, timeout=timeout)
    if r.returncode != 0:
        print(r.stderr[-3000:])
        print("FAILED: Fairy-Stockfish (ffish) did not run")
        sys.exit(1)
    return json.loads(r.stdout)


def sections_of(path):
    return re.findall(r"^\[([^:\]]+)", open(path).read(), re.M)


class Comparison:
    """Requests to Fairy-Stockfish for one variants.ini and what fairyc says
    of each; answered at once, counted per section."""

    def __init__(self, fairyc, ini_text):
        self.fairyc, self.ini = fairyc, ini_text
        self.requests, self.expected = [], []
        self.ignore = []  # squares left out of Fairy-Stockfish's targets
        self.builtin_parents = dict(re.findall(
            r"^\[([^:\]]+):?([^\]]*)\]", subprocess.run(
                [fairyc, "--list-variants"], capture_output=True,
                text=True).stdout, re.M))

    def rules(self, variant):
        """The legality rules of a section, down its parents: its own keys
        over its parents', and a built-in parent's facts (BUILTIN_RULES)."""
        chain, name = [], variant
        sections = dict(re.findall(r"^\[([^\]]+)\]\n((?:[^\[\n].*\n|\n)*)",
                                   self.ini, re.M))
        headers = {h.split(":")[0]: h for h in sections}
        seen = set()
        while name and name not in seen:
            seen.add(name)
            if name in headers:
                header = headers[name]
                chain.append(dict(
                    (k.strip(), v.strip()) for k, v in re.findall(
                        r"^([A-Za-z0-9]+)\s*=\s*(.*)$", sections[header],
                        re.M)))
                name = header.split(":")[1] if ":" in header else ""
            else:
                chain.append(BUILTIN_RULES.get(name, {}))
                name = self.builtin_parents.get(name, "")
        out = {}
        for keys in reversed(chain):
            out.update(keys)
        return out

    def add(self, variant, name, origin, want, fen_, checks=None,
            ignore=()):
        request = {"variant": variant, "fen": fen_, "from": origin}
        self.ignore.append(set(ignore) | {origin})  # a pass stays
        if checks:
            request["checks"] = checks
        self.requests.append(request)
        self.expected.append((variant, name, origin, sorted(want)))

    def moves_in(self, args, position, origin):
        r = subprocess.run([self.fairyc] + args +
                           ["--position=" + position, "--emit=json",
                            "-Wno-unsupported-rule"],
                           capture_output=True, text=True)
        mine = [m for m in json.loads(r.stdout)["pieces"]
                if m["square"] == origin][0]
        return set(mine["quiet"]) | set(mine["capture"])

    def section(self, args, variant, doc, rng, blockers):
        """Every piece of a section (fairyc's JSON \p doc), both sides: on
        the empty board (ten squares) and, with \p blockers, among random
        pieces (three positions)."""
        for piece, side, o, placed, position in placements(doc, rng):
            moves = {m["from"]: m for m in piece["sides"][side]["moves"]}
            # Not to the squares the kings stand on.
            kings = {square(*k) for k in placed if k != o}
            want = set(moves[square(*o)]["quiet"]) - kings
            if "initial" in json.dumps(piece["sides"][side]["ir"]):
                # Off its start square the piece has moved, as for
                # Fairy-Stockfish without castling and gating rights.
                want = self.moves_in(args, position, square(*o)) - kings
            name = piece["name"] + " (" + side + ")"
            # (A king that is attacked can be taken by a move
            # Fairy-Stockfish generates but no legal game reaches.)
            self.add(variant, name, square(*o), want, position, None, kings)
            # A king (or a piece with the king's letter, royal in all but
            # name: a commoner of atomic) is compared on the empty board;
            # among pieces its moves are the engine's legality test's.
            if not blockers or piece.get("royal") or piece["letter"] == "K":
                continue
            n = sum(1 for e in self.expected if e[1] == name + " among pieces"
                    and e[0] == variant)
            if n >= 3:
                continue
            position, checks = with_blockers(doc, piece, side, o, placed, rng,
                                             rng.randint(4, 10))
            want = self.moves_in(args, position, square(*o)) - kings
            self.add(variant, name + " among pieces", square(*o), want,
                     position, checks)

    def run(self, workdir):
        answers = ask_ffish(workdir, {"ini": self.ini, "detail": True,
                                      "requests": self.requests})
        for i, got in enumerate(answers):
            got["targets"] = sorted(set(got["targets"]) - self.ignore[i])
        # Targets only fairyc has, each taken away by a legality rule of
        # Fairy-Stockfish's (fairyc's moves are pseudo-legal, an engine's
        # before its legality test): the move leaves the mover's king in
        # check (a pin, a cannon's screen), gives check where checking =
        # false, lets the kings face each other on an open file where
        # flyingGeneral = true, is not a capture where mustCapture = true
        # and the piece can capture, or captures next to its own king where
        # blastOnCapture = true. Asked of Fairy-Stockfish in a second
        # round; such a comparison agrees once the legality test is applied.
        by_request = {}
        for i, ((variant, name, origin, want), got) in enumerate(
                zip(self.expected, answers)):
            extra = set(want) - set(got["targets"])
            if got["over"] or got.get("check") or not extra or \
                    not set(got["targets"]) <= set(want):
                continue
            position = self.requests[i]["fen"]
            by_request[i] = [(t, moved(position, origin, t)) for t in
                             sorted(extra)]
        legal_by_rule = set()
        if by_request:
            jobs = []
            for i in by_request:
                for _, after in by_request[i]:
                    jobs.append({"variant": self.expected[i][0],
                                 "fen": after})
                    jobs.append({"variant": self.expected[i][0],
                                 "fen": other_side(after)})
            flags = iter(ask_ffish(workdir, {"ini": self.ini,
                                             "inCheck": jobs}))
            for i in by_request:
                variant, _, origin, _ = self.expected[i]
                rules = self.rules(variant)
                got = answers[i]
                position = self.requests[i]["fen"]
                explained = True
                for target, after in by_request[i]:
                    self_check, gives_check = next(flags), next(flags)
                    quiet = occupant(position, target) is None
                    if not (self_check or
                            (rules.get("checking") == "false" and
                             gives_check) or
                            (rules.get("flyingGeneral") == "true" and
                             kings_face(after)) or
                            (rules.get("mustCapture") == "true" and quiet and
                             all(occupant(position, t) is not None
                                 for t in got["targets"])) or
                            (rules.get("blastOnCapture") == "true" and
                             not quiet and blasts_own_king(position, origin,
                                                           target))):
                        explained = False
                if explained:
                    legal_by_rule.add(i)
        per = {}  # section -> [compared, agree, skipped, agree by legality]
        for i, ((variant, name, origin, want), got) in enumerate(
                zip(self.expected, answers)):
            counts = per.setdefault(variant, [0, 0, 0, 0])
            if got["over"] or got.get("check"):
                counts[2] += 1
                continue
            counts[0] += 1
            targets = got["targets"]
            if targets == want or i in legal_by_rule:
                counts[1] += 1
                counts[3] += i in legal_by_rule
            else:
                print("DISAGREE [%s] %s from %s in %s:\n  fairyc %s\n  "
                      "FSF    %s" % (variant, name, origin,
                                     self.requests[i]["fen"], want, targets))
        return per


def loaded_by_ffish(workdir, ini_text):
    return {v for v, _ in ask_ffish(workdir, {"ini": ini_text, "list": True},
                                    600)}


def import_json(fairyc, path, variant):
    r = subprocess.run([fairyc, "--import=" + path, "--variant=" + variant,
                        "--emit=json", "-Wno-unsupported-rule"],
                       capture_output=True, text=True)
    return (json.loads(r.stdout) if r.returncode == 0 else None), r.stderr


def full_file(fairyc, workdir, path):
    """Every section of a full variants.ini (FAIRYC_VARIANTS_INI), both
    colours, empty board and among random pieces; agreement per section and
    overall. Returns whether all agree."""
    rng = random.Random(21)
    text = open(path).read()
    loaded = loaded_by_ffish(workdir, text)
    cmp = Comparison(fairyc, text)
    failed, pieces, unloaded = [], 0, []
    sections = sections_of(path)
    for variant in sections:
        doc, err = import_json(fairyc, path, variant)
        if doc is None:
            failed.append(variant)
            print("FAILED: fairyc could not import [%s]: %s" % (variant, err))
            continue
        if variant not in loaded:
            unloaded.append(variant)
            continue
        pieces += len(doc["pieces"])
        cmp.section(["--import=" + path, "--variant=" + variant], variant,
                    doc, rng, True)
    per = cmp.run(workdir)
    total = [sum(c[i] for c in per.values()) for i in range(4)]
    for variant in sections:
        if variant in per:
            c = per[variant]
            print("  %-24s %4d compared, %4d agree%s" % (
                variant, c[0], c[1],
                "; %d positions not compared (game over, check or a pin)" %
                c[2] if c[2] else ""))
    for variant in unloaded:
        print("  %-24s not loaded by this Fairy-Stockfish (ffish)" % variant)
    print("%s: %d sections, %d imported by fairyc, %d loaded by ffish and "
          "compared; %d pieces, both colours; %d comparisons, %d agree "
          "(%.2f %%; %d once Fairy-Stockfish's legality rules take moves "
          "away); %d positions not compared (check, a pin, game over)" % (
              path, len(sections), len(sections) - len(failed),
              len(sections) - len(failed) - len(unloaded), pieces, total[0],
              total[1], 100.0 * total[1] / max(1, total[0]), total[3],
              total[2]))
    return not failed and total[0] == total[1]


def main():
    fairyc, workdir = sys.argv[1], sys.argv[2]
    install_ffish(workdir)
    ok = True
    full = os.environ.get("FAIRYC_VARIANTS_INI")
    if full:
        ok = full_file(fairyc, workdir, full)
    rng = random.Random(8)
    sections = sections_of(INI)
    cmp = Comparison(fairyc, open(INI).read())
    for variant in sections:
        doc, err = import_json(fairyc, INI, variant)
        if doc is None:
            print("FAILED: fairyc could not import [%s]: %s" % (variant, err))
            return 1
        cmp.section(["--import=" + INI, "--variant=" + variant], variant, doc,
                    rng, True)
    # The export round trip: example piece files written by
    # --emit=variants-ini, loaded by Fairy-Stockfish, against fairyc's own
    # moves of the piece file in the same positions (--position, where a
    # piece off its start square has moved).
    exported = 0
    for stem in EXPORTED:
        path = os.path.join(HERE, "..", "..", "examples", stem + ".fairy")
        r = subprocess.run([fairyc, path, "--emit=variants-ini"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print("FAILED: fairyc could not export %s: %s" % (stem, r.stderr))
            return 1
        variant = "fairyc-export-" + stem
        cmp.ini += "\n" + re.sub(r"^\[[^\]]*\]", "[" + variant + "]",
                                 r.stdout, count=1, flags=re.M)
        exported += 1
        doc = json.loads(subprocess.run([fairyc, path, "--emit=json"],
                                        capture_output=True,
                                        text=True).stdout)
        for piece, side, o, placed, position in placements(doc, rng):
            want = cmp.moves_in([path], position, square(*o))
            cmp.add(variant, piece["name"] + " (" + side + ")", square(*o),
                    want, position)
            if piece.get("royal") or piece["letter"] == "K":
                continue
            position, checks = with_blockers(doc, piece, side, o, placed, rng,
                                             rng.randint(4, 10))
            want = cmp.moves_in([path], position, square(*o))
            cmp.add(variant, piece["name"] + " (" + side + ") among pieces",
                    square(*o), want, position, checks)
    per = cmp.run(workdir)
    total = [sum(c[i] for c in per.values()) for i in range(4)]
    pieces = len({(e[0], e[1].replace(" among pieces", ""))
                  for e in cmp.expected})
    print("variants.ini import and export vs Fairy-Stockfish: %d sections "
          "imported, %d piece files exported, %d pieces as White and as "
          "Black, %d comparisons (empty boards and among pieces), %d agree "
          "(%d once Fairy-Stockfish's legality test takes away moves into "
          "check), %d positions not compared (check or a pin)" % (
              len(sections), exported, pieces // 2, total[0], total[1],
              total[3], total[2]))
    return 0 if ok and total[0] == total[1] else 1


if __name__ == "__main__":
    sys.exit(main())

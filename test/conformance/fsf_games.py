#!/usr/bin/env python3
"""Game-level conformance of fairyc's variants.ini export with Fairy-Stockfish.

fairyc writes a variant as a Fairy-Stockfish variants.ini section
(--emit=variants-ini); that section must play the same game in
Fairy-Stockfish (the npm package ffish) as the original. As a user of
Fairy-Stockfish would see it, for each variant:

- the export is loaded (ffish.loadVariantConfig) under the name of its
  `[name]` header; it must load without a word from Fairy-Stockfish and be
  listed by ffish.variants() (a section named after a built-in variant is
  refused: "already exists");
- the start positions as ffish prints them: new Board(v).fen() of the
  export must be the original's (ffish.startingFen, the startFen as the
  section writes it, is only noted where it alone differs);
- perft from the start at depths 1, 2 and 3 (legalMoves counted at the
  last level, push/pop above; where a depth would have more than about
  PERFT_CAP leaves -- perft(d-1)^2 / perft(d-2) -- it is counted under a
  seeded sample of first moves only, and the table says so);
- seeded random playouts (PLAYOUTS of them, 4 to 10 plies each, moves
  chosen among the original's legal moves and pushed on both boards,
  stopping when the game is over on the original), and LONG_PLAYOUTS more
  of LONG_PLIES plies (FAIRYC_GAMES_LONG, 0: none): at every position the
  sorted legal moves (UCI), whether the game is over, its result, whether
  the side to move is in check and the FEN (Board.fen()) must be the
  original's.

The variants compared:

- builtin: every variant Fairy-Stockfish has built in that fairyc knows
  (--list-variants), exported with --variant=NAME, against ffish's own;
- piece file: every examples/*.fairy, exported as a piece file: it must
  load, be listed and start from the piece file's start position (`start`,
  else the empty board). Where a built-in variant is named as the file and
  starts from its start position (chess.fairy: chess, or nocastle where the
  file states no castling; shogi.fairy: shogi...), the export is compared
  with it in full as above. examples/chess.fairy's perft from the start
  must be chess's: depths 1-3 against ffish's chess, perft(4) = 197,281 and
  perft(5) = 4,865,609 (about 4 s in ffish; FAIRYC_GAMES_CHESS_DEPTH=4
  stops at perft(4), =3 at perft(3));
- section: every section of game-sections.ini (this directory), exported
  with --import game-sections.ini --variant=S, against ffish loading the
  file itself;
- FAIRYC_VARIANTS_INI=path: every section of that variants.ini (say,
  Fairy-Stockfish's src/variants.ini), the same way.

The export may say what it cannot carry: a located warning (file:line:col:
warning: ... [-Wpiece-not-written] or [-Wrule-not-written]). A variant whose
comparison differs is a declared difference iff its export printed at least
one; otherwise it FAILED. An export that fails (exit status not 0) is
declared iff fairyc printed a located error saying why, else it FAILED (the
section it printed, if any, is compared all the same, for the table). The
table lists every variant: equal, declared (with the warnings) or FAILED
(with the first differing position: its FEN, the moves only one side has).

Original and export are played by two long-lived ffish processes
(fsf-games.js), side by side on two cores.

Usage: fsf_games.py FAIRYC WORKDIR
Environment: FAIRYC_GAMES_SEED (default 20261126), FAIRYC_VARIANTS_INI,
FAIRYC_GAMES_CHESS_DEPTH (default 5), FAIRYC_GAMES_LONG (plies of the long
playouts, default 60), FAIRYC_GAMES_ONLY=regex (the variants to compare,
by name).
Exit status: 0 no FAILED, 1 some FAILED, 77 skipped (ffish could not be
installed) -- never reported as passed.
"""
import json
import os
import random
import re
import select
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf_conformance import install_ffish, skip  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SECTIONS = os.path.join(HERE, "game-sections.ini")
SEED = int(os.environ.get("FAIRYC_GAMES_SEED", "20261126"))
PLAYOUTS = 8
PLIES = (4, 10)
# And two long playouts, for the rules that end or change a game later
# (counting, flags, check counts, promotion).
LONG_PLAYOUTS = 2
LONG_PLIES = int(os.environ.get("FAIRYC_GAMES_LONG", "60"))
PERFT_DEPTH = 3
PERFT_CAP = 400000  # leaves above which a depth's first moves are sampled
TIMEOUT = 120       # seconds for one answer of ffish

# Orthodox chess from the start (perft(4), perft(5)).
CHESS_PERFT = {4: 197281, 5: 4865609}

WARNING = re.compile(r"^(\S.*?):(\d+):(\d+): warning: (.*\[-W(?:piece|rule)"
                     r"-not-written\])\s*$", re.M)
ERROR = re.compile(r"^(\S.*?):(\d+):(\d+): (?:fatal )?error: (.*)$", re.M)


class Worker:
    """One fsf-games.js process: requests and answers a line each. A crash
    or a timeout restarts it, with the sections it had loaded."""

    def __init__(self, workdir, label):
        self.workdir, self.label = workdir, label
        self.loaded = []
        self.proc = None
        self.start()

    def start(self):
        env = dict(os.environ,
                   NODE_PATH=os.path.join(self.workdir, "node_modules"))
        # What ffish writes to stderr; kept across restarts within a run.
        self.log = open(os.path.join(self.workdir, "fsf-games-%s.log" %
                                     self.label), "ab" if self.proc else "wb")
        self.proc = subprocess.Popen(
            ["node", os.path.join(HERE, "fsf-games.js")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
            env=env)
        self.buf = b""
        for text in self.loaded:
            self.send({"op": "load", "ini": text})
            self.receive(TIMEOUT)

    def stop(self):
        if self.proc:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.log.close()
            self.proc = None

    def send(self, request):
        try:
            self.proc.stdin.write((json.dumps(request) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def receive(self, timeout):
        deadline = time.time() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return self.restart("no answer within %d s" % timeout)
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return self.restart("ffish stopped (exit status %s)" %
                                    self.proc.wait())
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        answer = json.loads(line)
        if "error" in answer:  # a wasm abort: start afresh
            self.restart(answer["error"])
        return answer

    def restart(self, why):
        self.proc.kill()
        self.proc.wait()
        self.log.close()
        self.start()
        return {"error": why, "said": []}

    def load(self, text):
        self.send({"op": "load", "ini": text})
        answer = self.receive(TIMEOUT)
        if "error" not in answer:
            self.loaded.append(text)
        return answer

    def ask(self, request, timeout=TIMEOUT):
        self.send(request)
        return self.receive(timeout)


def ask_both(orig, exp, request_o, request_e, timeout=TIMEOUT):
    """The same question to both processes at once: they answer in
    parallel."""
    orig.send(request_o)
    exp.send(request_e)
    return orig.receive(timeout), exp.receive(timeout)


class Difference(Exception):
    """A difference in play: its text and its kind (what the summary
    groups by)."""

    def __init__(self, text, kind):
        Exception.__init__(self, text)
        self.kind = kind


FEN_FIELDS = ("placement", "pockets", "side to move", "castling rights",
              "en passant square", "check counts", "move counters")


def fen_fields(fen):
    """The fields of a FEN as ffish's Board.fen() writes it."""
    tokens = fen.split(" ")
    board = tokens[0]
    pocket = re.search(r"\[([^\]]*)\]", board)
    rest = tokens[4:]
    checks = [t for t in rest if "+" in t]
    return dict(zip(FEN_FIELDS, (
        board.split("[")[0], pocket.group(1) if pocket else None,
        tokens[1:2], tokens[2:3], tokens[3:4], checks,
        [t for t in rest if "+" not in t])))


def fen_difference(a, b):
    fa, fb = fen_fields(a), fen_fields(b)
    return [f for f in FEN_FIELDS if fa[f] != fb[f]]


def moves_text(moves):
    return " ".join(moves) if moves else "(none)"


class Pair:
    """The original variant (ffish process `orig`, name `ov`) and the export
    (process `exp`, name `ev`)."""

    def __init__(self, orig, ov, exp, ev, rng):
        self.orig, self.ov, self.exp, self.ev = orig, ov, exp, ev
        self.rng = rng
        self.notes = []

    def both(self, op, **kw):
        a, b = ask_both(self.orig, self.exp, dict(kw, op=op, variant=self.ov),
                        dict(kw, op=op, variant=self.ev))
        for who, answer in (("original", a), ("export", b)):
            if "error" in answer:
                raise Difference("ffish failed on the %s (%s): %s" % (
                    who, op, answer["error"]), "ffish failed on the " + who)
        return a, b

    def position_difference(self, moves, a=None, b=None):
        """Why the positions after `moves` differ, as a sentence."""
        if a is None:
            a, b = self.both("position", moves=moves)
        where = "after %s (original FEN %s)" % (moves_text(moves), a["fen"])
        if b["pushed"] < len(moves):
            return ("%s: the export refused move %s" % (
                where, moves[b["pushed"]]), "a move refused by the export")
        out, kinds = [], []
        only_o = sorted(set(a["legal"]) - set(b["legal"]))
        only_e = sorted(set(b["legal"]) - set(a["legal"]))
        if only_o or only_e:
            out.append("legal moves only in the original: %s; only in the "
                       "export: %s" % (" ".join(only_o[:12]) +
                                       (" ..." if len(only_o) > 12 else "")
                                       or "-",
                                       " ".join(only_e[:12]) +
                                       (" ..." if len(only_e) > 12 else "")
                                       or "-"))
            kinds.append("legal moves: " + (
                "some missing from the export and some extra" if only_o and
                only_e else "some missing from the export" if only_o else
                "some extra in the export") +
                (" (drops)" if any("@" in m for m in only_o + only_e)
                 else ""))
        for key, what in (("over", "game over"), ("result", "result"),
                          ("check", "in check")):
            if a[key] != b[key]:
                out.append("%s: original %s, export %s" % (what, a[key],
                                                           b[key]))
                kinds.append(what + " differs")
        fields = fen_difference(a["fen"], b["fen"])
        if fields:
            out.append("FEN (%s): export %s" % (", ".join(fields), b["fen"]))
            kinds.append("FEN: %s differ" % ", ".join(fields))
        if not out:
            return None
        return where + ": " + "; ".join(out), ", ".join(kinds)

    def start(self):
        """The start positions as ffish prints them: new Board(v).fen()
        must be equal; ffish.startingFen is the section's startFen as
        written, so a difference there alone is only noted."""
        a, b = self.both("start")
        if a["fen"] != b["fen"]:
            fields = fen_difference(a["fen"], b["fen"]) or ["the text"]
            moves = self.position_difference([])
            raise Difference(
                "start position (%s differ): original %s, export %s%s" % (
                    ", ".join(fields), a["fen"], b["fen"],
                    "; " + moves[0].split(": ", 1)[1] if moves else ""),
                "start position: %s differ" % ", ".join(fields))
        if a["startingFen"] != b["startingFen"]:
            self.notes.append("startingFen written %s, the original's %s" % (
                b["startingFen"], a["startingFen"]))

    def drill(self, moves, depth, sample=None):
        """The first position below `moves` where the perft trees part."""
        a, b = self.both("perft", moves=moves, depth=depth, sample=sample)
        if a["legal"] != b["legal"] or b["pushed"] < len(moves):
            return self.position_difference(moves)
        for m in sorted(a["divide"]):
            if a["divide"][m] != b["divide"].get(m):
                return self.drill(moves + [m], depth - 1)
        return self.position_difference(moves) or (
            "after %s the perft trees differ" % moves_text(moves),
            "perft differs")

    def perft(self, depth=PERFT_DEPTH, known=None):
        counts, whole = [], [1]  # leaves counted; the whole tree's (guess)
        for d in range(1, depth + 1):
            sample = None
            # perft(d) is about perft(d-1)^2 / perft(d-2) leaves: past
            # PERFT_CAP, only under a seeded sample of first moves.
            guess = whole[-1] ** 2 // max(1, whole[-2]) if d > 1 else 0
            if guess > PERFT_CAP:
                first, _ = self.both("position", moves=[])
                n = len(first["legal"])
                k = max(1, min(n, PERFT_CAP * n // guess))
                if k < n:
                    sample = sorted(self.rng.sample(first["legal"], k))
                    self.notes.append("perft(%d) under %d of %d first moves "
                                      "(the whole about %d leaves)" % (
                                          d, k, n, guess))
            a, b = self.both("perft", moves=[], depth=d, sample=sample)
            if a["nodes"] != b["nodes"]:
                why, kind = self.drill([], d, sample)
                raise Difference("perft(%d)%s: original %d, export %d; %s" % (
                    d, " (sampled)" if sample else "", a["nodes"], b["nodes"],
                    why), kind)
            if known and d in known and a["nodes"] != known[d]:
                raise Difference("perft(%d) = %d, not %d" % (
                    d, a["nodes"], known[d]), "perft differs")
            counts.append("%d%s" % (a["nodes"], "*" if sample else ""))
            whole.append(a["nodes"] * len(a["legal"]) // len(sample)
                         if sample else a["nodes"])
        self.notes.append("perft %s" % "/".join(counts))
        return counts

    def playouts(self):
        positions = 0
        for i in range(PLAYOUTS + (LONG_PLAYOUTS if LONG_PLIES else 0)):
            plies = self.rng.randint(*PLIES) if i < PLAYOUTS else LONG_PLIES
            moves = []
            while True:
                a, b = self.both("position", moves=moves)
                positions += 1
                why = self.position_difference(moves, a, b)
                if why:
                    raise Difference(*why)
                if a["over"] or not a["legal"] or len(moves) == plies:
                    break
                moves.append(self.rng.choice(a["legal"]))
        self.notes.append("%d playout positions" % positions)

    def compare(self):
        self.start()
        self.perft()
        self.playouts()


def fairyc_run(fairyc, args):
    r = subprocess.run([fairyc] + args + ["--emit=variants-ini"],
                       capture_output=True, text=True)
    m = re.search(r"^\[([^\]:]+)(?::[^\]]*)?\]", r.stdout, re.M)
    return {"rc": r.returncode, "text": r.stdout, "stderr": r.stderr,
            "name": m.group(1).strip() if m else None,
            "warnings": ["%s:%s:%s: %s" % w for w in
                         WARNING.findall(r.stderr)],
            "errors": ["%s:%s:%s: %s" % e for e in ERROR.findall(r.stderr)]}


class Row:
    def __init__(self, group, variant):
        self.group, self.variant = group, variant
        self.differences, self.kinds, self.notes = [], [], []
        self.export = None
        self.played = False  # compared in play, and played the same

    def differ(self, text, kind):
        self.differences.append(text)
        self.kinds.append(kind)

    def status(self):
        ex = self.export
        if ex["rc"] != 0:
            return "declared" if ex["errors"] else "FAILED"
        if not self.differences:
            return "equal"
        return "declared" if ex["warnings"] else "FAILED"


class Group:
    """The variants of one source, with a fresh pair of ffish processes
    (sections loaded in one group cannot clash with another's)."""

    def __init__(self, workdir, label, builtins):
        self.workdir, self.label, self.builtins = workdir, label, builtins
        self.orig = Worker(workdir, label + "-original")
        self.exp = Worker(workdir, label + "-export")
        self.exported = set()

    def close(self):
        self.orig.stop()
        self.exp.stop()

    def load_export(self, row):
        """Loads the export of `row` into the export process; the name it
        is known by there, or None (then row.differences says why)."""
        ex = row.export
        if not ex["name"]:
            if ex["text"].strip():
                row.differ("the export has no [name] header",
                           "export: no [name] header")
            else:
                row.differ("the export wrote nothing",
                           "export: wrote no section")
            return None
        name, text = ex["name"], ex["text"]
        if name in self.builtins:
            # Refused by Fairy-Stockfish: a failure. For the table, the
            # game is compared all the same under another name.
            row.differ("[%s] is the name of a built-in variant: "
                       "Fairy-Stockfish refuses the section (\"already "
                       "exists\")" % name,
                       "export: named after a built-in variant (refused)")
            name = name + "-fairyc-export"
            text = re.sub(r"^\[[^\]:]+", "[" + name, text, count=1,
                          flags=re.M)
            row.notes.append("compared as [%s]" % name)
        if name in self.exported:  # an earlier export's name: afresh
            self.exp.stop()
            self.exp = Worker(self.workdir, self.label + "-export")
            self.exported = set()
        answer = self.exp.load(text)
        if "error" in answer:
            row.differ("ffish failed loading the export: %s" %
                       answer["error"], "ffish failed loading the export")
            return None
        self.exported.add(name)
        said = [s for s in answer["said"] if s.strip()]
        if said:
            row.differ("ffish, loading the export [%s]: %s" % (
                name, " / ".join(said[:3])),
                "export: ffish printed a message loading it")
        if name not in answer["variants"]:
            row.differ("ffish does not list [%s] after loading the export" %
                       name, "export: not listed by ffish after loading")
            return None
        return name

    def compare(self, row, original, rng, known=None):
        name = self.load_export(row)
        if name is None:
            return
        pair = Pair(self.orig, original, self.exp, name, rng)
        try:
            pair.start()
            pair.perft(known=known)
            pair.playouts()
            row.played = True
        except Difference as d:
            row.differ(str(d), d.kind)
        row.notes += pair.notes


def seeded(group, variant):
    return random.Random("%d:%s:%s" % (SEED, group, variant))


def wanted(name):
    only = os.environ.get("FAIRYC_GAMES_ONLY")
    return not only or re.search(only, name)


def sections_of(text):
    return [h.strip() for h in re.findall(r"^\[([^\]:]+)(?::[^\]]*)?\]",
                                          text, re.M)]


def run_sections(fairyc, workdir, label, path, builtins, rows):
    """Every section of the variants.ini at `path`: ffish loading the file
    is the original."""
    text = open(path).read()
    group = Group(workdir, label, builtins)
    try:
        answer = group.orig.load(text)
        said = [s for s in answer.get("said", []) if s.strip()]
        if said and label == "section":
            # This directory's file must load cleanly: a mistake of ours.
            row = Row(label, os.path.basename(path))
            row.export = {"rc": 0, "warnings": [], "errors": []}
            row.differ("ffish, loading the file itself: %s" %
                       " / ".join(said),
                       "game-sections.ini: ffish printed a message")
            rows.append(row)
        listed = set(answer.get("variants", []))
        for s in sections_of(text):
            if not wanted(s):
                continue
            row = Row(label, s)
            if s not in listed:
                row.export = {"rc": 0, "warnings": [], "errors": []}
                row.notes.append("not loaded by this Fairy-Stockfish: not "
                                 "compared")
                if label == "section":
                    row.differ("ffish does not list [%s] of %s" % (s, path),
                               "section not listed by ffish")
                rows.append(row)
                continue
            row.export = fairyc_run(fairyc, ["--import=" + path,
                                              "--variant=" + s])
            group.compare(row, s, seeded(label, s))
            rows.append(row)
            progress(row)
    finally:
        group.close()


def run_builtins(fairyc, workdir, rows):
    group = Group(workdir, "builtin", set())
    try:
        ffish_list = group.orig.ask({"op": "variants"})["variants"]
        group.builtins = set(ffish_list)
        listing = subprocess.run([fairyc, "--list-variants"],
                                 capture_output=True, text=True).stdout
        known = set(re.findall(r"^\[([^\]:]+)", listing, re.M))
        unknown = [v for v in ffish_list if v not in known]
        for v in ffish_list:
            if v not in known or not wanted(v):
                continue
            row = Row("builtin", v)
            row.export = fairyc_run(fairyc, ["--variant=" + v])
            group.compare(row, v, seeded("builtin", v))
            rows.append(row)
            progress(row)
        return set(ffish_list), unknown
    finally:
        group.close()


def piece_file_start(path, doc_board):
    m = re.search(r'^\s*start\s+"([^"]*)"', open(path).read(), re.M)
    if m:
        return m.group(1).split(" ")[0], "its start position"
    w, h = doc_board
    return "/".join([str(w)] * h), "the empty board (no start position)"


def same_but_letters(a, b):
    """Whether placements \p a and \p b have pieces on the same squares,
    of the same colours, under letters that correspond one to one."""
    if len(a) != len(b):
        return False
    there, back = {}, {}
    for x, y in zip(a, b):
        if x.isalpha() != y.isalpha() or (x.isalpha() and
                                          x.isupper() != y.isupper()):
            return False
        if not x.isalpha():
            if x != y:
                return False
            continue
        if there.setdefault(x, y) != y or back.setdefault(y, x) != x:
            return False
    return True


def reference_of(path, builtins):
    """The built-in variant that plays the game a piece file describes, if
    any: the one named as the file (orthodox chess without castling, where
    the file states none, is Fairy-Stockfish's nocastle). It is used only
    where it starts from the piece file's start position."""
    stem = os.path.basename(path)[:-len(".fairy")]
    if stem == "chess" and not re.search(r"^\s*castling\b", open(path).read(),
                                         re.M):
        return "nocastle"
    return stem if stem in builtins else None


def chess_perft(group, name, row):
    """Orthodox chess's perft from the start: depths 1-3 against ffish's
    chess, the deeper ones against the known counts."""
    pair = Pair(group.orig, "chess", group.exp, name,
                seeded("piece file", "chess perft"))
    try:
        pair.perft()
        deep = int(os.environ.get("FAIRYC_GAMES_CHESS_DEPTH", "5"))
        for d in range(4, deep + 1):
            t = time.time()
            got = group.exp.ask({"op": "perft", "variant": name, "moves": [],
                                 "depth": d}, 900)
            if got.get("nodes") != CHESS_PERFT[d]:
                raise Difference("perft(%d) = %s, chess's is %d" % (
                    d, got.get("nodes", got.get("error")), CHESS_PERFT[d]),
                    "perft differs from chess's")
            pair.notes.append("perft(%d) = %d, chess's (%.1f s)" % (
                d, CHESS_PERFT[d], time.time() - t))
    except Difference as d:
        row.differ(str(d), d.kind)
    row.notes += ["chess's " + n if n.startswith("perft ") else n
                  for n in pair.notes]


def run_piece_files(fairyc, workdir, builtins, rows):
    group = Group(workdir, "piece-file", builtins)
    try:
        for f in sorted(os.listdir(os.path.join(ROOT, "examples"))):
            if not f.endswith(".fairy") or not wanted(f):
                continue
            path = os.path.join(ROOT, "examples", f)
            row = Row("piece file", f)
            row.export = fairyc_run(fairyc, [path])
            rows.append(row)
            if row.export["rc"] != 0 and not row.export["text"].strip():
                progress(row)
                continue
            name = group.load_export(row)
            if name is None:
                progress(row)
                continue
            doc = json.loads(subprocess.run(
                [fairyc, path, "--emit=json"], capture_output=True,
                text=True).stdout or "{}")
            board = doc.get("board", {})
            want, what = piece_file_start(path, (board.get("width"),
                                                 board.get("height")))
            got = group.exp.ask({"op": "start", "variant": name})
            fen = got.get("fen", "?")
            if fen.split(" ")[0].split("[")[0] != want:
                row.differ("start position %s, not %s: %s" % (
                    fen, what, want), "start position: not the piece file's")
            reference = reference_of(path, builtins)
            letters_only = False
            if reference:
                there = group.orig.ask({"op": "start", "variant": reference})
                theirs = there.get("fen", "").split(" ")[0].split("[")[0]
                if theirs != want and same_but_letters(theirs, want):
                    # The same game under other letters (grand.fairy's
                    # marshal M is Fairy-Stockfish's chancellor c): the
                    # moves' squares and their counts compare, not the
                    # names of promotions nor the FENs.
                    letters_only = True
                elif theirs != want:
                    row.notes.append("not compared with built-in %s: it "
                                     "starts elsewhere" % reference)
                    reference = None
            if reference and letters_only and not row.differences:
                row.notes.append("perft compared with built-in %s (other "
                                 "letters)" % reference)
                pair = Pair(group.orig, reference, group.exp, name,
                            seeded("piece file", f))
                try:
                    pair.perft()
                    row.played = True
                except Difference as d:
                    row.differ(str(d), d.kind)
                row.notes += pair.notes
                reference = None
            if reference and not row.differences:
                row.notes.append("compared with built-in %s" % reference)
                pair = Pair(group.orig, reference, group.exp, name,
                            seeded("piece file", f))
                try:
                    pair.start()
                    pair.perft()
                    pair.playouts()
                    row.played = True
                except Difference as d:
                    row.differ(str(d), d.kind)
                row.notes += pair.notes
            if f == "chess.fairy":
                chess_perft(group, name, row)
            progress(row)
    finally:
        group.close()


LAST = [time.time()]


def progress(row):
    now = time.time()
    print("  %-10s %-24s %-9s %5.1f s" % (row.group, row.variant,
                                          row.status(), now - LAST[0]),
          flush=True)
    LAST[0] = now


def reason(row):
    ex = row.export
    out = []
    if ex.get("rc", 0) != 0:
        first = (ex["errors"] or [l for l in ex["stderr"].splitlines()
                                  if l.strip()] or ["(nothing said)"])[0]
        out.append("export exit status %d%s: %s" % (
            ex["rc"], "" if ex["errors"] else " without a located error",
            first))
    out += row.differences
    return out


def exit_cause(row):
    """An export's failing exit status as a kind: its first message with
    the particulars (names, numbers, places) left out."""
    ex = row.export
    first = ([l for l in ex["stderr"].splitlines() if l.strip()] or
             ["(nothing said)"])[0]
    first = re.sub(r"^\S*?:\d+:\d+: ", "FILE:L:C: ", first)
    first = re.sub(r"'[^']{1,40}'", "'...'", first)
    first = re.sub(r"\d+", "N", first)
    first = re.sub(r" \(-fno-keep-going[^)]*\)", "", first)
    return "exit status not 0, no located error: " + first[:110]


def print_groups(title, groups):
    if not groups:
        return
    print("\n" + title)
    for kind, names in sorted(groups.items(), key=lambda x: (-len(x[1]),
                                                             x[0])):
        print("  %3d  %s\n       %s" % (len(names), kind,
                                        " ".join(names[:12]) +
                                        (" ..." if len(names) > 12 else "")))


def main():
    fairyc, workdir = sys.argv[1], sys.argv[2]
    if subprocess.run(["which", "node"], capture_output=True).returncode:
        skip("Node.js is not installed (scripts/setup.sh installs it)")
    install_ffish(workdir)
    t0 = time.time()
    rows = []
    print("fsf-games: seed %d (FAIRYC_GAMES_SEED), %d playouts of %d-%d plies"
          " and %d of %d, perft to depth %d (under a sample of first moves "
          "where it would exceed %d leaves)" % (
              SEED, PLAYOUTS, PLIES[0], PLIES[1],
              LONG_PLAYOUTS if LONG_PLIES else 0, LONG_PLIES, PERFT_DEPTH,
              PERFT_CAP), flush=True)
    builtins, unknown = run_builtins(fairyc, workdir, rows)
    run_piece_files(fairyc, workdir, builtins, rows)
    run_sections(fairyc, workdir, "section", SECTIONS, builtins, rows)
    full = os.environ.get("FAIRYC_VARIANTS_INI")
    if full:
        run_sections(fairyc, workdir, "variants.ini", full, builtins, rows)

    print("\n%-10s %-24s %-9s %s" % ("source", "variant", "status",
                                     "details"))
    for row in rows:
        st = row.status()
        lines = []
        if st != "equal":
            lines += reason(row)
        if st == "declared":
            lines += ["warned: " + w for w in row.export["warnings"][:4]]
            lines += ["error: " + e for e in row.export["errors"][:2]]
        lines += ["(" + "; ".join(row.notes) + ")"] if row.notes else []
        print("%-10s %-24s %-9s %s" % (row.group, row.variant, st,
                                       lines[0] if lines else ""))
        for line in lines[1:]:
            print("%-10s %-24s %-9s %s" % ("", "", "", line))
    counts = {s: sum(1 for r in rows if r.status() == s)
              for s in ("equal", "declared", "FAILED")}
    # The FAILED variants by their first difference in play, and by what
    # was wrong with the export itself (a variant may have several).
    play, export = {}, {}
    for row in rows:
        if row.status() != "FAILED":
            continue
        kinds = [k for k in row.kinds if not k.startswith("export:")]
        play.setdefault(
            kinds[0] if kinds else
            "(plays the same: failed for the export itself)" if row.played
            else "(not played: the export itself failed)", []).append(
                row.variant)
        if row.export.get("rc", 0) != 0 and not row.export["errors"]:
            export.setdefault(exit_cause(row), []).append(row.variant)
        for k in sorted(set(row.kinds)):
            if k.startswith("export:"):
                export.setdefault(k, []).append(row.variant)
    print_groups("FAILED variants by their first difference in play:", play)
    print_groups("FAILED variants by what is wrong with the export itself:",
                 export)
    if unknown:
        print("\nFairy-Stockfish's variants fairyc does not know (not "
              "compared): " + " ".join(unknown))
    print("\nfsf-games: %d variants: %d equal, %d declared differences, %d "
          "FAILED (%.0f s)" % (len(rows), counts["equal"], counts["declared"],
                               counts["FAILED"], time.time() - t0))
    return 1 if counts["FAILED"] else 0


if __name__ == "__main__":
    sys.exit(main())

"""The Python package against the fairyc tool: destinations on random
pieces and positions, every back end, piece files, a variants.ini section,
diagnostics, options, and handles used after close.

Run by ctest (test `python`): python3 -m pytest python/tests, with
FAIRYC_LIBRARY and FAIRYC naming the build's libfairy and fairyc.
"""
import gc
import json
import os
import random
import re
import shutil
import subprocess
import sys
import threading
from typing import Dict, List, Tuple

import pytest

import fairyc

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KINDS = ("quiet", "capture", "remote", "promote")


# -- random pieces and positions -------------------------------------------

def fsf_pieces() -> List[str]:
    """The Betza strings of Fairy-Stockfish's pieces (the conformance
    suite's list)."""
    out = []
    path = os.path.join(ROOT, "test", "conformance", "fsf-pieces.txt")
    for line in open(path):
        line = line.strip()
        if line and not line.startswith("#"):
            _, _, betza = line.partition(" ")
            if betza:
                out.append(betza)
    return out


def random_betza(rng: random.Random) -> str:
    """One to three atoms with random modifiers and ranges."""
    parts = []
    for _ in range(rng.randint(1, 3)):
        mods = "".join(rng.sample("mcfbrlvsnjp", rng.randint(0, 2)))
        atom = rng.choice(["W", "F", "D", "N", "A", "H", "C", "Z", "G", "R",
                           "B", "Q", "K", "WW", "NN"])
        count = str(rng.randint(2, 4)) if rng.random() < 0.2 else ""
        parts.append(mods + atom + count)
    return "".join(parts)


def square_name(x: int, y: int) -> str:
    return "abcdefghijklmnop"[x] + str(y + 1)


def placement(board: Dict[Tuple[int, int], str], w: int, h: int) -> str:
    rows = []
    for y in range(h - 1, -1, -1):
        row, run = "", 0
        for x in range(w):
            if (x, y) in board:
                row += (str(run) if run else "") + board[(x, y)]
                run = 0
            else:
                run += 1
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows)


def random_position(rng: random.Random, w: int, h: int, letters: str,
                    density: float) -> Dict[Tuple[int, int], str]:
    board = {}
    for x in range(w):
        for y in range(h):
            if rng.random() < density:
                letter = rng.choice(letters)
                board[(x, y)] = rng.choice([letter.upper(), letter.lower()])
    return board


def read_placement(fen: str, w: int, h: int) -> Dict[Tuple[int, int], str]:
    board = {}
    for r, row in enumerate(fen.split("/")):
        x = 0
        for n, letter in re.findall(r"(\d+)|([A-Za-z*])", row):
            if n:
                x += int(n)
                continue
            if letter != "*":
                board[(x, h - 1 - r)] = letter
            x += 1
    return board


def xy(square: str) -> Tuple[int, int]:
    return "abcdefghijklmnop".index(square[0]), int(square[1:]) - 1


def moves_of(json_moves: dict) -> Dict[str, List[str]]:
    return {k: sorted(json_moves.get(k, [])) for k in KINDS}


def moves_from(destinations: List[fairyc.Destination]) -> Dict[str, List[str]]:
    out: Dict[str, List[str]] = {k: [] for k in KINDS}
    for d in destinations:
        for k in KINDS:
            if getattr(d, k):
                out[k].append(d.name)
    return {k: sorted(v) for k, v in out.items()}


BOARDS = [(8, 8), (10, 10), (7, 9), (12, 6)]


def test_destinations_of_random_pieces(run_fairyc):
    """Random Betza pieces (Fairy-Stockfish's and made up), random own and
    enemy blockers, both sides, moved or not, on several boards: the same
    destinations as fairyc --emit=json."""
    rng = random.Random(40)
    pool = fsf_pieces()
    checked = refused = 0
    for case in range(120):
        betza = rng.choice(pool) if case % 2 else random_betza(rng)
        w, h = rng.choice(BOARDS)
        frm = (rng.randrange(w), rng.randrange(h))
        pieces = random_position(rng, w, h, "PNRK", rng.choice([0, .1, .3]))
        pieces.pop(frm, None)
        fen = placement(pieces, w, h)
        side = rng.choice(["white", "black"])
        moved = rng.random() < 0.3
        args = ["-x", "betza", betza, "--board=%dx%d" % (w, h),
                "--from=" + square_name(*frm), "--position=" + fen,
                "--side=" + side, "--emit=json"] + (["--moved"] if moved else [])
        r = run_fairyc(args)
        what = "%s %s" % (betza, " ".join(args[3:]))
        try:
            c = fairyc.compile(betza, "betza", board="%dx%d" % (w, h))
        except fairyc.CompileError:
            assert r.returncode != 0, what
            refused += 1
            continue
        with c, c.position(fen) as p:
            assert r.returncode == 0, what + r.stderr
            expected = moves_of(json.loads(r.stdout)["moves"][0])
            got = moves_from(c.destinations(0, square_name(*frm), p, side,
                                            moved))
            assert got == expected, what
        checked += 1
    assert checked >= 80 and refused >= 1, (checked, refused)


PIECE_FILES = ["examples/chess.fairy", "examples/shogi.fairy",
               "examples/xiangqi.fairy", "examples/grand.fairy"]


@pytest.mark.parametrize("path", PIECE_FILES)
def test_destinations_in_piece_files(run_fairyc, path):
    """Every White piece of random positions of a piece file's pieces: the
    moves fairyc --position --emit=json lists for it."""
    rng = random.Random(path)
    with fairyc.compile_file(os.path.join(ROOT, path)) as c:
        b = c.board
        text = open(os.path.join(ROOT, path)).read()
        start = read_placement(re.search(r'start "([^"]+)"', text).group(1),
                               b.width, b.height)
        letters = "".join(p.letter for p in c.pieces if p.letter)
        for _ in range(6):
            pieces = random_position(rng, b.width, b.height, letters, 0.2)
            fen = placement(pieces, b.width, b.height)
            r = run_fairyc([path, "--position=" + fen, "--emit=json"])
            assert r.returncode == 0, r.stderr
            listed = json.loads(r.stdout)["pieces"]
            assert len(listed) == sum(1 for v in pieces.values()
                                      if v.isupper())
            with c.position() as p:
                # fairyc counts a piece off its start square as moved.
                for (x, y), letter in pieces.items():
                    p.place(square_name(x, y), letter,
                            moved=start.get((x, y)) != letter)
                for entry in listed:
                    sq = entry["square"]
                    got = c.destinations(entry["letter"], sq, p,
                                         moved=start.get(xy(sq)) !=
                                         entry["letter"])
                    assert moves_from(got) == moves_of(entry), (fen, entry)


@pytest.mark.parametrize("path", ["examples/raumschach.fairy",
                                  "examples/xiangqi.fairy"])
def test_every_square_of_every_piece(run_fairyc, path):
    """On the empty board, from every square, both sides: each piece's
    destinations are fairyc --emit=json's (a 5x5x5 board's square names
    too)."""
    r = run_fairyc([path, "--emit=json"])
    assert r.returncode == 0, r.stderr
    listed = json.loads(r.stdout)
    with fairyc.compile_file(os.path.join(ROOT, path)) as c:
        b = c.board
        assert (b.width, b.height, b.depth) == tuple(
            listed["board"][k] for k in ("width", "height", "depth"))
        assert [p.name for p in c.pieces] == [
            p["name"] for p in listed["pieces"]]
        for piece in listed["pieces"]:
            for side, moves in sorted(piece["sides"].items()):
                assert len(moves["moves"]) == b.squares
                for m in moves["moves"]:
                    index = c.square(m["from"])
                    assert c.square_name(index) == m["from"]
                    got = c.destinations(piece["name"], index, side=side)
                    assert moves_from(got) == moves_of(m), (piece["name"], m)


def test_square_kinds_and_names():
    with fairyc.compile("mRcB", board="8x8") as c, c.position() as p:
        p.place("d6", "p")
        p.place("f6", "P")
        p.place("b6", "n")
        d = {x.name: x for x in c.destinations(0, "d4", p)}
        assert d["d5"].kinds == fairyc.MoveKind.QUIET and d["d5"].quiet
        assert "d6" not in d and "d7" not in d
        assert d["b6"].kinds == fairyc.MoveKind.CAPTURE and d["b6"].capture
        assert "f6" not in d
        assert str(d["b6"].kinds) == "capture"
        assert c.square("d4") == 27 and c.square_name(27) == "d4"
        assert d["d5"].square == c.square("d5")
        with pytest.raises(KeyError):
            c.square("z9")
        p.clear("d6")
        assert "d8" in {x.name for x in c.destinations(0, "d4", p)}


def test_promote_and_black(run_fairyc):
    with fairyc.compile_file(os.path.join(ROOT, "examples/chess.fairy")) as c:
        d = c.destinations("P", "e7", side="white")
        assert [x.name for x in d] == ["e8"]
        assert d[0].kinds == fairyc.MoveKind.QUIET
        assert [x.name for x in c.destinations("p", "e7", side="black")] == [
            "e5", "e6"]
        assert c.piece("knight").letter == "N"
        assert c.piece(1) == c.piece("n")
        with pytest.raises(KeyError):
            c.piece("Z")


def test_promote(run_fairyc):
    formula = "{0,1}(#@)=Q"
    with fairyc.compile(formula, "formula", board="8x8") as c:
        d = c.destinations(0, "e7")
        assert {x.name for x in d if x.promote} == {"e6", "d7", "f7", "e8"}
        assert d[-1].kinds == fairyc.MoveKind.QUIET | fairyc.MoveKind.PROMOTE
        assert str(d[-1].kinds) == "quiet|promote"
    r = run_fairyc(["-x", "formula", formula, "--board=8x8", "--from=e7",
                    "--emit=json"])
    assert moves_of(json.loads(r.stdout)["moves"][0]) == moves_from(d)


# -- back ends ---------------------------------------------------------------

EMIT_INPUTS = [
    (["-x", "betza", "RN"], lambda: fairyc.compile("RN", "betza")),
    (["-x", "parlett", "1+", "--board=8x8"],
     lambda: fairyc.compile("1+", "parlett", board="8x8")),
    (["examples/chess.fairy"],
     lambda: fairyc.compile_file("examples/chess.fairy")),
    (["--import", "test/PieceFile/Inputs/variants.ini", "--variant",
      "tenbyten"],
     lambda: fairyc.compile_file("test/PieceFile/Inputs/variants.ini",
                                 variant="tenbyten")),
]


def test_backends():
    names = [b.name for b in fairyc.backends()]
    for kind in ("diagram", "json", "svg", "ctable", "bitboard", "betza"):
        assert kind in names
    assert all(b.help for b in fairyc.backends())


@pytest.mark.parametrize("case", range(len(EMIT_INPUTS)))
def test_every_emit_kind_is_fairyc_s(run_fairyc, monkeypatch, case):
    """Every back end writes what fairyc --emit=KIND writes for the same
    input, or both refuse it."""
    monkeypatch.chdir(ROOT)
    args, make = EMIT_INPUTS[case]
    written = 0
    with make() as c:
        for b in fairyc.backends():
            r = run_fairyc(args + ["--emit=" + b.name])
            if r.stdout:
                # fairyc exits 1 after writing what it could (a piece left
                # out of C tables); emit() returns it with the warnings.
                before = len(c.diagnostics)
                out = c.emit(b.name)
                assert out and out == r.stdout, b.name
                if r.returncode:
                    assert len(c.diagnostics) > before, b.name
                written += 1
            else:
                with pytest.raises(fairyc.EmitError) as e:
                    c.emit(b.name)
                assert e.value.diagnostics, b.name
    assert written >= len(fairyc.backends()) - 2


def test_emit_json_is_json():
    with fairyc.compile("N", board="8x8", from_="e4") as c:
        moves = json.loads(c.emit("json"))["moves"]
        assert moves[0]["from"] == "e4" and len(moves[0]["quiet"]) == 8


# -- diagnostics, errors, options --------------------------------------------

BAD_PIECES = 'board 8x8;\npiece knight N betza "N";\npiece bad B betza "R(N";\n'


def test_compile_error_is_located(run_fairyc, tmp_path):
    with pytest.raises(fairyc.CompileError) as e:
        fairyc.compile(BAD_PIECES, "pieces")
    d = e.value.diagnostics[0]
    assert (d.severity, d.file, d.line, d.column) == (
        fairyc.Severity.ERROR, "<input>", 3, 22)
    assert "repetition" in d.message and d.name == ""
    assert str(e.value).startswith("<input>:3:22: error: a repetition")
    path = tmp_path / "bad.fairy"
    path.write_text(BAD_PIECES)
    with pytest.raises(fairyc.CompileError) as e:
        fairyc.compile_file(path)
    r = run_fairyc([str(path)])
    assert r.returncode == 1
    assert r.stderr.splitlines()[0] == "%s: %s" % (
        str(e.value.diagnostics[0]).split(": error: ")[0],
        "error: " + e.value.diagnostics[0].message)


def test_input_text_in_messages_is_escaped(run_fairyc, tmp_path):
    # A NUL and an ESC of the input come back as \xNN, as fairyc prints
    # them: the message is whole and printing it cannot steer a terminal.
    text = "N\0R\x1b[2J"
    with pytest.raises(fairyc.CompileError) as e:
        fairyc.compile(text, "betza")
    d = e.value.diagnostics[0]
    assert "unexpected character '\\x00'" in d.message
    assert not any("\0" in x.message or "\x1b" in x.message
                   for x in e.value.diagnostics)
    path = tmp_path / "nul.betza"
    path.write_bytes(text.encode())
    r = run_fairyc([str(path)])
    assert "error: " + d.message in r.stderr
    # Bytes go as they are, as a file's: a byte that is not UTF-8 is
    # located and named as fairyc names it.
    with pytest.raises(fairyc.CompileError) as e:
        fairyc.compile(b"N\xffR", "betza")
    path.write_bytes(b"N\xffR")
    d = e.value.diagnostics[0]
    assert (d.line, d.column) == (1, 2) and "byte 0xff" in d.message
    assert "error: " + d.message in run_fairyc([str(path)]).stderr


def test_check_false_keeps_the_failed_compilation():
    with fairyc.compile("R(N", check=False) as c:
        assert not c.ok
        assert c.diagnostics[0].column == 3
        with pytest.raises(fairyc.FairyError):
            c.emit("json")
        with pytest.raises(fairyc.FairyError):
            c.position()


def test_warnings_have_names():
    text = 'board 8x8;\npiece a A betza "";\n'
    with fairyc.compile(text, "pieces") as c:
        assert c.ok
        w = c.diagnostics[0]
        assert (w.severity, w.line, w.column, w.name) == (
            fairyc.Severity.WARNING, 2, 7, "immobile-piece")
        assert str(w).endswith("[-Wimmobile-piece]")
    with fairyc.compile(text, "pieces", W="no-immobile-piece") as c:
        assert c.diagnostics == []
    with pytest.raises(fairyc.CompileError):
        fairyc.compile(text, "pieces", W="error")


def test_bad_options_say_the_nearest(run_fairyc):
    cases = [({"boardd": "8x8"}, "unknown option 'boardd'; did you mean "
              "'board'?"),
             ({"board_style": "chesss"}, "option 'board-style': 'chesss' is "
              "not one of its values (auto, chess, xiangqi, janggi, shogi); "
              "did you mean 'chess'?"),
             ({"side": "whte"}, "did you mean 'white'?"),
             ({"moved": "maybe"}, "option 'moved': 'maybe' is not 1 or 0")]
    for options, message in cases:
        with pytest.raises(fairyc.OptionError) as e:
            fairyc.compile("N", **options)
        assert message in str(e.value)
        assert isinstance(e.value, ValueError)
    # The same suggestion as fairyc's.
    r = run_fairyc(["-x", "betza", "N", "--side=whte"])
    assert "did you mean 'white'?" in r.stderr
    with fairyc.compile("N") as c, pytest.raises(fairyc.OptionError) as e:
        c.emit("jsn")
    assert "did you mean 'json'?" in str(e.value)
    r = run_fairyc(["-x", "betza", "N", "--emit=jsn"])
    assert str(e.value).split(": ", 1)[1] in r.stderr


def test_options_as_keywords(run_fairyc):
    """Booleans, numbers, lists and trailing underscores."""
    with fairyc.compile("N", board="8x8", from_="a1", moved=True,
                        moved_squares=["a1", "b1"], O=2) as c:
        assert c.ok
    with fairyc.compile("N", board="8x8", zone=["1:a8-h8"], W=[]) as c:
        assert c.board.squares == 64
    with pytest.raises(TypeError):
        fairyc.compile("N", board=1.5)  # type: ignore


# -- lifetime ------------------------------------------------------------------

def test_use_after_close_raises():
    c = fairyc.compile("N", board="8x8")
    p = c.position()
    p.close()
    with pytest.raises(ValueError):
        p.place("a1", "P")
    with pytest.raises(ValueError):
        c.destinations(0, "a1", p)
    c.close()
    c.close()
    assert c.closed and "closed" in repr(c)
    for use in (lambda: c.ok, lambda: c.diagnostics, lambda: c.board,
                lambda: c.emit("json"), lambda: c.destinations(0, "a1"),
                lambda: c.square("a1"), lambda: c.square_name(0),
                lambda: c.position()):
        with pytest.raises(ValueError, match="closed"):
            use()


def test_position_keeps_its_compilation():
    p = fairyc.compile("N", board="5x5").position("5/5/2P2/5/5")
    gc.collect()
    p.place("a1", "p")
    p.close()


def test_finalizers_free_without_close():
    for _ in range(200):
        c = fairyc.compile("N", board="8x8")
        c.position()
    gc.collect()


def test_threads_share_a_compilation():
    with fairyc.compile("QN", board="10x10") as c:
        errors: List[BaseException] = []

        def work() -> None:
            try:
                for sq in range(100):
                    c.destinations(0, sq)
                    c.emit("betza")
            except BaseException as e:  # noqa: B902
                errors.append(e)
        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []


def test_threads_each_with_a_compilation():
    """Different compilations in different threads at the same time (the
    claim of docs/python.md): each thread's answers are the ones it gets
    alone."""
    notations = ["N", "QN", "WF", "R", "B", "NN"]
    alone = {}
    for n in notations:
        with fairyc.compile(n, board="10x10") as c:
            alone[n] = [[d.square for d in c.destinations(0, sq)]
                        for sq in range(100)]
    errors: List[BaseException] = []
    got: Dict[str, List[List[int]]] = {}

    def work(n: str) -> None:
        try:
            with fairyc.compile(n, board="10x10") as c:
                got[n] = [[d.square for d in c.destinations(0, sq)]
                          for sq in range(100)]
                c.emit("betza")
        except BaseException as e:  # noqa: B902
            errors.append(e)
    threads = [threading.Thread(target=work, args=(n,)) for n in notations]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and got == alone


# Placements with walls ('*') and pieces, read by the C API with fairyc's
# parser: the destinations equal fairyc --position=... --emit=json's.
WALL_PLACEMENTS = [
    ("*p6/8/8/8/8/8/8/R7", "a1", "R"),
    ("8/8/8/2*5/8/2*5/8/Q7", "a1", "Q"),
    ("8/8/8/8/3**3/3Q4/8/8", "d3", "Q"),
    ("8/8/8/8/8/1*6/2*5/N7", "a1", "N"),
    ("8/8/2p5/1*6/8/8/8/8", "a1", "B"),
    ("r6*/8/8/8/8/8/8/R6*", "a1", "R"),
]


@pytest.mark.parametrize("case", range(len(WALL_PLACEMENTS)))
def test_placements_with_walls_are_fairyc_s(run_fairyc, case):
    fen, frm, letter = WALL_PLACEMENTS[case]
    with fairyc.compile(letter, "betza", board="8x8") as c, \
            c.position(fen) as p:
        r = run_fairyc(["-x", "betza", letter, "--board=8x8",
                        "--position=" + fen, "--from=" + frm,
                        "--emit=json"])
        assert r.returncode == 0, r.stderr
        expected = moves_of(json.loads(r.stdout)["moves"][0])
        assert moves_from(c.destinations(0, frm, p)) == expected
    if fen.startswith("*p6"):
        # The pawn on b8, behind the wall on a8: the rook stops at a7.
        assert expected["quiet"][-1] == "h1" and "a8" not in expected["quiet"]


@pytest.mark.parametrize("bad", ["8/8/8", "9/8/8/8/8/8/8/8",
                                 "8/8/8/8/8/8/8/7", "8/8/8/8/8/8/8/R6?",
                                 "8/8/8/8/8/8/8/8 x"])
def test_bad_placements_are_refused_in_fairyc_s_words(run_fairyc, bad):
    r = run_fairyc(["-x", "betza", "R", "--board=8x8", "--position=" + bad,
                    "--from=a1", "--emit=json"])
    assert r.returncode != 0
    with fairyc.compile("R", board="8x8") as c, c.position() as p:
        p.place("h8", "q")
        with pytest.raises(ValueError) as e:
            p.set_placement(bad)
        reason = str(e.value).split(": ", 1)[1]
        assert reason in r.stderr, (reason, r.stderr)
        # The position is unchanged.
        assert "h8" in {d.name for d in c.destinations(0, "h1", p)
                        if d.capture}
        with pytest.raises(ValueError):
            c.position(bad)


def test_non_ascii_letters_and_far_squares_are_refused():
    with fairyc.compile_file(os.path.join(ROOT, "examples/chess.fairy")) as c:
        for key in ("\u00e9", "\u00df", "\u0416"):
            with pytest.raises(KeyError):
                c.piece(key)
        with c.position() as p:
            for letter in ("\u00e9", "\u00df"):
                with pytest.raises(ValueError):
                    p.place("e4", letter)
        for index in (2**32 + 3, 64, -1, 2**64):
            with pytest.raises(KeyError):
                c.square_name(index)
        assert c.square_name(3) == "d1"


def import_with(env: Dict[str, str], cwd: str) -> "subprocess.CompletedProcess[str]":
    """Imports the package in a fresh interpreter; prints the library."""
    package = os.path.dirname(HERE)
    return subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, %r); "
         "import fairyc; print(fairyc.library_path())" % package],
        capture_output=True, text=True, env=env, cwd=cwd)


def test_library_lookup(tmp_path, fairyc_tool):
    """FAIRYC_LIBRARY first and checked; else the fairyc on PATH's; a
    library of another API version or none at all is refused, naming
    where it looked."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("FAIRYC_LIBRARY", "LD_LIBRARY_PATH",
                        "PKG_CONFIG_PATH")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    r = import_with(dict(env, FAIRYC_LIBRARY=str(tmp_path / "no.so")),
                    str(tmp_path))
    assert "LibraryNotFound: FAIRYC_LIBRARY=%s: no such file" % (
        tmp_path / "no.so") in r.stderr
    tools = os.path.dirname(os.path.abspath(fairyc_tool))
    r = import_with(dict(env, PATH=tools + os.pathsep + env["PATH"]),
                    str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert os.path.samefile(r.stdout.strip(), fairyc.library_path())
    cc = shutil.which("cc")
    if not cc:
        pytest.skip("no C compiler for a library of another API version")
    (tmp_path / "fake.c").write_text("int fairy_api_version(void) "
                                     "{ return 99; }\n")
    fake = tmp_path / "libfairy.so"
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(fake),
                    str(tmp_path / "fake.c")], check=True)
    r = import_with(dict(env, FAIRYC_LIBRARY=str(fake)), str(tmp_path))
    assert "%s has the C API version 99; this package needs 1" % fake \
        in r.stderr


def test_version():
    assert fairyc.version().count(".") == 2
    assert fairyc.api_version() == fairyc.API_VERSION == 1

"""fairyc from Python: compile fairy-chess piece movement, ask where a piece
goes, emit any of fairyc's outputs.

A thin layer over libfairy's C API (fairy/fairy.h) through ctypes::

    import fairyc
    with fairyc.compile("RN", notation="betza", board="8x8") as c:
        for d in c.destinations(0, "d4"):
            print(d.name, d.kinds)
        print(c.emit("diagram"))

Options are fairyc's, as keyword arguments: `board_style="chess"` is
`--board-style=chess`, `True`/`False` are 1/0, a list repeats the option,
`from_="e4"` is `--from=e4`. docs/python.md is the reference.
"""
import ctypes
import enum
import os
import threading
import weakref
from dataclasses import dataclass
from typing import (Any, Callable, Dict, List, NoReturn, Optional, Sequence,
                    Tuple, TypeVar, Union)

from . import _capi
from ._capi import API_VERSION, LibraryNotFound

__all__ = [
    "API_VERSION", "Backend", "Board", "CompileError", "Compilation",
    "Destination", "Diagnostic", "EmitError", "FairyError",
    "LibraryNotFound", "MoveKind", "OptionError", "Piece", "Position",
    "Severity", "Side", "api_version", "backends", "compile", "compile_file",
    "library_path", "version",
]

_lib, _library_path = _capi.load()

PathLike = Union[str, "os.PathLike[str]"]
OptionValue = Union[str, int, bool, None, Sequence[Union[str, int, bool]]]


def library_path() -> str:
    """Where the libfairy in use was found (docs/python.md says the
    order)."""
    return _library_path


def version() -> str:
    """libfairy's release, e.g. "0.2.0"."""
    return _text(_lib.fairy_version())


def api_version() -> int:
    """The C API version of the library loaded (API_VERSION)."""
    return int(_lib.fairy_api_version())


class Severity(enum.IntEnum):
    ERROR = 0
    WARNING = 1
    NOTE = 2
    REMARK = 3

    def __str__(self) -> str:
        return self.name.lower()


class Side(enum.IntEnum):
    WHITE = 0
    BLACK = 1


class MoveKind(enum.IntFlag):
    """What a move to a destination does (bits; several may hold)."""
    QUIET = 1  #: a move that captures nothing ends there
    CAPTURE = 2  #: the piece there is captured
    REMOTE = 4  #: a move ends there capturing elsewhere
    PROMOTE = 8  #: a move to it promotes

    def __str__(self) -> str:
        """"quiet", "capture|promote", as fairyc --emit=json's keys."""
        names = [k.name.lower() for k in (MoveKind.QUIET, MoveKind.CAPTURE,
                                           MoveKind.REMOTE, MoveKind.PROMOTE)
                 if k.name and k & self]
        return "|".join(names) or "none"


@dataclass(frozen=True)
class Diagnostic:
    """An error or warning of compiling or emitting."""
    severity: Severity
    file: str  #: "<input>", a path, or "" when unlocated
    line: int  #: 1-based; 0 when unlocated
    column: int  #: 1-based, in bytes; 0 when unlocated
    message: str  #: without location or severity
    name: str  #: the warning's -W name, or ""

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file
            if self.line:
                where += ":%d" % self.line
                if self.column:
                    where += ":%d" % self.column
            where += ": "
        flag = " [-W%s]" % self.name if self.name else ""
        return "%s%s: %s%s" % (where, self.severity, self.message, flag)


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    depth: int
    squares: int  #: numbered file + width * (rank + height * level), a1 = 0


@dataclass(frozen=True)
class Piece:
    index: int
    name: str
    letter: Optional[str]  #: upper case (Black's is its lower case), or None


@dataclass(frozen=True)
class Destination:
    square: int  #: the square's index
    name: str  #: the square's name, "e4"
    kinds: MoveKind

    @property
    def quiet(self) -> bool:
        return bool(self.kinds & MoveKind.QUIET)

    @property
    def capture(self) -> bool:
        return bool(self.kinds & MoveKind.CAPTURE)

    @property
    def remote(self) -> bool:
        return bool(self.kinds & MoveKind.REMOTE)

    @property
    def promote(self) -> bool:
        return bool(self.kinds & MoveKind.PROMOTE)


@dataclass(frozen=True)
class Backend:
    name: str  #: as emit() and fairyc --emit take it
    help: str  #: one line


class FairyError(Exception):
    """Every error of this package but LibraryNotFound (an ImportError)."""


class CompileError(FairyError):
    """The input has errors: `diagnostics` locates them."""

    def __init__(self, diagnostics: List[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.severity == Severity.ERROR]
        super().__init__("\n".join(str(d) for d in errors or diagnostics) or
                         "the input did not compile")


class EmitError(FairyError):
    """A back end cannot write this input: `diagnostics` says why."""

    def __init__(self, message: str, diagnostics: List[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        errors = [str(d) for d in diagnostics if d.severity == Severity.ERROR]
        super().__init__("\n".join([message] + errors))


class OptionError(FairyError, ValueError):
    """An unknown option or a bad value, in fairyc's words (the valid
    values and the nearest are named)."""

    def __init__(self, message: str, option: str) -> None:
        self.option = option  #: the option's name as fairyc spells it
        super().__init__(message)


def backends() -> List[Backend]:
    """Every emit kind, in fairyc --help's order."""
    out: List[Backend] = []
    i = 0
    while True:
        name = _lib.fairy_backend_name(i)
        if name is None:
            return out
        out.append(Backend(_text(name), _text(_lib.fairy_backend_help(i))))
        i += 1


def _text(b: Optional[bytes]) -> str:
    return b.decode("utf-8", "replace") if b else ""


def _option_name(name: str) -> str:
    """board_style -> board-style; from_ -> from."""
    return name.rstrip("_").replace("_", "-")


def _option_values(value: OptionValue) -> List[str]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        out = []
        for v in value:
            out += _option_values(v)
        return out
    if isinstance(value, bool):
        return ["1" if value else "0"]
    if isinstance(value, (str, int)):
        return [str(value)]
    if isinstance(value, os.PathLike):
        return [os.fspath(value)]
    raise TypeError("option value %r: a str, int, bool or a list of them"
                    % (value,))


class _Options:
    """A fairy_options handle filled from keyword arguments."""

    def __init__(self, options: Dict[str, OptionValue]) -> None:
        self.handle = _lib.fairy_options_create()
        if not self.handle:
            raise MemoryError("fairy_options_create")
        try:
            for key, value in options.items():
                name = _option_name(key)
                for v in _option_values(value):
                    s = _lib.fairy_options_set(self.handle, name.encode(),
                                               v.encode())
                    if s != _capi.OK:
                        raise OptionError(
                            _text(_lib.fairy_options_error(self.handle)),
                            name)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self.handle:
            _lib.fairy_options_destroy(self.handle)
            self.handle = None

    def __enter__(self) -> "_Options":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def compile(text: Union[str, bytes], notation: str = "betza", *,
            check: bool = True, **options: OptionValue) -> "Compilation":
    """Compiles `text` in `notation` ("parlett", "betza", "fairy",
    "formula", "ir", or "pieces" for a piece file's text) with fairyc's
    options. Raises CompileError when the input has errors (with
    check=False: returns the compilation, whose `ok` is False). Bytes go
    to fairyc as they are (as a file's would: text that is not UTF-8 is
    an error located at its byte); a str is encoded as UTF-8."""
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    with _Options(options) as o:
        handle = _lib.fairy_compile(notation.encode(), data, len(data),
                                    o.handle)
    return Compilation._adopt(handle, check)


def compile_file(path: PathLike, variant: Optional[str] = None, *,
                 check: bool = True,
                 **options: OptionValue) -> "Compilation":
    """Compiles a notation file (notation from its extension or the
    `notation` option), a piece file (.fairy) or, with `variant`, that
    section of a Fairy-Stockfish variants.ini."""
    if variant is not None:
        options["variant"] = variant
    with _Options(options) as o:
        handle = _lib.fairy_compile_file(os.fsencode(path), o.handle)
    return Compilation._adopt(handle, check)


SideLike = Union[Side, str]
SquareLike = Union[int, str]
PieceLike = Union[int, str, Piece]


def _side(side: SideLike) -> Side:
    if isinstance(side, Side):
        return side
    try:
        return Side[str(side).upper()]
    except KeyError:
        raise ValueError("side %r: 'white' or 'black'" % (side,)) from None


def _raise_closed(what: str) -> NoReturn:
    raise ValueError("the %s is closed" % what)


_Self = TypeVar("_Self", bound="_Owned")


class _Owned:
    """What a Compilation and a Position share: a handle of the C API that
    a finalizer frees, closed once, usable in a with block, and refused
    (ValueError) once closed."""
    _what = "handle"
    _handle: Optional[int]
    _finalizer: weakref.finalize

    def close(self) -> None:
        """Frees the handle (and nothing of what was read from it); a
        second call does nothing."""
        self._finalizer()
        self._handle = None

    @property
    def closed(self) -> bool:
        return self._handle is None

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _h(self) -> int:
        h = self._handle
        return h if h is not None else _raise_closed(self._what)


class Compilation(_Owned):
    """The pieces of one input on its board, and its diagnostics.

    Frees what the C API allocated on close(), at the end of a with block,
    or when collected. One thread at a time: calls on one compilation are
    serialized by a lock; different compilations run in parallel.
    """

    _what = "compilation"
    _lock: threading.RLock

    def __init__(self) -> None:
        raise TypeError("use fairyc.compile or fairyc.compile_file")

    @classmethod
    def _adopt(cls, handle: Optional[int], check: bool) -> "Compilation":
        if not handle:
            raise MemoryError("libfairy ran out of memory compiling")
        self = cls.__new__(cls)
        self._handle = handle
        self._lock = threading.RLock()
        self._finalizer = weakref.finalize(
            self, _lib.fairy_compilation_destroy, handle)
        if check and not self.ok:
            diagnostics = self.diagnostics
            self.close()
            raise CompileError(diagnostics)
        return self

    # -- lifetime --
    def close(self) -> None:
        """Frees the compilation (and nothing of what was read from it);
        a second call does nothing."""
        with self._lock:
            super().close()

    def _call(self, f: Callable[..., Any], *args: Any) -> Any:
        with self._lock:
            return f(self._h(), *args)

    # -- results --
    @property
    def ok(self) -> bool:
        """True if the input compiled without errors."""
        return bool(self._call(_lib.fairy_compilation_ok))

    @property
    def diagnostics(self) -> List[Diagnostic]:
        """Errors and warnings of compiling and of every emit so far."""
        with self._lock:
            h = self._h()
            out = []
            d = _capi.Diagnostic()
            for i in range(_lib.fairy_diagnostic_count(h)):
                if _lib.fairy_diagnostic_get(h, i, ctypes.byref(d)) != _capi.OK:
                    continue
                out.append(Diagnostic(Severity(d.severity), _text(d.file),
                                      d.line, d.column, _text(d.message),
                                      _text(d.name)))
            return out

    @property
    def board(self) -> Board:
        with self._lock:
            h = self._h()
            return Board(_lib.fairy_board_width(h), _lib.fairy_board_height(h),
                         _lib.fairy_board_depth(h),
                         _lib.fairy_board_squares(h))

    @property
    def pieces(self) -> List[Piece]:
        """One piece for a notation; every piece for a piece file."""
        with self._lock:
            h = self._h()
            out = []
            for i in range(_lib.fairy_piece_count(h)):
                letter = _lib.fairy_piece_letter(h, i)
                out.append(Piece(i, _text(_lib.fairy_piece_name(h, i)),
                                 letter.decode() if letter != b"\0" else None))
            return out

    def piece(self, key: PieceLike) -> Piece:
        """The piece of index `key`, letter `key` (either case) or name
        `key`; KeyError when there is none."""
        pieces = self.pieces
        if isinstance(key, Piece):
            key = key.index
        if isinstance(key, int):
            if 0 <= key < len(pieces):
                return pieces[key]
        else:
            for p in pieces:
                if p.name == key:
                    return p
            if len(key) == 1 and key.isascii():
                i = self._call(_lib.fairy_piece_find, key.encode())
                if i >= 0:
                    return pieces[int(i)]
        raise KeyError("no piece %r; the pieces: %s" % (
            key, ", ".join("%s (%s)" % (p.name, p.letter or p.index)
                           for p in pieces)))

    def square(self, name: SquareLike) -> int:
        """The index of square `name` ("e4", or "5,4"); an index is
        checked and returned. KeyError when the board has no such square."""
        if isinstance(name, int):
            if 0 <= name < self.board.squares:
                return name
        else:
            i = self._call(_lib.fairy_square_index, name.encode())
            if i >= 0:
                return int(i)
        raise KeyError("no square %r on this %s board" % (
            name, "x".join(str(n) for n in self._dims())))

    def _dims(self) -> Tuple[int, ...]:
        b = self.board
        return (b.width, b.height) + ((b.depth,) if b.depth > 1 else ())

    def square_name(self, index: int) -> str:
        """The name of square `index`; KeyError for no square of the
        board (checked here: the C API takes an unsigned int)."""
        if not 0 <= index < self.board.squares:
            raise KeyError("no square %d on this board" % index)
        with self._lock:
            h = self._h()
            length = ctypes.c_size_t(0)
            buf = ctypes.create_string_buffer(16)
            s = _lib.fairy_square_name(h, index, buf, len(buf),
                                       ctypes.byref(length))
            if s == _capi.BUFFER_TOO_SMALL:
                buf = ctypes.create_string_buffer(length.value + 1)
                s = _lib.fairy_square_name(h, index, buf, len(buf),
                                           ctypes.byref(length))
            if s != _capi.OK:
                raise KeyError("no square %d on this board" % index)
            return _text(buf.value)

    def position(self, placement: Optional[str] = None) -> "Position":
        """An empty position on this board, or the pieces of a FEN-like
        `placement` ("8/8/3p4/...": ranks from the top, upper case White)."""
        p = Position(self)
        if placement:
            try:
                p.set_placement(placement)
            except BaseException:
                p.close()
                raise
        return p

    def destinations(self, piece: PieceLike, from_square: SquareLike,
                     position: Optional["Position"] = None,
                     side: SideLike = "white",
                     moved: bool = False) -> List[Destination]:
        """Where piece `piece` (index, letter or name) of `side` standing
        on `from_square` can go, in `position` (None: an empty board),
        `moved` if it has moved before; in square order."""
        index = self.piece(piece).index
        frm = self.square(from_square)
        s = _side(side)
        with self._lock:
            h = self._h()
            p = position._h() if position is not None else None
            count = ctypes.c_size_t(0)
            out = (_capi.Destination * 64)()
            while True:
                status = _lib.fairy_destinations(
                    h, index, p, frm, int(s), int(bool(moved)), out,
                    len(out), ctypes.byref(count))
                if status != _capi.BUFFER_TOO_SMALL:
                    break
                out = (_capi.Destination * count.value)()
            if status != _capi.OK:
                raise FairyError(_text(_lib.fairy_last_error(h)))
            result = []
            for d in out[:count.value]:
                result.append(Destination(d.square,
                                          self.square_name(d.square),
                                          MoveKind(d.kinds)))
            return result

    def emit(self, kind: str) -> str:
        """The output of `fairyc --emit=KIND` for this input and options
        (kinds: backends()). EmitError when the back end cannot write this
        input, OptionError for an unknown kind."""
        with self._lock:
            h = self._h()
            length = ctypes.c_size_t(0)
            s = _lib.fairy_emit(h, kind.encode(), None, 0,
                                ctypes.byref(length))
            if s == _capi.BUFFER_TOO_SMALL:
                buf = ctypes.create_string_buffer(length.value + 1)
                s = _lib.fairy_emit(h, kind.encode(), buf, len(buf),
                                    ctypes.byref(length))
                if s == _capi.OK:
                    return buf.raw[:length.value].decode("utf-8", "replace")
            message = _text(_lib.fairy_last_error(h))
            if s == _capi.INVALID_ARGUMENT:
                raise OptionError(message, "emit")
            if s == _capi.ERROR:
                raise EmitError(message, self.diagnostics)
            raise FairyError(message or "fairy_emit: status %d" % s)

    def __repr__(self) -> str:
        if self._handle is None:
            return "<fairyc.Compilation closed>"
        return "<fairyc.Compilation %s, %d pieces on %s>" % (
            "ok" if self.ok else "failed", len(self.pieces),
            "x".join(str(n) for n in self._dims()) if self.ok else "-")


class Position(_Owned):
    """What stands on the board of a compilation: own and enemy pieces.

    Made by Compilation.position(); freed on close(), at the end of a with
    block, or when collected. It keeps its compilation alive.
    """

    _what = "position"

    def __init__(self, compilation: Compilation) -> None:
        self._compilation = compilation
        handle = compilation._call(_lib.fairy_position_create)
        if not handle:
            raise FairyError("no position on a compilation that failed")
        self._handle: Optional[int] = handle
        self._finalizer = weakref.finalize(self, _lib.fairy_position_destroy,
                                           handle)

    def place(self, square: SquareLike, letter: str,
              side: Optional[SideLike] = None, moved: bool = False) -> None:
        """Puts a piece of type `letter` on `square`: of `side`, or when
        None, White's for an upper-case letter and Black's for lower case.
        `moved`: it has moved before."""
        if len(letter) != 1 or not (letter.isascii() and letter.isalpha()):
            raise ValueError("letter %r: one letter, a-z or A-Z" % (letter,))
        s = _side(side) if side is not None else (
            Side.WHITE if letter.isupper() else Side.BLACK)
        index = self._compilation.square(square)
        if _lib.fairy_position_place(self._h(), index, int(s),
                                     letter.encode(),
                                     int(bool(moved))) != _capi.OK:
            raise ValueError("cannot place %r on %r" % (letter, square))

    def clear(self, square: SquareLike) -> None:
        """Empties `square`."""
        index = self._compilation.square(square)
        if _lib.fairy_position_clear(self._h(), index) != _capi.OK:
            raise ValueError("cannot clear %r" % (square,))

    def set_placement(self, placement: str) -> None:
        """Sets the whole position from a FEN placement, read as fairyc
        --position reads it (fairy_position_set_placement): ranks from the
        top separated by '/', digits for empty squares, upper case White,
        lower case Black, '*' for a wall (no square in this position),
        levels from the bottom separated by '|' on a 3-D board. ValueError
        with fairyc's reason for text it refuses (the position unchanged)."""
        if _lib.fairy_position_set_placement(
                self._h(), placement.encode()) != _capi.OK:
            raise ValueError("placement %r: %s" % (placement, _text(
                _lib.fairy_position_error(self._h()))))

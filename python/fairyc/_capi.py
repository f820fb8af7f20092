"""Finding libfairy and declaring its C API (fairy/fairy.h) to ctypes.

The library is looked for, first found wins:

1. the path in the environment variable FAIRYC_LIBRARY;
2. libfairy.so* bundled next to this package;
3. PREFIX/lib and PREFIX/lib64 for each folder PREFIX above this package
   (the package installed into fairyc's own install prefix);
4. the system's (ctypes.util.find_library("fairy"): ldconfig's cache,
   LD_LIBRARY_PATH);
5. pkg-config's `--variable=libdir fairyc` (PKG_CONFIG_PATH);
6. the library of the fairyc on PATH: PREFIX/lib of an installed
   PREFIX/bin/fairyc, BUILD/lib/CAPI of a build tree's BUILD/tools/fairyc;
7. build/lib/CAPI of the source tree this package sits in (python/ of a
   fairyc checkout built with scripts/build.sh).

LibraryNotFound names every place looked at.
"""
import ctypes
import ctypes.util
import glob
import os
import shutil
import subprocess
from typing import List, Optional, Tuple

#: The C API version (FAIRY_API_VERSION) this package was written for.
API_VERSION = 1


class LibraryNotFound(ImportError):
    """libfairy was not found, or is one of another API version."""


class Diagnostic(ctypes.Structure):
    _fields_ = [("severity", ctypes.c_int), ("file", ctypes.c_char_p),
                ("line", ctypes.c_uint), ("column", ctypes.c_uint),
                ("message", ctypes.c_char_p), ("name", ctypes.c_char_p)]


class Destination(ctypes.Structure):
    _fields_ = [("square", ctypes.c_uint), ("kinds", ctypes.c_uint)]


OK, ERROR, INVALID_ARGUMENT, BUFFER_TOO_SMALL, OUT_OF_MEMORY = range(5)

_P = ctypes.c_void_p
_S = ctypes.c_char_p
_SIZE = ctypes.c_size_t
_SIZE_P = ctypes.POINTER(ctypes.c_size_t)

# name: (result, arguments)
_SIGNATURES = {
    "fairy_api_version": (ctypes.c_int, []),
    "fairy_version": (_S, []),
    "fairy_options_create": (_P, []),
    "fairy_options_destroy": (None, [_P]),
    "fairy_options_set": (ctypes.c_int, [_P, _S, _S]),
    "fairy_options_error": (_S, [_P]),
    "fairy_compile": (_P, [_S, _S, _SIZE, _P]),
    "fairy_compile_file": (_P, [_S, _P]),
    "fairy_compilation_destroy": (None, [_P]),
    "fairy_compilation_ok": (ctypes.c_int, [_P]),
    "fairy_diagnostic_count": (_SIZE, [_P]),
    "fairy_diagnostic_get": (ctypes.c_int,
                             [_P, _SIZE, ctypes.POINTER(Diagnostic)]),
    "fairy_last_error": (_S, [_P]),
    "fairy_board_width": (ctypes.c_uint, [_P]),
    "fairy_board_height": (ctypes.c_uint, [_P]),
    "fairy_board_depth": (ctypes.c_uint, [_P]),
    "fairy_board_squares": (ctypes.c_uint, [_P]),
    "fairy_square_index": (ctypes.c_long, [_P, _S]),
    "fairy_square_name": (ctypes.c_int,
                          [_P, ctypes.c_uint, ctypes.c_char_p, _SIZE,
                           _SIZE_P]),
    "fairy_piece_count": (_SIZE, [_P]),
    "fairy_piece_name": (_S, [_P, _SIZE]),
    "fairy_piece_letter": (ctypes.c_char, [_P, _SIZE]),
    "fairy_piece_find": (ctypes.c_long, [_P, ctypes.c_char]),
    "fairy_position_create": (_P, [_P]),
    "fairy_position_destroy": (None, [_P]),
    "fairy_position_place": (ctypes.c_int,
                             [_P, ctypes.c_uint, ctypes.c_int, ctypes.c_char,
                              ctypes.c_int]),
    "fairy_position_clear": (ctypes.c_int, [_P, ctypes.c_uint]),
    "fairy_position_set_placement": (ctypes.c_int, [_P, _S]),
    "fairy_position_error": (_S, [_P]),
    "fairy_destinations": (ctypes.c_int,
                           [_P, _SIZE, _P, ctypes.c_uint, ctypes.c_int,
                            ctypes.c_int, ctypes.POINTER(Destination), _SIZE,
                            _SIZE_P]),
    "fairy_emit": (ctypes.c_int, [_P, _S, ctypes.c_char_p, _SIZE, _SIZE_P]),
    "fairy_backend_name": (_S, [_SIZE]),
    "fairy_backend_help": (_S, [_SIZE]),
}


def _pkg_config_libdir() -> Optional[str]:
    if not shutil.which("pkg-config"):
        return None
    try:
        r = subprocess.run(["pkg-config", "--variable=libdir", "fairyc"],
                           capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    libdir = r.stdout.strip()
    return libdir if r.returncode == 0 and libdir else None


def candidates(notes: Optional[List[str]] = None) -> List[str]:
    """Where the library is looked for, in order (paths, or a bare name
    for the dynamic loader); `notes` gets the steps that found nothing."""
    here = os.path.dirname(os.path.abspath(__file__))
    notes = notes if notes is not None else []
    out = []
    env = os.environ.get("FAIRYC_LIBRARY")
    if env:
        out.append(env)
    out += sorted(glob.glob(os.path.join(here, "libfairy.so*")))
    folder = os.path.dirname(here)
    while True:
        for lib in ("lib", "lib64"):
            out.append(os.path.join(folder, lib, "libfairy.so"))
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    system = ctypes.util.find_library("fairy")
    if system:
        out.append(system)
    else:
        notes.append("the system's libraries (find_library)")
    libdir = _pkg_config_libdir()
    if libdir:
        out.append(os.path.normpath(os.path.join(libdir, "libfairy.so")))
    else:
        notes.append("pkg-config fairyc")
    tool = shutil.which("fairyc")
    if tool:
        top = os.path.dirname(os.path.dirname(os.path.realpath(tool)))
        out.append(os.path.join(top, "lib", "libfairy.so"))
        out.append(os.path.join(top, "lib", "CAPI", "libfairy.so"))
    else:
        notes.append("a fairyc on PATH")
    source = os.path.dirname(os.path.dirname(here))
    if os.path.exists(os.path.join(source, "include", "fairy", "CAPI",
                                   "fairy.h")):
        out.append(os.path.join(source, "build", "lib", "CAPI",
                                "libfairy.so"))
    return out


def load() -> Tuple[ctypes.CDLL, str]:
    """libfairy, its functions declared, and where it was found;
    LibraryNotFound when none of the candidates loads or the one found is
    of another API version."""
    tried: List[str] = []
    notes: List[str] = []
    env = os.environ.get("FAIRYC_LIBRARY")
    for path in candidates(notes):
        if os.sep in path and not os.path.exists(path):
            if path == env:
                raise LibraryNotFound(
                    "FAIRYC_LIBRARY=%s: no such file" % path)
            tried.append(path)
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            if path == env:
                raise LibraryNotFound("FAIRYC_LIBRARY=%s: %s" % (path, e))
            tried.append("%s (%s)" % (path, e))
            continue
        try:
            lib.fairy_api_version.restype = ctypes.c_int
            lib.fairy_api_version.argtypes = []
            version = lib.fairy_api_version()
            if version != API_VERSION:
                raise LibraryNotFound(
                    "%s has the C API version %d; this package needs %d"
                    % (path, version, API_VERSION))
            for name, (result, arguments) in _SIGNATURES.items():
                f = getattr(lib, name)
                f.restype = result
                f.argtypes = arguments
        except AttributeError as e:
            raise LibraryNotFound("%s is not libfairy: %s" % (path, e))
        return lib, path
    seen = []
    for t in tried:
        if t not in seen:
            seen.append(t)
    raise LibraryNotFound(
        "libfairy was not found; set FAIRYC_LIBRARY to its path "
        "(docs/python.md). Looked at: " + ", ".join(seen) +
        ("; found nothing in: " + ", ".join(notes) if notes else ""))

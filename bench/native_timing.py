#!/usr/bin/env python3
"""bench/wasm_timing.cjs's questions asked of native fairyc, to compare.

    bench/native_timing.py BUILD_DIR [RUNS]

The same two pieces (knight and Chu Shogi lion `KNADcaKmcpafK`, same
boards, squares and enemy) as bench/wasm_timing.cjs, RUNS times each
(default 20): `compile` and `destinations` through libfairy's C API
(BUILD_DIR/lib/CAPI/libfairy.so, called with ctypes: the calls fairyc.js
makes in the module), and the playground's whole answer from
`BUILD_DIR/tools/fairyc serve` (the same JSON body as the page's
playgroundCompile, POSTed to /api/compile on 127.0.0.1, one connection per
request as the page asks). Prints a Markdown table in milliseconds.
docs/performance.md ("fairyc in WebAssembly") quotes it.
"""
import ctypes
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

# (label, text, board, from, enemy square or None): wasm_timing.cjs's PIECES.
PIECES = [
    ("knight `N`, 8x8, from d4", "N", "8x8", "d4", None),
    ("Chu Shogi lion `KNADcaKmcpafK`, 12x12, from f6, an enemy on e6",
     "KNADcaKmcpafK", "12x12", "f6", "e6"),
]


class Destination(ctypes.Structure):
    _fields_ = [("square", ctypes.c_uint), ("kinds", ctypes.c_uint)]


def load(build):
    lib = ctypes.CDLL(os.path.join(build, "lib", "CAPI", "libfairy.so"))
    vp = ctypes.c_void_p
    for name, res, args in [
            ("fairy_options_create", vp, []),
            ("fairy_options_destroy", None, [vp]),
            ("fairy_options_set", ctypes.c_int,
             [vp, ctypes.c_char_p, ctypes.c_char_p]),
            ("fairy_compile", vp,
             [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, vp]),
            ("fairy_compilation_destroy", None, [vp]),
            ("fairy_square_index", ctypes.c_long, [vp, ctypes.c_char_p]),
            ("fairy_position_create", vp, [vp]),
            ("fairy_position_destroy", None, [vp]),
            ("fairy_position_place", ctypes.c_int,
             [vp, ctypes.c_uint, ctypes.c_int, ctypes.c_char, ctypes.c_int]),
            ("fairy_destinations", ctypes.c_int,
             [vp, ctypes.c_size_t, vp, ctypes.c_uint, ctypes.c_int,
              ctypes.c_int, ctypes.POINTER(Destination), ctypes.c_size_t,
              ctypes.POINTER(ctypes.c_size_t)])]:
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    return lib


def answer(lib, text, board, frm, enemy):
    """compile and destinations, as fairyc.js's compile().destinations()."""
    opts = lib.fairy_options_create()
    lib.fairy_options_set(opts, b"board", board.encode())
    data = text.encode()
    c = lib.fairy_compile(b"betza", data, len(data), opts)
    lib.fairy_options_destroy(opts)
    pos = lib.fairy_position_create(c)
    if enemy:
        lib.fairy_position_place(pos, lib.fairy_square_index(c, enemy.encode()),
                                 1, b"p", 0)
    out, count = (Destination * 256)(), ctypes.c_size_t(0)
    st = lib.fairy_destinations(c, 0, pos, lib.fairy_square_index(
        c, frm.encode()), 0, 0, out, 256, ctypes.byref(count))
    lib.fairy_position_destroy(pos)
    lib.fairy_compilation_destroy(c)
    if st != 0 or count.value == 0:
        sys.exit("native_timing: no destinations for %s" % text)


def main():
    build = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    lib = load(build)
    server = subprocess.Popen([os.path.join(build, "tools", "fairyc"),
                               "serve", "--port=0"],
                              stdout=subprocess.PIPE, text=True)
    rows = []
    try:
        url = re.search(r"http://\S+/", server.stdout.readline()).group(0)
        for label, text, board, frm, enemy in PIECES:
            times = []
            for _ in range(runs):
                t = time.perf_counter()
                answer(lib, text, board, frm, enemy)
                times.append((time.perf_counter() - t) * 1000)
            rows.append((label + ": `compile` and `destinations` (C API)",
                         times))
            body = json.dumps({"notation": "betza", "text": text,
                               "board": board, "from": frm,
                               "pieces": [{"square": enemy, "side": "enemy"}]
                               if enemy else []}, separators=(",", ":"))
            times = []
            for _ in range(runs):
                req = urllib.request.Request(
                    url + "api/compile", data=body.encode(), method="POST",
                    headers={"Content-Type": "application/json"})
                t = time.perf_counter()
                urllib.request.urlopen(req, timeout=60).read()
                times.append((time.perf_counter() - t) * 1000)
            rows.append((label + ": the playground's whole answer "
                         "(`fairyc serve`)", times))
    finally:
        server.terminate()
        server.wait(timeout=30)
    print("native fairyc (%s), %d runs\n" % (build, runs))
    print("| what | median ms | slowest ms |\n|---|---|---|")
    for what, times in rows:
        # wasm_timing.cjs's median: the upper one of an even count.
        median = sorted(times)[len(times) // 2]
        print("| %s | %.1f | %.1f |" % (what, median, max(times)))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Feeds names, titles and paths full of control bytes and of the other
outputs' syntax (quotes, */, ]]>, newlines, [section], key =) through every
--emit kind and --list-variants, and checks each output: no raw control
byte but line feed and tab; C compiles (gcc -fsyntax-only), SVG is XML,
JSON is JSON, DOT is read by Graphviz when it is installed, a variants.ini
has one section. Prints "ok KIND SOURCE" per output, "FAIL ..." otherwise.

    escape_outputs.py FAIRYC TMPDIR
"""
import json
import os
import re
import shutil
import subprocess
import sys
import xml.dom.minidom

FAIRYC, TMP = sys.argv[1], sys.argv[2]
EVIL = "\x1b]52;c;ZXZpbA==\x07\x1b[31m\u009b2J\x01\x7f\x0b\x0c \"'*/ ]]> <!-- --> ??= \\ }"
KINDS = ["diagram", "ir", "json", "dot", "svg", "ctable", "bitboard",
         "betza", "fairy", "parlett", "variants-ini"]
RAW = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]")
failed = False


def check(kind, source, args):
    global failed
    run = subprocess.run([FAIRYC] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    out, err = run.stdout, run.stderr
    problems = []
    for name, data in (("stdout", out), ("stderr", err)):
        m = RAW.search(data)
        if m:
            problems.append("raw byte %r in %s at %d: %r" % (
                m.group(), name, m.start(), data[max(0, m.start() - 40):m.start() + 20]))
    if run.returncode not in (0, 1):
        problems.append("exit %d" % run.returncode)
    text = out.decode("utf-8", "replace")
    try:
        if run.returncode == 0 and kind in ("ctable", "bitboard"):
            path = os.path.join(TMP, "out.h")
            with open(path, "wb") as f:
                f.write(out)
            c = subprocess.run(["gcc", "-std=c99", "-fsyntax-only", "-Wall",
                                "-Werror", "-x", "c", path],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            if c.returncode:
                problems.append("gcc: " + c.stdout.decode()[:400])
        elif run.returncode == 0 and kind == "svg":
            xml.dom.minidom.parseString(out)
        elif run.returncode == 0 and kind == "json":
            json.loads(text)
        elif run.returncode == 0 and kind == "dot" and shutil.which("dot"):
            d = subprocess.run(["dot", "-Tsvg"], input=out,
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
            if d.returncode:
                problems.append("dot: " + d.stderr.decode()[:400])
        elif run.returncode == 0 and kind == "variants-ini":
            lines = [l for l in text.split("\n") if l.strip()]
            headers = [l for l in lines if l.startswith("[")]
            other = [l for l in lines if not l.startswith("[") and
                     not l.startswith("#") and
                     not re.match(r"[A-Za-z][A-Za-z0-9]* = [^\[]*$", l)]
            if len(headers) != 1 or other:
                problems.append("sections or keys made: %r" % text)
    except Exception as e:  # a parser refused the output
        problems.append("%s: %s" % (type(e).__name__, e))
    if problems:
        failed = True
        print("FAIL %s %s: %s" % (kind, source, "; ".join(problems)))
    else:
        print("ok %s %s" % (kind, source))


# A piece file whose title, piece names and path carry the text.
piece_name = EVIL.replace("\\", "\\\\").replace('"', '\\"')
# (The path's "*/" is a directory ending in '*'.)
folder = os.path.join(TMP, "evil\x1b[2J\x07\n[x]\nk = v *")
os.makedirs(folder, exist_ok=True)
fairy = os.path.join(folder, " ]]> --> \x1b]0;t\x07.fairy")
with open(fairy, "w") as f:
    f.write('game "%s";\nboard 8x8;\npiece "%s" N betza "N";\n'
            'piece "%s2" K royal betza "K";\nstart "8/8/8/8/8/8/8/N3K3 w";\n'
            % (piece_name, piece_name, piece_name))
for kind in KINDS:
    check(kind, "piece-file", [fairy, "--emit=" + kind, "-w"])
check("dot-automaton", "piece-file", [fairy, "--emit=dot", "--dot=automaton", "-w"])
for kind in ("json", "svg", "diagram"):
    check(kind, "position", [fairy, "--position=start", "--emit=" + kind, "-w"])

# A piece file fairyc writes reads back to the same names and title.
def names(path):
    run = subprocess.run([FAIRYC, path, "--emit=json", "-w"],
                         stdout=subprocess.PIPE, check=True)
    data = json.loads(run.stdout)
    return data["title"], [p["name"] for p in data["pieces"]]
written = os.path.join(TMP, "written.fairy")
with open(written, "wb") as f:
    f.write(subprocess.run([FAIRYC, fairy, "--emit=betza", "-w"],
                           stdout=subprocess.PIPE, check=True).stdout)
if names(written) == names(fairy) and names(fairy)[0] == EVIL:
    print("ok round-trip piece-file")
else:
    failed = True
    print("FAIL round-trip piece-file: %r != %r" % (names(written), names(fairy)))

# One notation in a file whose path carries the text.
notation = os.path.join(folder, " ]]> \x1b]0;t\x07.betza")
with open(notation, "w") as f:
    f.write("N")
for kind in KINDS:
    check(kind, "notation-file", [notation, "--emit=" + kind, "-w"])

# A variants.ini whose section names, parents and piece types carry it
# (no line breaks: the text is one line of the file).
line = EVIL.replace("\n", "")
ini = os.path.join(TMP, "evil.ini")
with open(ini, "w") as f:
    f.write("[%s:chess]\ncustomPiece%s = a:W\nmaxRank = %s\n"
            "[ok:%s]\n[orphan:%s-missing]\n[named%s]\ncustomPiece1 = b:N\n"
            % (line, line, 8, line, line, line))
check("list-variants", "variants.ini", ["--import=" + ini, "--list-variants"])
for kind in KINDS:
    check(kind, "variants.ini", ["--import=" + ini, "--variant=named" + line,
                                 "--emit=" + kind, "-w"])
# Diagnostics that quote the names.
check("diagnostics", "variants.ini", ["--import=" + ini, "--variant=orphan"])
check("diagnostics-json", "variants.ini", ["--import=" + ini, "--variant=orphan",
                                           "--diagnostics=json"])
check("diagnostics", "unknown-variant", ["--import=" + ini, "--variant=" + line + "x"])
sys.exit(1 if failed else 0)

#!/usr/bin/env python3
"""diagnostic_suite.py FAIRYC CASES: runs the typical mistakes (and the valid
inputs) of CASES, one JSON object per line, through FAIRYC with
--diagnostics=json and checks each as a user would meet it:

  {"name": ..., "x": NOTATION, "input": TEXT, "args": [...],
   "at": "L:C-L:C",      the first diagnostic's range (or "L:C" its place)
   "says": TEXT,         a part of its message
   "warning": NAME,      (optional) it is this warning, not an error
   "fixed": TEXT,        (optional) the input with its fix-its applied: it
                         must then compile without an error
   "means": TEXT}        (optional) and move as this text does (its diagram
                         on 8x8 from d4, for one notation's piece)
  {"name": ..., "x": ..., "input": ..., "valid": true}
                         no diagnostic at all, compiled and linted

An error exits 1 and a warning 0 (exit statuses are checked). Prints one
line per case and a summary; exits 1 if any case fails.
"""
import json
import subprocess
import sys


def run(fairyc, notation, text, args):
    r = subprocess.run([fairyc, "-x", notation, "-e", text,
                        "--diagnostics=json"] + args,
                       capture_output=True, text=True, timeout=60)
    start = r.stderr.find("[")
    diags = json.loads(r.stderr[start:]) if start >= 0 else []
    return r.returncode, diags, r.stdout


def apply_fixits(text, fixits):
    """The text with the fix-its (1-based line/column, end exclusive)."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line.encode()) + 1)
    data = text.encode()

    def offset(p):
        return starts[p["line"] - 1] + p["column"] - 1

    for f in sorted(fixits, key=lambda f: offset(f["begin"]), reverse=True):
        b, e = offset(f["begin"]), offset(f["end"])
        data = data[:b] + f["text"].encode() + data[e:]
    return data.decode()


def where(d):
    if not d["ranges"]:
        return "%d:%d" % (d["line"], d["column"])
    r = d["ranges"][0]
    return "%d:%d-%d:%d" % (r["begin"]["line"], r["begin"]["column"],
                            r["end"]["line"], r["end"]["column"])


def diagram(fairyc, notation, text):
    return run(fairyc, notation, text, ["--board=8x8", "--from=d4"])[2]


def check(fairyc, case):
    x, text, args = case["x"], case["input"], case.get("args", [])
    status, diags, _ = run(fairyc, x, text, args + ["--lint"])
    if case.get("valid"):
        if status != 0 or diags:
            return "expected no diagnostic, got status %d: %s" % (
                status, [d["message"] for d in diags])
        status, diags, _ = run(fairyc, x, text, args + ["--emit=ir"])
        if status != 0 or diags:
            return "compiling it: status %d: %s" % (
                status, [d["message"] for d in diags])
        return None
    if not diags:
        return "no diagnostic (status %d)" % status
    first = diags[0]
    want_status = 0 if case.get("warning") else 1
    if case.get("warning"):
        if first["severity"] != "warning" or first["name"] != case["warning"]:
            return "expected -W%s, got %s %s" % (
                case["warning"], first["severity"], first["name"])
    elif first["severity"] != "error":
        return "expected an error, got a %s" % first["severity"]
    if status != want_status:
        return "exit status %d, expected %d" % (status, want_status)
    if case["says"] not in first["message"]:
        return "message %r lacks %r" % (first["message"], case["says"])
    if where(first) != case["at"] and \
            "%d:%d" % (first["line"], first["column"]) != case["at"]:
        return "at %s (%d:%d), expected %s" % (
            where(first), first["line"], first["column"], case["at"])
    if "fixed" in case:
        if not first["fixits"]:
            return "no fix-it, expected one giving %r" % case["fixed"]
        fixed = apply_fixits(text, first["fixits"])
        if fixed != case["fixed"]:
            return "the fix-it gives %r, expected %r" % (fixed, case["fixed"])
        status, diags, _ = run(fairyc, x, fixed, args + ["--emit=ir"])
        errors = [d["message"] for d in diags if d["severity"] == "error"]
        if status != 0 or errors:
            return "the fixed input does not compile: %s" % errors
        if "means" in case and diagram(fairyc, x, fixed) != \
                diagram(fairyc, x, case["means"]):
            return "the fixed input does not move as %r" % case["means"]
    elif first["fixits"]:
        return "a fix-it where none is right: %s" % first["fixits"]
    return None


def main():
    fairyc, path = sys.argv[1], sys.argv[2]
    cases = [json.loads(l) for l in open(path, encoding="utf-8")
             if l.strip() and not l.startswith("#")]
    failed = 0
    for case in cases:
        problem = check(fairyc, case)
        print("%s: %s" % (case["name"], problem or "ok"))
        failed += problem is not None
    mistakes = sum(1 for c in cases if not c.get("valid"))
    print("%d mistakes and %d valid inputs, %d failed" % (
        mistakes, len(cases) - mistakes, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

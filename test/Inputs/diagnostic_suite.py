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

A case may instead be a section of a Fairy-Stockfish variants.ini, imported
with fairyc --import=FILE (the text written to a temporary file):

  {"name": ..., "ini": TEXT, "args": ["--variant=S", ...], "at", "says",
   "warning", "fixed": TEXT (the ini with its fix-its applied, which must
   then import without an error), "means": TEXT (an ini whose import the
   fixed one's --emit=betza equals), "file": NAME (the buffer reported in,
   "--position" for a position; default the ini), "lint": false (run as
   given, to reach what --lint does not: --position)}
  {"name": ..., "ini": TEXT, "args": [...], "valid": true}

or fairyc's command line alone, for a mistake in an option (reported with
no place, as clang reports its driver's errors):

  {"name": ..., "argv": [...], "says": TEXT,
   "arg": N, "fixed": [...]}  (optional) the suggestion ("did you mean
                         'X'?") made argument N (the option's value, or the
                         whole argument when the suggestion is an option):
                         the command line must become "fixed" and run
                         without an error

An error exits 1 and a warning 0 (exit statuses are checked). Prints one
line per case and a summary; exits 1 if any case fails.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def diagnostics(stderr):
    """The JSON array of --diagnostics=json, else the lines fairyc printed
    before it could read that option (an unknown argument, a value cl::opt
    refuses) as diagnostics with no place."""
    start = stderr.find("[\n") if not stderr.startswith("[") else 0
    if start >= 0:
        return json.loads(stderr[start:])
    diags = []
    for line in stderr.splitlines():
        if line.startswith("fairyc: "):
            message = line[len("fairyc: "):]
            severity = "error"
            for kind in ("error: ", "warning: "):
                if message.startswith(kind):
                    severity, message = kind[:-2], message[len(kind):]
            diags.append({"severity": severity, "message": message,
                          "name": None, "file": None, "ranges": [],
                          "fixits": []})
    return diags


def run(fairyc, notation, text, args):
    r = subprocess.run([fairyc, "-x", notation, "-e", text,
                        "--diagnostics=json"] + args,
                       capture_output=True, text=True, timeout=60)
    return r.returncode, diagnostics(r.stderr), r.stdout


def run_ini(fairyc, text, args, path):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    r = subprocess.run([fairyc, "--import=" + path, "--diagnostics=json"] +
                       args, capture_output=True, text=True, timeout=60)
    return r.returncode, diagnostics(r.stderr), r.stdout


def run_argv(fairyc, argv):
    r = subprocess.run([fairyc] + argv + ["--diagnostics=json"],
                       capture_output=True, text=True, timeout=60)
    return r.returncode, diagnostics(r.stderr), r.stdout


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


def first_problem(case, status, diags):
    """What is wrong with the first diagnostic of a mistake, else None."""
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
    if "at" not in case:
        if first["file"] is not None or first["ranges"]:
            return "placed at %s:%s, expected no place" % (
                first["file"], where(first))
        return None
    if first["file"] is None:
        return "no place, expected %s" % case["at"]
    if where(first) != case["at"] and \
            "%d:%d" % (first["line"], first["column"]) != case["at"]:
        return "at %s (%d:%d), expected %s" % (
            where(first), first["line"], first["column"], case["at"])
    return None


def fixit_problem(case, first, text, fixed_problem):
    """What is wrong with the fix-it of \p first (the first diagnostic of a
    mistake): none where the case expects one, another text than
    case["fixed"], or \p fixed_problem of the fixed text; or a fix-it
    where the case expects none."""
    if "fixed" not in case:
        if first["fixits"]:
            return "a fix-it where none is right: %s" % first["fixits"]
        return None
    if not first["fixits"]:
        return "no fix-it, expected one giving %r" % case["fixed"]
    fixed = apply_fixits(text, first["fixits"])
    if fixed != case["fixed"]:
        return "the fix-it gives %r, expected %r" % (fixed, case["fixed"])
    return fixed_problem(fixed)


def betza_of(fairyc, text, args, path):
    """The piece set an ini section imports to, written in Betza, without
    the header comment (which names the file)."""
    _, _, out = run_ini(fairyc, text, args + ["--emit=betza", "-w"], path)
    return [l for l in out.splitlines() if not l.startswith("//")]


def check_ini(fairyc, case, tmp):
    text, args = case["ini"], case.get("args", [])
    path = os.path.join(tmp, "case.ini")
    lint = ["--lint"] if case.get("lint", True) else []
    status, diags, _ = run_ini(fairyc, text, args + lint, path)
    if case.get("valid"):
        if status != 0 or diags:
            return "expected no diagnostic, got status %d: %s" % (
                status, [d["message"] for d in diags])
        status, diags, _ = run_ini(fairyc, text, args + ["--emit=betza"],
                                   path)
        errors = [d["message"] for d in diags if d["severity"] == "error"]
        if status != 0 or errors:
            return "importing it: status %d: %s" % (status, errors)
        return None
    problem = first_problem(case, status, diags)
    if problem:
        return problem
    first = diags[0]
    want_file = case.get("file", path)
    if "at" in case and first["file"] != want_file:
        return "reported in %s, expected %s" % (first["file"], want_file)
    def fixed_problem(fixed):
        status, diags, _ = run_ini(fairyc, fixed, args + ["--lint"], path)
        errors = [d["message"] for d in diags if d["severity"] == "error"]
        if status != 0 or errors:
            return "the fixed ini does not import: %s" % errors
        same = [d["message"] for d in diags if d["name"] == first["name"] and
                d["line"] == first["line"]]
        if same:
            return "the fixed ini still warns: %s" % same
        if "means" in case and betza_of(fairyc, fixed, args, path) != \
                betza_of(fairyc, case["means"], args, path):
            return "the fixed ini does not import as %r" % case["means"]
        return None
    return fixit_problem(case, first, text, fixed_problem)


def suggestion(message):
    """The "did you mean" of a message: 'X', or [X] for a section."""
    m = re.search(r"did you mean '([^']*)'\?", message) or \
        re.search(r"did you mean \[([^\]]*)\]\?", message)
    return m.group(1) if m else None


def check_argv(fairyc, case):
    argv = case["argv"]
    status, diags, _ = run_argv(fairyc, argv)
    problem = first_problem(case, status, diags)
    if problem:
        return problem
    if "fixed" not in case:
        if suggestion(diags[0]["message"]):
            return "a suggestion where none is right: %s" % diags[0]["message"]
        return None
    said = suggestion(diags[0]["message"])
    if said is None:
        return "no suggestion, expected one giving %r" % case["fixed"]
    fixed = list(argv)
    bad = fixed[case["arg"]]
    if said.startswith("-") or "=" not in bad:
        fixed[case["arg"]] = said
    else:
        fixed[case["arg"]] = bad[:bad.index("=") + 1] + said
    if fixed != case["fixed"]:
        return "the suggestion gives %r, expected %r" % (fixed, case["fixed"])
    status, diags, _ = run_argv(fairyc, fixed)
    errors = [d["message"] for d in diags if d["severity"] == "error"]
    if status != 0 or errors:
        return "the fixed command line fails: %s" % errors
    return None


def check(fairyc, case, tmp):
    if "ini" in case:
        return check_ini(fairyc, case, tmp)
    if "argv" in case:
        return check_argv(fairyc, case)
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
    problem = first_problem(case, status, diags)
    if problem:
        return problem
    first = diags[0]
    def fixed_problem(fixed):
        status, diags, _ = run(fairyc, x, fixed, args + ["--emit=ir"])
        errors = [d["message"] for d in diags if d["severity"] == "error"]
        if status != 0 or errors:
            return "the fixed input does not compile: %s" % errors
        if "means" in case and diagram(fairyc, x, fixed) != \
                diagram(fairyc, x, case["means"]):
            return "the fixed input does not move as %r" % case["means"]
        return None
    return fixit_problem(case, first, text, fixed_problem)


def main():
    fairyc, path = sys.argv[1], sys.argv[2]
    cases = [json.loads(l) for l in open(path, encoding="utf-8")
             if l.strip() and not l.startswith("#")]
    failed = 0
    with tempfile.TemporaryDirectory(prefix="diagnostic-suite-") as tmp:
        for case in cases:
            problem = check(fairyc, case, tmp)
            print("%s: %s" % (case["name"], problem or "ok"))
            failed += problem is not None
    mistakes = sum(1 for c in cases if not c.get("valid"))
    print("%d mistakes and %d valid inputs, %d failed" % (
        mistakes, len(cases) - mistakes, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

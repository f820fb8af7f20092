#!/usr/bin/env python3
"""Runs the examples of a Markdown document and compares their output.

Every ```console block of the document is a session: lines starting with
"$ " are commands (run by the shell from the repository root, with the
tools of the build first on PATH; "build/tools/" in a command, as the
README writes it, is left to PATH too, whatever the build directory), and
the lines up to the next command are
what the command prints, standard error and standard output together, as
a terminal shows them. Prints "<doc>: N examples match" or every
difference, and exits 1 if there is one.

Usage: doc_examples.py DOCUMENT REPOSITORY_ROOT [--update]
With --update, rewrites each documented output to what the command prints
(after a deliberate change; review the diff).
"""
import difflib
import re
import subprocess
import sys


def sessions(text):
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        command, expected = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    yield command, expected
                command, expected = line[2:], []
            elif command is not None:
                expected.append(line)
        if command is not None:
            yield command, expected


def main():
    doc, root = sys.argv[1], sys.argv[2]
    update = sys.argv[3:] == ["--update"]
    text = open(doc).read()
    failures = count = 0
    for command, expected in sessions(text):
        count += 1
        r = subprocess.run(command.replace("build/tools/", ""), shell=True,
                           cwd=root, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        got = [l.rstrip() for l in r.stdout.splitlines()]
        want = [l.rstrip() for l in expected]
        while want and not want[-1]:
            want.pop()
        if got != want and update:
            old = "$ " + command + "\n" + "".join(l + "\n" for l in expected)
            new = "$ " + command + "\n" + "".join(l + "\n" for l in got)
            text = text.replace(old, new, 1)
        elif got != want:
            failures += 1
            print("MISMATCH: $ " + command)
            print("\n".join(difflib.unified_diff(want, got, "documented",
                                                 "actual", lineterm="")))
    if update:
        open(doc, "w").write(text)
    if failures:
        print("%s: %d of %d examples differ" % (doc, failures, count))
        return 1
    print("%s: %d examples match" % (doc.split("/")[-1], count))
    return 0


if __name__ == "__main__":
    sys.exit(main())

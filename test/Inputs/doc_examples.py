#!/usr/bin/env python3
"""Runs the examples of a Markdown document and compares their output.

Every ```console block of the document is a session: lines starting with
"$ " are commands (run by the shell from the repository root, with the
tools of the build first on PATH; "build/tools/" in a command, as the
README writes it, is left to PATH too, whatever the build directory), and
the lines up to the next command are
what the command prints, standard error and standard output together, as
a terminal shows them. Every ```sh block holds commands whose output is
not shown, or shown abbreviated (the lines not starting with "$ "): each
runs from a scratch directory in which the repository's files are reached
by the same relative paths (so the files it writes land there) and must
exit 0. A block of any other kind with a "$ " line is an example nobody
runs, and an error. Prints "<doc>: N examples match" or every difference,
and exits 1 if there is one.

Usage: doc_examples.py DOCUMENT REPOSITORY_ROOT [--update]
       doc_examples.py --unrun REPOSITORY_ROOT
The second form runs nothing: it lists the blocks of README.md and every
page under docs/ that show a command no test runs.
With --update, rewrites each documented output to what the command prints
(after a deliberate change; review the diff).
"""
import difflib
import os
import re
import subprocess
import sys
import tempfile


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


def commands(text):
    """The commands of the ```sh blocks; a line ending in a backslash goes
    on with the next."""
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        command = None
        for line in block.splitlines():
            if command is not None:
                command += "\n" + line
            elif line.startswith("$ "):
                command = line[2:]
            if command is not None and not line.endswith("\\"):
                yield command
                command = None


def unrun(text):
    """First lines of blocks neither console nor sh that show a command."""
    for kind, block in re.findall(r"```(\w*)\n(.*?)```", text, re.S):
        if kind not in ("console", "sh") and re.search(r"^\$ ", block, re.M):
            yield block.splitlines()[0]


def run_in_scratch(command, root):
    """Runs \p command in a scratch directory holding links to the
    repository's top-level entries; returns (status, output)."""
    with tempfile.TemporaryDirectory() as scratch:
        for entry in os.listdir(root):
            if not entry.startswith("."):
                os.symlink(os.path.abspath(os.path.join(root, entry)),
                           os.path.join(scratch, entry))
        r = subprocess.run(command.replace("build/tools/", ""), shell=True,
                           cwd=scratch, text=True, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        return r.returncode, r.stdout


def main():
    if sys.argv[1] == "--unrun":
        root, found = sys.argv[2], 0
        pages = [os.path.join(root, "README.md")]
        for here, _, files in sorted(os.walk(os.path.join(root, "docs"))):
            pages += [os.path.join(here, f) for f in sorted(files)
                      if f.endswith(".md")]
        for page in pages:
            for first in unrun(open(page).read()):
                found += 1
                print("NOT RUN: %s: %s" % (os.path.relpath(page, root), first))
        print("%d pages, %d blocks with commands no test runs"
              % (len(pages), found))
        return 1 if found else 0
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
    for command in commands(text):
        count += 1
        status, output = run_in_scratch(command, root)
        if status != 0:
            failures += 1
            print("FAILED (exit %d): $ %s\n%s" % (status, command, output))
    for first in unrun(text):
        failures += 1
        print("NOT RUN: a block that is neither console nor sh shows a "
              "command: " + first)
    if update:
        open(doc, "w").write(text)
    if failures:
        print("%s: %d of %d examples differ" % (doc, failures, count))
        return 1
    print("%s: %d examples match" % (doc.split("/")[-1], count))
    return 0


if __name__ == "__main__":
    sys.exit(main())

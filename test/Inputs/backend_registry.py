#!/usr/bin/env python3
"""backend_registry.py HELP BACKENDS_MD: checks that the back ends fairyc
--help offers for --emit (HELP: its output) are the ones docs/backends.md
lists in its table of back ends, in both directions, with the same help
lines. (The registry itself is checked against the same table through the
C API by CAPITest.BackendRegistryIsDocumented, so --help, the page and the
registry are one list.) Prints 'N back ends: --help and docs/backends.md
agree', or each difference and exits 1."""
import re
import sys


def help_backends(text):
    """{name: help} of the values listed under --emit=<...> in --help."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.match(r"\s*--emit[= ]<[^>]*>\s+- ", line):
            break
    else:
        sys.exit("no --emit=<value> in fairyc --help")
    found = {}
    for line in lines[i + 1:]:
        m = re.match(r"\s+=(\S+)\s+-\s+(.*?)\s*$", line)
        if not m:
            break
        # --help may mark the default value; the registry's line has no mark.
        found[m.group(1)] = re.sub(r"\s*\(default\)$", "", m.group(2))
    return found


def documented_backends(text):
    """{name: help} of docs/backends.md's table whose header starts
    '| `--emit=` |': the name in the first column's backquotes, the help
    line in the second column."""
    found, in_table = {}, False
    for line in text.splitlines():
        if line.startswith("| `--emit=` |"):
            in_table = True
            continue
        if not in_table or line.startswith("|---"):
            continue
        if not line.startswith("| `"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        found[re.match(r"`([^`]+)`", cells[0]).group(1)] = cells[1]
    if not in_table:
        sys.exit("docs/backends.md has no table headed '| `--emit=` |'")
    return found


def main():
    offered = help_backends(open(sys.argv[1], encoding="utf-8").read())
    listed = documented_backends(open(sys.argv[2], encoding="utf-8").read())
    problems = []
    for name in offered:
        if name not in listed:
            problems.append("--emit=%s is not in docs/backends.md" % name)
        elif offered[name] != listed[name]:
            problems.append("--emit=%s: --help says '%s', docs/backends.md '%s'"
                            % (name, offered[name], listed[name]))
    for name in listed:
        if name not in offered:
            problems.append("docs/backends.md lists '%s', which --help does "
                            "not offer" % name)
    if list(offered) != [n for n in listed if n in offered]:
        problems.append("not in the same order: --help %s, docs/backends.md %s"
                        % (", ".join(offered), ", ".join(listed)))
    for p in problems:
        print("error: " + p)
    if problems:
        sys.exit(1)
    print("%d back ends: --help and docs/backends.md agree" % len(offered))


main()

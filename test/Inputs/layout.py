#!/usr/bin/env python3
"""layout.py ROOT: checks that the headers mirror the libraries
(docs/architecture.md): every folder lib/<Folder> has its headers
in include/fairy/<Folder>, every include/fairy/<Folder> that holds files is
a library's, and docs/architecture.md's table of libraries names every
lib/<Folder>. Prints 'N libraries, each with include/fairy/<Folder>', or
each problem and exits 1."""
import os
import sys

root = sys.argv[1]
lib = os.path.join(root, "lib")
inc = os.path.join(root, "include", "fairy")


def folders(path):
    return sorted(d for d in os.listdir(path)
                  if os.path.isdir(os.path.join(path, d)))


def holds_files(path):
    return any(files for _, _, files in os.walk(path))


libraries = folders(lib)
problems = []
for d in libraries:
    if not os.path.isdir(os.path.join(inc, d)):
        problems.append("lib/%s has no include/fairy/%s" % (d, d))
    elif not holds_files(os.path.join(inc, d)):
        problems.append("include/fairy/%s is empty" % d)
for d in folders(inc):
    if d not in libraries and holds_files(os.path.join(inc, d)):
        problems.append("include/fairy/%s is no library's: there is no lib/%s"
                        % (d, d))
arch = os.path.join(root, "docs", "architecture.md")
if os.path.exists(arch):
    text = open(arch, encoding="utf-8").read()
    for d in libraries:
        if "`lib/%s`" % d not in text:
            problems.append("docs/architecture.md does not name `lib/%s`" % d)
for p in problems:
    print("error: " + p)
if problems:
    sys.exit(1)
print("%d libraries, each with include/fairy/<Folder>" % len(libraries))

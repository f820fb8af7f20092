"""Applies the fix-its of fairyc --diagnostics=json (read on standard
input) to the one-line text of argv[1] and prints the result; argv[2], if
given, keeps only the fix-its of that warning. test/Lint checks with it
that a fix-it applied compiles to the same moves."""
import json
import sys


def apply(text, diagnostics, name=None):
    fixes = [f for d in diagnostics if name is None or d['name'] == name
             for f in d['fixits']]
    # From the right, so the columns on the left stay valid.
    for f in sorted(fixes, key=lambda f: f['begin']['column'], reverse=True):
        begin, end = f['begin']['column'] - 1, f['end']['column'] - 1
        text = text[:begin] + f['text'] + text[end:]
    return text


if __name__ == '__main__':
    print(apply(sys.argv[1], json.load(sys.stdin),
                sys.argv[2] if len(sys.argv) > 2 else None))

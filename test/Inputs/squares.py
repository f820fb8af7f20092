#!/usr/bin/env python3
"""Prints fairyc --emit=json moves as one sorted line per origin:
'd4 quiet: b3 b5 ... capture: ...' for FileCheck, and ' remote: ...' if a
move captured on a square it left,
' promote: ...' if a move promotes."""
import json
import sys

def squares(names):
    return "".join(" " + n for n in sorted(names))


for m in json.load(sys.stdin)["moves"]:
    line = "%s quiet:%s capture:%s" % (m["from"], squares(m["quiet"]),
                                       squares(m["capture"]))
    if m["remote"]:  # captures on squares the move left (locust)
        line += " remote:" + squares(m["remote"])
    if m.get("promote"):  # destinations where the piece promotes
        line += " promote:" + squares(m["promote"])
    print(line)

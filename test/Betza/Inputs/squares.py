#!/usr/bin/env python3
"""Prints fairyc --emit=json moves as one sorted line per origin:
'd4 quiet: b3 b5 ... capture: ...' for FileCheck."""
import json
import sys

def squares(names):
    return "".join(" " + n for n in sorted(names))


for m in json.load(sys.stdin)["moves"]:
    print("%s quiet:%s capture:%s" % (m["from"], squares(m["quiet"]),
                                      squares(m["capture"])))

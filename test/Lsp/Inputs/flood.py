#!/usr/bin/env python3
"""Sends fairyc-lsp a header line of SIZE bytes with no line end, in 1 MiB
writes, and prints how the server ended and its peak memory.

    flood.py SIZE [SERVER]

A server that reads the line before it checks its length holds all of it
(std::getline grew a string to SIZE); one that checks while it reads stops
after its limit, so its peak memory does not depend on SIZE.
"""
import os
import subprocess
import sys


def main():
    size = int(sys.argv[1])
    server = sys.argv[2] if len(sys.argv) > 2 else "fairyc-lsp"
    p = subprocess.Popen([server, "--sync"], stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    chunk = b"Content-Length: 2" + b"x" * ((1 << 20) - 17)
    sent = 0
    try:
        while sent < size:
            p.stdin.write(chunk)
            sent += len(chunk)
        p.stdin.close()
    except BrokenPipeError:
        pass  # the server stopped reading
    finally:
        try:
            p.stdin.close()
        except BrokenPipeError:
            pass
    err = p.stderr.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    sys.stdout.write(err)
    print("exit status %d" % p.returncode)
    # ru_maxrss is in KiB on Linux. A sanitizer build starts larger, so the
    # bound is a quarter of what was sent, not a fixed size.
    kib = usage.ru_maxrss
    if kib * 1024 < size // 4:
        print("peak memory: under a quarter of the line")
    else:
        print("peak memory: %d MiB for a line of %d MiB" % (kib >> 10, size >> 20))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Runs fairyc-lsp on the messages of a test file and prints its answers.

    lsp.py TESTFILE [SERVER]

The server runs with --sync (each message handled in turn, as clangd's
tests run it with -sync), so that its answers come in a fixed order; the
threaded server is driven by test/Lsp/concurrency.py.

Every line "# MSG: {...}" of TESTFILE is one JSON-RPC message ("@TESTDIR@"
in it stands for the directory of TESTFILE, for documents next to files of
the tests); each is framed with its Content-Length header and sent in order, then the stream is
closed. The server's messages are printed one per line, as compact JSON with
sorted keys, for FileCheck; then "exit status N".
"""
import json
import os
import subprocess
import sys


def main():
    test, server = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "fairyc-lsp"
    stream = b""
    testdir = os.path.dirname(os.path.abspath(test))
    for line in open(test, encoding="utf-8"):
        if line.startswith("# MSG: "):
            body = line[len("# MSG: "):].strip().replace("@TESTDIR@", testdir)
            body = body.encode("utf-8")
            stream += b"Content-Length: %d\r\n\r\n" % len(body) + body
    r = subprocess.run([server, "--sync"], input=stream, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60)
    out = r.stdout
    while out:
        head, _, rest = out.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        body, out = rest[:length], rest[length:]
        print(json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")))
    sys.stderr.write(r.stderr.decode("utf-8", "replace"))
    print("exit status %d" % r.returncode)


if __name__ == "__main__":
    main()

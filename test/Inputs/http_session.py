#!/usr/bin/env python3
"""Starts `fairyc serve --port=0`, sends the requests of a test file, prints
the answers.

    http_session.py TESTFILE [FAIRYC]

Lines of TESTFILE that send a request:
    # GET: /path
    # POST: /path {json}          (the rest of the line is the body)
    # POST-BYTES: /path N         (a body of N bytes 'a')
    # SERVE-AGAIN:                (a second server on the same port: its
                                    error and exit status)
For each answer: "status N", the Content-Type and Content-Security-Policy
headers, then the body -- JSON with sorted keys, one "key: value" line per
top-level field, an "svg" field replaced by its size and followed by the
picture's data-square lines; other bodies as "body: " and their first line.
Then the server is stopped; its standard error is printed at the end.
"""
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request


def send(base, method, path, body):
    req = urllib.request.Request(base + path.lstrip("/"), data=body,
                                 method=method)
    if body is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def show(status, headers, body):
    print("status %d" % status)
    for h in ("Content-Type", "Content-Security-Policy"):
        if headers.get(h):
            print("%s: %s" % (h, headers.get(h)))
    if headers.get("Content-Type", "").startswith("application/json"):
        answer = json.loads(body)
        for key in sorted(answer):
            value = answer[key]
            if key == "svg":
                print("svg: %d bytes" % len(value))
                for line in value.splitlines():
                    if "data-square" in line:
                        print("svg| " + line.strip())
            else:
                print("%s: %s" % (key, json.dumps(value, sort_keys=True)))
    else:
        text = body.decode("utf-8", "replace")
        print("body: " + (text.splitlines() or [""])[0])
    print("--")


def main():
    test = sys.argv[1]
    fairyc = sys.argv[2] if len(sys.argv) > 2 else "fairyc"
    server = subprocess.Popen([fairyc, "serve", "--port=0", "--log"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        line = server.stdout.readline()
        print(line.rstrip("\n"))
        m = re.search(r"(http://\S+/)", line)
        if not m:
            sys.exit("the server did not say where it listens")
        base = m.group(1)
        for line in open(test, encoding="utf-8"):
            if line.startswith("# GET: "):
                show(*send(base, "GET", line[7:].strip(), None))
            elif line.startswith("# POST: "):
                path, _, body = line[8:].strip().partition(" ")
                show(*send(base, "POST", path, body.encode("utf-8")))
            elif line.startswith("# SERVE-AGAIN:"):
                port = re.search(r":(\d+)/$", base).group(1)
                r = subprocess.run([fairyc, "serve", "--port=" + port],
                                   capture_output=True, text=True, timeout=30)
                print(r.stderr.rstrip("\n"))
                print("exit status %d" % r.returncode)
            elif line.startswith("# POST-BYTES: "):
                path, _, n = line[14:].strip().partition(" ")
                show(*send(base, "POST", path, b"a" * int(n)))
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
        sys.stdout.write("server log:\n" + err)


if __name__ == "__main__":
    main()

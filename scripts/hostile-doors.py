#!/usr/bin/env python3
"""hostile-scan.py's sibling for the doors: sends hostile inputs to a
running `fairyc serve` and `fairyc-lsp` and reports each one that breaks the
rule of docs/playground.md and docs/editors.md: a request not answered (or
refused) within 1 s (a compilation: within its 2 s budget), a server that
died, a server over 256 MB, or another
client kept waiting over 1 s while it ran.

    scripts/hostile-doors.py [BUILD_TOOLS_DIR] [--only serve|lsp]

The inputs: every hostile notation of hostile-scan.py as the text of
/api/compile (every notation, three boards) and as an open document of the
LSP (hovered, listed, formatted), and a catalogue of malformed requests and
messages. Traffic goes to 127.0.0.1 only; every loop is bounded. Not a CI
test (it takes minutes); its findings become tests in test/Playground and
test/Lsp. Prints one line per violation and a summary.
"""
import argparse
import importlib.util
import json
import os
import re
import select
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "hostile_scan", os.path.join(HERE, "hostile-scan.py"))
hostile_scan = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hostile_scan)

LIMIT_S = 1.0
# A compilation is stopped at fairyc serve's --compile-budget (2000 ms) and
# answered with a diagnostic; the answer may take that long.
COMPILE_LIMIT_S = 2.5
LIMIT_MB = 256
EXT = {"betza": ".betza", "parlett": ".parlett", "fairy": ".fn",
       "formula": ".mf", "ir": ".fir"}


def rss_mb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        return -1
    return -1


# --- fairyc serve ---------------------------------------------------------

def http(port, raw, timeout=10):
    start = time.monotonic()
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    got = b""
    try:
        s.sendall(raw)
        while True:
            c = s.recv(65536)
            if not c:
                break
            got += c
    except OSError:
        pass
    finally:
        s.close()
    m = re.match(rb"HTTP/1\.1 (\d+)", got.split(b"\r\n\r\n")[-2]
                 if got.startswith(b"HTTP/1.1 100") else got)
    return (int(m.group(1)) if m else None), time.monotonic() - start


def post(port, body, ctype="application/json", extra=""):
    if isinstance(body, str):
        body = body.encode("utf-8", "surrogateescape")
    return ("POST /api/compile HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
            "Content-Type: %s\r\nContent-Length: %d\r\n%s\r\n"
            % (port, ctype, len(body), extra)).encode() + body


def serve_cases(port):
    for name, notation, text, _ in hostile_scan.cases():
        for board in ("8x8", "16x16", "3x3x3"):
            body = json.dumps({"notation": notation, "text": text,
                               "board": board, "pieces": [
                                   {"square": "a1", "side": "enemy"}]})
            yield "compile %s %s" % (name, board), post(port, body)
    deep = "[" * 100000
    yield "deep array", post(port, deep)
    yield "deep object", post(port, '{"a":' * 50000)
    yield "many pieces", post(port, json.dumps({
        "notation": "betza", "text": "Q", "board": "64x64", "pieces": [
            {"square": "a%d" % (i % 64 + 1), "side": "own"}
            for i in range(5000)]}))
    yield "huge board", post(port, json.dumps(
        {"notation": "betza", "text": "QNNcpRcpBcaKcaKcaK", "board": "999x999"}))
    yield "3d board of 60 levels", post(port, json.dumps(
        {"notation": "ir", "text": "sym<d4>(leg(1,0; empty))",
         "board": "8x8x60"}))
    yield "escapes in strings", post(port, json.dumps(
        {"notation": "betza", "text": "\u001b]52;c;aGk=\u0007N\ud800"},
        ensure_ascii=True))
    yield "invalid utf-8", post(port, b'{"notation":"betza","text":"\xff\xfeN"}')
    yield "nul bytes", post(port, b'{"notation":"betza","text":"N\x00"}')
    yield "wrong types", post(port, '{"notation":1,"text":[],"pieces":{}}')
    yield "numbers", post(port, '{"notation":"betza","text":"N","moved":1e999}')
    for method in ("PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT", "BREW"):
        yield "method " + method, (
            "%s /api/compile HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n"
            % (method, port)).encode()
    yield "http/0.9", b"GET /\r\n\r\n"
    yield "http/2 preface", b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
    yield "garbage", bytes(range(256)) * 8
    yield "bare newlines", ("GET / HTTP/1.1\nHost: 127.0.0.1:%d\n\n"
                            % port).encode()
    yield "percent path", ("GET /%%00%%1b%%ff/../../etc/passwd HTTP/1.1\r\n"
                           "Host: 127.0.0.1:%d\r\n\r\n" % port).encode()
    yield "range header", ("GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nRange: "
                           "bytes=0-1,2-3,%s\r\n\r\n"
                           % (port, ",".join(["0-1"] * 1000))).encode()
    yield "form post", post(port, "a=1", "application/x-www-form-urlencoded")
    yield "multipart", post(port, "--x\r\n\r\n--x--", "multipart/form-data; boundary=x")


def scan_serve(tools):
    server = subprocess.Popen([os.path.join(tools, "fairyc"), "serve",
                               "--port=0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    bad, runs, peak = 0, 0, 0
    try:
        port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
        info = ("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n"
                % port).encode()
        for name, raw in serve_cases(port):
            runs += 1
            status, took = http(port, raw)
            limit = COMPILE_LIMIT_S if raw.startswith(b"POST") else LIMIT_S
            problems = []
            if status is None and took > limit:
                problems.append("no answer in %.2f s" % took)
            elif took > limit:
                problems.append("%.2f s" % took)
            if server.poll() is not None:
                problems.append("the server died (exit %s)" % server.returncode)
            else:
                mb = rss_mb(server.pid)
                peak = max(peak, mb)
                if mb > LIMIT_MB:
                    problems.append("%d MB" % mb)
                s2, t2 = http(port, info)
                if s2 != 200 or t2 > LIMIT_S:
                    problems.append("then /api/info: %s in %.2f s" % (s2, t2))
            if problems:
                bad += 1
                print("serve %s: %s [status %s]" % (name, ", ".join(problems),
                                                    status), flush=True)
            if server.poll() is not None:
                break
    finally:
        server.terminate()
        server.wait(timeout=30)
    print("hostile-doors: serve: %d requests, %d over the limits, peak %d MB"
          % (runs, bad, peak), flush=True)
    return bad


# --- fairyc-lsp ------------------------------------------------------------

class Lsp:
    def __init__(self, tools):
        self.p = subprocess.Popen([os.path.join(tools, "fairyc-lsp")],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.buf = b""
        self.next_id = 1000

    def send_raw(self, data):
        try:
            self.p.stdin.write(data)
            self.p.stdin.flush()
        except OSError:
            pass

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def read(self, timeout):
        """The next message, or None after timeout."""
        end = time.monotonic() + timeout
        while True:
            m = re.match(rb"Content-Length: (\d+)\r\n\r\n", self.buf)
            if m and len(self.buf) >= m.end() + int(m.group(1)):
                body = self.buf[m.end():m.end() + int(m.group(1))]
                self.buf = self.buf[m.end() + int(m.group(1)):]
                return json.loads(body)
            left = end - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if not r:
                return None
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buf += chunk

    def request(self, method, params, timeout=LIMIT_S):
        """Sends a request; the seconds until its answer, or None."""
        self.next_id += 1
        rid = self.next_id
        start = time.monotonic()
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params})
        while True:
            m = self.read(start + timeout - time.monotonic())
            if m is None:
                return None
            if m.get("id") == rid:
                return time.monotonic() - start

    def close(self):
        try:
            self.p.stdin.close()
        except OSError:
            pass
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()


def lsp_messages():
    uri = "file:///tmp/hostile/doc.betza"
    for name, notation, text, _ in hostile_scan.cases():
        u = "file:///tmp/hostile/%s%s" % (name, EXT[notation])
        yield "document " + name, [
            {"method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": u, "languageId": notation, "version": 1,
                "text": text}}},
        ], u
    yield "piece file of 2000 pieces", [
        {"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": "file:///tmp/hostile/many.fairy", "languageId": "fairy",
            "version": 1, "text": "board 8x8;\n" + "".join(
                'piece p%d %s betza "%s";\n' % (i, chr(65 + i % 26),
                                                  "NWFDA"[i % 5])
                for i in range(2000))}}}], "file:///tmp/hostile/many.fairy"
    yield "variants.ini of 5000 sections", [
        {"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": "file:///tmp/hostile/v.ini", "languageId": "ini",
            "version": 1, "text": "".join(
                "[v%d:%s]\ncustomPiece1 = a:%s\n" % (
                    i, "chess" if i == 0 else "v%d" % (i - 1), "NWFDA"[i % 5])
                for i in range(5000))}}}], "file:///tmp/hostile/v.ini"
    for params in ({}, [], [1], "x", None, {"textDocument": "x"},
                   {"textDocument": {"uri": 1, "text": 2}},
                   {"textDocument": {"uri": uri}, "position": "x"},
                   {"textDocument": {"uri": uri},
                    "position": {"line": -5, "character": 1e300}},
                   {"textDocument": {"uri": uri},
                    "contentChanges": [{"text": 1}]},
                   {"textDocument": {"uri": uri}, "range": {"start": {}}}):
        for method in ("textDocument/didOpen", "textDocument/didChange",
                       "textDocument/hover", "textDocument/codeAction",
                       "textDocument/definition", "textDocument/formatting",
                       "textDocument/documentSymbol", "$/cancelRequest",
                       "initialize"):
            msg = {"method": method}
            if params is not None:
                msg["params"] = params
            yield "%s %s" % (method, json.dumps(params)[:40]), [msg], uri


def scan_lsp(tools):
    bad, runs, peak = 0, 0, 0
    lsp = Lsp(tools)
    lsp.request("initialize", {"capabilities": {}}, timeout=10)
    lsp.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    for name, messages, uri in lsp_messages():
        runs += 1
        for m in messages:
            m = dict(m, jsonrpc="2.0")
            lsp.send(m)
        problems = []
        for method, params in (
                ("textDocument/hover", {"textDocument": {"uri": uri},
                                        "position": {"line": 0,
                                                     "character": 0}}),
                ("textDocument/documentSymbol", {"textDocument": {"uri": uri}}),
                ("textDocument/formatting", {"textDocument": {"uri": uri},
                                             "options": {}})):
            took = lsp.request(method, params, timeout=10)
            if took is None or took > LIMIT_S:
                problems.append("%s: %s" % (method.split("/")[1],
                                            "no answer" if took is None
                                            else "%.2f s" % took))
        if lsp.p.poll() is not None:
            problems.append("the server died (exit %s)" % lsp.p.returncode)
        else:
            mb = rss_mb(lsp.p.pid)
            peak = max(peak, mb)
            if mb > LIMIT_MB:
                problems.append("%d MB" % mb)
        if problems:
            bad += 1
            print("lsp %s: %s" % (name, ", ".join(problems)), flush=True)
        lsp.send({"jsonrpc": "2.0", "method": "textDocument/didClose",
                  "params": {"textDocument": {"uri": uri}}})
        if lsp.p.poll() is not None:
            lsp = Lsp(tools)
            lsp.request("initialize", {"capabilities": {}}, timeout=10)
    lsp.close()
    # Framing that must end the session cleanly (exit 1), never a crash.
    for name, raw in (("no length", b"Content-Type: x\r\n\r\n{}"),
                      ("huge length", b"Content-Length: 99999999999\r\n\r\n"),
                      ("negative length", b"Content-Length: -1\r\n\r\n"),
                      ("long header line", b"X" * (1 << 22)),
                      ("nested 200000", b"Content-Length: 200000\r\n\r\n" +
                       b"[" * 200000),
                      ("body cut short", b"Content-Length: 100\r\n\r\n{")):
        runs += 1
        lsp = Lsp(tools)
        lsp.send_raw(raw)
        try:
            lsp.p.stdin.close()
        except OSError:
            pass
        try:
            code = lsp.p.wait(timeout=LIMIT_S * 5)
        except subprocess.TimeoutExpired:
            lsp.p.kill()
            code = "hang"
        if code not in (0, 1):
            bad += 1
            print("lsp framing %s: exit %s" % (name, code), flush=True)
    print("hostile-doors: lsp: %d inputs, %d over the limits, peak %d MB"
          % (runs, bad, peak), flush=True)
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tools", nargs="?", default="build/tools")
    ap.add_argument("--only", choices=("serve", "lsp"))
    args = ap.parse_args()
    bad = 0
    if args.only in (None, "serve"):
        bad += scan_serve(args.tools)
    if args.only in (None, "lsp"):
        bad += scan_lsp(args.tools)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

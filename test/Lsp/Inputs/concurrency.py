#!/usr/bin/env python3
"""Drives the threaded fairyc-lsp (no --sync) and prints what it did, one
finding per line, for FileCheck. Only orders that the server guarantees
are checked, never times:

  coalesced    1,000 changes of a document sent at once: the hover sent
               after them is answered about the last text, diagnostics are
               published for increasing versions ending with the last, and
               far fewer times than there were changes
  concurrent   a request about a small document is answered before the
               diagnostics of a 2,000-section variants.ini opened before it
  stale        a variants.ini changed right after it was opened: only the
               new version's diagnostics are published
  cancelled    a request queued behind a slow one and cancelled is answered
               -32800; cancelling an answered request sends nothing
  parallel     a document whose lint is slow does not hold back another's
  closed       a document closed while it is linted gets no diagnostics
               after the empty ones of its closing

    concurrency.py [SERVER]
"""
import json
import subprocess
import sys
import threading


class Server:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        self.messages = []
        self.cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.p.stdout
        while True:
            head = b""
            while not head.endswith(b"\r\n\r\n"):
                c = out.read(1)
                if not c:
                    return
                head += c
            length = int(head.split(b":")[1].split(b"\r\n")[0])
            body = json.loads(out.read(length))
            with self.cond:
                self.messages.append(body)
                self.cond.notify_all()

    def send(self, *messages):
        data = b""
        for m in messages:
            m = dict(m, jsonrpc="2.0")
            body = json.dumps(m).encode()
            data += b"Content-Length: %d\r\n\r\n" % len(body) + body
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def wait(self, pred, timeout=120):
        with self.cond:
            ok = self.cond.wait_for(lambda: any(pred(m) for m in self.messages),
                                    timeout)
            return ok

    def answer(self, id):
        self.wait(lambda m: m.get("id") == id and "method" not in m)
        with self.cond:
            return [m for m in self.messages
                    if m.get("id") == id and "method" not in m]

    def published(self, uri):
        with self.cond:
            return [m["params"] for m in self.messages
                    if m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == uri]

    def index(self, pred):
        with self.cond:
            for i, m in enumerate(self.messages):
                if pred(m):
                    return i
        return None

    def finish(self):
        self.send({"id": 999, "method": "shutdown"}, {"method": "exit"})
        self.p.stdin.close()
        status = self.p.wait(timeout=120)
        self.p.stderr.read()
        return status


def open_(uri, text, version=1):
    return {"method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "x",
                                        "version": version, "text": text}}}


def change(uri, text, version):
    return {"method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": version},
                       "contentChanges": [{"text": text}]}}


def big_ini(sections):
    """A variants.ini of SECTIONS sections, each with custom pieces, some
    inheriting from the ones before, a few with errors."""
    out = []
    builtins = ["chess", "capablanca", "shogi", "xiangqi", "makruk", "crazyhouse"]
    for i in range(sections):
        parent = ("v%d" % (i - 1 - i % 3)) if i % 4 == 3 else builtins[i % len(builtins)]
        out.append("[v%d:%s]" % (i, parent))
        out.append("customPiece1 = a:mRcpR")
        out.append("customPiece2 = c:NB%s" % ("W" * (i % 3)))
        out.append("maxRank = %s" % ("10" if i % 50 else "ten"))
        out.append("")
    return "\n".join(out)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "fairyc-lsp"
    s = Server(path)
    s.send({"id": 1, "method": "initialize", "params": {}})
    s.answer(1)

    # coalesced
    uri = "file:///w/rapid.betza"
    texts = ["W", "N", "fX", "F"]
    msgs = [open_(uri, "K")]
    for v in range(2, 1002):
        msgs.append(change(uri, texts[v % 4], v))
    msgs.append({"id": 2, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": uri},
                            "position": {"line": 0, "character": 0}}})
    s.send(*msgs)
    hover = s.answer(2)[0]
    value = hover["result"]["contents"]["value"] if hover.get("result") else ""
    print("coalesced: hover about the last text: %s" %
          ("yes" if value.startswith("Betza: `N`") else "no: " + value[:40]))
    s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
           and m["params"].get("version") == 1001)
    versions = [p["version"] for p in s.published(uri)]
    print("coalesced: versions increase: %s" %
          ("yes" if versions == sorted(set(versions)) else versions))
    print("coalesced: last version published: %d" % versions[-1])
    print("coalesced: fewer lints than half the changes: %s" %
          ("yes" if len(versions) < 500 else "no (%d)" % len(versions)))

    # concurrent and stale
    big = "file:///w/big.ini"
    small = "file:///w/small.ini"
    text = big_ini(2000)
    s.send(open_(small, "[a:chess]\n[b:a]\n"),
           open_(big, text),
           change(big, text + "\n[extra:v1]\n", 2),
           {"id": 3, "method": "textDocument/definition",
            "params": {"textDocument": {"uri": small},
                       "position": {"line": 1, "character": 3}}})
    s.answer(3)
    s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
           and m["params"]["uri"] == big)
    before = s.index(lambda m: m.get("id") == 3) < s.index(
        lambda m: m.get("method") == "textDocument/publishDiagnostics"
        and m["params"]["uri"] == big)
    print("concurrent: answered before the big file's diagnostics: %s" %
          ("yes" if before else "no"))
    print("stale: versions published: %s" %
          [p["version"] for p in s.published(big)])

    # cancelled: a slow request (the symbols of a piece file of 300
    # pieces), then one that is cancelled before it can start.
    pieces = "file:///w/many.fairy"
    body = "board 12x12;\n" + "".join(
        'piece p%d P%d betza "%s";\n' % (i, i, ["KNAD", "mRcpR", "fmWfceF"][i % 3])
        for i in range(300))
    s.send(open_(pieces, body))
    s.send({"id": 4, "method": "textDocument/documentSymbol",
            "params": {"textDocument": {"uri": pieces}}},
           {"id": 5, "method": "textDocument/documentSymbol",
            "params": {"textDocument": {"uri": pieces}}},
           {"method": "$/cancelRequest", "params": {"id": 5}})
    first = s.answer(4)
    second = s.answer(5)
    print("cancelled: the slow request answered: %s" %
          ("yes" if len(first) == 1 and "result" in first[0] else first))
    print("cancelled: answers to the cancelled one: %s" %
          json.dumps([a.get("error", {}).get("code", "result") for a in second]))
    s.send({"method": "$/cancelRequest", "params": {"id": 4}},
           {"id": 6, "method": "shutdown"})
    s.answer(6)
    print("cancelled: answers to a request cancelled after its answer: %d" %
          len(s.answer(4)))

    # parallel: a document whose lint takes about a second (5,400
    # alternatives, nearly all warned of as repeated) holds back no other
    # document's.
    slow = "file:///w/slow.betza"
    quick = "file:///w/quick.betza"
    s.send(open_(slow, "NWFDAHCZG" * 600), open_(quick, "fX"))
    s.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
           and m["params"]["uri"] == slow)
    first = s.index(lambda m: m.get("method") ==
                    "textDocument/publishDiagnostics"
                    and m["params"]["uri"] in (slow, quick))
    print("parallel: the quick document's diagnostics first: %s" %
          ("yes" if s.messages[first]["params"]["uri"] == quick else "no"))

    # closed
    closing = "file:///w/closing.ini"
    s.send(open_(closing, text),
           {"method": "textDocument/didClose",
            "params": {"textDocument": {"uri": closing}}})
    status = s.finish()
    print("closed: published: %s" %
          json.dumps([len(p["diagnostics"]) for p in s.published(closing)]))
    print("exit status %d" % status)


if __name__ == "__main__":
    main()

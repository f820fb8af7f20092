#!/usr/bin/env python3
"""Tries `fairyc serve` as an attacker and a careless client would, over raw
sockets to 127.0.0.1 only, and prints what happened, a line per check, for
FileCheck (test/Playground/hardening.test).

    http_attack.py FAIRYC

Every loop is bounded in count and time; the server is stopped at the end
and its log (standard error) printed after "server log:".
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

HOST = "127.0.0.1"


def rss_mib(pid, field="VmHWM"):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) // 1024
    return -1


def read_all(s):
    """What the server sends until it closes the connection."""
    chunks = []
    while True:
        chunk = s.recv(65536)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def exchange(port, data, timeout=10, shut=True):
    """Sends data, reads the answer until the server closes; returns
    (status, body) or (None, why)."""
    s = socket.create_connection((HOST, port), timeout=timeout)
    got = b""
    try:
        s.sendall(data)
        if shut:
            s.shutdown(socket.SHUT_WR)
        got = read_all(s)
    except OSError as e:
        if not got:
            return None, type(e).__name__
    finally:
        s.close()
    return parse(got)


def parse(got):
    # Interim 1xx answers come before the final one.
    while got.startswith(b"HTTP/1.1 1"):
        got = got.split(b"\r\n\r\n", 1)[1]
    m = re.match(rb"HTTP/1\.[01] (\d+)", got)
    if not m:
        return None, "no answer"
    return int(m.group(1)), got.split(b"\r\n\r\n", 1)[-1].decode("utf-8", "replace")


def request(port, method, path, body=b"", headers=None, host=None):
    head = "%s %s HTTP/1.1\r\nHost: %s\r\n" % (method, path,
                                              host or "127.0.0.1:%d" % port)
    for k, v in (headers or {}).items():
        head += "%s: %s\r\n" % (k, v)
    if body or method == "POST":
        head += "Content-Length: %d\r\n" % len(body)
    return head.encode() + b"\r\n" + body


def timed_info(port):
    start = time.monotonic()
    status, _ = exchange(port, request(port, "GET", "/api/info"))
    return status, time.monotonic() - start


def show(name, result):
    status, body = result
    print("%s: %s %s" % (name, status, body.strip()[:160] if body else ""))


def worker_children(pid):
    """The compile workers of the server (its child processes)."""
    kids = []
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/children" % (pid, task)) as f:
            kids += [int(k) for k in f.read().split()]
    return kids


def workers(fairyc):
    """Compilations run in a worker process: one over its budget is
    stopped, one whose worker dies is answered 500, and the server goes on
    with a new worker."""
    server = subprocess.Popen([fairyc, "serve", "--port=0",
                               "--compile-budget=300"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
        json_type = {"Content-Type": "application/json"}
        quick = b'{"notation":"betza","text":"N"}'
        # Bracket chains on the largest board: its picture alone takes
        # 0.7 s (the rider mix of before, 0.17 s, no longer filled the
        # 300 ms budget once the passes grew faster).
        heavy = (b'{"notation":"betza","text":"[F?R][W?B][D?Q]QNNcpRcpB",'
                 b'"board":"64x64"}')
        status, body = exchange(port, request(port, "POST", "/api/compile",
                                              quick, json_type))
        print("a quick compilation: %s ok %s" % (status, '"ok":true' in body))
        print("one worker: %s" % (len(worker_children(server.pid)) == 1))
        start = time.monotonic()
        status, body = exchange(port, request(port, "POST", "/api/compile",
                                              heavy, json_type))
        print("over its budget: %s %s, within a second: %s" % (
            status, json.loads(body)["diagnostics"][0]["message"],
            time.monotonic() - start < 1.0))
        result = []
        t = threading.Thread(target=lambda: result.append(exchange(
            port, request(port, "POST", "/api/compile", heavy, json_type))))
        t.start()
        time.sleep(0.1)
        for kid in worker_children(server.pid):
            os.kill(kid, signal.SIGKILL)
        t.join()
        print("its worker killed: %s %s" % result[0])
        for kid in worker_children(server.pid):
            os.kill(kid, signal.SIGKILL)
        time.sleep(0.1)
        status, body = exchange(port, request(port, "POST", "/api/compile",
                                              quick, json_type))
        print("then a new worker: %s ok %s" % (status, '"ok":true' in body))
        last = worker_children(server.pid)
    finally:
        server.terminate()
        server.communicate(timeout=30)
    # A worker ends with its server (it is told to by the kernel).
    time.sleep(0.2)
    left = []
    for kid in last:
        try:
            with open("/proc/%d/status" % kid) as f:
                if "State:\tZ" not in f.read():
                    left.append(kid)
        except OSError:
            pass
    print("no worker left: %s" % (last != [] and left == []))


def main():
    fairyc = sys.argv[1]
    if sys.argv[2:] == ["--workers"]:
        return workers(fairyc)
    server = subprocess.Popen([fairyc, "serve", "--port=0", "--log"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        line = server.stdout.readline()
        port = int(re.search(r":(\d+)/", line).group(1))
        json_type = {"Content-Type": "application/json"}

        # The crash any web page could cause: a deeply nested body, sent as
        # text/plain (no preflight) and as JSON.
        nested = b"[" * 40000 + b"]" * 40000
        show("nested text/plain", exchange(port, request(
            port, "POST", "/api/compile", nested, {"Content-Type": "text/plain"})))
        show("nested json", exchange(port, request(
            port, "POST", "/api/compile", nested, json_type)))
        show("nested form", exchange(port, request(
            port, "POST", "/api/compile", b"a=" + nested[:1000],
            {"Content-Type": "application/x-www-form-urlencoded"})))
        show("no content type", exchange(port, request(
            port, "POST", "/api/compile", b'{"notation":"betza","text":"N"}')))

        # Other pages and DNS rebinding.
        good = b'{"notation":"betza","text":"N"}'
        show("origin other page", exchange(port, request(
            port, "POST", "/api/compile", good,
            dict(json_type, Origin="http://evil.example"))))
        show("origin null", exchange(port, request(
            port, "POST", "/api/compile", good, dict(json_type, Origin="null"))))
        show("origin other port", exchange(port, request(
            port, "POST", "/api/compile", good,
            dict(json_type, Origin="http://127.0.0.1:%d" % (port + 1)))))
        show("origin own", exchange(port, request(
            port, "POST", "/api/compile", good,
            dict(json_type, Origin="http://localhost:%d" % port)))[0:1] + ("",))
        show("rebound host", exchange(port, request(
            port, "GET", "/api/info", host="evil.example:%d" % port)))
        show("host localhost", exchange(port, request(
            port, "GET", "/api/info", host="localhost:%d" % port))[0:1] + ("",))
        show("no host", exchange(port, b"GET /api/info HTTP/1.0\r\n\r\n"))

        # Limits while reading: a chunked body of 300 MB, a 300 MB header
        # line, too many headers. The server's peak memory stays small.
        def flood(head, total):
            s = socket.create_connection((HOST, port), timeout=10)
            sent = 0
            try:
                s.sendall(head)
                block = b"a" * 65536
                while sent < total:
                    s.sendall(block)
                    sent += len(block)
            except OSError:
                pass
            got = b""
            try:
                s.settimeout(2)
                while True:
                    c = s.recv(65536)
                    if not c:
                        break
                    got += c
            except OSError:
                pass
            s.close()
            return sent, parse(got)[0]
        chunked = ("POST /api/compile HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                   "Content-Type: application/json\r\n"
                   "Transfer-Encoding: chunked\r\n\r\n" % port).encode()
        sent, status = flood(chunked + b"10000\r\n", 300 << 20)
        print("chunked 300 MB: status %s, stopped before 300 MB: %s" %
              (status, sent < (300 << 20)))
        sent, status = flood(b"GET /api/info HTTP/1.1\r\nX-Long: ", 300 << 20)
        print("header line of 300 MB: status %s, stopped before 300 MB: %s" %
              (status, sent < (300 << 20)))
        many = "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port
        many += "".join("X-%d: y\r\n" % i for i in range(200)) + "\r\n"
        show("200 headers", exchange(port, many.encode()))
        show("long path", exchange(port, request(port, "GET", "/" + "a" * 20000)))
        show("content-length too large", exchange(port, request(
            port, "POST", "/api/compile", b"", dict(json_type)).replace(
                b"Content-Length: 0", b"Content-Length: 99999999999")))
        show("content-length not a number", exchange(port, request(
            port, "POST", "/api/compile", b"", dict(json_type)).replace(
                b"Content-Length: 0", b"Content-Length: -1")))
        print("peak memory under 100 MiB: %s" % (rss_mib(server.pid) < 100))

        # Expect: 100-continue, as curl sends it for large bodies.
        s = socket.create_connection((HOST, port), timeout=10)
        s.sendall(request(port, "POST", "/api/compile", b"",
                          dict(json_type, Expect="100-continue")).replace(
            b"Content-Length: 0", b"Content-Length: %d" % len(good)))
        interim = s.recv(100)
        s.sendall(good)
        rest = read_all(s)
        s.close()
        print("expect 100-continue: %s then %s" % (
            interim.split(b"\r\n")[0].decode(), parse(rest)[0]))

        # Slow clients hold no worker: 40 connections trickle header bytes
        # while /api/info is asked; then they are cut off at the deadline.
        slow = []
        for _ in range(40):
            c = socket.create_connection((HOST, port), timeout=10)
            c.sendall(b"GET /api/info HTTP/1.1\r\n")
            slow.append(c)
        worst = 0
        for _ in range(10):
            for c in slow:
                c.sendall(b"X: y\r\n")
            status, took = timed_info(port)
            worst = max(worst, took)
            time.sleep(0.1)
        # Timed against the deadline the trickling clients hold (5 s), not
        # a wall-clock budget a loaded machine could miss.
        print("info while 40 clients trickle: %s, long before their "
              "deadline: %s" % (status, worst < 2.5))
        start = time.monotonic()
        codes = set()
        for c in slow:
            c.settimeout(10)
            try:
                codes.add(parse(c.recv(4096))[0])
            except OSError as e:
                codes.add(type(e).__name__)
            c.close()
        print("trickling clients cut off: %s, within 6 s: %s" % (
            sorted(map(str, codes)), time.monotonic() - start < 6))

        # A storm of slow compilations: the excess is refused at once with
        # 503, /api/info is answered meanwhile.
        heavy = (b'{"notation":"betza","text":"[F?R][W?B][D?Q]QNNcpRcpB",'
                 b'"board":"64x64"}')
        statuses = []
        def compile_once():
            statuses.append(exchange(port, request(
                port, "POST", "/api/compile", heavy, json_type), timeout=60)[0])
        threads = [threading.Thread(target=compile_once) for _ in range(12)]
        start = time.monotonic()
        for t in threads:
            t.start()
        time.sleep(0.2)
        status, took = timed_info(port)
        for t in threads:
            t.join()
        storm = time.monotonic() - start
        print("storm of 12 compilations: some answered: %s, some refused "
              "with 503: %s" % (200 in statuses, 503 in statuses))
        # Before, /api/info queued behind every compilation.
        print("info during the storm: %s, long before the storm ended: %s" %
              (status, 0.2 + took < storm / 2))
        # What the review found: a Range of thousands of parts (httplib
        # would copy the answer per part) is not served; a body with line
        # breaks is a body; idle connections are evicted, oldest first,
        # rather than keep new clients out; the checks come before
        # "100 Continue"; control bytes in a header; a body on a GET.
        ranges = "bytes=" + ",".join(["0-"] * 2700)
        status, body = exchange(port, request(port, "GET", "/",
                                              headers={"Range": ranges}))
        print("2,700 ranges: %s, one page: %s" % (
            status, 0 < len(body) < 100000 and "<!DOCTYPE html>" in body))
        pretty = b'{\n  "notation": "betza",\n  "text": "N"\n}\n'
        status, body = exchange(port, request(port, "POST", "/api/compile",
                                              pretty, json_type))
        print("a body with line breaks: %s" % status)
        idle = [socket.create_connection((HOST, port), timeout=10)
                for _ in range(300)]
        time.sleep(0.2)
        print("300 idle connections, then /api/info: %s" % timed_info(port)[0])
        for c in idle:
            c.close()
        s = socket.create_connection((HOST, port), timeout=10)
        s.sendall(request(port, "POST", "/api/compile", b"",
                          dict(json_type, Expect="100-continue"),
                          host="evil.example:%d" % port).replace(
            b"Content-Length: 0", b"Content-Length: 1000"))
        first = s.recv(4096).split(b"\r\n")[0].decode()
        s.close()
        print("expect 100-continue from a rebound host: %s" % first)
        show("nul in host", exchange(port, (
            "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\0.evil:%d\r\n\r\n"
            % port).encode()))
        show("a body on a GET", exchange(port, request(
            port, "GET", "/api/info").replace(
                b"\r\n\r\n", b"\r\nContent-Length: 2\r\n\r\n{}")))

        # The log escapes what the request brings.
        exchange(port, request(port, "GET", "/%1b]52;c;aGk=%07x"))
        print("still serving: %s" % (timed_info(port)[0] == 200))
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
        print("stopped by SIGTERM, exit status %d" % server.returncode)
        sys.stdout.write("server log:\n" + err)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How long the playground takes to answer, as a reader typing waits for it.

    bench/playground_latency.py FAIRYC [ROUNDS]

Starts `fairyc serve --port=0` and sends each request below ROUNDS times
(default 20) over one HTTP connection per request, as the page does;
prints the median and the slowest answer per request, in milliseconds.
docs/performance.md ("The playground") quotes it.
"""
import re
import statistics
import subprocess
import sys
import time
import urllib.request

REQUESTS = [
    ("knight, 8x8",
     '{"notation":"betza","text":"N"}'),
    ("queen among 4 pieces, 8x8",
     '{"notation":"betza","text":"Q","from":"d4","pieces":[{"square":"d6",'
     '"side":"enemy"},{"square":"f4","side":"own"},{"square":"b2",'
     '"side":"enemy"},{"square":"g7","side":"own"}]}'),
    ("Chu Shogi lion, 12x12",
     '{"notation":"betza","text":"KNADcaKmcabK","board":"12x12"}'),
    ("cannon, xiangqi 9x10",
     '{"notation":"betza","text":"mRcpR","board":"9x10","pieces":'
     '[{"square":"e7","side":"enemy"},{"square":"e8","side":"enemy"}]}'),
    ("Parlett nightrider, 16x16",
     '{"notation":"parlett","text":"~1/2*","board":"16x16"}'),
    ("an error",
     '{"notation":"betza","text":"N%Q"}'),
]


def main():
    fairyc = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    server = subprocess.Popen([fairyc, "serve", "--port=0"],
                              stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://\S+/", server.stdout.readline()).group(0)
        print("%-28s %10s %10s" % ("request", "median ms", "max ms"))
        for name, body in REQUESTS:
            times = []
            for _ in range(rounds):
                req = urllib.request.Request(
                    url + "api/compile", data=body.encode(), method="POST",
                    headers={"Content-Type": "application/json"})
                start = time.perf_counter()
                urllib.request.urlopen(req, timeout=60).read()
                times.append((time.perf_counter() - start) * 1000)
            print("%-28s %10.1f %10.1f" % (name, statistics.median(times),
                                           max(times)))
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()

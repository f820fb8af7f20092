#!/usr/bin/env python3
"""Times the move generators fairyc writes (--emit=movegen) against the
hand-written chess generator (perft.h on fairyc's bitboard tables) and
against Fairy-Stockfish's `go perft`, interleaved: each round runs every
position once with each program, the programs' order rotating from round
to round; two tables give the medians of the wall-clock seconds of the
count and of CPU seconds.

    FAIRY_FSF_BIN=/path/to/stockfish bench/perft/movegen_bench.py [BUILD_DIR]
        [--rounds N] [--only SUBSTRING]

The programs are the build's fairy-bench-movegen-VARIANT (examples/perft/
perft.c on the generated header, -O3) and fairy-bench-perft-chess /
-chess10 (the hand-written generator, -O3), which print the wall-clock time
of their count (set-up excluded). Fairy-Stockfish (a largeboards build, for
the 10x8 and 10x10 variants) runs as one UCI process for the whole bench:
each count is `setoption name UCI_Variant`, `position fen`, `isready`, then
the time from sending `go perft D` to reading "Nodes searched", so its
start-up is not timed either. The 10x10 chess is given to it as the
variants.ini that `fairyc examples/perft/chess10x10.fairy
--emit=variants-ini` writes. Every count is checked against the expected
one; a program that differs stops the bench. Without FAIRY_FSF_BIN the
Fairy-Stockfish column is left out. The binary names its version (a date)
and compiler, not its commit: FAIRY_FSF_COMMIT, when set, is printed too.
The load average is printed before and after: on a shared machine, wall
clock counts the time others took.
"""
import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
TEN = "rnbqkbqbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKBQBNR w - - 0 1"
# label, position, fairyc program, hand-written program, Fairy-Stockfish
# variant, FEN, depth, nodes
CASES = [
    ("chess", "start", "chess", "chess", "chess", CHESS, 6, 119060324),
    ("chess", "Kiwipete", "chess", "chess", "chess",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     5, 193690690),
    ("chess", "position 3", "chess", "chess", "chess",
     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083),
    ("chess", "position 4", "chess", "chess", "chess",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     5, 15833292),
    ("chess", "position 5", "chess", "chess", "chess",
     "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194),
    ("chess 10x10", "start", "chess10", "chess10", "@chess10", TEN, 5,
     14284974),
    ("chess 10x10", "promotions", "chess10", "chess10", "@chess10",
     "r3k4r/1P5p1p/10/3pP5/1b4n3/10/2Q3q3/10/PPp4PPP/R3K2B1R w - d8 0 1", 4,
     9069078),
    ("capablanca", "start", "capablanca", None, "capablanca",
     "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
     5, 28741319),
    ("grand", "start", "grand", None, "grand",
     "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
     4, 15921643),
    ("xiangqi", "start", "xiangqi", None, "xiangqi",
     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     4, 3290240),
    ("xiangqi", "middlegame", "xiangqi", None, "xiangqi",
     "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
     4, 4485547),
    ("makruk", "start", "makruk", None, "makruk",
     "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", 6, 142078049),
    ("shatranj", "start", "shatranj", None, "shatranj",
     "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1", 6, 19864709),
]


def run_program(exe, depth, fen, nodes):
    """Returns the count, the wall-clock seconds the program reports and
    the CPU seconds of the whole process (start-up included)."""
    cmd = [exe, str(depth), fen] + ([str(nodes)] if nodes else [])
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    stdout, stderr = p.stdout.read(), p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    m = re.search(r"perft \d+: (\d+) \(([\d.]+) s\)", stdout)
    if p.returncode != 0 or not m:
        sys.exit(f"{' '.join(cmd)} failed: {stdout}{stderr}")
    return int(m.group(1)), float(m.group(2)), usage.ru_utime + usage.ru_stime


class Fsf:
    """One Fairy-Stockfish process, spoken to over UCI."""

    def __init__(self, exe, ini):
        self.p = subprocess.Popen([exe], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.banner = self.ask("uci", "uciok")
        self.compiler = self.ask("compiler", None)
        if ini:
            self.ask(f"setoption name VariantPath value {ini}", None)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def ask(self, line, until):
        """Sends line (and isready when until is None); returns the lines
        read up to the one starting with until (or readyok)."""
        self.send(line)
        if until is None:
            self.send("isready")
            until = "readyok"
        lines = []
        while True:
            l = self.p.stdout.readline()
            if not l:
                sys.exit(f"Fairy-Stockfish ended after '{line}': {lines}")
            if l.startswith(until):
                return lines
            lines.append(l.rstrip("\n"))

    def cpu(self):
        """CPU seconds of all the process's threads so far (the count runs
        in a thread of its own)."""
        total = 0
        task = f"/proc/{self.p.pid}/task"
        for t in os.listdir(task):
            try:
                total += int(open(f"{task}/{t}/schedstat").read().split()[0])
            except OSError:
                pass  # a thread that ended
        return total * 1e-9

    def perft(self, variant, fen, depth):
        self.ask(f"setoption name UCI_Variant value {variant}", None)
        self.ask(f"position fen {fen}", None)
        cpu = self.cpu()
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        while True:
            l = self.p.stdout.readline()
            if not l:
                sys.exit("Fairy-Stockfish ended during go perft")
            if l.startswith("Nodes searched:"):
                seconds = time.perf_counter() - start
                return int(l.split(":")[1]), seconds, self.cpu() - cpu

    def close(self):
        self.send("quit")
        self.p.wait()


def machine():
    model = "?"
    for l in open("/proc/cpuinfo"):
        if l.startswith("model name"):
            model = l.split(":", 1)[1].strip()
            break
    cc = subprocess.run(["cc", "--version"], capture_output=True,
                        text=True).stdout.splitlines()[0]
    return (f"{model}, {os.cpu_count()} cores, {platform.system()} "
            f"{platform.release()}, {cc}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build", nargs="?", default="build")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", default="",
                    help="only the cases whose 'variant, position' has this")
    args = ap.parse_args()
    cases = [c for c in CASES if args.only in f"{c[0]}, {c[1]}"]
    fsf_bin = os.environ.get("FAIRY_FSF_BIN")
    print(f"machine: {machine()}")
    print(time.strftime("date: %Y-%m-%d %H:%M UTC", time.gmtime()))
    print("load average before: " + " ".join(map(str, os.getloadavg())))
    fsf = None
    tmp = tempfile.TemporaryDirectory()
    if fsf_bin:
        ini = os.path.join(tmp.name, "chess10x10.ini")
        subprocess.run([f"{args.build}/tools/fairyc",
                        "examples/perft/chess10x10.fairy",
                        "--emit=variants-ini", "-o", ini], check=True,
                       cwd=os.path.join(os.path.dirname(__file__), "..", ".."))
        section = re.search(r"^\[([^]:]+)", open(ini).read(), re.M).group(1)
        fsf = Fsf(fsf_bin, ini)
        print(f"Fairy-Stockfish: {fsf_bin}")
        if os.environ.get("FAIRY_FSF_COMMIT"):
            print(f"  commit {os.environ['FAIRY_FSF_COMMIT']}")
        for l in fsf.banner:
            if l.startswith("id name"):
                print(f"  {l}")
        for l in fsf.compiler:
            if l.strip():
                print(f"  {l.strip()}")
    else:
        print("FAIRY_FSF_BIN is not set: no Fairy-Stockfish column")
    programs = ["generated", "hand-written"] + (["Fairy-Stockfish"] if fsf else [])
    times = {}
    for r in range(args.rounds):
        order = programs[r % len(programs):] + programs[:r % len(programs)]
        for case in cases:
            label, pos, gen, hand, variant, fen, depth, nodes = case
            for prog in order:
                if prog == "generated":
                    exe = f"{args.build}/bench/fairy-bench-movegen-{gen}"
                    n, s, c = run_program(exe, depth, fen, nodes)
                elif prog == "hand-written":
                    if not hand:
                        continue
                    exe = f"{args.build}/bench/fairy-bench-perft-{hand}"
                    n, s, c = run_program(exe, depth, fen, nodes)
                else:
                    v = section if variant == "@chess10" else variant
                    n, s, c = fsf.perft(v, fen, depth)
                if nodes is None:
                    nodes = n
                if n != nodes:
                    sys.exit(f"{prog}: {label}, {pos}, depth {depth}: "
                             f"{n} nodes, expected {nodes}")
                times.setdefault((label, pos, prog), []).append(s)
                times.setdefault((label, pos, prog + " cpu"), []).append(c)
                times[(label, pos, "nodes")] = [n]
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    if fsf:
        fsf.close()
    print("load average after: " + " ".join(map(str, os.getloadavg())))
    table(cases, times, programs, "",
          f"{args.rounds} rounds, median wall-clock seconds of the count")
    table(cases, times, programs, " cpu",
          f"{args.rounds} rounds, median CPU seconds (the programs' whole "
          "process, start-up included; Fairy-Stockfish's threads during "
          "go perft)")


def table(cases, times, programs, kind, title):
    print(f"\n{title}")
    print("| variant | position | depth | nodes | generated (s) | "
          "hand-written (s) | Fairy-Stockfish (s) | generated / hand-written "
          "speed | generated / Fairy-Stockfish speed |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, pos, gen, hand, variant, fen, depth, _ in cases:
        med = {p: statistics.median(times[(label, pos, p + kind)])
               for p in programs if (label, pos, p + kind) in times}
        g = med["generated"]
        h = med.get("hand-written")
        f = med.get("Fairy-Stockfish")
        n = times[(label, pos, "nodes")][0]
        print(f"| {label} | {pos} | {depth} | {n:,} | {g:.3f} | "
              + (f"{h:.3f}" if h else "—") + " | "
              + (f"{f:.3f}" if f else "—") + " | "
              + (f"{h / g:.2f}x" if h else "—") + " | "
              + (f"{f / g:.1f}x" if f else "—") + " |")

if __name__ == "__main__":
    main()

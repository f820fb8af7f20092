#!/usr/bin/env python3
"""How long `fairyc --emit=bitboard` takes on every real variant.

    bench/bitboard_compile.py FAIRYC
    FAIRY_VARIANTS_INI=variants.ini bench/bitboard_compile.py FAIRYC
    FAIRY_BENCH_EMIT=movegen bench/bitboard_compile.py FAIRYC

FAIRY_BENCH_EMIT names another back end on the same tables (movegen: the
whole move generator, which refuses a variant rather than leave a piece
out; its warnings of rules left to the engine are not counted).

Times `FAIRYC --variant=NAME --emit=bitboard -o /dev/null` for every
built-in variant (`FAIRYC --list-variants`) and, given FAIRY_VARIANTS_INI,
`FAIRYC --import=FILE --variant=SECTION --emit=bitboard -o /dev/null` for
every section of that file (keep-going, the default: a piece the header
cannot hold is left out with a warning, counted here), the best of
FAIRY_BENCH_RUNS runs (default 3) each, as the machine may be shared. Prints
each variant
that is refused in part, slower than 0.1 s or failing, then the number
compiled fully, refused in part (with why), failed, and the median and worst
times. docs/performance.md ("Compiling bitboard headers") quotes it.
"""
import collections
import os
import re
import resource
import statistics
import subprocess
import sys
import time

TIMEOUT = 120
LEFT_OUT = re.compile(r"'([^']*)' is left out of the bitboard header: (.*?) "
                      r"\(-fno-keep-going")


def builtins(fairyc):
    out = subprocess.run([fairyc, "--list-variants"], capture_output=True,
                         text=True, check=True).stdout
    # "[chess] 8x8: ..." or "[normal:chess] 8x8: ..."
    return [re.match(r"\[([^\]:]+)", line).group(1)
            for line in out.splitlines() if line.startswith("[")]


def sections(path):
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*\[([^\]:]+)(:[^\]]*)?\]", line)
            if m:
                names.append(m.group(1).strip())
    return names


def cpu_of_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd):
    """(wall seconds, CPU seconds, exit status, [(piece, why)]): the best
    of the runs each."""
    took = cpu = None
    for _ in range(int(os.environ.get("FAIRY_BENCH_RUNS", "3"))):
        start, start_cpu = time.perf_counter(), cpu_of_children()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return TIMEOUT, TIMEOUT, None, [("", "timed out")]
        once = time.perf_counter() - start
        once_cpu = cpu_of_children() - start_cpu
        took = once if took is None else min(took, once)
        cpu = once_cpu if cpu is None else min(cpu, once_cpu)
    # fairyc exits with 1 when it leaves a piece out: refused in part, not
    # failed.
    left = LEFT_OUT.findall(p.stderr)
    if left:
        return took, cpu, 0, left
    if p.returncode:
        return took, cpu, p.returncode, [
            ("", p.stderr.strip().splitlines()[-1] if p.stderr.strip() else
             "exit status %d" % p.returncode)]
    return took, cpu, 0, []


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    fairyc = sys.argv[1]
    jobs = [("builtin", v, [fairyc, "--variant=" + v]) for v in
            builtins(fairyc)]
    ini = os.environ.get("FAIRY_VARIANTS_INI")
    if ini:
        jobs += [("ini", s, [fairyc, "--import=" + ini, "--variant=" + s])
                 for s in sections(ini)]
    times, cpus, full, partial, failed = [], [], [], [], []
    whys = collections.Counter()
    for kind, name, cmd in jobs:
        emit = os.environ.get("FAIRY_BENCH_EMIT", "bitboard")
        took, cpu, rc, why = run(cmd + ["--emit=" + emit, "-o", "/dev/null"])
        times.append((took, kind + " " + name))
        cpus.append((cpu, kind + " " + name))
        if rc == 0 and not why:
            full.append(name)
        elif rc == 0:
            partial.append(name)
            for piece, reason in why:
                whys[re.sub(r"\d[\d,]*", "N", reason)] += 1
        else:
            failed.append(name)
        if why or rc != 0 or took > 0.1:
            print("%-8s %-24s %6.3f s (CPU %.3f s)%s" % (
                kind, name, took, cpu, "".join(
                "\n    %s: %s" % w for w in why)), flush=True)
    times.sort()
    cpus.sort()
    print()
    print("variants: %d (%d built-in, %d sections)" % (
        len(jobs), sum(1 for j in jobs if j[0] == "builtin"),
        sum(1 for j in jobs if j[0] == "ini")))
    print("compiled fully: %d" % len(full))
    print("refused in part: %d%s" % (len(partial), "".join(
        "\n    %dx %s" % (n, w) for w, n in whys.most_common())))
    print("failed: %d%s" % (len(failed), (" (" + ", ".join(failed) + ")")
                           if failed else ""))
    # Wall time, and CPU time (user + system of fairyc), which other jobs
    # on a shared machine disturb less.
    for what, t in (("", times), ("CPU ", cpus)):
        print("%smedian: %.3f s" % (what, statistics.median(x for x, _ in t)))
        print("%sover 0.1 s: %d, over 1 s: %d" % (
            what, sum(1 for x, _ in t if x > 0.1),
            sum(1 for x, _ in t if x > 1)))
        print("%sworst: %.3f s (%s)" % ((what,) + t[-1]))


if __name__ == "__main__":
    main()

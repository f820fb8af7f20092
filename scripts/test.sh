#!/usr/bin/env bash
# README command two: install what is missing, build, and run every test
# (the lit suite, the GoogleTest unit tests, the fuzz corpus replays, the
# install/consumer tests and the Fairy-Stockfish conformance suites) through
# ctest. Ends with one line: "test: N passed, N failed, N skipped", after
# the reason of each skipped test. With FAIRY_REQUIRE_ALL=1 a skipped test
# is a failure: it exits 1 when any test skipped, after naming each with
# its reason (scripts/fresh-check.sh sets it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
build=${FAIRY_BUILD_DIR:-build}
cd "$build"
status=0
ctest --output-on-failure -j"$(nproc)" 2>&1 | tee ctest.log || status=$?
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
# ctest's own log holds every test's output, skipped ones included: name the
# reason each skipped test printed ("SKIPPED: ...").
python3 - Testing/Temporary/LastTest.log ctest.log <<'PY' || status=1
import os, re, sys
last, summary = (open(p, errors="replace").read() for p in sys.argv[1:3])
reasons, test = {}, None
for line in last.splitlines():
    m = re.match(r"\d+/\d+ Test: (\S+)", line)
    if m:
        test = m.group(1)
    elif test and line.startswith("SKIPPED: "):
        reasons.setdefault(test, line[len("SKIPPED: "):])
skipped = re.findall(r"^\s*\d+ - (\S+) \(Skipped\)", summary, re.M)
failed = re.findall(r"^\s*\d+ - (\S+) \((?:Failed|Timeout|SEGFAULT|Not Run|Subprocess aborted|Exception)[^)]*\)", summary, re.M)
m = re.search(r"tests passed, (\d+) tests failed out of (\d+)", summary)
total = int(m.group(2)) if m else 0
nfail = int(m.group(1)) if m else len(failed)
for t in skipped:
    print("test: skipped %s: %s" % (t, reasons.get(t, "(it printed no reason)")))
if skipped:
    print("test: to run the skipped tests, see README.md, 'Tests that can skip'")
print("test: %d passed, %d failed, %d skipped" % (total - nfail - len(skipped), nfail, len(skipped)))
if skipped and os.environ.get("FAIRY_REQUIRE_ALL") == "1":
    print("test: FAIL: FAIRY_REQUIRE_ALL=1 and %d tests skipped: %s" % (len(skipped), ", ".join(skipped)))
    sys.exit(1)
PY
exit $status

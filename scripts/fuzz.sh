#!/usr/bin/env bash
# Long fuzzing runs, not CI: builds the libFuzzer targets with clang 14 under
# AddressSanitizer and UndefinedBehaviorSanitizer into build-fuzz/, then runs
# one target on a working copy of its committed corpus.
#
#   scripts/fuzz.sh TARGET SECONDS [JOBS]
#   TARGET: parlett, fairy, betza, formula, ir, pieces, variants, playground,
#   http or lsp
#
# Prints the executions and what was found; crash and slow inputs land in
# build-fuzz/artifacts/TARGET/ (never committed: add a minimised reproducer
# to test/fuzz/corpus/TARGET/ by hand, where ctest replays it).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh TARGET SECONDS [JOBS]}
seconds=${2:?usage: scripts/fuzz.sh TARGET SECONDS [JOBS]}
jobs=${3:-1}
case $target in
parlett | fairy | betza | formula | ir | pieces | variants | playground | http | lsp) ;;
*) echo "fuzz: unknown target '$target'" >&2; exit 2 ;;
esac
bash scripts/setup.sh
build=build-fuzz
if [ ! -f "$build/build.ninja" ]; then
  echo "fuzz: configuring $build (clang 14, ASan + UBSan, libFuzzer)"
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
    -DFAIRY_BUILD_FUZZERS=ON -DFAIRY_SANITIZE=address,undefined \
    -DFAIRY_BUILD_TESTS=OFF -DFAIRY_BUILD_BENCHMARKS=OFF > "$build.configure.log" 2>&1 ||
    { cat "$build.configure.log"; exit 1; }
fi
cmake --build "$build" --target "fairy-fuzz-$target" -- -j"$(nproc)" > "$build/build-$target.log" 2>&1 ||
  { tail -n 30 "$build/build-$target.log"; exit 1; }
work=$build/corpus/$target
artifacts=$build/artifacts/$target
mkdir -p "$work" "$artifacts"
cp -n test/fuzz/corpus/"$target"/* "$work"/ 2>/dev/null || true
log=$build/fuzz-$target.log
# libFuzzer writes each job's log as fuzz-N.log in the current directory:
# a directory per target, so that runs of two targets at once keep theirs.
run=$build/run/$target
rm -rf "$run" && mkdir -p "$run"
top=$(pwd)
echo "fuzz: $target for $seconds s ($jobs jobs); log: $log"
status=0
(cd "$run" && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  ASAN_OPTIONS=detect_leaks=1 \
  "$top/$build/test/fuzz/fairy-fuzz-$target" "$top/$work" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=4096 \
  -jobs="$jobs" -workers="$jobs" -artifact_prefix="$top/$artifacts/" \
  -print_final_stats=1) > "$log" 2>&1 || status=$?
# The jobs' own logs hold the counts when there are any (the main log may
# repeat them); otherwise the main log does.
logs=$(ls "$run"/fuzz-*.log 2>/dev/null || true)
execs=$(grep -h "stat::number_of_executed_units" ${logs:-$log} 2>/dev/null | awk '{s += $2} END {print s + 0}')
found=$(ls "$artifacts" | wc -l)
echo "fuzz: $target: $execs executions, $found artefacts in $artifacts, exit $status"
[ "$found" -eq 0 ] || ls "$artifacts" | sed 's/^/  /'
exit $status

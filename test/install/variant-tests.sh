#!/usr/bin/env bash
# The template suite for users' variants (examples/variant-tests, installed
# as PREFIX/share/fairyc/variant-tests), run by the installed fairyc-lit
# against the installed prefix, with nothing of the
# build tree on PATH (run by ctest after consumers.sh install; see
# test/CMakeLists.txt):
#   variant-tests.sh template BUILD SOURCE WORK LIT  every test passes, and
#     again with the prefix moved elsewhere (relocatable)
#   variant-tests.sh fails    BUILD SOURCE WORK LIT  a wrong CHECK, a changed
#     game and a missing FileCheck each make the run fail, saying why
# LIT is LLVM's lit.py (FAIRYC_LIT for fairyc-lit).
set -euo pipefail
mode=$1 build=$2 source=$3 work=$4
export FAIRYC_LIT=$5
prefix=$work/prefix
template=$prefix/share/fairyc/variant-tests
unset FAIRYC FAIRYC_FILECHECK FAIRYC_LIT_CONFIG
# PATH without the build tree: the tests must use what was installed.
path=
IFS=: read -ra dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  case $(realpath -m "$d")/ in "$(realpath "$build")"/*) ;; *) path=$path${path:+:}$d ;; esac
done
export PATH=$path

fail() { echo "FAIL: $*" >&2; exit 1; }

[ -x "$prefix/bin/fairyc-lit" ] || fail "no $prefix/bin/fairyc-lit (run consumer-install)"
# The installed template is the one in the source tree.
diff -r -x Output -x .gitignore "$source/examples/variant-tests" "$template" ||
  fail "the installed template differs from examples/variant-tests"

# A fresh copy of the template in WORK/variant-tests/NAME, as a user makes.
copy() {
  rm -rf "$work/variant-tests/$1"
  mkdir -p "$work/variant-tests"
  cp -r "$template" "$work/variant-tests/$1"
  rm -rf "$work/variant-tests/$1/Output"
  echo "$work/variant-tests/$1"
}

# Runs fairyc-lit on a suite; sets out and status.
run() {
  status=0
  out=$("$prefix/bin/fairyc-lit" -sv "$@" 2>&1) || status=$?
}

ntests=$(find "$template" -maxdepth 1 -name '*.test' | wc -l)
case $mode in
template)
  suite=$(copy template)
  run "$suite"
  echo "$out"
  [ "$status" -eq 0 ] || fail "the template suite fails (exit status $status)"
  grep -q "note: fairyc: $prefix/bin/fairyc (fairyc " <<< "$out" ||
    fail "the suite did not run the installed fairyc"
  passed=$(sed -n 's/^ *Passed *: *\([0-9]*\)$/\1/p' <<< "$out")
  unsupported=$(sed -n 's/^ *Unsupported *: *\([0-9]*\)$/\1/p' <<< "$out")
  [ "$((${passed:-0} + ${unsupported:-0}))" -eq "$ntests" ] ||
    fail "$ntests tests, but ${passed:-0} passed and ${unsupported:-0} unsupported"
  echo "template suite: ${passed:-0} of $ntests tests passed with $prefix/bin/fairyc"
  # Relocatable: the prefix moved elsewhere runs the suite with its own fairyc.
  moved=$work/variant-tests/moved-prefix
  rm -rf "$moved"
  cp -a "$prefix" "$moved"
  status=0
  out=$("$moved/bin/fairyc-lit" -sv "$suite" 2>&1) || status=$?
  [ "$status" -eq 0 ] || { echo "$out"; fail "the suite fails with the moved prefix"; }
  grep -q "note: fairyc: $moved/bin/fairyc (fairyc " <<< "$out" ||
    { echo "$out"; fail "the moved prefix's fairyc-lit ran another fairyc"; }
  rm -rf "$moved"
  echo "and with the prefix moved to $moved"
  ;;
fails)
  # A CHECK that does not hold fails its test, and only that one.
  suite=$(copy wrong-check)
  sed -i 's/^# CHECK-NEXT: \. \. \. \. O \. \. \.$/# CHECK-NEXT: . . . X O . . ./' \
    "$suite/wizard.test"
  ! cmp -s "$template/wizard.test" "$suite/wizard.test" || fail "no CHECK was changed"
  run "$suite"
  [ "$status" -eq 1 ] || { echo "$out"; fail "a wrong CHECK: exit status $status, not 1"; }
  grep -q "^FAIL: .* :: wizard.test" <<< "$out" || { echo "$out"; fail "wizard.test did not fail"; }
  grep -q "^ *Failed *: *1$" <<< "$out" || { echo "$out"; fail "more than wizard.test failed"; }
  echo "a wrong CHECK: wizard.test fails, the rest pass"
  # A changed game: the wizard a zebra's leap instead of a camel's.
  suite=$(copy changed-game)
  sed -i 's/\[1,1\]\*,\[1,3\]\*/[1,1]*,[2,3]*/' "$suite/game.fairy"
  ! cmp -s "$template/game.fairy" "$suite/game.fairy" || fail "the game was not changed"
  run "$suite"
  [ "$status" -eq 1 ] || { echo "$out"; fail "a changed game: exit status $status, not 1"; }
  grep -q "^FAIL: .* :: wizard.test" <<< "$out" || { echo "$out"; fail "wizard.test did not fail"; }
  echo "a changed game: $(grep -c '^FAIL: ' <<< "$out") tests fail"
  # A FileCheck that is not there stops the run with its name.
  suite=$(copy no-filecheck)
  FAIRYC_FILECHECK=$work/variant-tests/no-such/FileCheck run "$suite"
  [ "$status" -ne 0 ] || fail "the suite ran without FileCheck"
  grep -q "FAIRYC_FILECHECK=.*no-such/FileCheck is not an executable" <<< "$out" ||
    { echo "$out"; fail "no error naming FileCheck"; }
  echo "a missing FileCheck: $(grep -o 'fatal: .*' <<< "$out")"
  ;;
*) fail "unknown mode $mode" ;;
esac

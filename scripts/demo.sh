#!/usr/bin/env bash
# README command one: install what is missing, build, and run fairyc on the
# seed knight and on every bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."
# Only the tool: scripts/test.sh builds the rest.
bash scripts/build.sh fairyc
fairyc=${FAIRY_BUILD_DIR:-build}/tools/fairyc

echo
echo "== The knight of the Parlett challenge: fairyc -x parlett '2=.1<>,2<>.1='"
"$fairyc" -x parlett '2=.1<>,2<>.1='
for f in examples/*.parlett; do
  echo
  echo "== $f: $(cat "$f")  (fairyc $f --board=8x8 --labels)"
  "$fairyc" "$f" --board=8x8 --labels
done
for f in examples/*.fn; do
  echo
  if grep -q '[0-9],[-0-9]*,[-0-9]*\]' "$f"; then
    echo "== $f: $(cat "$f")  (fairyc $f --board=5x5x5, one level per block)"
    "$fairyc" "$f" --board=5x5x5
  else
    echo "== $f: $(cat "$f")  (fairyc $f --radius=3, on the unbounded plane)"
    "$fairyc" "$f" --radius=3
  fi
done
echo
echo "== A rook among pieces: fairyc -x parlett 'n+' --position=8/8/3p4/8/1P1R2p1/8/8/8 --from=d4 --labels"
"$fairyc" -x parlett 'n+' --position=8/8/3p4/8/1P1R2p1/8/8/8 --from=d4 --labels
echo
echo "== A piece file: fairyc examples/xiangqi.fairy (every piece, from the centre)"
"$fairyc" examples/xiangqi.fairy
echo
echo "== The main job: fairyc examples/chess.fairy --emit=bitboard -o build/chess-attacks.h"
"$fairyc" examples/chess.fairy --emit=bitboard -o "${FAIRY_BUILD_DIR:-build}/chess-attacks.h"
sed -n '1,/total/p' "${FAIRY_BUILD_DIR:-build}/chess-attacks.h"

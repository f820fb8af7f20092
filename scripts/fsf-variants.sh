#!/usr/bin/env bash
# Compares fairyc's import of a full Fairy-Stockfish variants.ini with
# Fairy-Stockfish itself (ffish from npm): every section, every piece, both
# colours, on empty boards and among random pieces; agreement per section
# and overall. A long run (minutes), not part of CI.
#
# Usage: scripts/fsf-variants.sh path/to/variants.ini [build-dir]
set -euo pipefail
ini=${1:?usage: scripts/fsf-variants.sh path/to/variants.ini [build-dir]}
build=${2:-build}
here=$(cd "$(dirname "$0")/.." && pwd)
FAIRYC_VARIANTS_INI=$(realpath "$ini") exec python3 \
  "$here/test/conformance/fsf_import.py" "$build/tools/fairyc" \
  "$build/test/conformance"

#!/usr/bin/env bash
# README command two: install what is missing, build, and run every test
# (the lit suite and the GoogleTest unit tests) through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
cd "${FAIRY_BUILD_DIR:-build}"
ctest --output-on-failure -j"$(nproc)"

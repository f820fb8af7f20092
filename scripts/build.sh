#!/usr/bin/env bash
# Configures and builds fairyc into build/ (or $FAIRY_BUILD_DIR) with Ninja.
# Installs missing Debian packages first. Arguments name the targets to
# build (default: everything, tests and benchmarks included).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
build=${FAIRY_BUILD_DIR:-build}
mkdir -p "$build"
echo "build: configuring $build (log: $build/configure.log)"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DFAIRY_BUILD_TESTS=ON -DFAIRY_BUILD_BENCHMARKS=ON > "$build/configure.log" 2>&1 ||
  { cat "$build/configure.log"; exit 1; }
targets=()
for t in "$@"; do targets+=(--target "$t"); done
echo "build: building ${*:-everything} with $(nproc) jobs"
cmake --build "$build" "${targets[@]}" -- -j"$(nproc)"

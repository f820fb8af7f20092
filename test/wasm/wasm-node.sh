#!/usr/bin/env bash
# ctest wasm-node: builds fairyc for WebAssembly (scripts/build-wasm.sh into
# BUILD_DIR/wasm; LLVM Support and the ANTLR runtime only on the first run)
# and runs the JavaScript package's tests (web/test, node --test) against
# native fairyc.
#   wasm-node.sh FAIRYC SOURCE_DIR BUILD_DIR
# Exit status 77 (skipped) when emscripten or Node.js is missing, unless
# FAIRY_REQUIRE_WASM=1 (scripts/fresh-check.sh sets it): then a failure.
set -uo pipefail
fairyc=$1 src=$2 build=$3

missing() {
  if [ "${FAIRY_REQUIRE_WASM:-0}" = 1 ]; then
    echo "FAILED: $1, and FAIRY_REQUIRE_WASM=1"
    exit 1
  fi
  echo "SKIPPED: $1"
  exit 77
}
command -v emcc >/dev/null 2>&1 ||
  missing "emscripten is missing (apt-get install emscripten; scripts/setup.sh installs it)"
command -v node >/dev/null 2>&1 ||
  missing "Node.js is missing (apt-get install nodejs; scripts/setup.sh installs it)"

bash "$src/scripts/build-wasm.sh" "$build/wasm" || exit 1
cd "$src" &&
  FAIRYC=$fairyc FAIRY_WASM_WEB=$build/wasm/web FAIRY_SOURCE_DIR=$src \
    node --test web/test/

#!/usr/bin/env bash
# The ctests of fairyc in WebAssembly. Each first builds the module, the
# JavaScript package and the static playground (scripts/build-wasm.sh into
# BUILD_DIR/wasm; LLVM Support and the ANTLR runtime only on the first run),
# then:
#   wasm-test.sh node FAIRYC SOURCE_DIR BUILD_DIR
#     the package's tests (web/test, node --test) against native fairyc
#   wasm-test.sh browser FAIRYC SOURCE_DIR BUILD_DIR OUTDIR
#     the static playground driven in headless Chromium from file://
#     (test/browser/playground_browser.py --static; OUTDIR holds
#     puppeteer-core and the screenshot, playground-static.png: not
#     playground-browser's playground.png in the same folder)
# Exit status 77 (skipped) when emscripten or Node.js is missing, unless
# FAIRY_REQUIRE_WASM=1 (scripts/fresh-check.sh sets it): then a failure.
set -uo pipefail
mode=$1 fairyc=$2 src=$3 build=$4

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
cd "$src" || exit 1
case $mode in
node)
  FAIRYC=$fairyc FAIRY_WASM_WEB=$build/wasm/web FAIRY_SOURCE_DIR=$src \
    node --test web/test/ ;;
browser)
  python3 test/browser/playground_browser.py "$fairyc" "$5" \
    --static "$build/wasm/web/playground" ;;
*)
  echo "wasm-test.sh: unknown mode '$mode'" >&2
  exit 2 ;;
esac

#!/usr/bin/env bash
# Installs the Debian packages fairyc needs that are missing on this machine.
# Idempotent: does nothing (and needs no network) when everything is present.
#
# Prints one line per step; apt's own output goes to a log file
# ($FAIRY_SETUP_LOG, default build/setup.log), which is named on failure.
# Runs apt-get as root, through sudo for a normal user.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  antlr4 libantlr4-runtime-dev          # grammar tool (4.7.2) + C++ runtime (4.9)
  uuid-dev                              # the ANTLR runtime's CMake package links libuuid
  llvm-14-dev llvm-14-tools             # Support, cl::opt, SourceMgr, json; FileCheck, lit
  libncurses-dev zlib1g-dev             # needed by find_package(LLVM) on Debian
  libfmt-dev googletest libgtest-dev libbenchmark-dev
  cmake ninja-build g++ clang-14 libclang-rt-14-dev pkg-config
  graphviz librsvg2-bin python3         # render checks of --emit=dot and --emit=svg
  chromium python3-pil fonts-dejavu-core # svg-render: pictures drawn by a browser
  python3-pytest python3-venv python3-pip # the Python package (python/): its tests, and
  python3-setuptools python3-wheel      # installing it offline into a venv (docs/python.md)
  libcpp-httplib-dev                    # fairyc serve: the playground's HTTP server
  ca-certificates                       # npm fetches ffish over HTTPS
  dpkg-dev file                         # dpkg-shlibdeps, and file for CPack: the Debian packages (scripts/package-deb.sh)
  emscripten patch xz-utils             # scripts/build-wasm.sh: fairyc in WebAssembly (web/; its deps from apt-get source)
)
# Node.js and npm run Fairy-Stockfish (npm package ffish) in the conformance
# suites; a machine that already has them keeps its own.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

log=${FAIRY_SETUP_LOG:-build/setup.log}
mkdir -p "$(dirname "$log")"
: > "$log"

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "setup: missing ${missing[*]}" >&2
    echo "setup: not root and sudo is not installed; install them as root," \
      "or run this script as root" >&2
    exit 1
  fi
  SUDO=(sudo)
fi

# One step: a line saying what, the command's output into the log.
step() {
  local what=$1
  shift
  echo "setup: $what"
  echo "== $what: $*" >> "$log"
  if ! "$@" >> "$log" 2>&1; then
    echo "setup: failed: $what; apt's output is in $log (last lines below)" >&2
    tail -n 15 "$log" >&2
    exit 1
  fi
}

export DEBIAN_FRONTEND=noninteractive
step "updating the package lists" "${SUDO[@]}" apt-get update
step "installing ${#missing[@]} packages: ${missing[*]}" \
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}"
echo "setup: done (log: $log)"

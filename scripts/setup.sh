#!/usr/bin/env bash
# Installs the Debian packages fairyc needs that are missing on this machine.
# Idempotent: does nothing (and needs no network) when everything is present.
set -euo pipefail

packages=(
  antlr4 libantlr4-runtime-dev          # grammar tool (4.7.2) + C++ runtime (4.9)
  llvm-14-dev llvm-14-tools             # Support, cl::opt, SourceMgr, json; FileCheck, lit
  libncurses-dev zlib1g-dev             # needed by find_package(LLVM) on Debian
  libfmt-dev googletest libgtest-dev libbenchmark-dev
  cmake ninja-build g++ clang-14 libclang-rt-14-dev
  graphviz librsvg2-bin python3     # render checks of --emit=dot and --emit=svg
)
# Node.js and npm run Fairy-Stockfish (npm package ffish) in the Betza
# conformance suite; a machine that already has them keeps its own.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"

#!/usr/bin/env bash
# The Debian packages installed, used and removed, as the README's
# "Install the Debian package" says. It changes the machine it runs on:
# scripts/fresh-check.sh's deb stage runs it (--debs) as root in a clean
# Debian 12 root of its own, made after the packages were built in
# another; run it by hand only where you mean to install fairyc.
#
#   scripts/deb-check.sh [--debs DIR]
#
# Runs the commands of the README's section as written there, from the
# repository's root, apt answering yes: scripts/package-deb.sh, then
# apt install. With --debs DIR it skips building and installs DIR's
# packages with the README's apt line (copied to build/packages/ first,
# after apt-get update: scripts/fresh-check.sh's deb stage runs it so in a
# clean root where nothing else was installed, so apt must bring every
# Debian package the packages' Depends name).
# Then /usr/bin/fairyc draws a knight's 8 moves, fairy-opt prints IR,
# fairyc-lsp answers initialize, a C program built with pkg-config and a
# C++ one built with find_package(fairyc) (test/install/consumer-find-package,
# fairyc::fairy and fairyc::ir) run against /usr, and apt-get remove takes
# the three packages away with every file they installed. A compiler,
# CMake, pkg-config and llvm-14-dev (for fairyc::ir) are installed when
# missing after the tools were used: what those programs need, not what
# fairyc needs.
# Prints one line per step and ends with "deb-check: PASS".
set -euo pipefail
cd "$(dirname "$0")/.."

debs=
if [ "${1:-}" = --debs ]; then
  debs=$(cd "$2" && pwd)
elif [ $# -gt 0 ]; then
  echo "deb-check: unknown argument '$1'" >&2
  exit 2
fi
[ "$(id -u)" -eq 0 ] || { echo "deb-check: run as root (it installs and removes packages)" >&2; exit 2; }

fail() { echo "deb-check: FAIL: $*" >&2; exit 1; }
step() { echo "deb-check: $*"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export DEBIAN_FRONTEND=noninteractive
# The README's commands as written: packages in build/packages.
unset FAIRY_BUILD_DIR FAIRY_DEB_BUILD_DIR FAIRY_DEB_OUT
# apt answers yes, as the person running the README's commands would.
echo 'APT::Get::Assume-Yes "true";' > "$work/apt.conf"
export APT_CONFIG=$work/apt.conf

block=$(awk '/^## Install the Debian package/ { s = 1 }
  s && /^```sh$/ { b = 1; next }
  b && /^```/ { exit }
  b' README.md)
[ -n "$block" ] || fail "README.md has no sh block under '## Install the Debian package'"
if [ -n "$debs" ]; then
  mkdir -p build/packages
  rm -f build/packages/*.deb
  cp "$debs"/*.deb build/packages/
  # No setup.sh ran here (a fresh root): apt learns what the mirror has.
  step "apt-get update"
  apt-get update > "$work/update.log" 2>&1 ||
    { tail -n 20 "$work/update.log"; fail "apt-get update"; }
fi
dpkg-query -W -f='${Package}\n' | sort > "$work/before"
while IFS= read -r line; do
  command=$(sed 's/ *#.*//' <<< "$line")
  if [ -n "$debs" ] && [[ $command == scripts/package-deb.sh* ]]; then
    step "skipped (--debs $debs): $command"
    continue
  fi
  step "README: $command"
  bash -euo pipefail -c "$line" || fail "the README's command: $line"
done <<< "$block"

dpkg-query -W -f='${Package}\n' | sort | comm -13 "$work/before" - > "$work/new"
step "apt installed $(wc -l < "$work/new") packages: $(paste -sd' ' "$work/new")"
lib=$(dpkg-query -W -f='${Depends}' libfairy-dev 2>/dev/null | cut -d' ' -f1) ||
  fail "libfairy-dev is not installed"
packages=(fairyc "$lib" libfairy-dev)
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    fail "$p is not installed"
done
step "installed: $(dpkg-query -W -f='${Package} ${Version}\n' "${packages[@]}" | paste -sd, | sed 's/,/, /g')"
ldconfig -p | grep "libfairy\.so\." > /dev/null || fail "libfairy is not in ld.so's cache"

[ "$(command -v fairyc)" = /usr/bin/fairyc ] || fail "fairyc is $(command -v fairyc || echo missing)"
moves=$(fairyc -x betza N --from=d4 | grep -o X | wc -l)
[ "$moves" -eq 8 ] || fail "fairyc -x betza N --from=d4 draws $moves moves, not 8"
step "fairyc -x betza N --from=d4: $moves moves"
echo 'sym<d4>(leg(1,2; notfriend))' > "$work/knight.fir"
[ "$(fairy-opt "$work/knight.fir")" = 'sym<d4>(leg(1,2; notfriend))' ] ||
  fail "fairy-opt does not print the knight's IR"
# It exits 1 at the end of input without 'exit', as the protocol asks.
answer=$(printf 'Content-Length: 58\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}' |
  fairyc-lsp || true)
grep -q hoverProvider <<< "$answer" || fail "fairyc-lsp does not answer initialize"
step "fairy-opt prints IR; fairyc-lsp answers initialize"

need=()
for p in gcc g++ make cmake pkg-config llvm-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  step "installing what the consumers build with: ${need[*]}"
  apt-get install -y --no-install-recommends "${need[@]}" > "$work/apt.log" 2>&1 ||
    { tail -n 20 "$work/apt.log"; fail "apt-get install ${need[*]}"; }
fi

# No prefix named: the packages' files are where the compiler, pkg-config
# and CMake look by themselves.
[ "$(pkg-config --variable=includedir fairyc)" -ef /usr/include ] ||
  fail "pkg-config's includedir for fairyc is $(pkg-config --variable=includedir fairyc)"
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -Werror test/install/consumer.c -o "$work/c-consumer" \
  $(pkg-config --cflags --libs fairyc) || fail "the C consumer does not build"
ldd "$work/c-consumer" | grep -E "libfairy\.so.* => (/usr)?/lib/" > /dev/null ||
  fail "the C consumer does not load /usr's libfairy"
"$work/c-consumer" examples/chess.fairy || fail "the C consumer"
cmake -S test/install/consumer-find-package -B "$work/cmake-consumer" \
  > "$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "find_package(fairyc)"; }
grep -q "fairyc_DIR:PATH=/usr/lib/" "$work/cmake-consumer/CMakeCache.txt" ||
  fail "find_package(fairyc) found $(grep fairyc_DIR "$work/cmake-consumer/CMakeCache.txt")"
cmake --build "$work/cmake-consumer" >> "$work/cmake.log" 2>&1 ||
  { tail -n 30 "$work/cmake.log"; fail "the find_package consumer does not build"; }
"$work/cmake-consumer/driver-consumer" || fail "the find_package consumer"
"$work/cmake-consumer/ir-consumer" || fail "the fairyc::ir consumer"
step "consumers built and run: C with pkg-config, C++ with find_package (fairyc::fairy, fairyc::ir)"

for p in "${packages[@]}"; do
  dpkg -L "$p"
done | while IFS= read -r f; do [ -d "$f" ] || echo "$f"; done > "$work/files"
step "removing ${packages[*]} ($(wc -l < "$work/files") files)"
apt-get remove -y "${packages[@]}" > "$work/remove.log" 2>&1 ||
  { tail -n 20 "$work/remove.log"; fail "apt-get remove"; }
for p in "${packages[@]}"; do
  ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "installed" ||
    fail "$p is still installed"
done
while IFS= read -r f; do
  [ ! -e "$f" ] && [ ! -L "$f" ] || fail "$f is left after apt-get remove"
done < "$work/files"
! ldconfig -p | grep "libfairy\.so\." > /dev/null || fail "libfairy is still in ld.so's cache"
step "removed: no file of theirs left"
step PASS

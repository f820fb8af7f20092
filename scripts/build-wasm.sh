#!/usr/bin/env bash
# Builds fairyc's core (notations, IR, passes, evaluators, back ends, the C
# API and the playground's API; no server, LSP or tools) for WebAssembly
# with Debian's emscripten, into BUILD_DIR (default build/wasm, or
# $FAIRY_BUILD_DIR/wasm):
#   BUILD_DIR/deps   LLVM Support and the ANTLR 4 runtime for wasm32, from
#                    Debian's source packages; built once, then reused
#   BUILD_DIR/fairy  this project configured with -DFAIRY_WASM=ON
#   BUILD_DIR/web    the JavaScript package: web/ and the module
#                    (fairyc-core.js + fairyc-core.wasm)
# The sources are fetched with apt-get source through a private apt
# configuration in BUILD_DIR/deps/apt (a deb-src line for the mirror the
# host already uses, checked with Debian's keyring); the host's apt
# configuration is not changed and root is not needed.
#
# Prints one line per step; each step's output goes to a log in BUILD_DIR,
# named (with its last lines) when the step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-${FAIRY_BUILD_DIR:-build}/wasm}
mkdir -p "$build"
build=$(cd "$build" && pwd)
deps=$build/deps
start=$(date +%s)

command -v emcc >/dev/null 2>&1 || {
  echo "build-wasm: emcc is missing (apt-get install emscripten; scripts/setup.sh installs it)" >&2
  exit 2
}
# Debian's emscripten runs its JavaScript optimiser with Debian's acorn
# (/usr/share/nodejs), which a Node.js from elsewhere does not search.
export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs

# One step: a line saying what, the command's output into a log.
step() {
  local what=$1 log=$2
  shift 2
  echo "build-wasm: $what"
  if ! "$@" > "$log" 2>&1; then
    echo "build-wasm: failed: $what; the log is $log (last lines below)" >&2
    tail -n 20 "$log" >&2
    exit 1
  fi
}

llvm_version=1:14.0.6-12
antlr_version=4.9+dfsg-3
stamp=$deps/.built-llvm-${llvm_version#1:}-antlr-$antlr_version-$(sha1sum cmake/wasm/deps/CMakeLists.txt | cut -c1-12)

if [ ! -e "$stamp" ]; then
  # ---- Fetch Debian's sources (apt verifies them against its keyring) ----
  apt=$deps/apt
  mkdir -p "$apt"/{lists/partial,cache/archives/partial} "$deps/src"
  mirror=$(grep -hoE '^(URIs:|deb) +(\[[^]]*\] +)?https?://[^ ]+/debian/?( |$)' \
    /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
    grep -oE 'https?://[^ ]+' | head -n1 || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  echo "deb-src [signed-by=$keyring] $mirror bookworm main" > "$apt/sources.list"
  aptopts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=-
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
    -o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)")
  have_sources() {
    ls "$deps/src/llvm-toolchain-14_14.0.6.orig.tar.xz" \
      "$deps/src/antlr4-cpp-runtime_4.9+dfsg.orig.tar.xz" \
      "$deps/src/antlr4-cpp-runtime_${antlr_version}.debian.tar.xz" >/dev/null 2>&1
  }
  if ! have_sources; then
    step "reading the source index of $mirror" "$deps/apt.log" \
      apt-get "${aptopts[@]}" update
    step "fetching llvm-toolchain-14 $llvm_version and antlr4-cpp-runtime $antlr_version (apt-get source)" \
      "$deps/apt-source.log" \
      bash -c 'cd "$1" && shift && apt-get "$@" source --download-only \
        llvm-toolchain-14='"$llvm_version"' antlr4-cpp-runtime='"$antlr_version" \
      _ "$deps/src" "${aptopts[@]}"
  fi

  # ---- Extract only what is built ----------------------------------------
  rm -rf "$deps/llvm" "$deps/antlr4"
  mkdir -p "$deps/llvm" "$deps/antlr4"
  step "extracting LLVM's include/ and lib/Support/" "$deps/extract.log" \
    tar -xJf "$deps/src/llvm-toolchain-14_14.0.6.orig.tar.xz" -C "$deps/llvm" \
    --strip-components=2 --wildcards \
    'llvm-toolchain-14_14.0.6/llvm/include/*' \
    'llvm-toolchain-14_14.0.6/llvm/lib/Support/*' \
    'llvm-toolchain-14_14.0.6/llvm/LICENSE.TXT'
  # The ANTLR runtime with Debian's patches (cxx17.patch: the C++17 ABI
  # the Debian package has).
  step "extracting the ANTLR 4 runtime and applying Debian's patches" "$deps/extract.log" \
    bash -c 'tar -xJf "$1" -C "$3" && tar -xJf "$2" -C "$3" &&
      cd "$3" && while read -r p; do patch -p1 < "debian/patches/$p"; done < debian/patches/series' \
    _ "$deps/src/antlr4-cpp-runtime_4.9+dfsg.orig.tar.xz" \
    "$deps/src/antlr4-cpp-runtime_${antlr_version}.debian.tar.xz" "$deps/antlr4"

  # ---- Build them for wasm32 ----------------------------------------------
  rm -rf "$deps/build" "$deps/prefix"
  step "configuring LLVM Support and the ANTLR runtime for wasm32 (emcmake)" \
    "$deps/configure.log" \
    emcmake cmake -S cmake/wasm/deps -B "$deps/build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DLLVM_SOURCE_DIR="$deps/llvm" -DANTLR_SOURCE_DIR="$deps/antlr4" \
    -DCMAKE_INSTALL_PREFIX="$deps/prefix"
  step "building LLVM Support and the ANTLR runtime with $(nproc) jobs" \
    "$deps/build.log" cmake --build "$deps/build" --target install -- -j"$(nproc)"
  rm -f "$deps"/.built-*
  touch "$stamp"
else
  echo "build-wasm: LLVM Support and the ANTLR runtime for wasm32 are built ($deps/prefix)"
fi

# ---- fairyc's core for wasm32 --------------------------------------------
step "configuring fairyc for wasm32 (emcmake, -DFAIRY_WASM=ON)" \
  "$build/configure.log" \
  emcmake cmake -S . -B "$build/fairy" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" \
  -DFAIRY_WASM=ON -DFAIRY_WASM_DEPS="$deps/prefix"
step "building fairyc-core.wasm with $(nproc) jobs" "$build/build.log" \
  cmake --build "$build/fairy" --target fairyc-core fairyc-core-single -- -j"$(nproc)"

# ---- The package ---------------------------------------------------------
mkdir -p "$build/web"
cp web/package.json web/fairyc.js web/fairyc.d.ts web/README.md "$build/web/"
cp "$build/fairy/lib/Wasm/fairyc-core.js" "$build/fairy/lib/Wasm/fairyc-core.wasm" "$build/web/"

# ---- The static playground: fairyc serve's page answering itself ---------
# The same page (lib/Playground/page), with the module and its transport
# (playground-wasm.js) loaded before the page's script.
page=$build/web/playground
mkdir -p "$page"
cp lib/Playground/page/playground.css lib/Playground/page/playground.js \
  lib/Playground/page/playground-wasm.js "$build/fairy/lib/Wasm/fairyc-core-single.js" "$page/"
scripts='<script src="fairyc-core-single.js" defer></script>\n<script src="playground-wasm.js" defer></script>\n<script src="playground.js" defer></script>'
grep -q '<script src="playground.js" defer></script>' lib/Playground/page/index.html || {
  echo "build-wasm: lib/Playground/page/index.html no longer loads playground.js as expected" >&2
  exit 1
}
sed "s|<script src=\"playground.js\" defer></script>|$scripts|" \
  lib/Playground/page/index.html > "$page/index.html"

size=$(stat -c %s "$build/web/fairyc-core.wasm")
gz=$(gzip -9c "$build/web/fairyc-core.wasm" | wc -c)
echo "build-wasm: $build/web: fairyc-core.wasm $((size / 1024)) KiB ($((gz / 1024)) KiB gzip); the static playground: $page/index.html; in $(($(date +%s) - start)) s"

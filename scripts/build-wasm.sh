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
# configuration in BUILD_DIR/deps/apt (deb-src lines for the mirror the
# host already uses and its release, scripts/lib/debian-mirror.sh, checked
# with Debian's keyring); the host's apt configuration is not changed and
# root is not needed. Their versions are those of the installed
# llvm-14-dev and libantlr4-runtime-dev (the headers the native build
# uses), or the mirror's newest when it no longer has those; the deps are
# built again when the installed versions change. FAIRY_WASM_FETCH_ONLY=1
# stops after fetching and extracting the sources.
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

# The source versions of the headers the native build uses (the installed
# llvm-14-dev and libantlr4-runtime-dev), or FAIRY_WASM_LLVM_VERSION /
# FAIRY_WASM_ANTLR_VERSION; the newest the mirror has when that one is gone
# from it (mirrors keep only the current version of a source package).
installed_source() { dpkg-query -W -f='${source:Version}' "$1" 2>/dev/null || true; }
llvm_want=${FAIRY_WASM_LLVM_VERSION:-$(installed_source llvm-14-dev)}
antlr_want=${FAIRY_WASM_ANTLR_VERSION:-$(installed_source libantlr4-runtime-dev)}
upstream() { local v=${1#*:}; echo "${v%-*}"; }
# The stamp names the versions wanted and the deps' CMakeLists.txt (its
# comments aside); it holds the versions built.
stamp=$deps/.built-llvm-${llvm_want#*:}-antlr-$antlr_want-$(sed '/^ *#/d' cmake/wasm/deps/CMakeLists.txt | sha1sum | cut -c1-12)

if [ ! -e "$stamp" ]; then
  # ---- Fetch Debian's sources (apt verifies them against its keyring) ----
  apt=$deps/apt
  mkdir -p "$apt"/{lists/partial,cache/archives/partial} "$deps/src"
  # shellcheck source=scripts/lib/debian-mirror.sh
  . scripts/lib/debian-mirror.sh
  mirror=$(debian_mirror)
  suite=$(debian_codename)
  keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  {
    echo "deb-src [signed-by=$keyring] $mirror $suite main"
    echo "deb-src [signed-by=$keyring] $mirror $suite-updates main"
    echo "deb-src [signed-by=$keyring] $(debian_security_mirror) $suite-security main"
  } > "$apt/sources.list"
  aptopts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=-
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
    -o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)")
  # The files of llvm-toolchain-14 $1 and antlr4-cpp-runtime $2 in src/.
  llvm_tar() { echo "$deps/src/llvm-toolchain-14_$(upstream "$1").orig.tar.xz"; }
  antlr_orig() { echo "$deps/src/antlr4-cpp-runtime_$(upstream "$1").orig.tar.xz"; }
  antlr_debian() { echo "$deps/src/antlr4-cpp-runtime_${1#*:}.debian.tar.xz"; }
  have_sources() {
    local f
    for f in "$(llvm_tar "$1")" "$(antlr_orig "$2")" "$(antlr_debian "$2")"; do
      [ -f "$f" ] || return 1
    done
  }
  llvm_version=$llvm_want antlr_version=$antlr_want
  if [ -z "$llvm_want" ] || [ -z "$antlr_want" ] || ! have_sources "$llvm_want" "$antlr_want"; then
    step "reading the source index of $mirror ($suite)" "$deps/apt.log" \
      apt-get "${aptopts[@]}" update
    # The wanted version if the mirror has it, else its newest.
    pick() {
      local pkg=$1 want=$2 v newest='' found=''
      for v in $(apt-cache "${aptopts[@]}" showsrc --only-source "$pkg" 2>/dev/null |
                 sed -n 's/^Version: //p'); do
        [ "$v" = "$want" ] && found=$v
        if [ -z "$newest" ] || dpkg --compare-versions "$v" gt "$newest"; then newest=$v; fi
      done
      if [ -n "$found" ]; then echo "$found"; return; fi
      [ -n "$newest" ] || { echo "build-wasm: $mirror has no source package $pkg" >&2; exit 1; }
      echo "build-wasm: note: $pkg ${want:-(not installed)} is not on $mirror; using its newest, $newest" >&2
      echo "$newest"
    }
    llvm_version=$(pick llvm-toolchain-14 "$llvm_want")
    antlr_version=$(pick antlr4-cpp-runtime "$antlr_want")
    if ! have_sources "$llvm_version" "$antlr_version"; then
      step "fetching llvm-toolchain-14 $llvm_version and antlr4-cpp-runtime $antlr_version (apt-get source)" \
        "$deps/apt-source.log" \
        bash -c 'cd "$1" && shift && apt-get "$@" source --download-only \
          llvm-toolchain-14='"$llvm_version"' antlr4-cpp-runtime='"$antlr_version" \
        _ "$deps/src" "${aptopts[@]}"
    fi
  fi

  # ---- Extract only what is built ----------------------------------------
  rm -rf "$deps/llvm" "$deps/antlr4"
  mkdir -p "$deps/llvm" "$deps/antlr4"
  tarball=$(llvm_tar "$llvm_version")
  # Its top folder (llvm-toolchain-14_14.0.6); tar dies of the closed pipe.
  top=$(tar -tJf "$tarball" 2>/dev/null | head -n1 | cut -d/ -f1 || true)
  step "extracting LLVM's include/ and lib/Support/ ($llvm_version)" "$deps/extract.log" \
    tar -xJf "$tarball" -C "$deps/llvm" --strip-components=2 --wildcards \
    "$top/llvm/include/*" "$top/llvm/lib/Support/*" "$top/llvm/LICENSE.TXT"
  # The ANTLR runtime with Debian's patches (cxx17.patch: the C++17 ABI
  # the Debian package has).
  step "extracting the ANTLR 4 runtime ($antlr_version) and applying Debian's patches" "$deps/extract.log" \
    bash -c 'tar -xJf "$1" -C "$3" && tar -xJf "$2" -C "$3" &&
      cd "$3" && while read -r p; do patch -p1 < "debian/patches/$p"; done < debian/patches/series' \
    _ "$(antlr_orig "$antlr_version")" "$(antlr_debian "$antlr_version")" "$deps/antlr4"
  if [ "${FAIRY_WASM_FETCH_ONLY:-0}" = 1 ]; then
    echo "build-wasm: FAIRY_WASM_FETCH_ONLY=1: sources in $deps/llvm and $deps/antlr4; stopping"
    exit 0
  fi

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
  printf 'llvm-toolchain-14 %s\nantlr4-cpp-runtime %s\n' "$llvm_version" "$antlr_version" > "$stamp"
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

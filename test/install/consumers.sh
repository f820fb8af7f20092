#!/usr/bin/env bash
# Install and consumer tests (run by ctest; test/CMakeLists.txt):
#   consumers.sh install              BUILD SOURCE WORK  cmake --install into WORK/prefix
#   consumers.sh headers              BUILD SOURCE WORK  each installed header compiles alone
#   consumers.sh c-pkgconfig          BUILD SOURCE WORK  a C program via pkg-config
#   consumers.sh c-api-example        BUILD SOURCE WORK  docs/c-api.md's example
#   consumers.sh cxx-find-package     BUILD SOURCE WORK  C++ via find_package(fairyc)
#   consumers.sh cxx-add-subdirectory BUILD SOURCE WORK  C++ via add_subdirectory
# CC and CXX name the compilers (default cc and c++).
set -euo pipefail
mode=$1 build=$2 source=$3 work=$4
prefix=$work/prefix
here=$source/test/install
CC=${CC:-cc}
CXX=${CXX:-c++}
mkdir -p "$work"

fail() { echo "FAIL: $*" >&2; exit 1; }

case $mode in
install)
  rm -rf "$prefix"
  cmake --install "$build" --prefix "$prefix" > "$work/install.log" ||
    { cat "$work/install.log"; fail "cmake --install"; }
  libdir=$(dirname "$(find "$prefix" -name fairyc.pc)")/..
  for f in bin/fairyc bin/fairy-opt bin/fairyc-lsp bin/fairyc-lit \
    share/fairyc/lit/fairyc.cfg.py share/fairyc/variant-tests/lit.cfg.py \
    include/fairy/fairy.h include/fairy/Driver/Driver.h; do
    [ -e "$prefix/$f" ] || fail "$f is not installed"
  done
  for f in libfairy.so pkgconfig/fairyc.pc cmake/fairyc/fairycConfig.cmake \
    cmake/fairyc/fairycConfigVersion.cmake cmake/fairyc/fairycTargets.cmake; do
    [ -e "$libdir/$f" ] || fail "$f is not installed in $libdir"
  done
  [ ! -e "$prefix/include/fairy/Testing" ] || fail "test generators installed"
  # Headers of libraries that are not in libfairy.
  for d in Lsp Playground Wasm; do
    [ ! -e "$prefix/include/fairy/$d" ] || fail "fairy/$d installed without its library"
  done
  "$prefix/bin/fairyc" --version | grep -q "fairyc " || fail "fairyc --version"
  "$prefix/bin/fairyc" -x betza N --board=8x8 --from=b1 | grep -q X ||
    fail "the installed fairyc draws no knight"
  # It exits 1 at the end of input without 'exit', as the protocol asks.
  answer=$(printf 'Content-Length: 58\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}' |
    "$prefix/bin/fairyc-lsp" || true)
  grep -q hoverProvider <<< "$answer" ||
    fail "the installed fairyc-lsp does not answer initialize"
  # The installed fairyc serves the playground: its page and an answer.
  python3 - "$prefix/bin/fairyc" <<'PY' || fail "the installed fairyc serve"
import json, re, subprocess, sys, urllib.request
server = subprocess.Popen([sys.argv[1], "serve", "--port=0"],
                          stdout=subprocess.PIPE, text=True)
try:
    url = re.search(r"http://\S+/", server.stdout.readline()).group(0)
    page = urllib.request.urlopen(url, timeout=30).read().decode()
    assert "fairyc playground" in page, "no page"
    req = urllib.request.Request(url + "api/compile", method="POST",
                                 data=b'{"notation":"betza","text":"N"}',
                                 headers={"Content-Type": "application/json"})
    answer = json.load(urllib.request.urlopen(req, timeout=30))
    assert answer["ok"] and len(answer["destinations"]) == 8, answer
finally:
    server.terminate()
    server.wait(timeout=30)
PY
  echo "installed into $prefix: $(find "$prefix" -type f | wc -l) files"
  ;;
headers)
  # The C API and the driver need no LLVM: no LLVM include path for them
  # (Debian keeps LLVM's headers out of the default one).
  n=0
  echo '#include <fairy/fairy.h>' |
    $CC -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only \
      -I"$prefix/include" -x c - || fail "fairy/fairy.h as C99"
  for h in fairy/fairy.h fairy/Driver/Driver.h fairy/Driver/Invocation.h \
    fairy/Backend/BitboardIndex.h fairy/Notation/BetzaStyle.h \
    fairy/Eval/Color.h fairy/Eval/BoardStyle.h fairy/Support/Progress.h; do
    echo "#include <$h>" |
      $CXX -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I"$prefix/include" \
        -x c++ - || fail "$h needs more than the standard library"
    n=$((n + 1))
  done
  # The C++ IR API's headers, each alone, with LLVM's.
  while IFS= read -r h; do
    echo "#include <$h>" |
      $CXX -std=c++17 -fsyntax-only -I"$prefix/include" \
        -isystem /usr/lib/llvm-14/include -x c++ - ||
      fail "$h does not compile on its own"
    n=$((n + 1))
  done < <(cd "$prefix/include" && find fairy -name '*.h' | sort)
  echo "$n header compilations passed"
  ;;
c-pkgconfig)
  pc=$(dirname "$(find "$prefix" -name fairyc.pc)")
  export PKG_CONFIG_PATH=$pc
  libdir=$(pkg-config --variable=libdir fairyc)
  # shellcheck disable=SC2046
  $CC -std=c99 -Wall -Wextra -Werror "$here/consumer.c" -o "$work/c-consumer" \
    $(pkg-config --cflags --libs fairyc) -Wl,-rpath,"$libdir"
  "$work/c-consumer" "$source/examples/chess.fairy"
  ;;
c-api-example)
  # The complete example of docs/c-api.md, and what it must print there.
  pc=$(dirname "$(find "$prefix" -name fairyc.pc)")
  export PKG_CONFIG_PATH=$pc
  libdir=$(pkg-config --variable=libdir fairyc)
  python3 - "$source/docs/c-api.md" "$work/example.c" "$work/example.expected" <<'PY'
import re, sys
doc = open(sys.argv[1]).read()
part = doc[doc.index("### A complete example"):]
code = re.search(r"```c\n(.*?)```", part, re.S).group(1)
expected = re.search(r"It prints:\n\n```\n(.*?)```", part, re.S).group(1)
open(sys.argv[2], "w").write(code)
open(sys.argv[3], "w").write(expected)
PY
  # shellcheck disable=SC2046
  $CC -std=c99 -Wall -Wextra -Werror "$work/example.c" -o "$work/example" \
    $(pkg-config --cflags --libs fairyc) -Wl,-rpath,"$libdir"
  "$work/example" > "$work/example.out"
  diff -u "$work/example.expected" "$work/example.out" ||
    fail "the example of docs/c-api.md prints something else"
  echo "docs/c-api.md's example prints what the page says"
  ;;
cxx-find-package)
  rm -rf "$work/find-package"
  cmake -S "$here/consumer-find-package" -B "$work/find-package" -G Ninja \
    -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_PREFIX_PATH="$prefix" \
    > "$work/find-package.log" 2>&1 || { cat "$work/find-package.log"; fail configure; }
  cmake --build "$work/find-package" >> "$work/find-package.log" 2>&1 ||
    { cat "$work/find-package.log"; fail build; }
  "$work/find-package/driver-consumer"
  "$work/find-package/ir-consumer"
  ;;
cxx-add-subdirectory)
  # Unoptimised: the point is that it builds and links, not its speed.
  rm -rf "$work/add-subdirectory"
  cmake -S "$here/consumer-add-subdirectory" -B "$work/add-subdirectory" \
    -G Ninja -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    -DFAIRYC_SOURCE_DIR="$source" > "$work/add-subdirectory.log" 2>&1 ||
    { cat "$work/add-subdirectory.log"; fail configure; }
  cmake --build "$work/add-subdirectory" --target driver-consumer \
    >> "$work/add-subdirectory.log" 2>&1 ||
    { tail -n 40 "$work/add-subdirectory.log"; fail build; }
  "$work/add-subdirectory/driver-consumer"
  ;;
*) fail "unknown mode $mode" ;;
esac

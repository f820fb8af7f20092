#!/usr/bin/env bash
# Builds the Debian packages fairyc, libfairy<SOVERSION> and libfairy-dev
# (cmake/FairyPackaging.cmake; docs/packaging.md) into build/packages/
# ($FAIRY_BUILD_DIR/packages/ when FAIRY_BUILD_DIR is set).
#
#   scripts/package-deb.sh
#
# First runs scripts/setup.sh (dpkg-dev gives dpkg-shlibdeps, which finds
# the packages' dependencies), then configures a Release build of the
# libraries and tools alone for the prefix /usr into build/deb, builds it
# and runs cpack into build/packages. Like scripts/build.sh it honours
# $FAIRY_BUILD_DIR: with it set, both are inside it ($FAIRY_BUILD_DIR/deb,
# $FAIRY_BUILD_DIR/packages); $FAIRY_DEB_BUILD_DIR and $FAIRY_DEB_OUT name
# either directory outright. Prints one line per step (and the build's
# progress) and each package's file; cpack's output goes to cpack.log
# beside the packages. $FAIRY_DEB_MAINTAINER ('Name <address>') sets the
# packages' Maintainer field (cmake/FairyPackaging.cmake).
set -euo pipefail
cd "$(dirname "$0")/.."

base=${FAIRY_BUILD_DIR:-build}
build=${FAIRY_DEB_BUILD_DIR:-$base/deb}
out=${FAIRY_DEB_OUT:-$base/packages}

bash scripts/setup.sh
mkdir -p "$build"
echo "package-deb: configuring $build (Release, prefix /usr, no tests; log: $build/configure.log)"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_INSTALL_PREFIX=/usr -DFAIRY_BUILD_TESTS=OFF \
  -DFAIRY_BUILD_BENCHMARKS=OFF \
  ${FAIRY_DEB_MAINTAINER:+"-DFAIRY_DEB_MAINTAINER=$FAIRY_DEB_MAINTAINER"} \
  > "$build/configure.log" 2>&1 ||
  { cat "$build/configure.log"; exit 1; }
echo "package-deb: building the libraries and tools with $(nproc) jobs"
cmake --build "$build" -- -j"$(nproc)"
mkdir -p "$out"
rm -f "$out"/*.deb
echo "package-deb: cpack -G DEB"
if ! cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out" \
  > "$out/cpack.log" 2>&1; then
  tail -n 25 "$out/cpack.log" >&2
  echo "package-deb: cpack failed; its output is in $out/cpack.log" >&2
  exit 1
fi
for deb in "$out"/*.deb; do
  echo "package-deb: $deb"
done

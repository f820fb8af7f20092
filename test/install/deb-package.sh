#!/usr/bin/env bash
# The Debian packages of this build (cmake/FairyPackaging.cmake), made with
# cpack and checked with dpkg-deb, never installed (scripts/deb-check.sh
# installs them in scripts/fresh-check.sh's fresh root):
#   deb-package.sh BUILD SOURCE WORK
# Checks the three packages' names (the library's from its SONAME), their
# fields, that each ELF file's libraries come from the package itself or
# from a package it depends on, that libfairy-dev depends on exactly this
# libfairy, which files each holds (none twice, all under /usr, no test
# generators, no build or source paths), that programs and library are
# stripped and the library has dpkg's ldconfig trigger, that lintian (when
# installed) finds no error, and builds and runs a C program with
# pkg-config against the unpacked -dev and library packages.
# Exits 77 (SKIPPED) without dpkg-deb, dpkg-shlibdeps, file (CPack's DEB
# generator runs it) or cpack.
# No pipefail: a grep -q that stops reading early is the check, not a failure.
set -eu
build=$1 source=$2 work=$3
CC=${CC:-cc}
CPACK=${CPACK:-cpack}

for tool in dpkg-deb dpkg-shlibdeps file "$CPACK" objdump readelf pkg-config "$CC"; do
  command -v "$tool" > /dev/null || {
    echo "SKIPPED: $tool is missing (Debian: dpkg-dev, file, cmake, binutils, pkg-config)"
    exit 77
  }
done

fail() { echo "FAIL: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
out=$work/packages
"$CPACK" -G DEB --config "$build/CPackConfig.cmake" -B "$out" > "$work/cpack.log" 2>&1 ||
  { tail -n 30 "$work/cpack.log"; fail cpack; }

arch=$(dpkg --print-architecture)
debs=("$out"/*.deb)
[ ${#debs[@]} -eq 3 ] || fail "${#debs[@]} packages, not 3: ${debs[*]}"
field() { dpkg-deb -f "$1" "$2"; }

# Find each package by its contents, then check its name.
tools= lib= dev=
for deb in "${debs[@]}"; do
  files=$(dpkg-deb -c "$deb")
  if grep -q '\./usr/bin/fairyc$' <<< "$files"; then tools=$deb
  elif grep -q '/include/fairy/fairy\.h$' <<< "$files"; then dev=$deb
  elif grep -q '/libfairy\.so\.[0-9.]*$' <<< "$files"; then lib=$deb
  else fail "$(basename "$deb") holds none of fairyc, libfairy.so.N, fairy/fairy.h"
  fi
done
[ -n "$tools" ] && [ -n "$lib" ] && [ -n "$dev" ] || fail "a package is missing"

unpacked=$work/root
mkdir -p "$unpacked"
for deb in "$tools" "$lib" "$dev"; do
  dpkg-deb -x "$deb" "$unpacked"
done
# The library's SONAME names its package (libfairy.so.0.2 -> libfairy0.2).
real=$(cd "$unpacked" && find usr -name 'libfairy.so.*' -type f)
[ "$(wc -l <<< "$real")" -eq 1 ] || fail "not one libfairy: $real"
soname=$(objdump -p "$unpacked/$real" | awk '$1 == "SONAME" {print $2}')
[[ $soname =~ ^libfairy\.so\.([0-9.]+)$ ]] || fail "libfairy's SONAME is '$soname'"
lib_name=libfairy${BASH_REMATCH[1]}
[ -L "$unpacked/$(dirname "$real")/$soname" ] || fail "no $soname link in the library package"

version=$(field "$lib" Version)
[ "$(field "$tools" Package)" = fairyc ] || fail "the tools package is $(field "$tools" Package)"
[ "$(field "$lib" Package)" = "$lib_name" ] || fail "the library package is $(field "$lib" Package), not $lib_name"
[ "$(field "$dev" Package)" = libfairy-dev ] || fail "the -dev package is $(field "$dev" Package)"
for deb in "$tools" "$lib" "$dev"; do
  name=$(field "$deb" Package)
  [ "$(basename "$deb")" = "${name}_${version}_${arch}.deb" ] ||
    fail "$(basename "$deb") is not ${name}_${version}_${arch}.deb"
  [ "$(field "$deb" Version)" = "$version" ] || fail "$name's version differs"
  [ "$(field "$deb" Architecture)" = "$arch" ] || fail "$name is not for $arch"
  for f in Maintainer Section Description; do
    [ -n "$(field "$deb" $f)" ] || fail "$name has no $f"
  done
  # Debian's policy: the maintainer's name and address, 'Name <address>'
  # (whatever FAIRY_DEB_MAINTAINER says).
  grep -qE '^[^<>@,]*[^<>@, ] <[^<>@ ]+@[^<>@ ]+\.[^<>@ ]+>$' <<< "$(field "$deb" Maintainer)" ||
    fail "$name's Maintainer is '$(field "$deb" Maintainer)', not 'Name <address>'"
  [ -e "$unpacked/usr/share/doc/$name/copyright" ] || fail "$name has no copyright file"
  gzip -t "$unpacked/usr/share/doc/$name/changelog.Debian.gz" ||
    fail "$name has no changelog.Debian.gz"
done
[ "$(field "$lib" Section)" = libs ] || fail "the library's section is not libs"
[ "$(field "$dev" Section)" = libdevel ] || fail "the -dev section is not libdevel"

# Depends: libfairy-dev on exactly this library; every library an ELF file
# needs, from the package itself or from one it depends on.
dev_depends=$(field "$dev" Depends)
grep -qxF "$lib_name (= $version)" <<< "${dev_depends%%,*}" ||
  fail "libfairy-dev depends on '$dev_depends', not $lib_name (= $version)"
# The package of this machine that holds a library file (Debian 12 merges
# /lib into /usr/lib, and packages name either).
owner_of() {
  local p
  for p in "$1" "$(readlink -f "$1")" "/usr${1#/usr}" "${1#/usr}"; do
    dpkg -S "$p" 2>/dev/null | head -n1 | cut -d: -f1 | grep . && return
  done
  return 0
}
# Whether the Depends field $2 names package $1, or a package of this
# machine that itself depends on it (python3 brings python3-minimal).
depends_on() {
  local names
  names=$(tr ',|' '\n\n' <<< "$2" | awk '{print $1}')
  grep -qxF "$1" <<< "$names" && return 0
  for dep in $names; do
    dpkg-query -W -f='${Depends}, ${Pre-Depends}\n' "$dep" 2>/dev/null |
      tr ',|' '\n\n' | awk '{print $1}' | grep -qxF "$1" && return 0
  done
  return 1
}
checked=0
for deb in "$tools" "$lib"; do
  name=$(field "$deb" Package)
  depends=$(field "$deb" Depends)
  [ -n "$depends" ] || fail "$name has no Depends"
  while IFS= read -r path; do
    objdump -p "$unpacked/$path" > /dev/null 2>&1 || continue
    for needed in $(objdump -p "$unpacked/$path" | awk '$1 == "NEEDED" {print $2}'); do
      [ "$needed" = "$soname" ] && [ "$name" != fairyc ] && continue
      [ "$needed" = "$soname" ] && { grep -qF "$lib_name" <<< "$depends" ||
        fail "$path needs $soname but $name does not depend on $lib_name"; continue; }
      host=$(ldconfig -p | awk -v n="$needed" '$1 == n {print $NF; exit}')
      [ -n "$host" ] || fail "$needed (needed by $path) is not on this machine"
      owner=$(owner_of "$host")
      [ -n "$owner" ] || fail "no package of this machine holds $host"
      tr ',|' '\n\n' <<< "$depends" | awk '{print $1}' | grep -qxF "$owner" ||
        fail "$path needs $needed from $owner, which $name does not depend on ($depends)"
      checked=$((checked + 1))
    done
  done < <(dpkg-deb -c "$deb" | awk '$1 ~ /^-/ {sub(/^\.\//, "", $6); print $6}')
done

# A script's interpreter comes from a dependency too, or is essential.
for deb in "$tools" "$lib" "$dev"; do
  name=$(field "$deb" Package)
  depends=$(field "$deb" Depends)
  while IFS= read -r path; do
    [ "$(head -c2 "$unpacked/$path")" = '#!' ] || continue
    line=$(head -n1 "$unpacked/$path")
    set -- ${line#\#!}
    interpreter=$1
    # env finds it on the PATH of the machine it is installed on.
    [ "$(basename "$interpreter")" = env ] && interpreter=/usr/bin/$2
    owner=$(owner_of "$interpreter")
    [ -n "$owner" ] || fail "$path runs $interpreter, which no package of this machine holds"
    [ "$(dpkg-query -W -f='${Essential}' "$owner")" = yes ] && continue
    depends_on "$owner" "$depends" ||
      fail "$path runs $interpreter from $owner, which $name does not depend on"
    checked=$((checked + 1))
  done < <(dpkg-deb -c "$deb" | awk '$1 ~ /^-..x/ {sub(/^\.\//, "", $6); print $6}')
done

# Stripped, as Debian ships them; ld.so's cache renewed by dpkg's trigger.
for deb in "$tools" "$lib"; do
  while IFS= read -r path; do
    objdump -h "$unpacked/$path" > /dev/null 2>&1 || continue
    readelf -S --wide "$unpacked/$path" | grep -E '\.(symtab|debug_info) ' &&
      fail "$path is not stripped"
  done < <(dpkg-deb -c "$deb" | awk '$1 ~ /^-/ {sub(/^\.\//, "", $6); print $6}')
done
dpkg-deb -I "$lib" triggers | grep -qx 'activate-noawait ldconfig' ||
  fail "$lib_name has no ldconfig trigger"

# Files: each in one package, all under /usr, what each should hold.
for deb in "$tools" "$lib" "$dev"; do
  dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $6}' | sed 's|^\./|/|'
done | sort | uniq -d | grep . && fail "files in two packages"
list() { dpkg-deb -c "$1" | awk '$1 !~ /^d/ {print $6}' | sed 's|^\./|/|'; }
list "$tools" | grep -v '^/usr/' && fail "fairyc installs outside /usr"
list "$lib" | grep -v '^/usr/' && fail "$lib_name installs outside /usr"
list "$dev" | grep -v '^/usr/' && fail "libfairy-dev installs outside /usr"
for f in fairyc fairy-opt fairyc-lsp; do
  list "$tools" | grep -qxF "/usr/bin/$f" || fail "fairyc has no /usr/bin/$f"
done
list "$tools" | grep -v -e '^/usr/bin/' -e '^/usr/share/doc/fairyc/' \
  -e '^/usr/share/fairyc/' && fail "fairyc holds more than its programs and their data"
list "$lib" | grep -v -e '/libfairy\.so\.' -e "^/usr/share/doc/$lib_name/" &&
  fail "$lib_name holds more than libfairy"
list "$lib" | grep -q '/libfairy\.so$' && fail "the libfairy.so link is in $lib_name"
libdir=/$(dirname "$real")
for f in "$libdir/libfairy.so" "$libdir/pkgconfig/fairyc.pc" \
  "$libdir/cmake/fairyc/fairycConfig.cmake" "$libdir/cmake/fairyc/fairycTargets.cmake" \
  /usr/include/fairy/fairy.h /usr/include/fairy/Driver/Driver.h; do
  list "$dev" | grep -qxF "$f" || fail "libfairy-dev has no $f"
done
[ "$(readlink "$unpacked$libdir/libfairy.so")" = "$soname" ] ||
  fail "libfairy.so points at $(readlink "$unpacked$libdir/libfairy.so"), not $soname"
list "$dev" | grep -E '/include/fairy/(Testing|Lsp|Playground|Wasm)/|AntlrErrors\.h' &&
  fail "libfairy-dev ships headers of what is not in libfairy"
for dir in "$(cd "$build" && pwd -P)" "$(cd "$source" && pwd -P)"; do
  grep -rlF "$dir" "$unpacked" && fail "the packages hold the path $dir"
done

# Unpacked where they would be installed, the -dev package's pkg-config
# file and CMake package lead to /usr's include and library directories.
pc=$unpacked$libdir/pkgconfig
[ "$(PKG_CONFIG_PATH=$pc pkg-config --variable=includedir fairyc)" -ef "$unpacked/usr/include" ] ||
  fail "fairyc.pc's includedir is not /usr/include"
[ "$(PKG_CONFIG_PATH=$pc pkg-config --variable=libdir fairyc)" -ef "$unpacked$libdir" ] ||
  fail "fairyc.pc's libdir is not $libdir"
grep -q 'get_filename_component(_IMPORT_PREFIX' "$unpacked$libdir/cmake/fairyc/fairycTargets.cmake" ||
  fail "fairycTargets.cmake does not find its prefix from where it is"
# shellcheck disable=SC2046
$CC -std=c99 -Wall -Wextra -Werror "$source/test/install/consumer.c" -o "$work/c-consumer" \
  $(PKG_CONFIG_PATH=$pc pkg-config --cflags --libs fairyc) -Wl,-rpath,"$unpacked$libdir"
"$work/c-consumer" "$source/examples/chess.fairy" > /dev/null ||
  fail "a C program built against the unpacked packages"

# lintian, when it is installed, finds no error.
if command -v lintian > /dev/null; then
  status=0
  lintian --fail-on error "${debs[@]}" > "$work/lintian.log" 2>&1 || status=$?
  grep -E '^[EW]: ' "$work/lintian.log" || true
  [ $status = 0 ] || fail "lintian finds errors (or fails: status $status)"
  echo "lintian: no errors"
fi

for deb in "$tools" "$lib" "$dev"; do
  echo "$(basename "$deb"): $(list "$deb" | wc -l) files; Depends: $(field "$deb" Depends)"
done
echo "$checked needed libraries and interpreters each from a dependency"

#!/usr/bin/env bash
# The newcomer's check: builds a clean Debian 12 root with debootstrap
# (minbase plus git; sudo too for --user), clones this repository into it
# and runs the README's two commands there, printing each one's time and
# result; then the deb stage: scripts/package-deb.sh builds the Debian
# packages in that root, and a second clean minbase root, which has never
# seen setup.sh, gets them and runs scripts/deb-check.sh --debs: apt
# installs them with the Debian packages their Depends name, fairyc,
# fairyc-lsp and a pkg-config and a find_package consumer are used, and
# apt removes them.
# Needs root on the host (debootstrap, chroot, mounts) and the package
# mirror the host's apt already uses; nothing else of the host reaches the
# fresh roots.
#
#   scripts/fresh-check.sh [--user] [--keep] [--root DIR] [--commit REV]
#                          [--allow-skips] [--only-deb DEBDIR]
#
#   --user     run the two commands and package-deb.sh as a normal user
#              with sudo, not as root (the packages install as root)
#   --keep     leave the fresh roots in place afterwards (default: remove)
#   --root     where to build the first root (default
#              /var/tmp/fairyc-fresh-$$); the deb stage's is DIR-deb
#   --commit   what to clone (default HEAD: commit before you check)
#   --allow-skips  let tests skip (default: FAIRY_REQUIRE_ALL=1, so
#              scripts/test.sh fails when any test skipped, whatever its
#              reason, and FAIRY_REQUIRE_FSF=1, FAIRY_REQUIRE_RENDER=1 and
#              FAIRY_REQUIRE_WASM=1, so the Fairy-Stockfish suites must
#              run, npm reaching its registry, Chromium must draw the
#              pictures, and the WebAssembly build must be made from
#              Debian's packages and pass its tests)
#   --only-deb DEBDIR  only the second half of the deb stage: the .deb
#              files of DEBDIR installed and used in a clean root (no
#              first root, no demo, test or package build)
#
# Logs: $root.logs/{debootstrap,demo,test,package-deb,debootstrap-deb,deb}.log,
# kept after the run.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

as_user=0
keep=0
root=/var/tmp/fairyc-fresh-$$
commit=HEAD
require_fsf=1
only_deb=
while [ $# -gt 0 ]; do
  case $1 in
  --user) as_user=1 ;;
  --keep) keep=1 ;;
  --root) root=$2; shift ;;
  --commit) commit=$2; shift ;;
  --allow-skips) require_fsf=0 ;;
  --only-deb) only_deb=$(cd "$2" && pwd); shift ;;
  *) echo "fresh-check: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
[ "$(id -u)" -eq 0 ] || { echo "fresh-check: run as root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || {
  echo "fresh-check: debootstrap is missing: apt-get install debootstrap" >&2; exit 2; }
if [ -n "$only_deb" ]; then
  ls "$only_deb"/*.deb > /dev/null 2>&1 || {
    echo "fresh-check: no .deb files in $only_deb" >&2; exit 2; }
fi

# The host's Debian mirrors: the first URIs of its sources for the release
# and its security updates (scripts/lib/debian-mirror.sh).
# shellcheck source=scripts/lib/debian-mirror.sh
. "$repo/scripts/lib/debian-mirror.sh"
mirror=$(debian_mirror)
security=$(debian_security_mirror)

logs=$root.logs
mkdir -p "$logs"
rev=$(git -C "$repo" rev-parse --short "$commit")
deb_root=$root-deb

roots=()
mounted=()
cleanup() {
  local r
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" 2>/dev/null || true
  done
  for r in "${roots[@]}"; do
    # Never remove through a mount that is still there.
    if grep -q " ${r}[/ ]" /proc/self/mounts; then
      echo "fresh-check: mounts remain under $r; not removing it" >&2
    elif [ $keep = 0 ]; then
      rm -rf --one-file-system "$r"
    fi
  done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

elapsed() { echo $(($(date +%s) - $1)); }

# make_root DIR LOG INCLUDE: a Debian 12 minbase root in DIR (debootstrap,
# its output in $logs/LOG.log, with the packages INCLUDE names), apt on
# the host's mirror, and mounts of its own.
make_root() {
  local dir=$1 log=$2 include=$3 t0 node name major minor
  roots+=("$dir")
  t0=$(date +%s)
  if ! debootstrap --variant=minbase --include="$include" bookworm "$dir" "$mirror" \
    > "$logs/$log.log" 2>&1; then
    echo "fresh-check: debootstrap FAILED after $(elapsed $t0) s; see $logs/$log.log" >&2
    tail -n 20 "$logs/$log.log" >&2
    exit 1
  fi
  echo "fresh-check: debootstrap of $dir: $(elapsed $t0) s"

  # The same mirror for apt inside, updates and security included.
  cat > "$dir/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
SOURCES
  cp /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
  # The root gets mounts of its own, none shared with the host: a private
  # bind of itself (so that nothing mounted inside propagates out), fresh
  # proc and sysfs, and a /dev of its own on a tmpfs with the few device
  # nodes builds need and a new devpts instance. The host's /dev is never
  # bound in, so nothing done inside, nor the clean-up, can touch it.
  mount --bind "$dir" "$dir"
  mount --make-private "$dir"
  mounted+=("$dir")
  mount -t proc proc "$dir/proc"
  mounted+=("$dir/proc")
  mount -t sysfs -o ro sys "$dir/sys"
  mounted+=("$dir/sys")
  mount -t tmpfs -o mode=755,size=16m devfs "$dir/dev"
  mounted+=("$dir/dev")
  for node in null:1:3 zero:1:5 full:1:7 random:1:8 urandom:1:9 tty:5:0; do
    IFS=: read -r name major minor <<< "$node"
    mknod -m 666 "$dir/dev/$name" c "$major" "$minor"
  done
  mkdir -p "$dir/dev/pts" "$dir/dev/shm"
  mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$dir/dev/pts"
  mounted+=("$dir/dev/pts")
  # Shared memory for everyone, as on a real machine (Python's
  # multiprocessing, which lit uses, needs it).
  mount -t tmpfs -o mode=1777,size=256m shm "$dir/dev/shm"
  mounted+=("$dir/dev/shm")
  ln -s pts/ptmx "$dir/dev/ptmx"
  ln -s /proc/self/fd "$dir/dev/fd"
  ln -s /proc/self/fd/0 "$dir/dev/stdin"
  ln -s /proc/self/fd/1 "$dir/dev/stdout"
  ln -s /proc/self/fd/2 "$dir/dev/stderr"

  # The network's trust: a machine on this network trusts the local CAs
  # the host does (an HTTPS proxy's, for npm's registry). Nothing else is
  # copied.
  if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
    mkdir -p "$dir/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$dir/usr/local/share/ca-certificates/"
    chroot "$dir" update-ca-certificates > "$logs/$log-ca.log" 2>&1
    echo "fresh-check: trusting the host's local CAs: $(cd /usr/local/share/ca-certificates && echo *.crt)"
  fi
}

# deb_stage DEBDIR: a second clean root, which has never run setup.sh nor
# built anything, gets the .deb files of DEBDIR and the repository's files
# at $rev (no git inside: git would bring libraries of its own), and runs
# scripts/deb-check.sh --debs there as root: apt-get update, apt install
# of the packages (which must bring Debian's runtime packages: fairyc runs
# on what their Depends installed), fairyc, fairy-opt and fairyc-lsp used,
# then a compiler, CMake and pkg-config installed as a consumer would and
# a pkg-config and a find_package consumer built and run, apt remove.
deb_stage() {
  local debs=$1 t0 result
  t0=$(date +%s)
  make_root "$deb_root" debootstrap-deb ca-certificates
  mkdir -p "$deb_root/root/fairyc" "$deb_root/root/debs"
  git -C "$repo" archive "$rev" | tar -x -C "$deb_root/root/fairyc"
  cp "$debs"/*.deb "$deb_root/root/debs/"
  echo "fresh-check: deb: $(cd "$debs" && echo *.deb) into $deb_root"
  if chroot "$deb_root" env -i HOME=/root USER=root LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    bash -c "cd /root/fairyc && scripts/deb-check.sh --debs /root/debs" \
    > "$logs/deb.log" 2>&1; then
    result=PASS
  else
    result=FAIL
    status=1
  fi
  grep -E '^deb-check: ' "$logs/deb.log" | sed 's/^/  /' || true
  echo "fresh-check: deb: $result in $(elapsed $t0) s (a second clean root: debootstrap, scripts/deb-check.sh --debs; log: $logs/deb.log)"
  [ $result = PASS ] || tail -n 25 "$logs/deb.log" | sed 's/^/  | /'
}

status=0
if [ -n "$only_deb" ]; then
  echo "fresh-check: the deb stage alone: $only_deb's packages in a clean Debian 12 (bookworm) minbase root from $mirror, deb-check.sh at $rev"
  deb_stage "$only_deb"
  echo "fresh-check: $([ $status = 0 ] && echo PASSED || echo FAILED)"
  exit $status
fi

echo "fresh-check: Debian 12 (bookworm) minbase from $mirror into $root"
echo "fresh-check: checking $repo at $rev, as $([ $as_user = 1 ] && echo 'a normal user with sudo' || echo root)"
include=git,ca-certificates
[ $as_user = 1 ] && include=$include,sudo
make_root "$root" debootstrap "$include"
mkdir -p "$root/mnt/repo"
mount --bind "$repo" "$root/mnt/repo"
mount -o remount,bind,ro "$root/mnt/repo"
mount --make-private "$root/mnt/repo"
mounted+=("$root/mnt/repo")

require=("FAIRY_REQUIRE_ALL=$require_fsf" "FAIRY_REQUIRE_FSF=$require_fsf"
  "FAIRY_REQUIRE_RENDER=$require_fsf" "FAIRY_REQUIRE_WASM=$require_fsf")
if [ $as_user = 1 ]; then
  chroot "$root" useradd -m -s /bin/bash newcomer
  echo 'newcomer ALL=(ALL) NOPASSWD: ALL' > "$root/etc/sudoers.d/newcomer"
  chmod 440 "$root/etc/sudoers.d/newcomer"
  home=/home/newcomer
  run_as=(chroot --userspec=newcomer:newcomer "$root" env -i HOME=$home
    USER=newcomer "${require[@]}" PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8)
else
  home=/root
  run_as=(chroot "$root" env -i HOME=$home USER=root
    "${require[@]}" PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8)
fi
"${run_as[@]}" git config --global --add safe.directory /mnt/repo/.git
"${run_as[@]}" git config --global --add safe.directory /mnt/repo
"${run_as[@]}" git clone -q --no-checkout /mnt/repo "$home/fairyc"
"${run_as[@]}" git -C "$home/fairyc" checkout -q "$rev"
echo "fresh-check: cloned into $home/fairyc"

for cmd in demo test; do
  t0=$(date +%s)
  if "${run_as[@]}" bash -c "cd $home/fairyc && scripts/$cmd.sh" \
    > "$logs/$cmd.log" 2>&1; then
    result=PASS
  else
    result=FAIL
    status=1
  fi
  echo "fresh-check: scripts/$cmd.sh: $result in $(elapsed $t0) s (log: $logs/$cmd.log)"
  grep -E '^(setup|build):' "$logs/$cmd.log" | sed 's/^/  /' || true
  if [ $cmd = test ]; then
    grep -E '^test: ' "$logs/test.log" | sed 's/^/  /' || true
  fi
  [ $result = PASS ] || tail -n 25 "$logs/$cmd.log" | sed 's/^/  | /'
done

# The deb stage: the README's "Install the Debian package" build command
# in this root, where setup.sh ran, by the user who ran the two commands
# (with --user its setup.sh installs through sudo, and the checkout's
# build/deb and build/packages are the user's, not root's), then the
# packages installed as root in a second clean root (deb_stage).
t0=$(date +%s)
if "${run_as[@]}" bash -c "cd $home/fairyc && scripts/package-deb.sh" \
  > "$logs/package-deb.log" 2>&1; then
  echo "fresh-check: deb: scripts/package-deb.sh: PASS in $(elapsed $t0) s (log: $logs/package-deb.log)"
  grep -E '^package-deb: ' "$logs/package-deb.log" | sed 's/^/  /' || true
  deb_stage "$root$home/fairyc/build/packages"
else
  status=1
  echo "fresh-check: deb: scripts/package-deb.sh: FAIL in $(elapsed $t0) s (log: $logs/package-deb.log)"
  tail -n 25 "$logs/package-deb.log" | sed 's/^/  | /'
fi
echo "fresh-check: $([ $status = 0 ] && echo PASSED || echo FAILED)"
exit $status

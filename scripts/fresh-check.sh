#!/usr/bin/env bash
# The newcomer's check: builds a clean Debian 12 root with debootstrap
# (minbase plus git; sudo too for --user), clones this repository into it
# and runs the README's two commands there, printing each one's time and
# result; then the deb stage (scripts/deb-check.sh): the README's "Install
# the Debian package" commands, the installed packages used and removed.
# Needs root on the host (debootstrap, chroot, mounts) and the package
# mirror the host's apt already uses; nothing else of the host reaches the
# fresh root.
#
#   scripts/fresh-check.sh [--user] [--keep] [--root DIR] [--commit REV]
#
#   --user     run the two commands as a normal user with sudo, not as root
#   --keep     leave the fresh root in place afterwards (default: remove it)
#   --root     where to build the root (default /var/tmp/fairyc-fresh-$$)
#   --commit   what to clone (default HEAD: commit before you check)
#   --allow-skips  let tests skip (default: FAIRY_REQUIRE_FSF=1,
#              FAIRY_REQUIRE_RENDER=1 and FAIRY_REQUIRE_WASM=1, so the
#              Fairy-Stockfish suites must run, npm reaching its registry,
#              Chromium must draw the pictures, and the WebAssembly build
#              must be made from Debian's packages and pass its tests)
#
# Logs: $root.logs/{debootstrap,demo,test,deb}.log, kept after the run.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

as_user=0
keep=0
root=/var/tmp/fairyc-fresh-$$
commit=HEAD
require_fsf=1
while [ $# -gt 0 ]; do
  case $1 in
  --user) as_user=1 ;;
  --keep) keep=1 ;;
  --root) root=$2; shift ;;
  --commit) commit=$2; shift ;;
  --allow-skips) require_fsf=0 ;;
  *) echo "fresh-check: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
[ "$(id -u)" -eq 0 ] || { echo "fresh-check: run as root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || {
  echo "fresh-check: debootstrap is missing: apt-get install debootstrap" >&2; exit 2; }

# The host's Debian mirror: the first URI of its Debian sources.
mirror=$(grep -hoE '^(URIs:|deb) +(\[[^]]*\] +)?https?://[^ ]+/debian/?( |$)' \
  /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
  grep -oE 'https?://[^ ]+' | head -n1 || true)
mirror=${mirror:-http://deb.debian.org/debian}
security=${mirror%/debian*}/debian-security

logs=$root.logs
mkdir -p "$logs"
rev=$(git -C "$repo" rev-parse --short "$commit")
echo "fresh-check: Debian 12 (bookworm) minbase from $mirror into $root"
echo "fresh-check: checking $repo at $rev, as $([ $as_user = 1 ] && echo 'a normal user with sudo' || echo root)"

mounted=()
cleanup() {
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" 2>/dev/null || true
  done
  # Never remove through a mount that is still there.
  if grep -q " $root[/ ]" /proc/self/mounts; then
    echo "fresh-check: mounts remain under $root; not removing it" >&2
  elif [ $keep = 0 ]; then
    rm -rf --one-file-system "$root"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

elapsed() { echo $(($(date +%s) - $1)); }

include=git,ca-certificates
[ $as_user = 1 ] && include=$include,sudo
t0=$(date +%s)
if ! debootstrap --variant=minbase --include=$include bookworm "$root" "$mirror" \
  > "$logs/debootstrap.log" 2>&1; then
  echo "fresh-check: debootstrap FAILED after $(elapsed $t0) s; see $logs/debootstrap.log" >&2
  tail -n 20 "$logs/debootstrap.log" >&2
  exit 1
fi
echo "fresh-check: debootstrap: $(elapsed $t0) s"

# The same mirror for apt inside, updates and security included.
cat > "$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
# The root gets mounts of its own, none shared with the host: a private
# bind of itself (so that nothing mounted inside propagates out), fresh
# proc and sysfs, and a /dev of its own on a tmpfs with the few device
# nodes builds need and a new devpts instance. The host's /dev is never
# bound in, so nothing done inside, nor the clean-up, can touch it.
mount --bind "$root" "$root"
mount --make-private "$root"
mounted+=("$root")
mount -t proc proc "$root/proc"
mounted+=("$root/proc")
mount -t sysfs -o ro sys "$root/sys"
mounted+=("$root/sys")
mount -t tmpfs -o mode=755,size=16m devfs "$root/dev"
mounted+=("$root/dev")
for node in null:1:3 zero:1:5 full:1:7 random:1:8 urandom:1:9 tty:5:0; do
  IFS=: read -r name major minor <<< "$node"
  mknod -m 666 "$root/dev/$name" c "$major" "$minor"
done
mkdir -p "$root/dev/pts" "$root/dev/shm"
mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$root/dev/pts"
mounted+=("$root/dev/pts")
# Shared memory for everyone, as on a real machine (Python's
# multiprocessing, which lit uses, needs it).
mount -t tmpfs -o mode=1777,size=256m shm "$root/dev/shm"
mounted+=("$root/dev/shm")
ln -s pts/ptmx "$root/dev/ptmx"
ln -s /proc/self/fd "$root/dev/fd"
ln -s /proc/self/fd/0 "$root/dev/stdin"
ln -s /proc/self/fd/1 "$root/dev/stdout"
ln -s /proc/self/fd/2 "$root/dev/stderr"
mkdir -p "$root/mnt/repo"
mount --bind "$repo" "$root/mnt/repo"
mount -o remount,bind,ro "$root/mnt/repo"
mount --make-private "$root/mnt/repo"
mounted+=("$root/mnt/repo")

# The network's trust: a machine on this network trusts the local CAs the
# host does (an HTTPS proxy's, for npm's registry). Nothing else is copied.
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  chroot "$root" update-ca-certificates > "$logs/ca.log" 2>&1
  echo "fresh-check: trusting the host's local CAs: $(cd /usr/local/share/ca-certificates && echo *.crt)"
fi

if [ $as_user = 1 ]; then
  chroot "$root" useradd -m -s /bin/bash newcomer
  echo 'newcomer ALL=(ALL) NOPASSWD: ALL' > "$root/etc/sudoers.d/newcomer"
  chmod 440 "$root/etc/sudoers.d/newcomer"
  home=/home/newcomer
  run_as=(chroot --userspec=newcomer:newcomer "$root" env -i HOME=$home
    USER=newcomer FAIRY_REQUIRE_FSF=$require_fsf FAIRY_REQUIRE_RENDER=$require_fsf FAIRY_REQUIRE_WASM=$require_fsf PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8)
else
  home=/root
  run_as=(chroot "$root" env -i HOME=$home USER=root
    FAIRY_REQUIRE_FSF=$require_fsf FAIRY_REQUIRE_RENDER=$require_fsf FAIRY_REQUIRE_WASM=$require_fsf PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8)
fi
"${run_as[@]}" git config --global --add safe.directory /mnt/repo/.git
"${run_as[@]}" git config --global --add safe.directory /mnt/repo
"${run_as[@]}" git clone -q --no-checkout /mnt/repo "$home/fairyc"
"${run_as[@]}" git -C "$home/fairyc" checkout -q "$rev"
echo "fresh-check: cloned into $home/fairyc"

status=0
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

# The Debian packages: the README's "Install the Debian package" commands
# run as written (build them, apt install them), then the installed tools
# and a pkg-config and a find_package consumer used, and apt-get remove
# (scripts/deb-check.sh). As root, whatever --user says: it installs.
t0=$(date +%s)
if chroot "$root" env -i HOME=/root USER=root LANG=C.UTF-8 \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  bash -c "cd $home/fairyc && scripts/deb-check.sh" > "$logs/deb.log" 2>&1; then
  result=PASS
else
  result=FAIL
  status=1
fi
echo "fresh-check: deb: $result in $(elapsed $t0) s (scripts/deb-check.sh; log: $logs/deb.log)"
grep -E '^(package-deb|deb-check): ' "$logs/deb.log" | sed 's/^/  /' || true
[ $result = PASS ] || tail -n 25 "$logs/deb.log" | sed 's/^/  | /'
echo "fresh-check: $([ $status = 0 ] && echo PASSED || echo FAILED)"
exit $status

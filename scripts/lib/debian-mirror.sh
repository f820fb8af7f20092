# shellcheck shell=bash
# The host's Debian release and mirrors, as its apt configuration names
# them; sourced by scripts/build-wasm.sh and scripts/fresh-check.sh.
#
#   debian_codename          VERSION_CODENAME of /etc/os-release (bookworm)
#   debian_source_uri SUITE  the first URI of the host's apt sources that
#                            serves SUITE (deb822 *.sources and one-line
#                            sources.list alike, whatever the URI's path;
#                            disabled entries skipped), without a trailing
#                            slash; nothing when none does
#   debian_mirror            the one serving the release, else deb.debian.org
#   debian_security_mirror   the one serving RELEASE-security, else Debian's
#
# FAIRY_APT_ETC (default /etc/apt) is where apt's sources are read from.

debian_codename() {
  local VERSION_CODENAME=
  # shellcheck disable=SC1091
  [ -r /etc/os-release ] && . /etc/os-release
  echo "${VERSION_CODENAME:-bookworm}"
}

debian_source_uri() {
  local etc=${FAIRY_APT_ETC:-/etc/apt} files=()
  [ -f "$etc/sources.list" ] && files+=("$etc/sources.list")
  local f
  for f in "$etc"/sources.list.d/*.list "$etc"/sources.list.d/*.sources; do
    [ -f "$f" ] && files+=("$f")
  done
  [ ${#files[@]} -gt 0 ] || return 0
  # One-line entries: deb [options] URI SUITE COMPONENTS...; deb822 stanzas
  # (blank-line separated): URIs:, Suites:, Enabled:.
  awk -v want="$1" '
    function has(list, w,   n, a, i) {
      n = split(list, a, /[ \t]+/)
      for (i = 1; i <= n; i++) if (a[i] == w) return 1
      return 0
    }
    function flush() {
      if (uri != "" && enabled && has(suites, want)) { print uri; found = 1; exit }
      uri = ""; suites = ""; enabled = 1
    }
    FNR == 1 { flush() }
    /^[ \t]*#/ { next }
    FILENAME ~ /\.list$/ {
      line = $0
      gsub(/\[[^]]*\]/, "", line)
      n = split(line, w, /[ \t]+/)
      if (w[1] == "") { for (i = 1; i < n; i++) w[i] = w[i + 1]; n-- }
      if ((w[1] == "deb" || w[1] == "deb-src") && n >= 3 && w[3] == want) {
        print w[2]; found = 1; exit
      }
      next
    }
    /^[ \t]*$/ { flush(); next }
    tolower($1) == "uris:"    { uri = $2 }
    tolower($1) == "suites:"  { s = $0; sub(/^[^:]*:[ \t]*/, "", s); suites = s }
    tolower($1) == "enabled:" { enabled = (tolower($2) != "no") }
    END { if (!found) flush() }
  ' enabled=1 "${files[@]}" | head -n1 | sed 's|/*$||'
}

debian_mirror() {
  local uri
  uri=$(debian_source_uri "$(debian_codename)")
  echo "${uri:-http://deb.debian.org/debian}"
}

debian_security_mirror() {
  local uri
  uri=$(debian_source_uri "$(debian_codename)-security")
  echo "${uri:-http://deb.debian.org/debian-security}"
}

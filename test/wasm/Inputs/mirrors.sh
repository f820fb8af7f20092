# Prints the mirrors scripts/lib/debian-mirror.sh finds (debian-mirror.test).
. "$(dirname "$0")/../../../scripts/lib/debian-mirror.sh"
echo "[$(debian_mirror)] [$(debian_security_mirror)]"

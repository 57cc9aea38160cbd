#!/usr/bin/env bash
# Times the README's first command on a fresh Debian 12: a minimal Debian 12 root made by debootstrap (with git,
# make and the CA certificates, as a newcomer's machine has them), this repository's committed HEAD cloned into
# it, and `make demo` run there as root with nothing installed or cached, each output line stamped with the
# seconds since it started. Prints the time of each part (packages, Intel's runtime, oneMKL, build, benchmark,
# training) as a dated Markdown page (docs/bench/<date>-fresh-demo.md keeps one) and leaves the whole stamped
# log in <root>/demo.log.
#
#   sudo scripts/fresh-demo.sh [ROOT]     (default /tmp/aclnn-fresh-debian; emptied first)
#
# Needs root, debootstrap (apt-get install debootstrap) and the package registries (Debian's mirror and PyPI).
# The host's local CA certificates (/usr/local/share/ca-certificates) and /etc/pip.conf are copied in, so that
# a machine behind a proxy reaches the registries as the host does. The network, the mirror's speed and the
# host's CPUs are the host's: run it with nothing else running.
set -euo pipefail

root=${1:-/tmp/aclnn-fresh-debian}
repo=$(cd "$(dirname "$0")/.." && pwd)
[[ $(id -u) -eq 0 ]] || { echo "fresh-demo: needs root (debootstrap, chroot, mounts)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "fresh-demo: needs debootstrap (apt-get install debootstrap)" >&2; exit 2; }

mounted=()
cleanup() {
  local m
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -R "${mounted[i]}" 2>/dev/null || true; done
}
trap cleanup EXIT

[[ -d $root ]] && { umount -R "$root"/{dev,sys,proc,src} 2>/dev/null || true; rm -rf "$root"; }
echo "fresh-demo: debootstrap of Debian 12 (minbase, git, make) into $root"
debootstrap --variant=minbase --include=git,make,ca-certificates bookworm "$root" http://deb.debian.org/debian \
  >"$root.debootstrap.log" 2>&1 || { tail -n 20 "$root.debootstrap.log" >&2; exit 1; }
cat >"$root/etc/apt/sources.list" <<'EOF'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf"
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  chroot "$root" update-ca-certificates >/dev/null 2>&1
fi
[[ -f /etc/pip.conf ]] && cp /etc/pip.conf "$root/etc/pip.conf"

mkdir -p "$root/src"
mount --bind "$repo" "$root/src" && mounted+=("$root/src")
mount -o remount,bind,ro "$root/src"
mount -t proc proc "$root/proc" && mounted+=("$root/proc")
mount --rbind /sys "$root/sys" && mounted+=("$root/sys")
mount --rbind /dev "$root/dev" && mounted+=("$root/dev")

cat >"$root/root/demo.sh" <<'EOF'
set -o pipefail
git config --global --add safe.directory /src
git clone -q /src /root/aclnn-opencl && cd /root/aclnn-opencl
SECONDS=0
make demo 2>&1 | while IFS= read -r line; do printf '%4d %s\n' "$SECONDS" "$line"; done
status=$?
echo "$SECONDS make demo finished with status $status"
exit $status
EOF
echo "fresh-demo: make demo in a clone of $(git -C "$repo" rev-parse --short HEAD) (log: $root/demo.log)"
status=0
chroot "$root" env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
  bash /root/demo.sh >"$root/demo.log" 2>&1 || status=$?

# The parts, from the stamps of the lines that start each (the first line at or after it).
log=$root/demo.log
at() { grep -m1 -E "$1" "$log" | awk '{print $1}'; }
total=$(tail -n 1 "$log" | awk '{print $1}')
intel=$(at "installing Intel's OpenCL CPU runtime")
mkl=$(at "installing oneMKL")
build=$(at '^ *[0-9]+ \[1/[0-9]+\]')
bench=$(grep -E '^ *[0-9]+ \[[0-9]+/[0-9]+\]' "$log" | tail -n 1 | awk '{print $1}')
train=$(at 'train step:')
part() { [[ -n $2 && -n $3 ]] && printf '| %s | %d |\n' "$1" $(($3 - $2)) || printf '| %s | (not found) |\n' "$1"; }
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
echo
echo "# \`make demo\` on a fresh Debian 12, $(date -u +%Y-%m-%d)"
echo
echo "Measured with \`scripts/fresh-demo.sh\` at commit $(git -C "$repo" rev-parse --short HEAD): a debootstrap Debian 12"
echo "root (minbase, git, make), nothing installed or cached, on $cpu, $(nproc) CPUs."
echo
echo "| part of \`make demo\` | seconds |"
echo "| --- | --- |"
part "Debian packages (apt-get)" 0 "${intel:-$mkl}"
[[ -n $intel ]] && part "Intel's OpenCL CPU runtime (PyPI)" "$intel" "${mkl:-$build}"
[[ -n $mkl ]] && part "oneMKL (PyPI)" "$mkl" "$build"
part "build (the library, the benchmark, the demo programs)" "$build" "$bench"
part "aclnn_bench --demo, then the conv1d block's training step" "$bench" "$train"
part "train_cnn (50 steps)" "$train" "$total"
printf '| **total** | **%s** |\n' "$total"
exit "$status"

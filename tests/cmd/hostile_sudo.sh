#!/bin/sh
# The sudo guard (issue 33 item 8), as root acting for an unprivileged user
# (SUDO_UID=65534): a file that user could not read is never echoed, whether
# its own mode hides it or a directory above it does, and the verbs that read
# a file and show it (--from-file) refuse it outright. Needs root.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
src=${ROCECFG_SOURCE_DIR:?set ROCECFG_SOURCE_DIR to the project root}
tmp=$(mktemp -d /tmp/rocecfg-sudo-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
fails=0
. "$(dirname "$0")/expect.sh"
sudo="env SUDO_UID=65534 SUDO_GID=65534"
mkdir -m 700 "$tmp/private" && mkdir -m 755 "$tmp/open"
printf 'bogus = "private-line-1"\n' > "$tmp/private/inc.toml"
cp "$tmp/private/inc.toml" "$tmp/open/inc.toml"
chmod 644 "$tmp/private/inc.toml" "$tmp/open/inc.toml"
for d in private open; do
  printf 'include = ["%s", "%s/inc.toml"]\n' "$src/profiles/roce-lossless.toml" "$tmp/$d" > "$tmp/top-$d.toml"
done
chmod 644 "$tmp"/top-*.toml

# A 0644 include inside a 0700 directory: its line was echoed (the guard read
# only the file's own mode).
expect "include of a 0644 file in a 0700 directory: headline only" 2 \
"$tmp/private/inc.toml:1:1: error: bogus: unknown key (allowed: fabric, lossless, dscp_map, cnp, ets, ecn, dcqcn, mtu, rdma_cm, pfc_watchdog, buffers, validation, workload, congestion, dcbx, firmware, check)" \
  $sudo "$bin" validate "$tmp/top-private.toml"
expect "  ...the same file where the user can read it: the line shown" 2 \
"$tmp/open/inc.toml:1:1: error: bogus: unknown key (allowed: fabric, lossless, dscp_map, cnp, ets, ecn, dcqcn, mtu, rdma_cm, pfc_watchdog, buffers, validation, workload, congestion, dcbx, firmware, check)
    bogus = \"private-line-1\"
    ^" \
  $sudo "$bin" validate "$tmp/top-open.toml"

# --from-file of show, audit, import, counters and nccl-log: refused, line 1
# never echoed (`show switch --from-file /etc/shadow` printed it).
printf 'root:$6$secret-hash:19000:0:99999:7:::\n' > "$tmp/private/shadow"
chmod 600 "$tmp/private/shadow"
cp "$tmp/private/shadow" "$tmp/open/shadow"
refused="is not readable by the user who ran rocecfg through sudo (uid 65534); refused"
for f in "$tmp/private/shadow" "$tmp/open/shadow"; do
  refused_by_every_reader "$f" "$refused" $sudo
done
if [ -f /etc/shadow ]; then
  expect "show switch --from-file /etc/shadow" 2 "rocecfg show: cannot read /etc/shadow: $refused" \
    $sudo "$bin" show switch --vendor eos --from-file /etc/shadow
fi
[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "all ok"

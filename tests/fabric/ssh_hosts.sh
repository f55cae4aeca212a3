#!/bin/bash
# rocecfg fabric --transport ssh against a real OpenSSH sshd on loopback
# (tests/fabric/sshd_hosts.sh; this machine has no RDMA, so every probe
# that runs fails with rocecfg probe's own error, which is what proves the
# remote line ran). Five hosts, in the order h1 h4 h2 h3 h5:
#   h1, h2  known host key             -> connect, run rocecfg on the host
#   h3      known_hosts holds another key for its port -> refused, always
#   h4      key not in known_hosts     -> refused; accepted and recorded
#                                         with --accept-new-host-keys, known
#                                         from then on
#   h5      nothing listens            -> fails alone, the others go on
# The text report is pinned exactly (ports, paths, key fingerprints and the
# run time replaced by names).
set -euo pipefail
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/sshd_hosts.sh"
tmp=$(mktemp -d /tmp/rocecfg-fabric-ssh-XXXXXX)
trap 'sshd_hosts_stop "$tmp/sshd"; rm -rf "$tmp"' EXIT
fails=0
bad() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

sshd_hosts_start "$tmp/sshd" 3
mapfile -t port <"$tmp/sshd/ports"
p_good=${port[0]} p_changed=${port[1]} p_new=${port[2]}
p_down=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
ssh-keygen -q -t ed25519 -N '' -f "$tmp/other_ed25519"
kh=$tmp/known_hosts
{
  grep "^\[127.0.0.1\]:$p_good " "$tmp/sshd/known_hosts"
  echo "[127.0.0.1]:$p_changed $(cut -d' ' -f1-2 "$tmp/other_ed25519.pub")"
} >"$kh"
{
  printf '[defaults]\nuser = "%s"\nidentity_file = "%s"\nknown_hosts = "%s"\n' "$(id -un)" "$tmp/sshd/id_ed25519" "$kh"
  host() { printf '\n[[host]]\nname = "%s"\naddress = "127.0.0.1"\nssh_port = %s\nrdma_device = "rxef%s"\nprobe_address = "10.0.3.1%s"\n' "$1" "$2" "${1#h}" "${1#h}"; }
  host h1 "$p_good"
  host h2 "$p_good"
  host h3 "$p_changed"
  host h4 "$p_new"
  host h5 "$p_down"
} >"$tmp/inventory.toml"
fingerprint=$(ssh-keygen -lf "$tmp/sshd/host_ed25519.pub" | cut -d' ' -f2)
# names for what changes from run to run
normal() {
  sed -e "s|$tmp|TMP|g" -e "s|$fingerprint|FINGERPRINT|g" -e "s|:$p_good\b|:P_GOOD|g" \
    -e "s|:$p_changed\b|:P_CHANGED|g" -e "s|:$p_new\b|:P_NEW|g" -e "s|:$p_down\b|:P_DOWN|g" \
    -e 's|tests in [0-9.]* s|tests in T s|'
}
fabric() {
  rc=0
  timeout 60 "$bin" fabric "$here/lab/fabric-lab.toml" --inventory "$tmp/inventory.toml" \
    --transport ssh --remote-rocecfg "$bin" --hosts h1,h4,h2,h3,h5 --pattern ring "$@" \
    >"$tmp/out" 2>"$tmp/err" || rc=$?
}

# 1. Strict host keys, servers started on demand.
fabric
[ "$rc" = 3 ] || bad "strict run: exit $rc, want 3 (nothing measured)"
no_rdma="the probe server failed (exit 3): rocecfg probe: rdma: no RDMA devices (is a driver such as rdma_rxe loaded?)"
changed="host key for 127.0.0.1:P_CHANGED does not match TMP/known_hosts (server offers FINGERPRINT); refusing: possible man-in-the-middle, fix known_hosts by hand"
unknown="unknown host key FINGERPRINT for 127.0.0.1:P_NEW (not in TMP/known_hosts); verify it and add it, or pass --accept-new-host-keys"
down="cannot connect to 127.0.0.1:P_DOWN: Connection refused"
want=$(
  cat <<EOF
fabric: 5 hosts, pattern ring, 3 rounds, 5 tests in T s
median of host medians: bandwidth not measured, latency not measured (bad: bandwidth < 0.25 x, latency > 50 x)

findings:
  host h1: bad with all 2 partners
    h1 -> h4: test failed: h1: $no_rdma
    h5 -> h1: test failed: h5: $down
  host h4: bad with all 2 partners
    h1 -> h4: test failed: h1: $no_rdma
    h4 -> h2: test failed: h4: $unknown
  host h2: bad with all 2 partners
    h2 -> h3: test failed: h2: $no_rdma
    h4 -> h2: test failed: h4: $unknown
  host h3: bad with all 2 partners
    h2 -> h3: test failed: h2: $no_rdma
    h3 -> h5: test failed: h3: $changed
  host h5: bad with all 2 partners
    h3 -> h5: test failed: h3: $changed
    h5 -> h1: test failed: h5: $down
note: host h1 cannot take part: $no_rdma
note: host h4 cannot take part: $unknown
note: host h2 cannot take part: $no_rdma
note: host h3 cannot take part: $changed
note: host h5 cannot take part: $down
verdict: UNKNOWN (nothing was measured: 5 tests, all failed)
EOF
)
got=$(normal <"$tmp/out")
[ "$got" = "$want" ] || bad "strict run: report differs:
$(diff <(echo "$want") <(echo "$got") || true)"
[ "$(normal <"$tmp/err")" = "$(grep '^note: ' <<<"$want" | sed 's/^note: /rocecfg fabric: /')" ] ||
  bad "strict run: stderr: $(cat "$tmp/err")"
[ "$(wc -l <"$kh")" = 2 ] || bad "strict run wrote known_hosts: $(cat "$kh")"

# 2. --accept-new-host-keys, servers already running (none is, and none can
# run here): h4's key is recorded, the changed key is still refused, and
# every client line runs on its host (h1 and h4 and h2 as clients).
fabric --accept-new-host-keys --servers running --json
[ "$rc" = 3 ] || bad "accepting run: exit $rc, want 3"
client="the probe client failed (exit 3): rocecfg probe: rdma: no RDMA devices (is a driver such as rdma_rxe loaded?)"
want=$(
  cat <<EOF
h1 -> h4: h1: $client
h2 -> h3: h3: $changed
h4 -> h2: h4: $client
h3 -> h5: h3: $changed
h5 -> h1: h5: $down
notes: host h3 cannot take part: $changed | host h5 cannot take part: $down
EOF
)
got=$(jq -r '(.payload.pairs[] | "\(.client) -> \(.server): \(.error)"), "notes: \(.payload.notes | join(" | "))"' "$tmp/out" | normal)
[ "$got" = "$want" ] || bad "accepting run: pairs differ:
$(diff <(echo "$want") <(echo "$got") || true)"
grep -q "^\[127.0.0.1\]:$p_new ssh-ed25519 $(cut -d' ' -f2 "$tmp/sshd/host_ed25519.pub")\$" "$kh" ||
  bad "h4's key not recorded: $(cat "$kh")"
[ "$(grep -c "^\[127.0.0.1\]:$p_changed " "$kh")" = 1 ] || bad "the changed key's line was touched: $(cat "$kh")"

# 3. Strict again: h4's recorded key is now known. The heat map and the
# baseline go to paths where symlinks to another file were planted: the
# links are replaced, the file they point to is untouched.
echo "not yours" >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/map.svg"
ln -s "$tmp/victim" "$tmp/base.json"
fabric --servers running --json --svg "$tmp/map.svg" --save-baseline "$tmp/base.json"
got=$(jq -r '.payload.pairs[] | select(.client == "h4") | .error' "$tmp/out" | normal)
[ "$got" = "h4: $client" ] || bad "strict run after accepting: h4 -> h2 '$got'"
[ "$(cat "$tmp/victim")" = "not yours" ] || bad "a planted link was followed: victim now $(head -c 80 "$tmp/victim")"
[ ! -L "$tmp/map.svg" ] && grep -q '^<svg ' "$tmp/map.svg" || bad "--svg: $(ls -l "$tmp/map.svg"; head -c 80 "$tmp/map.svg")"
[ ! -L "$tmp/base.json" ] && jq -e .pairs "$tmp/base.json" >/dev/null || bad "--save-baseline: $(ls -l "$tmp/base.json"; head -c 80 "$tmp/base.json")"
# The soak's series is appended to, so a link there is refused, not replaced.
ln -s "$tmp/victim" "$tmp/series.jsonl"
fabric --servers running --soak 2s --every 1s --series "$tmp/series.jsonl"
[ "$rc" = 2 ] && grep -q "series.jsonl: cannot open for appending: Too many levels of symbolic links" "$tmp/err" ||
  bad "--series over a link: exit $rc, $(cat "$tmp/err")"
[ "$(cat "$tmp/victim")" = "not yours" ] || bad "--series followed a planted link"
fabric --dry-run --html "$tmp/r.html"
[ "$rc" = 2 ] && [ ! -e "$tmp/r.html" ] || bad "--html with --dry-run: exit $rc"

[ "$fails" = 0 ] || exit 1
echo "PASS: fabric over real sshd: strict keys, accepted key recorded, changed key refused, unreachable host alone; --svg/--save-baseline replace planted links, --series refuses one"

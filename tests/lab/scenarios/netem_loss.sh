#!/bin/bash
# tc netem on the veth wire is visible in traffic: no loss without it, loss with 5 % netem loss.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/scenario.sh
. "$(dirname "$0")/../lib/scenario.sh"
trap 'tc qdisc del dev veth1 root 2>/dev/null || true' EXIT

# ping from 10.0.0.2 leaves through veth1 (policy routing), replies come back over veth0
loss_pct() {
  ping -q -n -c 200 -i 0.01 -W 2 -w 60 -I 10.0.0.2 10.0.0.1 2>&1 |
    sed -n 's/.* \([0-9.]*\)% packet loss.*/\1/p'
}
base=$(loss_pct)
[ -n "$base" ] || die "ping produced no statistics"
[ "$base" = 0 ] || die "loss without netem: $base %"
ok "without netem: $base % loss over 200 pings"

tc qdisc add dev veth1 root netem loss 5% || die "tc qdisc add netem failed"
lossy=$(loss_pct)
drops=$(tc -s qdisc show dev veth1 | sed -n 's/.*(dropped \([0-9]*\),.*/\1/p' | head -1)
awk -v l="$lossy" 'BEGIN{exit !(l > 0)}' || die "netem loss 5% on veth1 but ping shows $lossy % loss"
[ "${drops:-0}" -gt 0 ] || die "netem qdisc reports no drops"
ok "with netem loss 5% on veth1: $lossy % ping loss, netem dropped $drops"

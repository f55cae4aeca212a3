#!/bin/bash
# Killing the server mid-run ends the client within its limits (no hang), with
# a reason that names the peer.
set -euo pipefail
. "$(dirname "$0")/common.sh"
trap '[ -z "${SRV:-}" ] || kill -9 "$SRV" 2>/dev/null || true' EXIT
"$ROCECFG" probe --server --device rxe0 --port 18701 >/tmp/srv.out 2>&1 &
SRV=$!
wait_tcp_listen 18701
( sleep 3; kill -9 "$SRV" ) &
t0=$(date +%s.%N)
probe_json /tmp/death.json --peer 10.0.0.1 --port 18701 --device rxe1 --mode bw --size 64KiB \
  --duration-ms 8000 --timeout-ms 20000 --stall-ms 3000
secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')
wait
[ "$RC" = 1 ] || die "exit $RC after the peer died, want 1"
err=$(jq -r '[.tests[] | select(.error) | .error] | first' /tmp/death.json)
echo "$err" | grep -q "peer" || die "error does not name the peer: $err"
awk -v s="$secs" 'BEGIN{exit !(s < 12)}' || die "took $secs s to notice the dead peer"
ok "peer killed after 3 s: probe ended after $secs s: $err"

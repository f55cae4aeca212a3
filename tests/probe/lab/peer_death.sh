#!/bin/bash
# Killing the server mid-run ends the client within its limits (no hang), with
# a reason that names the peer.
set -euo pipefail
. "$(dirname "$0")/common.sh"
trap '[ -z "${SRV:-}" ] || kill -9 "$SRV" 2>/dev/null || true' EXIT
"$ROCECFG" probe --server --device rxe0 --port 18701 >/tmp/srv.out 2>&1 &
SRV=$!
wait_tcp_listen 18701
# Kill the server once RDMA traffic really flows (rxe1 has sent 2000 packets).
sent0=$(rxe_counter rxe1 sent_pkts)
( for _ in $(seq 300); do
    [ "$(rxe_counter rxe1 sent_pkts)" -gt $((sent0 + 2000)) ] && break
    sleep 0.1
  done
  sleep 1; kill -9 "$SRV"; date +%s.%N >/tmp/killed_at ) &

probe_json /tmp/death.json --peer 10.0.0.1 --port 18701 --device rxe1 --mode bw --size 64KiB \
  --duration-ms 8000 --timeout-ms 20000 --stall-ms 3000
t1=$(date +%s.%N)
wait
[ -s /tmp/killed_at ] || die "the server was never killed (no RDMA traffic?)"
secs=$(awk -v a="$(cat /tmp/killed_at)" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')
[ "$RC" = 1 ] || die "exit $RC after the peer died, want 1"
err=$(jq -r '[.tests[] | select(.error) | .error] | first' /tmp/death.json)
echo "$err" | grep -q "peer" || die "error does not name the peer: $err"
# the bound: the stall limit (3 s) plus slack for the emulated machine
awk -v s="$secs" 'BEGIN{exit !(s < 6)}' || die "took $secs s after the kill to notice the dead peer"
ok "peer killed mid-run: probe ended $secs s after the kill: $err"

#!/bin/bash
# netem loss on the wire is visible in RDMA: RC WRITEs still complete (go-back-N retransmission)
# and the responder counts out-of-sequence requests.  Under TCG these (and the retry counters)
# also grow a little on a clean wire when the host is busy, so the clean-wire delta is reported,
# not asserted to be 0.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/scenario.sh
. "$(dirname "$0")/../lib/scenario.sh"
trap 'tc qdisc del dev veth1 root 2>/dev/null || true' EXIT
iters=${LAB_BW_ITERS:-500}
g0=$(lab_gid_index rxe0)
g1=$(lab_gid_index rxe1)

# write_bw PORT: ib_write_bw rxe1 -> rxe0, prints the average Gb/s
write_bw() {
  local port=$1 rc=0
  timeout 120 stdbuf -oL -eL ib_write_bw -d rxe0 -x "$g0" -F --report_gbits -n "$iters" -p "$port" >/tmp/srv.out 2>&1 &
  local srv=$!
  wait_tcp_listen "$port"
  timeout 120 stdbuf -oL -eL ib_write_bw -d rxe1 -x "$g1" -F --report_gbits -n "$iters" -p "$port" 10.0.0.1 >/tmp/cli.out 2>&1 || rc=$?
  wait "$srv" || true
  [ "$rc" = 0 ] || { cat /tmp/cli.out >&2; die "ib_write_bw exited $rc (124 = hung)"; }
  awk -v n="$iters" '$2 == n && $1 ~ /^[0-9]+$/ {print $4; exit}' /tmp/cli.out
}

oos0=$(rxe_counter rxe0 out_of_seq_request)
bw=$(write_bw 18601)
oos1=$(rxe_counter rxe0 out_of_seq_request)
ok "clean wire: $bw Gb/s, rxe0 out_of_seq_request +$((oos1 - oos0)) (emulation noise)"

tc qdisc add dev veth1 root netem loss 1% || die "tc qdisc add netem failed"
bw=$(write_bw 18602)
oos2=$(rxe_counter rxe0 out_of_seq_request)
drops=$(tc -s qdisc show dev veth1 | sed -n 's/.*(dropped \([0-9]*\),.*/\1/p' | head -1)
[ "${drops:-0}" -gt 0 ] || die "netem dropped nothing"
[ "$oos2" -gt "$oos1" ] || die "netem dropped $drops packets but rxe0 out_of_seq_request did not grow"
ok "netem loss 1%: transfer completed at $bw Gb/s, netem dropped $drops, rxe0 out_of_seq_request +$((oos2 - oos1)), rxe1 completer_retry_err $(rxe_counter rxe1 completer_retry_err)"

#!/bin/bash
# perftest ib_write_bw rxe1 -> rxe0 across the veth wire: RDMA WRITE traffic really flows.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=../lib/scenario.sh
. "$(dirname "$0")/../lib/scenario.sh"

iters=${LAB_BW_ITERS:-2000}
port=18515
g0=$(lab_gid_index rxe0)
g1=$(lab_gid_index rxe1)
tx0=$(netdev_stat veth1 tx_packets)
sent0=$(rxe_counter rxe1 sent_pkts)

# perftest output is fully buffered into files; stdbuf keeps it if timeout kills the process
timeout 90 stdbuf -oL -eL ib_write_bw -d rxe0 -x "$g0" -F --report_gbits -n "$iters" -p "$port" >/tmp/srv.out 2>&1 &
srv=$!
wait_tcp_listen "$port"
rc=0
timeout 90 stdbuf -oL -eL ib_write_bw -d rxe1 -x "$g1" -F --report_gbits -n "$iters" -p "$port" 10.0.0.1 >/tmp/cli.out 2>&1 || rc=$?
wait "$srv" || true
if [ "$rc" != 0 ]; then cat /tmp/cli.out; die "ib_write_bw client exited $rc (124 = hung, killed by timeout)"; fi

# result line: "#bytes #iterations BW peak[Gb/sec] BW average[Gb/sec] MsgRate[Mpps]"
line=$(awk -v n="$iters" '$2 == n && $1 ~ /^[0-9]+$/ {print; exit}' /tmp/cli.out)
[ -n "$line" ] || { cat /tmp/cli.out; die "no result line in ib_write_bw output"; }
gbps=$(echo "$line" | awk '{print $4}')
awk -v g="$gbps" 'BEGIN{exit !(g > 0)}' || die "ib_write_bw average bandwidth is $gbps Gb/s"

dtx=$(( $(netdev_stat veth1 tx_packets) - tx0 ))
dsent=$(( $(rxe_counter rxe1 sent_pkts) - sent0 ))
# 64 KiB messages at MTU 4096 are 16 packets each; require at least one packet per message
[ "$dtx" -ge "$iters" ] || die "veth1 tx_packets grew by only $dtx: traffic did not cross the wire"
[ "$dsent" -ge "$iters" ] || die "rxe1 sent_pkts grew by only $dsent"
ok "ib_write_bw rxe1 -> rxe0 (gid $g1 -> $g0): $gbps Gb/s average, $iters x 64 KiB, veth1 tx_packets +$dtx, rxe1 sent_pkts +$dsent"

#!/bin/bash
# Pause counters rising, through the real SIOCETHTOOL path: rxe2 on dcbsim0,
# whose ethtool statistics (mlx5 names) dcbsim raises by a fixed step at every
# read. A few frames per window warn; a storm drains the node; the NIC's own
# storm detector drains it too.
. "$(dirname "$0")/common.sh"
lab_reset
PROFILE=$(dirname "$0")/gate-dcbsim.toml
STATS=/sys/kernel/debug/dcbsim/dcbsim0/ethtool_stats
cleanup() { rdma link delete rxe2 2>/dev/null; echo reset >"$STATS" 2>/dev/null; }
trap cleanup EXIT
ip link set dcbsim0 mtu 9000 up || die "dcbsim0 up"
# the profile's lossless priority 3 and DSCP 26 -> 3, by hand (dcb, not rocecfg apply)
dcb pfc set dev dcbsim0 prio-pfc 3:on || die "dcb pfc"
dcb app add dev dcbsim0 dscp-prio 26:3 || die "dcb app"
rdma link add rxe2 type rxe netdev dcbsim0 || die "cannot create rxe2 on dcbsim0"
mkdir -p /sys/kernel/config/rdma_cm/rxe2 2>/dev/null
echo 106 >/sys/kernel/config/rdma_cm/rxe2/ports/1/default_roce_tos || die "configfs ToS rxe2"
for _ in $(seq 50); do grep -q ACTIVE /sys/class/infiniband/rxe2/ports/1/state && break; sleep 0.1; done
grep -q ACTIVE /sys/class/infiniband/rxe2/ports/1/state || die "rxe2 not ACTIVE"
# ethtool(8) is the independent reader: it sees the counter dcbsim keeps.
echo "rx_prio3_pause 40 0" >"$STATS"
ethtool -S dcbsim0 | grep -qx ' *rx_prio3_pause: 40' || { ethtool -S dcbsim0 | head; die "ethtool -S disagrees"; }
ok "ethtool -S dcbsim0: rx_prio3_pause: 40"

IFS_ARGS="--interface dcbsim0"
gate --no-state
expect 0 "lab | healthy"

# 2 frames per read on the lossless priority, over a 1 s window: 2/s, a warning.
echo "rx_prio3_pause 40 2" >"$STATS"
gate --no-state --window-ms 1000
[ "$rc" = 0 ] || { cat /tmp/gate.out; die "exit $rc with 2 pause frames, expected 0"; }
grep -Eq "^counters  warn +pause frames on lossless priority 3: dcbsim0:rx_prio3_pause \+2 in [0-9]+ ms \([0-9]+/s, under the storm bound 1000/s\): the switch is pausing this host$" /tmp/gate.out ||
  { cat /tmp/gate.out; die "no pause warning"; }
ok "2 pause frames: warned, exit 0"

# 100000 frames per 100 ms window from this host: a storm it originates.
echo "rx_prio3_pause 0 0" >"$STATS"
echo "tx_prio3_pause 0 100000" >"$STATS"
gate --no-state
[ "$rc" = 1 ] || { cat /tmp/gate.out; die "exit $rc with a pause storm, expected 1"; }
case "$last" in
  "lab | unhealthy: counters: pause storm on lossless priority 3: dcbsim0:tx_prio3_pause +100000 in "*" ms ("*"/s, bound 1000/s): this host is pausing the switch") ok "$last" ;;
  *) cat /tmp/gate.out; die "unexpected summary: $last" ;;
esac

# The NIC's storm detector (mlx5 tx_pause_storm_error_events) fails on its own.
echo "tx_prio3_pause 0 0" >"$STATS"
echo "tx_pause_storm_error_events 3 1" >"$STATS"
gate --no-state
expect 1 "lab | unhealthy: counters: the NIC's pause storm detector fired: dcbsim0:tx_pause_storm_error_events +1: this host is pausing the switch"

# JSON carries the counters check and the metrics file the pause counter.
echo reset >"$STATS"
echo "rx_prio3_pause 7 0" >"$STATS"
mkdir -p /tmp/prom
gate --no-state --textfile /tmp/prom
expect 0 "lab | healthy"
grep -qx 'rocecfg_rdma_counter{class="pause",counter="rx_prio3_pause",object="dcbsim0"} 7' /tmp/prom/rocecfg_gate.prom ||
  { grep rdma_counter /tmp/prom/rocecfg_gate.prom; die "pause counter not in metrics"; }
ok "metrics: rx_prio3_pause 7"

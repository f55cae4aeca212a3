#!/bin/bash
# doctor through the real ethtool ioctls: global pause switched on with
# ethtool(8) next to PFC on dcbsim0 is a problem with the exact fix; a pause
# storm in dcbsim's ethtool counters is named; offloads are listed.
. "$(dirname "$0")/common.sh"
PROFILE=$(dirname "$0")/gate-dcbsim.toml
STATS=/sys/kernel/debug/dcbsim/dcbsim0/ethtool_stats
trap 'ethtool -A dcbsim0 rx off tx off 2>/dev/null; echo reset >"$STATS" 2>/dev/null' EXIT
ip link set dcbsim0 mtu 9000 up || die "dcbsim0 up"
dcb pfc set dev dcbsim0 prio-pfc 3:on || die "dcb pfc"
dcb app add dev dcbsim0 dscp-prio 26:3 || die "dcb app"
doctor() { "$BIN" doctor "$PROFILE" --interface dcbsim0 --kernel-log /dev/null "$@" >/tmp/doctor.out 2>&1; rc=$?; }

doctor -v
grep -qx "ok       pause       dcbsim0: link-level pause rx off tx off" /tmp/doctor.out ||
  { cat /tmp/doctor.out; die "pause off not reported"; }
grep -Eq "^ok       offloads    dcbsim0: " /tmp/doctor.out || { cat /tmp/doctor.out; die "offloads not listed"; }
ok "pause off and offloads listed"

ethtool -A dcbsim0 rx on tx on || die "ethtool -A"
ethtool -a dcbsim0 | grep -q "^RX:[[:space:]]*on" || die "ethtool -a does not show RX on"
doctor
[ "$rc" = 1 ] || { cat /tmp/doctor.out; die "exit $rc with global pause and PFC, expected 1"; }
grep -qx "PROBLEM  pause       dcbsim0: link-level pause rx on tx on together with PFC on priority 3" /tmp/doctor.out ||
  { cat /tmp/doctor.out; die "global pause + PFC not a problem"; }
grep -qF 'fix: `ethtool -A dcbsim0 autoneg off rx off tx off`, and link-level flow control off on the switch port' /tmp/doctor.out ||
  { cat /tmp/doctor.out; die "no fix"; }
ok "global pause with PFC: PROBLEM, exit 1"
ethtool -A dcbsim0 rx off tx off

echo "tx_pause_storm_error_events 2 0" >"$STATS"
doctor
grep -qx "PROBLEM  pause       pause storm events: dcbsim0:tx_pause_storm_error_events=2" /tmp/doctor.out ||
  { cat /tmp/doctor.out; die "storm events not reported"; }
ok "storm events from ethtool statistics: PROBLEM"

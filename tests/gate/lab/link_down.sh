#!/bin/bash
# A link that is down drains the node; after it comes back, the flap is
# remembered: warned within --max-flaps, unhealthy beyond.
. "$(dirname "$0")/common.sh"
lab_reset
trap 'ip link set veth1 up' EXIT
rm -f "$STATE"
gate
expect 0 "lab | healthy"
ip link set veth1 down
sleep 0.5
gate
[ "$rc" = 1 ] || { cat /tmp/gate.out; die "exit $rc with veth1 down, expected 1"; }
case "$last" in
  "lab | unhealthy: devices: "*) ok "$last" ;;
  *) cat /tmp/gate.out; die "unexpected summary: $last" ;;
esac
grep -q "rxe1 port 1 is DOWN" /tmp/gate.out || { cat /tmp/gate.out; die "rxe1 DOWN not reported"; }
ip link set veth1 up
lab_reset
gate --max-flaps 5
[ "$rc" = 0 ] || { cat /tmp/gate.out; die "exit $rc after recovery within --max-flaps 5"; }
grep -Eq "^flaps     warn +veth[01] lost carrier" /tmp/gate.out || { cat /tmp/gate.out; die "flap not warned"; }
ok "flap warned within --max-flaps"
ip link set veth1 down; sleep 0.3; ip link set veth1 up
lab_reset
gate --max-flaps 0
[ "$rc" = 1 ] || { cat /tmp/gate.out; die "exit $rc, expected 1 beyond --max-flaps 0"; }
case "$last" in
  "lab | unhealthy: flaps: veth"*" since the last run (more than 0 allowed)") ok "$last" ;;
  *) cat /tmp/gate.out; die "unexpected summary: $last" ;;
esac

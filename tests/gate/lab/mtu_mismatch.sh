#!/bin/bash
# A netdev MTU other than the profile's is unhealthy, reported by the mtu check.
. "$(dirname "$0")/common.sh"
lab_reset
trap 'ip link set veth0 mtu 9000' EXIT
ip link set veth0 mtu 1500
gate --no-state
expect 1 "lab | unhealthy: mtu: veth0 MTU 1500 bytes, profile says 9000 (and 1 more)"
grep -q "rxe0 port 1 active MTU 1024 bytes, the profile's MTU allows 4096" /tmp/gate.out ||
  { cat /tmp/gate.out; die "RoCE active MTU not reported"; }

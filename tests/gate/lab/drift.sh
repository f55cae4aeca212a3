#!/bin/bash
# A knob changed behind rocecfg's back (rdma_cm default ToS) is drift: unhealthy.
. "$(dirname "$0")/common.sh"
lab_reset
tos=/sys/kernel/config/rdma_cm/rxe1/ports/1/default_roce_tos
mkdir -p /sys/kernel/config/rdma_cm/rxe1 2>/dev/null || true
echo 0 > "$tos" || die "cannot write $tos"
gate --no-state
[ "$rc" = 1 ] || { cat /tmp/gate.out; die "exit $rc, expected 1"; }
case "$last" in
  "lab | unhealthy: audit: 1 setting drifted from the profile: veth1 roce_tos: "*) ok "$last" ;;
  *) cat /tmp/gate.out; die "unexpected summary: $last" ;;
esac
lab_reset
gate --no-state
expect 0 "lab | healthy"

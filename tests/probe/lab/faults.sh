#!/bin/bash
# Faults on the veth "wire" make the verdict fail and name the right figure:
# netem loss -> sequence errors; netem delay with jitter -> p99 latency;
# netem reordering -> sequence errors; an MTU mismatch -> path MTU;
# the link going down mid-run -> the test error / link downs.
set -euo pipefail
. "$(dirname "$0")/common.sh"
cleanup() {
  tc qdisc del dev veth1 root 2>/dev/null || true
  tc qdisc del dev veth0 root 2>/dev/null || true
  ip link set veth0 up; ip link set veth1 up
  ip link set veth0 mtu "${LAB_MTU:-9000}"
}
trap cleanup EXIT
CROSS=(--device rxe1 --peer-device rxe0 "${FAST[@]}" --stall-ms 2000 --timeout-ms 8000)

# expect_fail NAME FIGURE-REGEX ARGS...: the probe fails and a failed figure matches
expect_fail() {
  local name=$1 want=$2
  shift 2
  probe_json "/tmp/$name.json" "$@"
  [ "$RC" = 1 ] || { show_failures "/tmp/$name.json"; die "$name: exit $RC, want 1 (verdict $(verdict "/tmp/$name.json"))"; }
  failed_figures "/tmp/$name.json" | grep -Eq "$want" ||
    { show_failures "/tmp/$name.json"; die "$name: no failed figure matches '$want'"; }
  ok "$name: FAIL names $(failed_figures "/tmp/$name.json" | grep -E "$want" | head -1 | tr -d '\n')"
  show_failures "/tmp/$name.json"
}

tc qdisc add dev veth1 root netem loss 3%
expect_fail loss '^sequence errors' "${CROSS[@]}"
tc qdisc del dev veth1 root

tc qdisc add dev veth1 root netem delay 10ms 5ms
tc qdisc add dev veth0 root netem delay 10ms 5ms
expect_fail delay_jitter 'p99 latency' "${CROSS[@]}" --mode lat --max-p99-us 5000
tc qdisc del dev veth1 root; tc qdisc del dev veth0 root

tc qdisc add dev veth1 root netem delay 2ms reorder 25% 50%
expect_fail reorder '^sequence errors' "${CROSS[@]}"
tc qdisc del dev veth1 root

# rxe0's interface at 1500 while the profile wants 9000: the QPs still connect
# (path MTU = the smaller port's 1024), but the fabric is not what was declared.
ip link set veth0 mtu 1500
expect_fail mtu_mismatch '^path MTU$' "${CROSS[@]}" --mode bw
ip link set veth0 mtu "${LAB_MTU:-9000}"

# Link down in the middle of a long bandwidth test.
( sleep 2; ip link set veth0 down; sleep 1; ip link set veth0 up ) &
expect_fail link_down 'bandwidth|link downs' --device rxe1 --peer-device rxe0 --mode bw --size 64KiB \
  --duration-ms 4000 --stall-ms 1500 --timeout-ms 10000
wait

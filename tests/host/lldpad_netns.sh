#!/bin/sh
# A real lldpad (openlldp, Debian's lldpad package) in a network namespace of
# our own: `rocecfg doctor` names the running agent and reads its adminStatus
# per NIC through the real lldptool. Two veths: la0 receives LLDP (rxtx), la1
# does not (disabled). A veth has no DCB, so each says where PFC/ETS live and
# what lldpad does there (doctor has no link kind: "virtual"). Then lldpd
# (Debian's lldpd) is named as running and as no owner (it does no DCBX).
# Skipped with the reason where lldpad is absent.
set -u
bin=${ROCECFG_BIN:?set ROCECFG_BIN to the rocecfg binary}
if ! command -v lldpad >/dev/null 2>&1 || ! command -v lldptool >/dev/null 2>&1; then
  echo "SKIP: lldpad/lldptool not installed (apt-get install lldpad; listed in .ci/packages)"
  [ "${ROCECFG_NO_SKIP:-}" = 1 ] && exit 1
  exit 77
fi
if pgrep -x lldpad >/dev/null 2>&1; then
  # Its shared-memory segment is host-wide: a second lldpad refuses to start.
  echo "SKIP: an lldpad already runs on this machine"
  [ "${ROCECFG_NO_SKIP:-}" = 1 ] && exit 1
  exit 77
fi
ns=rocecfg-lldp-$$
dir=$(mktemp -d)
chmod 755 "$dir"  # lldpd's unprivileged child reaches its control socket here
pid=
lpid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && sleep 0.2
  if [ -n "$lpid" ]; then
    for c in $(pgrep -P "$lpid"); do kill "$c" 2>/dev/null; done
    sleep 0.3
    kill "$lpid" 2>/dev/null
    wait "$lpid" 2>/dev/null
  fi
  ip netns del "$ns" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
ip netns add "$ns" || exit 1
ip -n "$ns" link add la0 type veth peer name la1
ip -n "$ns" link set la0 up
ip -n "$ns" link set la1 up
ip netns exec "$ns" lldpad -f "$dir/lldpad.conf" >"$dir/lldpad.log" 2>&1 &
pid=$!
i=0
until ip netns exec "$ns" lldptool get-lldp -i la0 adminStatus >/dev/null 2>&1; do
  i=$((i + 1))
  [ $i -gt 50 ] && { echo "FAIL: lldpad did not answer"; cat "$dir/lldpad.log"; exit 1; }
  sleep 0.1
done
ip netns exec "$ns" lldptool set-lldp -i la0 adminStatus=rxtx >/dev/null || exit 1
ip netns exec "$ns" lldptool set-lldp -i la1 adminStatus=disabled >/dev/null || exit 1

fails=0
expect() {  # expect NAME WANT GOT
  if [ "$2" != "$3" ]; then
    printf 'FAIL: %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"
    fails=$((fails + 1))
  else
    echo "ok: $1"
  fi
}
out=$(ip netns exec "$ns" "$bin" doctor --interface la0 --interface la1 --kernel-log /dev/null 2>&1)
got=$(printf '%s\n' "$out" | grep '^info     qos owner')
expect "per NIC: lldpad and its adminStatus, PFC/ETS not on a veth" \
"info     qos owner   la0: PFC/ETS not supported by this netdev (virtual: no DCB); lldpad (pid $pid) adminStatus rxtx
info     qos owner   la1: PFC/ETS not supported by this netdev (virtual: no DCB); lldpad (pid $pid) adminStatus disabled" "$got"
# The host-wide "lldpad is running" problem gives way to the per-NIC view.
expect "no host-wide dcbx line" "" "$(printf '%s\n' "$out" | grep ' dcbx ')"

kill "$pid"; wait "$pid" 2>/dev/null; pid=
out=$(ip netns exec "$ns" "$bin" doctor --interface la0 --kernel-log /dev/null 2>&1)
expect "lldpad stopped: no agent named" \
"info     qos owner   la0: PFC/ETS not supported by this netdev (virtual: no DCB)" \
"$(printf '%s\n' "$out" | grep '^info     qos owner')"

# lldpd (Debian's lldpd) in the same namespace: named as running, and as no
# owner of PFC/ETS (it does no DCBX).
if command -v lldpd >/dev/null 2>&1; then
  ip netns exec "$ns" lldpd -d -u "$dir/lldpd.socket" >"$dir/lldpd.log" 2>&1 &
  lpid=$!
  i=0
  until ip netns exec "$ns" lldpcli -u "$dir/lldpd.socket" show interfaces >/dev/null 2>&1; do
    i=$((i + 1))
    [ $i -gt 50 ] && { echo "FAIL: lldpd did not answer"; cat "$dir/lldpd.log"; exit 1; }
    sleep 0.1
  done
  # The pid rocecfg names: the first live lldpd in /proc's byte order.
  first=$(for p in $(ls /proc | grep -E '^[0-9]+$' | LC_ALL=C sort); do
    [ "$(cat /proc/$p/comm 2>/dev/null)" = lldpd ] || continue
    sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | grep -q '^[ZX]' && continue
    echo "$p"; break; done)
  out=$(ip netns exec "$ns" "$bin" doctor --interface la0 --kernel-log /dev/null 2>&1)
  expect "lldpd: running, LLDP only, no owner" \
"info     qos owner   lldpd (pid $first) is running: LLDP only, no DCBX; it does not change PFC/ETS
info     qos owner   la0: PFC/ETS not supported by this netdev (virtual: no DCB)" \
"$(printf '%s\n' "$out" | grep '^info     qos owner')"
  # Its privilege-separated child first (by parent pid: only ours), then it.
  for c in $(pgrep -P "$lpid"); do kill "$c" 2>/dev/null; done
  sleep 0.3  # the monitor reaps its child (no zombie left to init)
  kill "$lpid" 2>/dev/null
  wait "$lpid" 2>/dev/null
  lpid=
else
  echo "SKIP part: lldpd not installed (apt-get install lldpd)"
fi
[ "$fails" = 0 ]

#!/bin/bash
# probe --inventory on real RDMA traffic (issue 15): rxe1 -> rxe0 in the lab,
# and the switch on the path an emulated SONiC (tests/switch/emu) behind a
# real OpenSSH sshd on the guest's loopback, its counters scripted per read.
# The host's [[host]] switch_ports name its first hop; the probe reads that
# port right before and right after its run and judges the deltas with the
# profile's rules, beside the host verdict:
#   clean (a few pause frames, ECN marks moving) -> exit 0, switch PASS
#   pause storm on priority 3 during the run    -> exit 1, the host verdict
#                                                  still PASS, the switch
#                                                  FAIL naming switch, port,
#                                                  priority and rate
set -euo pipefail
. "$(dirname "$0")/common.sh"
SRC=$(cd "$(dirname "$0")/../../.." && pwd)
EMU=$SRC/tests/switch/emu
FX=/tmp/probe-switches
rm -rf "$FX"
mkdir -p "$FX"
mkdir -p /run/sshd  # sshd's privilege-separation directory (the guest's /run is empty)
# The guest boots without a host name ("(none)", not a valid inventory name):
# give it one for the [[host]] entry, and put it back after.
OLD_HOSTNAME=$(hostname)
hostname lab-host
sw=$(python3 "$EMU/sshd_fixture.py" start "$FX/fx" sonic:1) || die "the sshd fixture did not start"
trap 'python3 "$EMU/sshd_fixture.py" stop "$FX/fx" >/dev/null 2>&1 || true; echo "$OLD_HOSTNAME" >/proc/sys/kernel/hostname' EXIT
port=$(echo "$sw" | awk '{ print $3 }')
# shellcheck source=../../switch/fixture_inventory.sh
. "$SRC/tests/switch/fixture_inventory.sh"
{
  fixture_inventory "$FX/fx"
  printf '\n[[switch]]\nname = "leaf1"\naddress = "127.0.0.1"\nport = %s\nvendor = "sonic"\ninterfaces = ["Ethernet0", "Ethernet4"]\n' "$port"
  printf '\n[[host]]\nname = "%s"\naddress = "10.0.0.2"\nswitch_ports = ["leaf1:Ethernet0"]\n' "$(hostname)"
} >"$FX/inventory.toml"
# script READ0 READ1: the emulated port's counters at the probe's two reads
script() {
  rm -f "$FX/fx/state/$port/counters_reads.json"
  printf '{"reads": [{"Ethernet0": {%s}}, {"Ethernet0": {%s}}]}\n' "$1" "$2" >"$FX/fx/state/$port/counters.json"
}
run() {
  RC=0
  timeout 120 "$ROCECFG" probe "$PROFILE" --json --device rxe1 --peer-device rxe0 --mode bw \
    --size 64KiB --duration-ms 800 --marking-packets 0 --inventory "$FX/inventory.toml" \
    >"$1" 2>/tmp/probe.err || RC=$?
  [ "$RC" != 124 ] || die "rocecfg probe --inventory hung"
}
# summary FILE: exit, host verdict, switch verdict, the switch read, its findings
summary() {
  jq -r '[.exit_code, .payload.verdict.level, .payload.switch_verdict,
    (.payload.switches[] | "\(.switch):\(.verdict)"),
    ([.payload.switches[].findings[]? | .text] | join("; "))] | map(tostring) | join(" | ")' "$1"
}

script '"pfc_rx": [0, 0, 0, 10, 0, 0, 0, 0], "ecn": [0, 0, 0, 100, 0, 0, 0, 0]' \
  '"pfc_rx": [0, 0, 0, 15, 0, 0, 0, 0], "ecn": [0, 0, 0, 180, 0, 0, 0, 0]'
run /tmp/sw-clean.json
got=$(summary /tmp/sw-clean.json) || { cat /tmp/probe.err >&2; die "clean: no JSON envelope (rc=$RC)"; }
case "$got" in
  "0 | PASS | PASS | leaf1:PASS | "*) ;;
  *) cat /tmp/probe.err >&2; die "clean: got '$got'" ;;
esac
# The deltas in the verdict: priority 3's received pause frames moved by
# exactly the 5 scripted, ECN marks on queue 3 by 80, only the first hop's
# port was read (the switch also lists Ethernet4), from the inventory.
deltas=$(jq -r '[.payload.first_hop.source, ([.payload.switches[0].counters[] |
    select(.value > 0) | "\(.port) \(.scope) \(.index) \(.counter) +\(.value)"] | join(", ")),
  ([.payload.switches[0].counters[].port] | unique | join(","))] | join(" | ")' /tmp/sw-clean.json)
[ "$deltas" = "inventory | Ethernet0 priority 3 pause_rx_frames +5, Ethernet0 queue 3 ecn_marked +80 | Ethernet0" ] ||
  die "clean: deltas '$deltas'"
ok "clean: $got; $deltas"

script '"pfc_rx": [0, 0, 0, 100, 0, 0, 0, 0]' '"pfc_rx": [0, 0, 0, 50100, 0, 0, 0, 0]'
run /tmp/sw-storm.json
got=$(summary /tmp/sw-storm.json) || { cat /tmp/probe.err >&2; die "storm: no JSON envelope (rc=$RC)"; }
case "$got" in
  "1 | PASS | FAIL | leaf1:FAIL | leaf1 Ethernet0 priority 3: PFC storm, "*" pause frames/s received"*) ;;
  *) cat /tmp/probe.err >&2; die "storm: got '$got'" ;;
esac
ok "storm: $got"

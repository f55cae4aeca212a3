#!/bin/bash
# Ethtool per-priority counters in the probe's deltas, through the real
# SIOCETHTOOL path: dcbsim0's statistics (mlx5 names) rise by a fixed step at
# every read, and a probe reads them once before and once after its window, so
# each delta is exactly the step. Pausing on lossless priority 3 fails the
# pause-ratio rule; pauses on priority 0 (not lossless) are reported, not
# counted. Progress: silent when stderr is not a terminal or with --json, a
# live line when it is one (script(1) gives it a pty).
set -euo pipefail
. "$(dirname "$0")/common.sh"
STATS=/sys/kernel/debug/dcbsim/dcbsim0/ethtool_stats
trap 'echo reset >"$STATS" 2>/dev/null || true' EXIT
echo reset >"$STATS"
echo "rx_prio3_pause 100 100000" >"$STATS"
echo "tx_prio0_pause 0 7" >"$STATS"
ARGS=(--device rxe1 --peer-device rxe0 --mode bw --size 64KiB --duration-ms 500 --counters-netdev dcbsim0)

probe_json /tmp/ctr.json "${ARGS[@]}"
[ ! -s /tmp/probe.err ] || die "stderr not a terminal, yet the probe wrote: $(head -3 /tmp/probe.err)"
prio() { jq -r --arg p "$1" --arg k "$2" '.counters[0].per_priority[$p][$k] // "missing"' /tmp/ctr.json; }
[ "$(prio 3 dcbsim0:rx_prio3_pause)" = 100000 ] || die "rx_prio3_pause delta $(prio 3 dcbsim0:rx_prio3_pause), want 100000"
[ "$(prio 0 dcbsim0:tx_prio0_pause)" = 7 ] || die "tx_prio0_pause delta $(prio 0 dcbsim0:tx_prio0_pause), want 7"
[ "$(prio 3 dcbsim0:rx_prio3_discards)" = 0 ] || die "rx_prio3_discards: measured zero expected, got $(prio 3 dcbsim0:rx_prio3_discards)"
[ "$RC" = 1 ] || die "exit $RC with a pause storm on the lossless priority, want 1"
msg=$(jq -r '.verdict.findings[] | select(.figure == "pause ratio (idle)") | "\(.level) \(.message)"' /tmp/ctr.json)
# 100000, not 100007: priority 0 is not lossless in the lab profile
[[ $msg =~ ^FAIL\ [0-9.]+\ \>\ 0\.0500\ \(100000\ pause\ frames\ /\ [0-9]+\ packets\)$ ]] ||
  die "pause ratio finding: '$msg'"
ok "ethtool deltas in the probe: prio3 rx_pause +100000 (FAIL: $msg), prio0 tx_pause +7 not judged, prio3 discards +0"

# The table shows the per-priority line, zeros included.
timeout 120 "$ROCECFG" probe "$PROFILE" "${ARGS[@]}" >/tmp/ctr.txt 2>/tmp/ctr.err || true
grep -Fxq "  priority 3 (idle):  dcbsim0:rx_prio3_discards+0  dcbsim0:rx_prio3_pause+100000  dcbsim0:rx_prio3_pause_duration+0  dcbsim0:tx_prio3_pause+0  dcbsim0:tx_prio3_pause_duration+0" /tmp/ctr.txt ||
  { cat /tmp/ctr.txt; die "no per-priority line for priority 3 in the table"; }
[ ! -s /tmp/ctr.err ] || die "text mode, stderr not a terminal, yet: $(head -3 /tmp/ctr.err)"
ok "table: $(grep -F "priority 3 (idle)" /tmp/ctr.txt | head -c 80)..."

# On a terminal: the live line (phase, test k/n, elapsed, Gb/s), then the table.
echo reset >"$STATS"
script -qec "timeout 120 $ROCECFG probe $PROFILE --device rxe1 --peer-device rxe0 --mode bw --size 64KiB --duration-ms 1500" /tmp/tty.log >/dev/null || true
grep -aq "probe \[1/1\] idle bw 64KiB" /tmp/tty.log || { cat -v /tmp/tty.log | head -20; die "no progress line on a terminal"; }
grep -aEq "probe \[1/1\] idle bw 64KiB  [0-9.]+ s of ~[0-9.]+ s  0\.[0-9]{3} Gb/s" /tmp/tty.log ||
  { cat -v /tmp/tty.log | head -20; die "progress line lacks elapsed/expected/Gb/s"; }
grep -aq "^verdict: " /tmp/tty.log || die "no report after the progress line"
script -qec "timeout 120 $ROCECFG probe $PROFILE --json --device rxe1 --peer-device rxe0 --mode bw --size 64KiB --duration-ms 500" /tmp/tty-json.log >/dev/null || true
! grep -aq "probe \[" /tmp/tty-json.log || die "--json on a terminal still showed progress"
ok "terminal: live line $(grep -aoE 'probe \[1/1\][^[:cntrl:]]*Gb/s' /tmp/tty.log | tail -1); none with --json or without a terminal"

#!/bin/bash
# Lab scenario: how long the gate takes, median of N runs, against the
# commands an operator (or an NHC script) runs by hand for the same facts.
#   gate            rocecfg gate (devices, mtu, audit, counters 100 ms, flaps)
#   by hand         ibv_devinfo per device + ip link per netdev + configfs ToS reads
#   gate + probe    rocecfg gate --loopback rxe1,rxe0 (one 64 KiB bandwidth test)
#   ib_write_bw     perftest server + client, -D 1, the yardstick for a probe
#
#   gate_bench.sh --smoke   CI's smoke (CTest bench.smoke.gate, seconds, no lab):
#       the bench's gate command line is accepted on this host (exit 4: no RDMA
#       device, never 2) and its per-check summary reads the real document.
set -u
here=$(dirname "$0")
BIN=${ROCECFG_BIN:?set ROCECFG_BIN to the built rocecfg binary (the bench_gate target sets it)}
PROFILE=$here/../tests/gate/lab/gate-lab.toml
# The per-check line, from the envelope's payload (cmd/schemas/gate.schema.json).
summary() {
  python3 - "$1" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["schema_version"] == 1 and j["verb"] == "gate", "not a gate envelope"
p = j["payload"]
print("per check (one run with probe):", ", ".join(f'{c["name"]} {c["elapsed_ms"]:.0f} ms' for c in p["checks"] if c["status"] != "skipped"))
PY
}
if [ "${1:-}" = --smoke ]; then
  # The bench's two gate lines (without the lab's veth interfaces).
  for extra in "" "--loopback rxe1,rxe0 --budget 10s"; do
    rc=0
    # shellcheck disable=SC2086
    "$BIN" gate "$PROFILE" --no-state $extra --json > /tmp/gate-smoke.json || rc=$?
    [ "$rc" = 4 ] || { echo "gate_bench smoke: rocecfg gate $extra exited $rc, want 4 (no RDMA device)" >&2; exit 1; }
    summary /tmp/gate-smoke.json || exit 1
  done
  exit 0
fi
. "$here/../tests/lab/lib/scenario.sh"
N=${GATE_BENCH_RUNS:-15}
IFS_ARGS="--interface veth0 --interface veth1"
for dev in rxe0 rxe1; do  # the profile's ToS, as tests/gate/lab/common.sh does
  mkdir -p /sys/kernel/config/rdma_cm/$dev 2>/dev/null
  echo 106 > /sys/kernel/config/rdma_cm/$dev/ports/1/default_roce_tos || die "configfs ToS $dev"
done

now_ms() { date +%s%3N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
time_it() {  # time_it RUNS CMD... -> prints one ms figure per run
  local runs=$1; shift
  for _ in $(seq "$runs"); do
    local t0; t0=$(now_ms)
    "$@" >/dev/null 2>&1
    echo $(($(now_ms) - t0))
  done
}
by_hand() {
  ibv_devinfo -d rxe0 && ibv_devinfo -d rxe1 &&
    ip -d link show veth0 && ip -d link show veth1 &&
    cat /sys/kernel/config/rdma_cm/rxe0/ports/1/default_roce_tos \
        /sys/kernel/config/rdma_cm/rxe1/ports/1/default_roce_tos &&
    cat /sys/class/infiniband/rxe*/ports/1/hw_counters/* && sleep 0.1 &&
    cat /sys/class/infiniband/rxe*/ports/1/hw_counters/*
}
perftest() {
  local g0 g1
  g0=$(lab_gid_index rxe0); g1=$(lab_gid_index rxe1)
  timeout 30 ib_write_bw -d rxe0 -x "$g0" -F -D 1 -s 65536 -p 18800 >/dev/null 2>&1 &
  local srv=$!
  wait_tcp_listen 18800
  timeout 30 ib_write_bw -d rxe1 -x "$g1" -F -D 1 -s 65536 -p 18800 10.0.0.1 >/dev/null 2>&1
  wait $srv
}

# shellcheck disable=SC2086
gate_ms=$(time_it "$N" "$BIN" gate "$PROFILE" $IFS_ARGS --no-state | median)
hand_ms=$(time_it "$N" by_hand | median)
# shellcheck disable=SC2086
probe_ms=$(time_it 5 "$BIN" gate "$PROFILE" $IFS_ARGS --no-state --loopback rxe1,rxe0 --budget 10s | median)
perf_ms=$(time_it 3 perftest | median)
# shellcheck disable=SC2086
"$BIN" gate "$PROFILE" $IFS_ARGS --no-state --loopback rxe1,rxe0 --budget 10s --json > /tmp/gate.json
echo "gate (no probe)        median ${gate_ms} ms over $N runs   (target <= 200 ms)"
echo "same facts by hand     median ${hand_ms} ms                ratio gate/by-hand = $(awk -v a="$gate_ms" -v b="$hand_ms" 'BEGIN{printf "%.2f", a/b}')"
echo "gate + short probe     median ${probe_ms} ms over 5 runs    (target <= 3000 ms)"
echo "ib_write_bw -D 1 pair  median ${perf_ms} ms over 3 runs     ratio gate+probe/ib_write_bw = $(awk -v a="$probe_ms" -v b="$perf_ms" 'BEGIN{printf "%.2f", a/b}')"
summary /tmp/gate.json

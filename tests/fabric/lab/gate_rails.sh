#!/bin/bash
# The gate and probe over two rails, for real, on fabric_rails.sh's six
# endpoints (h1 = rxef1 (rail 0) + rxef4 (rail 1), h2 = rxef2 + rxef5).
# probe --rails h1 -> h2: both rails PASS. rxef5's netdev at MTU 1500 (path
# MTU 1024 on rail 1 only): probe --rails fails rail 1 alone, the one-rail
# gate (rail 0's peer) says healthy, the gate over rails names rail 1 and is
# unhealthy. rxef4 removed: the gate is unhealthy, naming the missing NIC.
set -euo pipefail
export FABRIC_N=6
. "$(dirname "$0")/common.sh"
GATE_PROFILE=$(cd "$(dirname "$0")/../../gate/lab" && pwd)/gate-lab.toml
rails_fabric_up
fabric_faults_clear
export NCCL_IB_TC=106
for i in 1 2 3 4 5 6; do
  mkdir -p /sys/kernel/config/rdma_cm/rxef$i 2>/dev/null || true
  echo 106 >/sys/kernel/config/rdma_cm/rxef$i/ports/1/default_roce_tos || die "configfs ToS rxef$i"
done
servers=()
for e in 2 5; do
  "$ROCECFG" probe --server --device "rxef$e" --bind "10.0.3.$((10 + e))" >"/tmp/server$e.log" 2>&1 &
  servers+=($!)
done
cleanup() {
  kill "${servers[@]}" 2>/dev/null || true
  ip link set fab5 mtu 9000 || true
  [ -e /sys/class/infiniband/rxef4 ] || rdma link add rxef4 type rxe netdev fab4 || true
}
trap cleanup EXIT
sleep 2
probe_rails() {
  RC=0
  timeout 120 "$ROCECFG" probe "$GATE_PROFILE" --inventory "$INV" --rails --peer h2 --host h1 --json \
    >/tmp/rails-probe.json 2>/tmp/rails-probe.err || RC=$?
}
gate() {  # gate ARGS...: RC and LAST (the summary line)
  RC=0
  timeout 120 "$ROCECFG" gate "$GATE_PROFILE" --interface fab1 --interface fab4 --host h1 --no-state \
    --budget 30s "$@" >/tmp/gate-rails.out 2>&1 || RC=$?
  LAST=$(tail -n 1 /tmp/gate-rails.out)
}
rail_verdicts() { jq -r '[.payload.rails[] | "\(.rail):\(.verdict)"] | join(" ")' /tmp/rails-probe.json; }

probe_rails
[ "$RC" = 0 ] && [ "$(rail_verdicts)" = "0:PASS 1:PASS" ] ||
  die "probe --rails clean: rc=$RC $(rail_verdicts) $(jq -c '[.payload.rails[] | .error // (.report.verdict.findings | map(select(.level != "PASS")))]' /tmp/rails-probe.json) $(cat /tmp/rails-probe.err)"
ok "probe --rails h1 -> h2: $(rail_verdicts)"
gate --inventory "$INV" --job-nodes 'h[1-3]'
[ "$RC" = 0 ] && [ "$LAST" = "h1 | healthy" ] && grep -q "2 rails passed" /tmp/gate-rails.out ||
  { cat /tmp/gate-rails.out; die "gate over rails, clean: rc=$RC '$LAST'"; }
ok "gate over 2 rails, clean: $LAST"

# rxe takes its active MTU from the netdev's (path MTU 1024 at 1500).
ip link set fab5 mtu 1500
sleep 1
probe_rails
[ "$RC" = 1 ] && [ "$(rail_verdicts)" = "0:PASS 1:FAIL" ] ||
  die "probe --rails, MTU fault on rail 1: rc=$RC $(rail_verdicts)"
ok "probe --rails, rail 1 at MTU 1500: $(rail_verdicts)"
gate --peer 10.0.3.12 --device rxef1
[ "$RC" = 0 ] || { cat /tmp/gate-rails.out; die "one-rail gate: rc=$RC '$LAST'"; }
ok "one-rail gate (rail 0's peer) passes the rail-1 fault: $LAST"
gate --inventory "$INV" --job-nodes 'h[1-3]'
[ "$RC" = 1 ] && [[ "$LAST" == "h1 | unhealthy: probe: rail 1 (rxef4 -> h2 rxef5 at 10.0.3.15): path MTU"* ]] ||
  { cat /tmp/gate-rails.out; die "gate over rails, MTU fault on rail 1: rc=$RC '$LAST'"; }
ok "gate over 2 rails names rail 1: $LAST"
ip link set fab5 mtu 9000

rdma link delete rxef4
gate --inventory "$INV" --job-nodes 'h[1-3]'
[ "$RC" = 1 ] && [[ "$LAST" == "h1 | unhealthy: devices: rxef4 (rail 1) is missing: the inventory declares 2 NICs"* ]] ||
  { cat /tmp/gate-rails.out; die "gate, missing NIC: rc=$RC '$LAST'"; }
ok "missing NIC: $LAST"

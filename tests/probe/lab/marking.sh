#!/bin/bash
# The marking phase against a wire that re-marks like a switch (issue 14).
# tc on veth1's egress (the rxe1 -> rxe0 direction), on RoCE v2 only (UDP
# 4791), rewrites the IPv4 ToS byte with act_pedit (Debian 6.1:
# CONFIG_NET_ACT_PEDIT=m, autoloaded), then act_csum fixes the IPv4 header
# checksum (ip_rcv drops a header whose checksum no longer matches; the RoCE
# ICRC masks the ToS byte, so the packet is still valid RoCE):
#   clean wire      -> PASS, ToS 106 (DSCP 26, ECT(0)) on all 200 packets
#   DSCP -> 0       -> FAIL "DSCP rewritten on the path: sent 26, received 0 ..."
#   ECT cleared     -> FAIL "not ECN-capable on the wire (ECT not set)" (the lab
#                      profile runs DCQCN)
#   CE on 1 in 4    -> WARN while idle, exactly the 50 packets gact picked
#                      (random determ: every 4th) counted CE, the rest intact
# The wire cases run twice (ECT cleared once): the verdict must not depend on
# the run. Then --tos workload / --tos 0, and CE under load (--load). 10 probe
# runs, 55-75 s in a busy lab (load average 6), mostly process start-up under TCG.
# Last, --rdma-cm with rxe1's configfs default_roce_tos at 106 and at 0.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$(dirname "$0")/common.sh"
cleanup() { tc qdisc del dev veth1 clsact 2>/dev/null || true; }
trap cleanup EXIT
MARK=(--device rxe1 --peer-device rxe0 --mode marking --marking-packets 200 --timeout-ms 8000)
RUNS=2 ENV=(LAB=1) EXTRA=()

# wire ACTIONS...: a fresh clsact egress filter on veth1 for RoCE v2 running
# ACTIONS, then the checksum fix. No arguments: a clean wire.
wire() {
  cleanup
  [ $# -gt 0 ] || return 0
  tc qdisc add dev veth1 clsact
  tc filter add dev veth1 egress protocol ip flower ip_proto udp dst_port 4791 \
    action "$@" pipe action csum ip
}

# summary FILE FIGURE: one jq over the envelope (each process costs 0.3 s
# under TCG): "EXIT VERDICT SENT RECEIVED UNREADABLE CE ARRIVED|LEVEL MESSAGE".
summary() {
  jq -r --arg f "$2" '.payload as $p | ($p.marking[0]) as $m |
    "\(.exit_code) \($p.verdict.level) \($m.sent.packets) \($m.received) \($m.unreadable) \($m.ce_marked) " +
    ([$m.arrived[] | "\(.tos):\(.packets)"] | join(",")) + "|" +
    ([$p.verdict.findings[] | select(.figure == $f) | "\(.level) \(.message)"] | join(";"))' "$1"
}

# check NAME WANT_RC ... runs the probe RUNS times with ENV (VAR=VALUE words)
# and EXTRA arguments: WANT_VERDICT WANT_ARRIVED WANT_CE FIGURE WANT_MESSAGE_PREFIX
check() {
  local name=$1 want=$2 want_arrived=$4 want_ce=$5 figure=$6 want_msg=$7 run f got head msg
  want="$2 $3 200 200 0 $want_ce $want_arrived"
  for run in $(seq "$RUNS"); do
    f=/tmp/marking-$name-$run.json
    RC=0
    timeout 60 env "${ENV[@]}" "$ROCECFG" probe "$PROFILE" --json "${MARK[@]}" "${EXTRA[@]}" \
      >"$f" 2>/tmp/probe.err || RC=$?
    [ "$RC" != 124 ] || die "$name run $run: rocecfg probe hung"
    got=$(summary "$f" "$figure") || { cat /tmp/probe.err >&2; die "$name run $run: no JSON envelope (rc=$RC)"; }
    head=${got%%|*} msg=${got#*|}
    [ "$RC $head" = "$2 $want" ] ||
      die "$name run $run: got 'rc $RC: $head', want 'rc $2: $want' (exit verdict sent received unreadable ce arrived)"
    case "$msg" in
      "$want_msg"*) ;;
      *) die "$name run $run: $figure: '$msg', want '$want_msg...'" ;;
    esac
  done
  ok "$name: $3, arrived $want_arrived, CE $want_ce; $msg"
}

wire
check clean 0 PASS "106:200" 0 "marking DSCP (idle)" "PASS sent 26, received 26 on 200 of 200 packets"

# A switch that does not trust DSCP re-marks to 0 (ECN bits kept: retain 0xfc).
wire pedit ex munge ip dsfield set 0 retain 0xfc
check dscp_rewritten 1 FAIL "2:200" 0 "marking DSCP (idle)" \
  "FAIL DSCP rewritten on the path: sent 26, received 0 — a switch on the path does not trust DSCP; RoCE travels in the lossy class"

# A hop that clears the ECN field (retain 0x03: only the ECN bits change).
wire pedit ex munge ip dsfield set 0 retain 0x03
RUNS=1 check ect_cleared 1 FAIL "104:200" 0 "marking ECN (idle)" \
  "FAIL not ECN-capable on the wire (ECT not set): sent ECT(0), received Not-ECT on 200 of 200 packets"

# A congested queue marking CE on a share: gact passes 3 of 4 packets
# untouched and pipes every 4th on to pedit (act_gact.c gact_determ).
wire gact pass random determ pipe 4 action pedit ex munge ip dsfield set 3 retain 0x03
check ce_share 0 WARN "106:150,107:50" 50 "marking CE (idle)" "WARN 50 packets CE-marked while idle (of 200)"

# --tos workload sends what NCCL on this host would (NCCL_IB_TC from the
# environment here, so a host /etc/nccl.conf cannot change the case): 104 is
# the lossless DSCP without ECT, which the wire shows and the verdict fails.
wire
RUNS=1 ENV=(NCCL_IB_TC=104) EXTRA=(--tos workload)
check tos_workload 1 FAIL "104:200" 0 "marking ECN (idle)" "FAIL not ECN-capable on the wire (ECT not set): sent Not-ECT"
got=$(jq -r .payload.tos_source /tmp/marking-tos_workload-1.json)
[ "$got" = "workload: NCCL_IB_TC=104 from environment" ] || die "tos_workload: tos_source '$got'"
# --tos 0, what a job without NCCL_IB_TC gets: DSCP 0, outside the lossless class.
RUNS=1 ENV=(LAB=1) EXTRA=(--tos 0)
check tos_0 1 FAIL "0:200" 0 "traffic class" \
  "FAIL ToS 0 (DSCP 0, ECN Not-ECT) from --tos is outside the lossless class (DSCP 26): this traffic travels lossy"

# CE under load with DCQCN is the mechanism working: with --load the loaded
# phase's marking packets share the wire with same-class RDMA and TCP load,
# so the filter picks UD packets only (u32: BTH opcode 0x64, UD SEND-only,
# right after the 20-byte IPv4 and 8-byte UDP headers). Every 4th of them is
# CE in both phases: idle WARN, loaded PASS, each exactly 50 of 200, and tc's
# pedit counter says it touched exactly those 100.
cleanup
tc qdisc add dev veth1 clsact
tc filter add dev veth1 egress protocol ip u32 match ip protocol 17 0xff match ip dport 4791 0xffff \
  match u8 0x64 0xff at 28 action gact pass random determ pipe 4 \
  action pedit ex munge ip dsfield set 3 retain 0x03 pipe action csum ip
f=/tmp/marking-ce_load.json
RC=0
timeout 90 "$ROCECFG" probe "$PROFILE" --json "${MARK[@]}" --load >"$f" 2>/tmp/probe.err || RC=$?
got=$(jq -r '[.exit_code, (.payload.marking[] | "\(.phase):\(.received):\(.ce_marked)"),
  (.payload.verdict.findings[] | select(.figure | startswith("marking CE")) | .level)] | join(" ")' "$f") ||
  { cat /tmp/probe.err >&2; die "ce_load: no JSON envelope (rc=$RC)"; }
[ "$got" = "0 idle:200:50 loaded:200:50 WARN PASS" ] || die "ce_load: got '$got', want '0 idle:200:50 loaded:200:50 WARN PASS'"
pedit=$(tc -s -j filter show dev veth1 egress | jq '[.. | objects | select(.kind? == "pedit") | .stats.packets] | add')
[ "$pedit" = 100 ] || die "ce_load: tc pedit touched $pedit packets, want 100"
ok "ce_load: idle WARN, loaded PASS, CE 50 + 50 = the 100 packets tc's pedit marked"

# --rdma-cm (perftest -R): the marking phase resolves and connects through
# RDMA-CM (SIDR, UD), and sends with the address handle the CM returns, so
# the ToS under test is the kernel's choice for rdma_cm applications: rxe1's
# configfs default_roce_tos. 106 (the profile's rdma_cm.tos) passes; left at
# 0 the wire agrees with what was sent, and only the rdma_cm rule fails it.
# The CM must bind rxe1 (the source address is bound, as rping -I does), not
# rxe0 loopback.
cleanup
CM=/sys/kernel/config/rdma_cm/rxe1
cm_done() { rmdir "$CM" 2>/dev/null || true; cleanup; }
trap cm_done EXIT
mkdir -p "$CM"
cm_check() {
  local name=$1 tos=$2 want=$3
  echo "$tos" >"$CM/ports/1/default_roce_tos"
  f=/tmp/marking-cm-$name.json
  RC=0
  timeout 60 "$ROCECFG" probe "$PROFILE" --json "${MARK[@]}" --rdma-cm >"$f" 2>/tmp/probe.err || RC=$?
  got=$(jq -r '[.exit_code, (.payload.marking[0] | .connection, .rdma_cm.device, .rdma_cm.port,
      .rdma_cm.route_tos, .sent.tos, .received, ([.arrived[] | "\(.tos):\(.packets)"] | join(","))),
    (.payload.verdict.findings[] | select(.figure == "rdma_cm ToS (idle)") | "\(.level) \(.message)")] |
    map(tostring) | join(" ")' "$f") || { cat /tmp/probe.err >&2; die "cm_$name: no JSON envelope (rc=$RC)"; }
  [ "$got" = "$want" ] || die "cm_$name: got '$got', want '$want'"
  ok "cm_$name: default_roce_tos $tos: $got"
}
cm_check tos106 106 "0 rdma_cm rxe1 1 106 106 200 106:200 PASS RDMA-CM chose ToS 106 (DSCP 26, ECN ECT(0)) on rxe1 port 1, the profile's rdma_cm.tos"
cm_check tos0 0 "1 rdma_cm rxe1 1 0 0 200 0:200 FAIL RDMA-CM sends ToS 0 (DSCP 0, ECN Not-ECT) from rxe1 port 1, the profile's rdma_cm.tos is ToS 106 (DSCP 26, ECN ECT(0)): rdma_cm applications travel outside the profile's class (configfs rdma_cm/rxe1/ports/1/default_roce_tos; rocecfg apply sets it)"
